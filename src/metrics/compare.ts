/**
 * Before/after comparison of a skill's correction rate (issue item 8): split at a date or by
 * `skill_version`, then a two-sided **two-proportion z-test** on the weighted correction counts
 * (corrections + 0.5 × partials out of classified events, pooled variance). Chosen over Fisher's
 * exact test because the partial weight makes the "successes" non-integer; with small samples the
 * verdict is `insufficient_data` instead (each side needs `minInvocations` events).
 */
import { parseTimestamp } from '../feedback/jsonl-store.js';
import { type CorrectionRate, DEFAULT_MIN_INVOCATIONS, type MetricEvent, rateOf } from './correction-rate.js';
import { pyFixed, pyRound } from './rounding.js';

export type CompareVerdict = 'improved' | 'worse' | 'no_significant_change' | 'insufficient_data';

export interface Comparison {
  skill_id: string;
  before_label: string;
  after_label: string;
  before: CorrectionRate;
  after: CorrectionRate;
  /** after − before, 4 decimals. */
  difference: number;
  test: 'two-proportion z-test';
  z: number | null;
  p_value: number | null;
  alpha: number;
  verdict: CompareVerdict;
  /** One plain sentence. */
  summary: string;
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Two-sided two-proportion z-test with pooled variance; x may be fractional (weighted successes). */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): { z: number; p: number } | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const diff = x2 / n2 - x1 / n1;
  if (se === 0) return { z: 0, p: 1 };
  const z = diff / se;
  return { z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

export interface CompareOptions {
  minInvocations?: number;
  alpha?: number;
}

export function compareEventSets(
  skillId: string,
  before: readonly MetricEvent[],
  after: readonly MetricEvent[],
  labels: { before: string; after: string },
  options: CompareOptions = {},
): Comparison {
  const min = options.minInvocations ?? DEFAULT_MIN_INVOCATIONS;
  const alpha = options.alpha ?? 0.05;
  const b = rateOf(skillId, before, { minInvocations: min });
  const a = rateOf(skillId, after, { minInvocations: min });
  const weighted = (r: CorrectionRate) => r.corrections + 0.5 * r.partials;
  const test = twoProportionZTest(weighted(b), b.sample_size, weighted(a), a.sample_size);
  const difference = pyRound(a.correction_rate - b.correction_rate, 4);
  let verdict: CompareVerdict;
  if (!b.sufficient_data || !a.sufficient_data || test === null) verdict = 'insufficient_data';
  else if (test.p < alpha) verdict = difference < 0 ? 'improved' : 'worse';
  else verdict = 'no_significant_change';
  const rates = `correction rate ${pyFixed(b.correction_rate, 2)} (n=${b.sample_size}) ${labels.before} → ${pyFixed(a.correction_rate, 2)} (n=${a.sample_size}) ${labels.after}`;
  const p = test ? `p = ${test.p < 0.001 ? '< 0.001' : pyFixed(test.p, 3)}` : 'no test';
  const summary =
    verdict === 'insufficient_data'
      ? `${skillId}: ${rates}; not enough events to judge (each side needs ${min}).`
      : verdict === 'improved'
        ? `${skillId}: ${rates}; ${p}: the change helped (fewer corrections).`
        : verdict === 'worse'
          ? `${skillId}: ${rates}; ${p}: the change made it worse (more corrections).`
          : `${skillId}: ${rates}; ${p}: no significant difference.`;
  return {
    skill_id: skillId,
    before_label: labels.before,
    after_label: labels.after,
    before: b,
    after: a,
    difference,
    test: 'two-proportion z-test',
    z: test ? pyRound(test.z, 4) : null,
    p_value: test ? pyRound(test.p, 4) : null,
    alpha,
    verdict,
    summary,
  };
}

/** Before = events strictly before `at`, after = events at or after it (unparsable timestamps left out). */
export function compareByDate(events: readonly MetricEvent[], skillId: string, at: Date, options: CompareOptions = {}): Comparison {
  const before: MetricEvent[] = [];
  const after: MetricEvent[] = [];
  for (const e of events) {
    if (e.skill_id !== skillId) continue;
    const ts = parseTimestamp(e.timestamp);
    if (ts === null) continue;
    (ts < at.getTime() ? before : after).push(e);
  }
  const iso = at.toISOString().replace('.000Z', 'Z');
  return compareEventSets(skillId, before, after, { before: `before ${iso}`, after: `from ${iso}` }, options);
}

/** Events that know which skill body was in use (analysis results carry it; feedback.jsonl does not). */
export interface VersionedEvent extends MetricEvent {
  skill_version: string | null;
}

/** Versions of a skill in order of first use. */
export function skillVersions(events: readonly VersionedEvent[], skillId: string): string[] {
  const firstSeen = new Map<string, number>();
  for (const e of events) {
    if (e.skill_id !== skillId || !e.skill_version) continue;
    const ts = parseTimestamp(e.timestamp) ?? Number.POSITIVE_INFINITY;
    const prev = firstSeen.get(e.skill_version);
    if (prev === undefined || ts < prev) firstSeen.set(e.skill_version, ts);
  }
  return [...firstSeen.entries()].sort((a, b) => a[1] - b[1]).map(([v]) => v);
}

/** Compares two skill versions (default: the last two by first use). Null when fewer than two versions. */
export function compareByVersion(
  events: readonly VersionedEvent[],
  skillId: string,
  versions?: { before: string; after: string },
  options: CompareOptions = {},
): Comparison | null {
  let pair = versions;
  if (!pair) {
    const all = skillVersions(events, skillId);
    if (all.length < 2) return null;
    pair = { before: all[all.length - 2]!, after: all[all.length - 1]! };
  }
  const mine = events.filter((e) => e.skill_id === skillId);
  return compareEventSets(
    skillId,
    mine.filter((e) => e.skill_version === pair.before),
    mine.filter((e) => e.skill_version === pair.after),
    { before: `version ${pair.before}`, after: `version ${pair.after}` },
    options,
  );
}
