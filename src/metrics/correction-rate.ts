/**
 * Per-skill correction rate (issue item 8): (corrections + 0.5 × partials) / classified events,
 * with a 95% Wilson interval, `sufficient_data` from `minInvocations`, and the counts. One formula
 * everywhere (reference D17). Events with another outcome are not counted.
 */
import { pyRound } from './rounding.js';
import { wilsonBounds } from './wilson.js';

/** The fields metrics read from a feedback event (feedback.jsonl lines and store rows alike). */
export interface MetricEvent {
  skill_id: string;
  outcome: string;
  timestamp?: string | null;
  dimension_hint?: string | null;
}

export const DEFAULT_MIN_INVOCATIONS = 5;
/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface CorrectionRate {
  skill_id: string;
  correction_rate: number;
  sample_size: number;
  sufficient_data: boolean;
  corrections: number;
  partials: number;
  acceptances: number;
  /** 95% Wilson score interval of the rate (null when there is no event). */
  interval: { low: number; high: number } | null;
}

export interface RateOptions {
  /** `sufficient_data` needs at least this many classified events (default 5). */
  minInvocations?: number;
}

export function countOutcomes(events: readonly MetricEvent[]): { corrections: number; partials: number; acceptances: number } {
  let corrections = 0;
  let partials = 0;
  let acceptances = 0;
  for (const e of events) {
    if (e.outcome === 'correction') corrections++;
    else if (e.outcome === 'partial') partials++;
    else if (e.outcome === 'acceptance') acceptances++;
  }
  return { corrections, partials, acceptances };
}

/** 95% Wilson score interval for proportion `p` over `n` trials. */
export function wilsonInterval(p: number, n: number, z = Z95): { low: number; high: number } | null {
  const bounds = wilsonBounds(p, n, z);
  return bounds && { low: pyRound(bounds.low, 4), high: pyRound(bounds.high, 4) };
}

/** The rate of a set of events that already belong to one skill. */
export function rateOf(skillId: string, events: readonly MetricEvent[], options: RateOptions = {}): CorrectionRate {
  const min = options.minInvocations ?? DEFAULT_MIN_INVOCATIONS;
  const { corrections, partials, acceptances } = countOutcomes(events);
  const total = corrections + partials + acceptances;
  const raw = total === 0 ? 0 : (corrections + 0.5 * partials) / total;
  return {
    skill_id: skillId,
    correction_rate: pyRound(raw, 4),
    sample_size: total,
    sufficient_data: total > 0 && total >= min,
    corrections,
    partials,
    acceptances,
    interval: wilsonInterval(raw, total),
  };
}

/** Correction rate of one skill over `events` (events of other skills are ignored). */
export function computeCorrectionRate(events: readonly MetricEvent[], skillId: string, options: RateOptions = {}): CorrectionRate {
  return rateOf(
    skillId,
    events.filter((e) => e.skill_id === skillId),
    options,
  );
}
