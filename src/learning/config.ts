/**
 * Every threshold of the learning system, in one overridable object.
 *
 * The defaults are the original's constants (see docs/learning.md). Callers override any subset
 * with `resolveLearningConfig({...})`; nested `antiPattern` and `maturity` objects merge field by
 * field, so `{ maturity: { minHelpful: 3 } }` keeps every other maturity default.
 */
import { SkillpulseError } from '../errors.js';

/** Outcome scoring, decay and criterion weights. */
export interface LearningConfig {
  /** Days after which an event counts half (0.5 ^ (age / halfLifeDays)). A value ≤ 0 means 1. */
  halfLifeDays: number;
  /** Minimum decisive (helpful + harmful) events before a criterion can be deprecated. */
  minFeedbackForAdjustment: number;
  /** A criterion whose harmful share exceeds this (strictly) is deprecated. */
  maxHarmfulRatio: number;
  /** Durations strictly below this score as fast (1.0). */
  fastCompletionThresholdMs: number;
  /** Durations strictly above this score as slow (0.2); in between (inclusive) as medium (0.6). */
  slowCompletionThresholdMs: number;
  /** Up to this many errors score 0.6; more score 0.2; none scores 1.0. */
  maxErrorsForHelpful: number;
  /** Raw scores at or above this are helpful. */
  helpfulScoreThreshold: number;
  /** Raw scores at or below this are harmful. */
  harmfulScoreThreshold: number;
  /** Weights of the four signals in the raw score (they sum to 1). */
  scoreWeights: { success: number; duration: number; errors: number; retries: number };
  /** Lowest criterion weight (a criterion never weighs 0 from feedback alone). */
  criterionWeightFloor: number;
  /** Maximum events the in-memory feedback store keeps (oldest evicted first). */
  maxInMemoryFeedback: number;
  antiPattern: AntiPatternConfig;
  maturity: MaturityConfig;
}

/** When a failing pattern turns into an anti-pattern. */
export interface AntiPatternConfig {
  /** Minimum observations (successes + failures) before inversion. */
  minObservations: number;
  /** Failure share at or above which (inclusive) a pattern inverts. */
  failureRatioThreshold: number;
  /** Prefix of an inverted pattern's content. */
  antiPatternPrefix: string;
  /** How many example task ids a pattern keeps (the newest). */
  maxExampleBeads: number;
  /** Minimum success rate for the "successful patterns" prompt block. */
  minSuccessRate: number;
  /** Minimum observations for the "successful patterns" prompt block. */
  minObservationsForSuccess: number;
}

/** The maturity lifecycle: candidate → established → proven, or deprecated. */
export interface MaturityConfig {
  /** Decayed events needed to leave `candidate` (and to be deprecated). */
  minFeedback: number;
  /** Decayed helpful weight needed for `proven`. */
  minHelpful: number;
  /** Harmful share that `proven` must stay strictly below. */
  maxHarmful: number;
  /** Harmful share above which (strictly) a pattern is `deprecated`. */
  deprecationThreshold: number;
  halfLifeDays: number;
  /** Slack for float comparisons of decayed sums (0.01: 4.99 counts as 5). */
  floatEpsilon: number;
}

export const DEFAULT_ANTI_PATTERN_CONFIG: Readonly<AntiPatternConfig> = Object.freeze({
  minObservations: 3,
  failureRatioThreshold: 0.6,
  antiPatternPrefix: 'AVOID: ',
  maxExampleBeads: 10,
  minSuccessRate: 0.7,
  minObservationsForSuccess: 2,
});

export const DEFAULT_MATURITY_CONFIG: Readonly<MaturityConfig> = Object.freeze({
  minFeedback: 3,
  minHelpful: 5,
  maxHarmful: 0.15,
  deprecationThreshold: 0.3,
  halfLifeDays: 90,
  floatEpsilon: 0.01,
});

