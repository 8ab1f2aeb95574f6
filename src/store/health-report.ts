/**
 * `skillpulse report`'s model: the one skill-health model (`computeSkillHealth`) for every skill of
 * an analysis, plus the explicit records, with the per-skill counts of the analysis (invocations,
 * nested, no reaction, still-open windows) and the weekly rate series behind the sparkline. Rate,
 * interval, trend, hotspots, decayed evidence, maturity and should_update all come from
 * `computeSkillHealth` (which uses src/metrics and src/learning); nothing is computed twice.
 * Sorted worst first (`compareHealth`). Pure.
 */
import type { AnalysisResult, AnalyzedInvocation } from '../feedback/analyze.js';
import type { FeedbackEvent } from '../feedback/event.js';
import type { SkillInvocation } from '../invocations/types.js';
import { type CorrectionRate, type CorrectionTrend, correctionRateSeries, type RatePoint, sparkline } from '../metrics/index.js';
import type { ExplicitFeedback } from './explicit-feedback.js';
import { compareHealth, computeSkillHealth, type SkillHealth } from './health.js';

export interface SkillHealthReport {
  skill_id: string;
  /** Invocations in the analysis (nested included, failed attempts not). */
  invocations: number;
  nested: number;
  no_reaction: number;
  open_windows: number;
  /** Classified events (correction, partial, acceptance). */
  events: number;
  correction_rate: CorrectionRate;
  trend: CorrectionTrend;
  /** Weekly correction rate, 8 weeks, oldest first (the sparkline's data). */
  series: RatePoint[];
  sparkline: string;
  hotspots: Record<string, number>;
  failed: number;
  first_used: string | null;
  last_used: string | null;
  explicit: SkillHealth['explicit'];
  maturity: SkillHealth['maturity'];
  should_update: boolean;
  reasons: SkillHealth['reasons'];
}

export interface HealthReportOptions {
  now: Date;
  minInvocations?: number | undefined;
  /** Only this skill. */
  skill?: string | undefined;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function minMax(timestamps: readonly string[]): { first: string | null; last: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const t of timestamps) {
    if (first === null || t < first) first = t;
    if (last === null || t > last) last = t;
  }
  return { first, last };
}

export function buildHealthReports(
  analysis: Pick<AnalysisResult, 'invocations' | 'failed'>,
  explicit: readonly ExplicitFeedback[],
  options: HealthReportOptions,
): SkillHealthReport[] {
  const wanted = (id: string) => options.skill === undefined || id === options.skill;
  const analyzed = new Map<string, AnalyzedInvocation[]>();
  for (const a of analysis.invocations) if (wanted(a.invocation.skill_id)) push(analyzed, a.invocation.skill_id, a);
  const failed = new Map<string, SkillInvocation[]>();
  for (const inv of analysis.failed) if (wanted(inv.skill_id)) push(failed, inv.skill_id, inv);
  const records = new Map<string, ExplicitFeedback[]>();
  for (const r of explicit) if (wanted(r.skillName)) push(records, r.skillName, r);

  const rows: Array<{ health: SkillHealth; report: SkillHealthReport }> = [];
  for (const id of new Set([...analyzed.keys(), ...failed.keys(), ...records.keys()])) {
    const list = analyzed.get(id) ?? [];
    const failures = failed.get(id) ?? [];
    const events: FeedbackEvent[] = list.flatMap((a) => (a.event ? [a.event] : []));
    const reactionTimes = new Map<string, string>();
    for (const a of list) if (a.event && a.reaction_at !== null) reactionTimes.set(a.event.event_id, a.reaction_at);
    const nested = list.filter((a) => !a.windowed).length;
    const used = minMax([...list.map((a) => a.invocation.timestamp), ...failures.map((f) => f.timestamp)]);
    const health = computeSkillHealth(
      id,
      {
        usage:
          list.length + failures.length > 0
            ? { n: list.length, nested, failed: failures.length, first: used.first, last: used.last }
            : null,
        events,
        explicit: records.get(id) ?? [],
        reactionTimes,
      },
      { now: options.now, ...(options.minInvocations !== undefined ? { minInvocations: options.minInvocations } : {}) },
    );
    const series = correctionRateSeries(events, id, { now: options.now, buckets: 8, bucketDays: 7 });
    rows.push({
      health,
      report: {
        skill_id: id,
        invocations: list.length,
        nested,
        no_reaction: list.filter((a) => a.classification?.outcome === 'none').length,
        open_windows: list.filter((a) => a.classification !== null && !a.classification.complete).length,
        events: events.length,
        correction_rate: health.implicit,
        trend: health.trend,
        series,
        sparkline: sparkline(series.map((p) => p.rate)),
        hotspots: health.hotspots,
        failed: health.failed,
        first_used: health.first_used,
        last_used: health.last_used,
        explicit: health.explicit,
        maturity: health.maturity,
        should_update: health.should_update,
        reasons: health.reasons,
      },
    });
  }
  return rows.sort((a, b) => compareHealth(a.health, b.health)).map((r) => r.report);
}
