/**
 * The Skillix sx-feedback response shapes (`{success, message, data}`), built from skillpulse's
 * explicit-feedback results, so agents and scripts written for sx-feedback read skillpulse's output
 * unchanged. Messages are the original's (Chinese) wording; the CLI's readable text is English.
 */
import type { ExplicitAnalysis, ExplicitFeedback, FeedbackCounts } from './explicit-feedback.js';

export interface SxResponse<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  errors?: string[];
}

export interface SxAnalysis {
  skillName: string;
  totalCount: number;
  successCount: number;
  failureCount: number;
  partialCount: number;
  /** e.g. `"50.0%"`. */
  successRate: string;
  shouldUpdate: boolean;
  /** The first rule that fired (the original reports only one); absent when none fired. */
  updateReason?: string;
  /** Every rule that fired, in rule order (skillpulse addition). */
  updateReasons: string[];
  /** Rule ids of `updateReasons` (skillpulse addition). */
  updateRules: string[];
  /** Window in days, ≤ 0 = all time (skillpulse addition). */
  days: number;
}

export interface SxAnalyzeData {
  analysis: SxAnalysis;
  recentFeedbacks: ExplicitFeedback[];
  nextSteps?: string[];
}

export interface SxListData {
  stats: FeedbackCounts;
  feedbacks: ExplicitFeedback[];
  hasMore: boolean;
}

export interface SxClearData {
  clearedCount: number;
  skillName: string;
  scope: string;
}

const percent = (rate: number, digits: number): string => `${(rate * 100).toFixed(digits)}%`;

export function sxRecordResponse(feedback: ExplicitFeedback): SxResponse<{ feedback: ExplicitFeedback; tips?: string }> {
  const data: { feedback: ExplicitFeedback; tips?: string } = { feedback };
  if (feedback.result === 'failure') data.tips = '如果技能经常失败，建议使用 sx-feedback action=analyze 分析是否需要更新';
  return { success: true, message: `成功记录技能 "${feedback.skillName}" 的反馈`, data };
}

/** `limit` records (newest first) of `records`, with stats over all of them (sx: 20). */
export function sxListResponse(
  records: readonly ExplicitFeedback[],
  options: { skillName?: string | undefined; limit?: number } = {},
): SxResponse<SxListData> {
  const limit = options.limit ?? 20;
  const stats: FeedbackCounts = { total: records.length, success: 0, failure: 0, partial: 0 };
  for (const record of records) stats[record.result]++;
  const shown = limit > 0 ? records.slice(0, limit) : [...records];
  const message =
    options.skillName !== undefined ? `技能 "${options.skillName}" 共有 ${records.length} 条反馈记录` : `共有 ${records.length} 条反馈记录`;
  return { success: true, message, data: { stats, feedbacks: shown, hasMore: shown.length < records.length } };
}

export function sxAnalyzeResponse(analysis: ExplicitAnalysis): SxResponse<SxAnalyzeData> {
  const name = analysis.skillName;
  const first = analysis.reasons[0];
  const sx: SxAnalysis = {
    skillName: name,
    totalCount: analysis.counts.total,
    successCount: analysis.counts.success,
    failureCount: analysis.counts.failure,
    partialCount: analysis.counts.partial,
    successRate: percent(analysis.successRate, 1),
    shouldUpdate: analysis.shouldUpdate,
    ...(first ? { updateReason: first.reasonZh } : {}),
    updateReasons: analysis.reasons.map((hit) => hit.reasonZh),
    updateRules: analysis.reasons.map((hit) => hit.rule),
    days: analysis.days,
  };
  let message: string;
  if (analysis.counts.total === 0) message = `技能 "${name}" 暂无反馈记录`;
  else if (analysis.shouldUpdate) message = `技能 "${name}" 建议更新: ${sx.updateReasons.join('；')}`;
  else message = `技能 "${name}" 运行良好（成功率: ${percent(analysis.successRate, 0)}）`;
  const data: SxAnalyzeData = { analysis: sx, recentFeedbacks: analysis.recent };
  if (analysis.shouldUpdate) {
    data.nextSteps = [`使用 sx-skill action=read name="${name}" 查看技能内容`, '分析失败原因后使用 sx-skill action=update 更新技能'];
  }
  return { success: true, message, data };
}

export function sxClearResponse(clearedCount: number, skillName: string | undefined, scope: string): SxResponse<SxClearData> {
  const message = skillName !== undefined ? `已清除技能 "${skillName}" 的 ${clearedCount} 条反馈记录` : `已清除 ${clearedCount} 条反馈记录`;
  return { success: true, message, data: { clearedCount, skillName: skillName ?? 'all', scope } };
}

/** A failure envelope (`success: false`) with the original's message and an error list. */
export function sxError(message: string, errors: string[]): SxResponse<never> {
  return errors.length > 0 ? { success: false, message, errors } : { success: false, message };
}