export const DEFAULT_LEARNING_CONFIG: Readonly<LearningConfig> = Object.freeze({
  halfLifeDays: 90,
  minFeedbackForAdjustment: 3,
  maxHarmfulRatio: 0.3,
  fastCompletionThresholdMs: 300_000,
  slowCompletionThresholdMs: 1_800_000,
  maxErrorsForHelpful: 2,
  helpfulScoreThreshold: 0.7,
  harmfulScoreThreshold: 0.4,
  scoreWeights: Object.freeze({ success: 0.4, duration: 0.2, errors: 0.2, retries: 0.2 }),
  criterionWeightFloor: 0.1,
  maxInMemoryFeedback: 10_000,
  antiPattern: DEFAULT_ANTI_PATTERN_CONFIG,
  maturity: DEFAULT_MATURITY_CONFIG,
});

/** A partial override of the learning configuration (nested objects are partial too). */
export type LearningConfigOverrides = Partial<Omit<LearningConfig, 'antiPattern' | 'maturity' | 'scoreWeights'>> & {
  antiPattern?: Partial<AntiPatternConfig>;
  maturity?: Partial<MaturityConfig>;
  scoreWeights?: Partial<LearningConfig['scoreWeights']>;
};

/** The defaults with `overrides` merged in; every numeric value is checked to be finite. */
export function resolveLearningConfig(overrides: LearningConfigOverrides = {}): LearningConfig {
  const config: LearningConfig = {
    ...DEFAULT_LEARNING_CONFIG,
    ...stripUndefined(overrides),
    scoreWeights: { ...DEFAULT_LEARNING_CONFIG.scoreWeights, ...stripUndefined(overrides.scoreWeights ?? {}) },
    antiPattern: { ...DEFAULT_ANTI_PATTERN_CONFIG, ...stripUndefined(overrides.antiPattern ?? {}) },
    maturity: { ...DEFAULT_MATURITY_CONFIG, ...stripUndefined(overrides.maturity ?? {}) },
  };
  checkNumbers('learning', config);
  return config;
}

/** A full config from overrides (or the defaults when none are given). */
export function learningConfigOf(config: LearningConfigOverrides | undefined): LearningConfig {
  return config === undefined ? (DEFAULT_LEARNING_CONFIG as LearningConfig) : resolveLearningConfig(config);
}

/** Either a (partial) maturity config or a (partial) learning config holding one under `maturity`. */
export type MaturityConfigInput = Partial<MaturityConfig> | LearningConfigOverrides;

/** The full maturity config from either form of input; missing fields take the defaults. */
export function maturityConfigOf(config: MaturityConfigInput | undefined): MaturityConfig {
  if (config === undefined) return DEFAULT_MATURITY_CONFIG as MaturityConfig;
  const part = 'maturity' in config || 'antiPattern' in config ? ((config as LearningConfigOverrides).maturity ?? {}) : config;
  return { ...DEFAULT_MATURITY_CONFIG, ...stripUndefined(part as Partial<MaturityConfig>) };
}

/** Either a (partial) anti-pattern config or a (partial) learning config holding one under `antiPattern`. */
export type AntiPatternConfigInput = Partial<AntiPatternConfig> | LearningConfigOverrides;

/** The full anti-pattern config from either form of input; missing fields take the defaults. */
export function antiPatternConfigOf(config: AntiPatternConfigInput | undefined): AntiPatternConfig {
  if (config === undefined) return DEFAULT_ANTI_PATTERN_CONFIG as AntiPatternConfig;
  const part = 'antiPattern' in config || 'maturity' in config ? ((config as LearningConfigOverrides).antiPattern ?? {}) : config;
  return { ...DEFAULT_ANTI_PATTERN_CONFIG, ...stripUndefined(part as Partial<AntiPatternConfig>) };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function checkNumbers(path: string, value: object): void {
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'number' && !Number.isFinite(field)) {
      throw new SkillpulseError('CONFIG', `${path}.${key} must be a finite number, got ${field}`, { field: `${path}.${key}` });
    }
    if (field !== null && typeof field === 'object') checkNumbers(`${path}.${key}`, field);
  }
}
