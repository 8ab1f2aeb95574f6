/**
 * Implicit outcome scoring: a finished task's duration, errors, retries and success become a
 * helpful / neutral / harmful learning signal, with no explicit feedback from anyone.
 *
 *   raw = 0.4·success + 0.2·duration + 0.2·errors + 0.2·retries   (evaluated left to right)
 *   duration: < 5 min 1.0, > 30 min 0.2, otherwise (both boundaries included) 0.6
 *   errors:   0 → 1.0, ≤ 2 → 0.6, more → 0.2;  retries: 0 → 1.0, 1 → 0.7, more → 0.3
 *   raw ≥ 0.7 helpful, raw ≤ 0.4 harmful, otherwise neutral
 */
import { randomBytes } from 'node:crypto';
import { SkillpulseError } from '../errors.js';
import { type LearningConfigOverrides, learningConfigOf } from './config.js';
import { calculateDecayedValue } from './decay.js';
import { type Instant, toEpochMs, toIsoString } from './time.js';
import {
  DEFAULT_CRITERIA,
  type ErrorStats,
  FAILURE_MODES,
  type FailureMode,
  type FeedbackEvent,
  type OutcomeSignals,
  type ScoredOutcome,
} from './types.js';

/** What a caller knows about a finished task; counts default to 0 and the timestamp to `now`. */
export interface OutcomeInput {
  bead_id: string;
  duration_ms: number;
  error_count?: number;
  retry_count?: number;
  success: boolean;
  files_touched?: string[];
  timestamp?: Instant;
  strategy?: string;
  failure_mode?: FailureMode;
  failure_details?: string;
}

/** Checks and completes an outcome (defaults, failure classification); throws INVALID_INPUT naming the field. */
export function normalizeOutcome(input: OutcomeInput, now: Instant = new Date()): OutcomeSignals {
  if (typeof input.bead_id !== 'string' || input.bead_id.trim() === '') invalid('bead_id', 'must be a non-empty task id');
  if (!Number.isFinite(input.duration_ms) || input.duration_ms < 0)
    invalid('duration_ms', `must be a number ≥ 0, got ${input.duration_ms}`);
  const errorCount = input.error_count ?? 0;
  const retryCount = input.retry_count ?? 0;
  if (!Number.isInteger(errorCount) || errorCount < 0) invalid('error_count', `must be a whole number ≥ 0, got ${errorCount}`);
  if (!Number.isInteger(retryCount) || retryCount < 0) invalid('retry_count', `must be a whole number ≥ 0, got ${retryCount}`);
  if (typeof input.success !== 'boolean') invalid('success', 'must be true or false');
  if (input.failure_mode !== undefined && !FAILURE_MODES.includes(input.failure_mode)) {
    invalid('failure_mode', `must be one of ${FAILURE_MODES.join(', ')}, got "${input.failure_mode}"`);
  }
  const signals: OutcomeSignals = {
    bead_id: input.bead_id,
    duration_ms: input.duration_ms,
    error_count: errorCount,
    retry_count: retryCount,
    success: input.success,
    files_touched: [...(input.files_touched ?? [])],
    timestamp: toIsoString(input.timestamp ?? now, 'timestamp'),
  };
  if (input.strategy !== undefined) signals.strategy = input.strategy;
  if (input.failure_details !== undefined) signals.failure_details = input.failure_details;
  if (input.failure_mode !== undefined) signals.failure_mode = input.failure_mode;
  else if (!input.success && input.failure_details) signals.failure_mode = classifyFailure(input.failure_details);
  return signals;
}

function invalid(field: string, message: string): never {
  throw new SkillpulseError('INVALID_INPUT', message, { field });
}

/** Scores of the four signals, each in [0, 1]. */
export interface OutcomeComponents {
  success: number;
  duration: number;
  errors: number;
  retries: number;
}

export function scoreOutcomeComponents(
  signals: Pick<OutcomeSignals, 'success' | 'duration_ms' | 'error_count' | 'retry_count'>,
  config?: LearningConfigOverrides,
): OutcomeComponents {
  const cfg = learningConfigOf(config);
  const duration =
    signals.duration_ms < cfg.fastCompletionThresholdMs ? 1.0 : signals.duration_ms > cfg.slowCompletionThresholdMs ? 0.2 : 0.6;
  const errors = signals.error_count === 0 ? 1.0 : signals.error_count <= cfg.maxErrorsForHelpful ? 0.6 : 0.2;
  const retries = signals.retry_count === 0 ? 1.0 : signals.retry_count === 1 ? 0.7 : 0.3;
  return { success: signals.success ? 1.0 : 0.0, duration, errors, retries };
}

