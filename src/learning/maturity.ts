/**
 * Pattern maturity: candidate → established → proven, or deprecated, from decayed feedback.
 *
 * With H and X the decayed helpful and harmful sums (Σ weight × decay), total = H + X and
 * ratio = X / total, the state is, checked in this order (ε = 0.01 absorbs float noise):
 *   1. deprecated   ratio > deprecationThreshold (0.3) and total ≥ minFeedback (3) − ε
 *   2. candidate    total < minFeedback − ε
 *   3. proven       H ≥ minHelpful (5) − ε and ratio < maxHarmful (0.15)
 *   4. established  otherwise
 * Multipliers: candidate 0.5, established 1.0, proven 1.5, deprecated 0.
 *
 * These functions work on plain `{type, timestamp, weight?}` events, so anything with helpful and
 * harmful signals over time can be rated, e.g. skills (see docs/learning.md, "Skill health").
 */
import { type MaturityConfigInput, maturityConfigOf } from './config.js';
import { calculateDecayedValue } from './decay.js';
import { SkillpulseError } from '../errors.js';
import { type Instant, toEpochMs, toIsoString } from './time.js';
import type { MaturityFeedback, MaturityState, PatternMaturity } from './types.js';

/** The minimum an event needs to count toward maturity: helpful or harmful, when, and how strongly. */
export interface MaturitySignal {
  /** Anything other than `helpful` counts as harmful. */
  type: MaturityFeedback['type'];
  timestamp: Instant;
  /** Strength in [0, 1]; 1 when omitted. */
  weight?: number;
}

export interface DecayedCounts {
  decayedHelpful: number;
  decayedHarmful: number;
}

export const MATURITY_STATES: readonly MaturityState[] = ['candidate', 'established', 'proven', 'deprecated'];

const MULTIPLIERS: Readonly<Record<MaturityState, number>> = { candidate: 0.5, established: 1.0, proven: 1.5, deprecated: 0 };

/** Σ weight × decay(timestamp, now) over helpful and over harmful events. */
export function calculateDecayedCounts(
  events: readonly MaturitySignal[],
  config?: MaturityConfigInput,
  now: Instant = new Date(),
): DecayedCounts {
  const cfg = maturityConfigOf(config);
  let decayedHelpful = 0;
  let decayedHarmful = 0;
  for (const event of events) {
    const value = (event.weight ?? 1) * calculateDecayedValue(event.timestamp, now, cfg.halfLifeDays);
    if (event.type === 'helpful') decayedHelpful += value;
    else decayedHarmful += value;
  }
  return { decayedHelpful, decayedHarmful };
}

/** The maturity state implied by decayed counts (see the module comment for the rules). */
export function maturityStateFromCounts(counts: DecayedCounts, config?: MaturityConfigInput): MaturityState {
  const cfg = maturityConfigOf(config);
  const eps = cfg.floatEpsilon;
  const total = counts.decayedHelpful + counts.decayedHarmful;
  const safeTotal = total > eps ? total : 0;
  const harmfulRatio = safeTotal > 0 ? counts.decayedHarmful / safeTotal : 0;
  if (harmfulRatio > cfg.deprecationThreshold && safeTotal >= cfg.minFeedback - eps) return 'deprecated';
  if (safeTotal < cfg.minFeedback - eps) return 'candidate';
  if (counts.decayedHelpful >= cfg.minHelpful - eps && harmfulRatio < cfg.maxHarmful) return 'proven';
  return 'established';
}

/** The maturity state of a pattern (or skill) from its feedback events, seen at `now`. */
export function calculateMaturityState(
  events: readonly MaturitySignal[],
  config?: MaturityConfigInput,
  now: Instant = new Date(),
): MaturityState {
  return maturityStateFromCounts(calculateDecayedCounts(events, config, now), config);
}

/** How much a pattern in this state should count when ranking: 0.5, 1.0, 1.5 or 0. */
export function getMaturityMultiplier(state: MaturityState): number {
  return MULTIPLIERS[state];
}

/** A fresh maturity record: candidate, no feedback. */
export function createPatternMaturity(patternId: string, now: Instant = new Date()): PatternMaturity {
  return { pattern_id: patternId, state: 'candidate', helpful_count: 0, harmful_count: 0, last_validated: toIsoString(now, 'now') };
}

/**
 * Recomputes a maturity record from all of its feedback. Counts are raw; the state uses decayed
 * values. `promoted_at` / `deprecated_at` are stamped on a transition into proven / deprecated.
 * A manual state is not sticky: feedback that supports another state moves the record there.
 */
