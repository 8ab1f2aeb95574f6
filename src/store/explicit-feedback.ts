/**
 * Explicit feedback: record, list, analyze and clear skill verdicts in the store.
 *
 * Behaviour follows Skillix sx-feedback (see docs/…/sx-feedback reference): the same record shape
 * and id format, the same `days` window (calendar days back from `now` in local time, inclusive;
 * `days <= 0` = all time), newest-first ordering with insertion order kept for equal times, and the
 * same three update rules in the same order — except that every rule that fires is reported, not
 * only the first. Unlike the original, scopes never fall back silently and nothing is ever
 * overwritten (see `scope.ts`, `import.ts`).
 */
import { SkillpulseError } from '../errors.js';
import { type SqliteDatabase, queryValue, withTransaction } from './database.js';

export const FEEDBACK_RESULTS = ['success', 'failure', 'partial'] as const;
export type FeedbackResult = (typeof FEEDBACK_RESULTS)[number];

/** One explicit verdict, in sx-feedback's `SkillFeedback` shape (optional keys absent when unset). */
export interface ExplicitFeedback {
  id: string;
  skillName: string;
  result: FeedbackResult;
  task?: string;
  notes?: string;
  timestamp: string;
}

export interface RecordFeedbackInput {
  skillName: string;
  result: FeedbackResult | string;
  task?: string | undefined;
  notes?: string | undefined;
}

export interface FeedbackCounts {
  total: number;
  success: number;
  failure: number;
  partial: number;
}

/** The sx-feedback id: `fb_` + epoch ms + `_` + up to 6 base-36 characters. */
export function newFeedbackId(now: Date, random: () => number = Math.random): string {
  const suffix = random().toString(36).slice(2, 8) || '0';
  return `fb_${now.getTime()}_${suffix}`;
}

export function isFeedbackResult(value: unknown): value is FeedbackResult {
  return typeof value === 'string' && (FEEDBACK_RESULTS as readonly string[]).includes(value);
}

/** Records one verdict. Throws USAGE for a missing skill name or an invalid result. */
export function recordExplicitFeedback(
  db: SqliteDatabase,
  input: RecordFeedbackInput,
  options: { now?: Date; random?: () => number; source?: string } = {},
): ExplicitFeedback {
  if (typeof input.skillName !== 'string' || input.skillName === '') {
    throw new SkillpulseError('USAGE', 'a skill name is required', { field: 'skill' });
  }
  if (!isFeedbackResult(input.result)) {
    throw new SkillpulseError('USAGE', `result must be success, failure or partial, got "${String(input.result)}"`, { field: 'result' });
  }
  const now = options.now ?? new Date();
  const feedback: ExplicitFeedback = { id: '', skillName: input.skillName, result: input.result, timestamp: now.toISOString() };
  if (input.task !== undefined) feedback.task = input.task;
  if (input.notes !== undefined) feedback.notes = input.notes;
  const insert = db.prepare(
    'INSERT OR IGNORE INTO explicit_feedback (id, skill_name, result, task, notes, timestamp, ts_ms, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  withTransaction(db, () => {
    // Ids are unique per store; a collision within one millisecond draws a new suffix.
    for (let attempt = 0; attempt < 20; attempt++) {
      feedback.id = newFeedbackId(now, options.random);
      const info = insert.run(
        feedback.id,
        feedback.skillName,
        feedback.result,
        feedback.task ?? null,
        feedback.notes ?? null,
        feedback.timestamp,
        now.getTime(),
        options.source ?? 'cli',
      );
      if (info.changes === 1) return;
    }
    throw new SkillpulseError('STORE', 'could not allocate a unique feedback id');
  });
  return feedback;
}

/**
 * The window start for `days`: `now` minus `days` calendar days in local time (so a DST change
 * inside the window keeps the wall-clock time). `undefined` when `days` is absent, 0 or negative
 * (all time).
 */
export function windowStart(days: number | undefined, now: Date): Date | undefined {
  if (days === undefined || !(days > 0)) return undefined;
  const cutoff = new Date(now.getTime());
  cutoff.setDate(cutoff.getDate() - days);
  return cutoff;
}

interface FeedbackRow {
  id: string;
  skill_name: string;
  result: FeedbackResult;
  task: string | null;
  notes: string | null;
  timestamp: string;
}

function toFeedback(row: FeedbackRow): ExplicitFeedback {
  const feedback: ExplicitFeedback = { id: row.id, skillName: row.skill_name, result: row.result, timestamp: row.timestamp };
  if (row.task !== null) feedback.task = row.task;
  if (row.notes !== null) feedback.notes = row.notes;
  return feedback;
}

export interface ListFeedbackOptions {
  skillName?: string | undefined;
  /** Calendar days back from `now`; absent, 0 or negative = all time. */
  days?: number | undefined;
  now?: Date;
}

/** Every matching record, newest first (equal timestamps keep insertion order). */
export function listExplicitFeedback(db: SqliteDatabase, options: ListFeedbackOptions = {}): ExplicitFeedback[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (options.skillName !== undefined) {
    where.push('skill_name = ?');
    params.push(options.skillName);
  }
  const start = windowStart(options.days, options.now ?? new Date());
  if (start) {
    where.push('ts_ms >= ?');
    params.push(start.getTime());
  }
  const sql = `SELECT id, skill_name, result, task, notes, timestamp FROM explicit_feedback${
    where.length ? ` WHERE ${where.join(' AND ')}` : ''
  } ORDER BY ts_ms DESC, rowid ASC`;
  return (db.prepare(sql).all(...params) as FeedbackRow[]).map(toFeedback);
}