/**
 * Turns an outcome into a helpful / neutral / harmful signal. `raw_score` is the quality;
 * `decayed_value` is that score decayed from the outcome's timestamp to `now` (equal to raw for a
 * fresh outcome). Feed `raw_score`, never `decayed_value`, into anything that decays again.
 */
export function scoreImplicitFeedback(input: OutcomeInput, config?: LearningConfigOverrides, now: Instant = new Date()): ScoredOutcome {
  const cfg = learningConfigOf(config);
  const signals = normalizeOutcome(input, now);
  const c = scoreOutcomeComponents(signals, cfg);
  const w = cfg.scoreWeights;
  const raw = c.success * w.success + c.duration * w.duration + c.errors * w.errors + c.retries * w.retries;
  const type = raw >= cfg.helpfulScoreThreshold ? 'helpful' : raw <= cfg.harmfulScoreThreshold ? 'harmful' : 'neutral';
  const seconds = Math.round(signals.duration_ms / 1000);
  const counts = `${signals.error_count} errors, ${signals.retry_count} retries`;
  const outcome = signals.success ? 'succeeded' : 'failed';
  // The original's wording, kept: "Fast" even for a slow run that still scores helpful.
  const reasoning =
    type === 'helpful'
      ? `Fast completion (${seconds}s), ${counts}, ${outcome}`
      : type === 'harmful'
        ? `Slow completion (${seconds}s), ${counts}, ${outcome}`
        : `Mixed signals: ${seconds}s, ${counts}`;
  return {
    signals,
    type,
    raw_score: raw,
    decayed_value: raw * calculateDecayedValue(signals.timestamp, now, cfg.halfLifeDays),
    reasoning,
  };
}

/** The short form of a scored outcome: `{type, score (decayed), reasoning}`. */
export function scoreOutcome(
  input: OutcomeInput,
  config?: LearningConfigOverrides,
  now: Instant = new Date(),
): { type: ScoredOutcome['type']; score: number; reasoning: string } {
  const scored = scoreImplicitFeedback(input, config, now);
  return { type: scored.type, score: scored.decayed_value, reasoning: scored.reasoning };
}

export interface OutcomeFeedbackOptions {
  /** Criteria to record the outcome against (default: type_safe, no_bugs, patterns, readable). */
  criteria?: readonly string[];
  /** The task's error stats; their counts by type are appended to the context. */
  errorStats?: ErrorStats;
}

/**
 * One feedback event per criterion for a scored outcome. `raw_value` is the undecayed raw score
 * (the original stored the decayed value, so old outcomes decayed twice). Neutral outcomes yield
 * neutral events, which are kept but carry no weight.
 */
export function outcomeToFeedbackEvents(
  scored: ScoredOutcome,
  options: OutcomeFeedbackOptions = {},
  now: Instant = new Date(),
): FeedbackEvent[] {
  const criteria = options.criteria ?? DEFAULT_CRITERIA;
  let context = scored.reasoning;
  if (scored.signals.strategy) context += ` [strategy: ${scored.signals.strategy}]`;
  const byType = Object.entries(options.errorStats?.by_type ?? {}).filter(([, n]) => (n ?? 0) > 0);
  if (byType.length > 0) context += ` [errors: ${byType.map(([type, n]) => `${type}:${n}`).join(', ')}]`;
  const ms = toEpochMs(now, 'now');
  return criteria.map((criterion) => ({
    id: `${scored.signals.bead_id}-${criterion}-${ms}-${randomBytes(3).toString('hex')}`,
    criterion,
    type: scored.type,
    timestamp: scored.signals.timestamp,
    raw_value: scored.raw_score,
    bead_id: scored.signals.bead_id,
    context,
  }));
}

/** Classifies free-text failure details (lower-cased); the first matching rule wins. */
export function classifyFailure(details: string): FailureMode {
  const text = details.toLowerCase();
  if (text.includes('timeout')) return 'timeout';
  if (text.includes('conflict') || text.includes('reservation')) return 'conflict';
  if (text.includes('validation') || text.includes('schema')) return 'validation';
  if (text.includes('context') || text.includes('token')) return 'context_overflow';
  if (text.includes('blocked') || text.includes('dependency')) return 'dependency_blocked';
  if (text.includes('cancel')) return 'user_cancelled';
  if (text.includes('tool') || text.includes('command') || text.includes('failed to execute')) return 'tool_failure';
  return 'unknown';
}