export function updatePatternMaturity(
  maturity: PatternMaturity,
  feedback: readonly MaturitySignal[],
  config?: MaturityConfigInput,
  now: Instant = new Date(),
): PatternMaturity {
  const state = calculateMaturityState(feedback, config, now);
  const stamp = toIsoString(now, 'now');
  const updated: PatternMaturity = {
    ...maturity,
    state,
    helpful_count: feedback.filter((event) => event.type === 'helpful').length,
    harmful_count: feedback.filter((event) => event.type !== 'helpful').length,
    last_validated: stamp,
  };
  if (state === 'proven' && maturity.state !== 'proven') updated.promoted_at = stamp;
  if (state === 'deprecated' && maturity.state !== 'deprecated') updated.deprecated_at = stamp;
  if (state !== 'deprecated') delete updated.deprecation_reason;
  return updated;
}

/**
 * Marks a pattern proven by hand (external validation). A deprecated pattern cannot be promoted
 * (reset it first); an already proven one is returned unchanged; promoting a candidate with
 * fewer than 3 helpful events works but is reported through `warn`.
 */
export function promotePattern(maturity: PatternMaturity, now: Instant = new Date(), warn?: (message: string) => void): PatternMaturity {
  if (maturity.state === 'deprecated') {
    throw new SkillpulseError('USAGE', `Cannot promote a deprecated pattern (${maturity.pattern_id})`, {
      hint: 'reset it first: skillpulse patterns reset ID',
    });
  }
  if (maturity.state === 'proven') {
    warn?.(`pattern ${maturity.pattern_id} is already proven`);
    return maturity;
  }
  if (maturity.state === 'candidate' && maturity.helpful_count < 3) {
    warn?.(`promoting ${maturity.pattern_id} with only ${maturity.helpful_count} helpful observation(s)`);
  }
  const stamp = toIsoString(now, 'now');
  return { ...maturity, state: 'proven', promoted_at: stamp, last_validated: stamp };
}

/** Marks a pattern deprecated by hand, keeping the reason; an already deprecated one is returned unchanged. */
export function deprecatePattern(maturity: PatternMaturity, reason: string, now: Instant = new Date()): PatternMaturity {
  if (maturity.state === 'deprecated') return maturity;
  const stamp = toIsoString(now, 'now');
  const result: PatternMaturity = { ...maturity, state: 'deprecated', deprecated_at: stamp, last_validated: stamp };
  if (reason.trim() !== '') result.deprecation_reason = reason.trim();
  return result;
}

/**
 * Resets a pattern to `candidate` (keeping its raw counts, clearing the manual stamps and reason),
 * the only way out of `deprecated` by hand. Its feedback is kept: the next feedback update
 * recomputes the state from it.
 */
export function resetPatternMaturity(maturity: PatternMaturity, now: Instant = new Date()): PatternMaturity {
  return {
    pattern_id: maturity.pattern_id,
    state: 'candidate',
    helpful_count: maturity.helpful_count,
    harmful_count: maturity.harmful_count,
    last_validated: toIsoString(now, 'now'),
  };
}

/** Everything known about a pattern's (or skill's) maturity at `now`, from its feedback. */
export interface MaturityAssessment extends DecayedCounts {
  state: MaturityState;
  multiplier: number;
  /** decayedHarmful / (decayedHelpful + decayedHarmful), 0 with no feedback. */
  harmfulRatio: number;
  /** Raw counts. */
  helpfulCount: number;
  harmfulCount: number;
  /** Newest helpful event, ISO 8601, or null. */
  lastHelpfulAt: string | null;
}

/** One call for a health view: decayed counts, state, multiplier and ratio at `now`. */
export function assessMaturity(
  events: readonly MaturitySignal[],
  config?: MaturityConfigInput,
  now: Instant = new Date(),
): MaturityAssessment {
  const counts = calculateDecayedCounts(events, config, now);
  const state = maturityStateFromCounts(counts, config);
  const total = counts.decayedHelpful + counts.decayedHarmful;
  let lastHelpfulMs = Number.NEGATIVE_INFINITY;
  let helpfulCount = 0;
  for (const event of events) {
    if (event.type !== 'helpful') continue;
    helpfulCount++;
    lastHelpfulMs = Math.max(lastHelpfulMs, toEpochMs(event.timestamp));
  }
  return {
    ...counts,
    state,
    multiplier: getMaturityMultiplier(state),
    harmfulRatio: total > 0 ? counts.decayedHarmful / total : 0,
    helpfulCount,
    harmfulCount: events.length - helpfulCount,
    lastHelpfulAt: Number.isFinite(lastHelpfulMs) ? new Date(lastHelpfulMs).toISOString() : null,
  };
}