export function countResults(records: readonly ExplicitFeedback[]): FeedbackCounts {
  const counts: FeedbackCounts = { total: records.length, success: 0, failure: 0, partial: 0 };
  for (const record of records) counts[record.result]++;
  return counts;
}

/** The three sx-feedback update rules, in their order. */
export type UpdateRule = 'repeated_failures' | 'low_success_rate' | 'frequent_partials';

export interface UpdateRuleHit {
  rule: UpdateRule;
  /** English explanation. */
  reason: string;
  /** The original's wording (sx-feedback compatibility). */
  reasonZh: string;
}

/**
 * Evaluates the update rules in order and returns every one that fires:
 * 1. failures ≥ 3; 2. success rate < 50% with ≥ 5 records; 3. partials ≥ 3 and more than successes.
 */
export function evaluateUpdateRules(counts: FeedbackCounts): UpdateRuleHit[] {
  const hits: UpdateRuleHit[] = [];
  const rate = counts.total > 0 ? counts.success / counts.total : 0;
  if (counts.failure >= 3) {
    hits.push({
      rule: 'repeated_failures',
      reason: `${counts.failure} failures in the window (rule: 3 or more failures)`,
      reasonZh: `近期失败 ${counts.failure} 次，建议检查技能是否需要更新`,
    });
  }
  if (counts.total >= 5 && rate < 0.5) {
    hits.push({
      rule: 'low_success_rate',
      reason: `success rate only ${(rate * 100).toFixed(0)}% over ${counts.total} records (rule: below 50% with 5 or more records)`,
      reasonZh: `成功率仅 ${(rate * 100).toFixed(0)}%，建议改进技能`,
    });
  }
  if (counts.partial >= 3 && counts.partial > counts.success) {
    hits.push({
      rule: 'frequent_partials',
      reason: `${counts.partial} partial successes, more than the ${counts.success} successes (rule: 3 or more partials, more than successes)`,
      reasonZh: `部分成功 ${counts.partial} 次，技能可能需要扩展功能`,
    });
  }
  return hits;
}

export interface ExplicitAnalysis {
  skillName: string;
  /** The window in days (≤ 0 = all time). */
  days: number;
  /** Window start (ISO), or null for all time. */
  since: string | null;
  counts: FeedbackCounts;
  /** success / total, 0 when there are no records. */
  successRate: number;
  shouldUpdate: boolean;
  /** Every rule that fired, in rule order. */
  reasons: UpdateRuleHit[];
  /** The newest 5 records of the window. */
  recent: ExplicitFeedback[];
  /** All records of the window, newest first. */
  records: ExplicitFeedback[];
}

/** Analyzes one skill's records in the window (default 30 days; ≤ 0 = all time). */
export function analyzeExplicitFeedback(
  db: SqliteDatabase,
  options: { skillName: string; days?: number | undefined; now?: Date },
): ExplicitAnalysis {
  if (typeof options.skillName !== 'string' || options.skillName === '') {
    throw new SkillpulseError('USAGE', 'a skill name is required', { field: 'skill' });
  }
  const now = options.now ?? new Date();
  const days = options.days ?? 30;
  const records = listExplicitFeedback(db, { skillName: options.skillName, days, now });
  const counts = countResults(records);
  const reasons = evaluateUpdateRules(counts);
  const start = windowStart(days, now);
  return {
    skillName: options.skillName,
    days,
    since: start ? start.toISOString() : null,
    counts,
    successRate: counts.total > 0 ? counts.success / counts.total : 0,
    shouldUpdate: reasons.length > 0,
    reasons,
    recent: records.slice(0, 5),
    records,
  };
}

/** Removes the records of one skill, or all records when `skillName` is undefined; returns how many. */
export function clearExplicitFeedback(db: SqliteDatabase, options: { skillName?: string | undefined } = {}): number {
  return withTransaction(db, () => {
    if (options.skillName === undefined) return Number(db.prepare('DELETE FROM explicit_feedback').run().changes);
    return Number(db.prepare('DELETE FROM explicit_feedback WHERE skill_name = ?').run(options.skillName).changes);
  });
}

/** How many records a clear would remove (for the confirmation prompt). */
export function countExplicitFeedback(db: SqliteDatabase, options: { skillName?: string | undefined } = {}): number {
  const value =
    options.skillName === undefined
      ? queryValue<number>(db, 'SELECT COUNT(*) FROM explicit_feedback')
      : queryValue<number>(db, 'SELECT COUNT(*) FROM explicit_feedback WHERE skill_name = ?', options.skillName);
  return Number(value ?? 0);
}

/** Skill names with explicit feedback, with their counts (all time). */
export function explicitFeedbackSkills(db: SqliteDatabase): Array<{ skillName: string; count: number }> {
  const rows = db
    .prepare('SELECT skill_name, COUNT(*) AS n FROM explicit_feedback GROUP BY skill_name ORDER BY skill_name')
    .all() as Array<{
    skill_name: string;
    n: number;
  }>;
  return rows.map((row) => ({ skillName: row.skill_name, count: Number(row.n) }));
}
