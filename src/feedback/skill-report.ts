/**
 * Per-skill health from an analysis run: invocations, classified events, correction rate with
 * interval, trend with a rate series (for the sparkline) and hotspots. Pure.
 */
import {
  type CorrectionRate,
  type CorrectionTrend,
  computeCorrectionRate,
  computeCorrectionTrend,
  computeHotspotDimensions,
  correctionRateSeries,
  type RatePoint,
  sparkline,
} from '../metrics/index.js';
import type { AnalyzedInvocation } from './analyze.js';

export interface SkillReport {
  skill_id: string;
  invocations: number;
  nested: number;
  no_reaction: number;
  open_windows: number;
  events: number;
  correction_rate: CorrectionRate;
  trend: CorrectionTrend;
  series: RatePoint[];
  sparkline: string;
  hotspots: Record<string, number>;
}

export function buildSkillReports(
  analyzed: readonly AnalyzedInvocation[],
  options: { now: Date; minInvocations?: number; skill?: string },
): SkillReport[] {
  const bySkill = new Map<string, AnalyzedInvocation[]>();
  for (const a of analyzed) {
    if (options.skill !== undefined && a.invocation.skill_id !== options.skill) continue;
    const list = bySkill.get(a.invocation.skill_id);
    if (list) list.push(a);
    else bySkill.set(a.invocation.skill_id, [a]);
  }
  const reports: SkillReport[] = [];
  for (const [skill, list] of bySkill) {
    const events = list.flatMap((a) => (a.event ? [a.event] : []));
    const series = correctionRateSeries(events, skill, { now: options.now, buckets: 8, bucketDays: 7 });
    reports.push({
      skill_id: skill,
      invocations: list.length,
      nested: list.filter((a) => !a.windowed).length,
      no_reaction: list.filter((a) => a.classification?.outcome === 'none').length,
      open_windows: list.filter((a) => a.classification !== null && !a.classification.complete).length,
      events: events.length,
      correction_rate: computeCorrectionRate(
        events,
        skill,
        options.minInvocations !== undefined ? { minInvocations: options.minInvocations } : {},
      ),
      trend: computeCorrectionTrend(events, skill, { now: options.now }),
      series,
      sparkline: sparkline(series.map((p) => p.rate)),
      hotspots: computeHotspotDimensions(events, skill),
    });
  }
  // Worst first; skills without classified events last; then by id.
  return reports.sort(
    (a, b) =>
      Number(b.events > 0) - Number(a.events > 0) ||
      b.correction_rate.correction_rate - a.correction_rate.correction_rate ||
      (a.skill_id < b.skill_id ? -1 : a.skill_id > b.skill_id ? 1 : 0),
  );
}
