/**
 * Criterion weights: how much an evaluation criterion (e.g. `type_safe`) should count, learned
 * from decayed helpful/harmful feedback.
 *
 *   H = Σ raw_value × decay over helpful events,  X = the same over harmful events
 *   weight = max(0.1, H / (H + X)),  1.0 when H + X = 0 (no events, or only neutral ones)
 *
 * Each event is decayed exactly once, from its own timestamp. (The original stored an outcome's
 * already-decayed score as `raw_value` and decayed it again here; skillpulse stores the undecayed
 * score, see outcome-scoring.ts.)
 */
import { type LearningConfigOverrides, learningConfigOf } from './config.js';
import { calculateDecayedValue } from './decay.js';
import { type Instant, toEpochMs } from './time.js';
import type { CriterionWeight, FeedbackEvent } from './types.js';

/**
 * The weight of one criterion from its feedback events, seen at `now`.
 * `criterion` is the first event's criterion (pass one criterion's events; see
 * `calculateCriterionWeights` for a mixed list), or `unknown` for an empty list.
 */
export function calculateCriterionWeight(
  events: readonly FeedbackEvent[],
  config?: LearningConfigOverrides,
  now: Instant = new Date(),
): CriterionWeight {
  const cfg = learningConfigOf(config);
  const first = events[0];
  if (first === undefined) {
    return { criterion: 'unknown', weight: 1.0, helpful_count: 0, harmful_count: 0, half_life_days: cfg.halfLifeDays };
  }
  let helpfulSum = 0;
  let harmfulSum = 0;
  let helpfulCount = 0;
  let harmfulCount = 0;
  let lastValidated: string | undefined;
  let lastValidatedMs = Number.NEGATIVE_INFINITY;
  for (const event of events) {
    if (event.type === 'neutral') continue;
    const value = event.raw_value * calculateDecayedValue(event.timestamp, now, cfg.halfLifeDays);
    if (event.type === 'helpful') {
      helpfulSum += value;
      helpfulCount++;
      const ms = toEpochMs(event.timestamp);
      if (ms > lastValidatedMs) {
        lastValidatedMs = ms;
        lastValidated = event.timestamp;
      }
    } else {
      harmfulSum += value;
      harmfulCount++;
    }
  }
  const total = helpfulSum + harmfulSum;
  const weight = total > 0 ? Math.max(cfg.criterionWeightFloor, helpfulSum / total) : 1.0;
  const result: CriterionWeight = {
    criterion: first.criterion,
    weight,
    helpful_count: helpfulCount,
    harmful_count: harmfulCount,
    half_life_days: cfg.halfLifeDays,
  };
  if (lastValidated !== undefined) result.last_validated = lastValidated;
  return result;
}

/** Weights of every criterion present in `events`, in order of first appearance. */
export function calculateCriterionWeights(
  events: readonly FeedbackEvent[],
  config?: LearningConfigOverrides,
  now: Instant = new Date(),
): CriterionWeight[] {
  const byCriterion = new Map<string, FeedbackEvent[]>();
  for (const event of events) {
    const list = byCriterion.get(event.criterion);
    if (list) list.push(event);
    else byCriterion.set(event.criterion, [event]);
  }
  return [...byCriterion.values()].map((list) => calculateCriterionWeight(list, config, now));
}

/**
 * Whether a criterion should be deprecated (its influence dropped): at least
 * `minFeedbackForAdjustment` decisive events (raw counts) and a harmful share strictly above
 * `maxHarmfulRatio`.
 */
export function shouldDeprecateCriterion(
  weight: Pick<CriterionWeight, 'helpful_count' | 'harmful_count'>,
  config?: LearningConfigOverrides,
): boolean {
  const cfg = learningConfigOf(config);
  const total = weight.helpful_count + weight.harmful_count;
  if (total < cfg.minFeedbackForAdjustment) return false;
  return weight.harmful_count / total > cfg.maxHarmfulRatio;
}

export interface WeightedScore {
  raw: number;
  weighted: number;
  weight: number;
}

/** Applies learned weights to raw criterion scores; a criterion without a weight counts 1.0. */
export function applyWeights(
  scores: Readonly<Record<string, number>>,
  weights: Readonly<Record<string, Pick<CriterionWeight, 'weight'>>>,
): Record<string, WeightedScore> {
  const result: Record<string, WeightedScore> = {};
  for (const [name, raw] of Object.entries(scores)) {
    const weight = weights[name]?.weight ?? 1.0;
    result[name] = { raw, weighted: raw * weight, weight };
  }
  return result;
}
