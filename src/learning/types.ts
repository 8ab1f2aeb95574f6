/**
 * Records of the learning system. Field names follow the seed document (snake_case), so records
 * read the same in the library, in `--json` output and in the SQLite store. Timestamps are ISO 8601
 * UTC strings. "bead" is the original's word for a subtask; in skillpulse it is any task id.
 */

/** How an outcome (or a skill reaction) counted. Neutral events are kept but carry no weight. */
export type FeedbackType = 'helpful' | 'harmful' | 'neutral';

/** One signal about one evaluation criterion (e.g. `type_safe`), e.g. derived from a task outcome. */
export interface FeedbackEvent {
  id: string;
  criterion: string;
  type: FeedbackType;
  /** ISO 8601 time of the signal; decay runs from here. */
  timestamp: string;
  /** Strength of the signal in [0, 1] before decay (an outcome's raw score, or 1). */
  raw_value: number;
  bead_id?: string;
  /** Why (the outcome's reasoning, with strategy and error suffixes). */
  context?: string;
}

/** A criterion's weight computed from its decayed feedback. */
export interface CriterionWeight {
  criterion: string;
  /** max(floor, H / (H + X)) over decayed helpful H and harmful X; 1.0 with no decisive events. */
  weight: number;
  /** Raw count of helpful events. */
  helpful_count: number;
  /** Raw count of harmful events. */
  harmful_count: number;
  /** Newest helpful event's timestamp (harmful and neutral events never set it). */
  last_validated?: string;
  half_life_days: number;
}

/** The four maturity states and their multipliers: 0.5, 1.0, 1.5, 0. */
export type MaturityState = 'candidate' | 'established' | 'proven' | 'deprecated';

/** One helpful or harmful signal about a pattern (or a skill). */
export interface MaturityFeedback {
  pattern_id: string;
  type: 'helpful' | 'harmful';
  /** ISO 8601 time of the signal; decay runs from here. */
  timestamp: string;
  /** Strength in [0, 1]; 1 by default. */
  weight: number;
}

/** A pattern's (or skill's) maturity record. */
export interface PatternMaturity {
  pattern_id: string;
  state: MaturityState;
  /** Raw (undecayed) helpful events. */
  helpful_count: number;
  /** Raw (undecayed) harmful events. */
  harmful_count: number;
  /** When the record was last updated from feedback or changed by hand. */
  last_validated: string;
  promoted_at?: string;
  deprecated_at?: string;
  /** Why it was deprecated by hand (the original accepted and dropped the reason). */
  deprecation_reason?: string;
}

export type PatternKind = 'pattern' | 'anti_pattern';

/** A decomposition strategy, e.g. "Split by file type", with its observed track record. */
export interface DecompositionPattern {
  id: string;
  content: string;
  kind: PatternKind;
  is_negative: boolean;
  success_count: number;
  failure_count: number;
  created_at: string;
  updated_at: string;
  /** Why it became an anti-pattern. */
  reason?: string;
  tags: string[];
  /** The newest task ids it was observed in (at most `maxExampleBeads`). */
  example_beads: string[];
}

/** The error categories of the error accumulator. */
export const ERROR_TYPES = ['validation', 'timeout', 'conflict', 'tool_failure', 'unknown'] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** One error met while executing a task. */
export interface ErrorEntry {
  id: string;
  bead_id: string;
  error_type: ErrorType;
  message: string;
  stack_trace?: string;
  tool_name?: string;
  timestamp: string;
  resolved: boolean;
  context?: string;
}

/** Error counts of one task; `total` includes resolved errors. */
export interface ErrorStats {
  total: number;
  unresolved: number;
  by_type: Partial<Record<ErrorType, number>>;
}

/** Why a task failed. */
export const FAILURE_MODES = [
  'timeout',
  'conflict',
  'validation',
  'tool_failure',
  'context_overflow',
  'dependency_blocked',
  'user_cancelled',
  'unknown',
] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/** The decomposition strategies of the original. */
export const DECOMPOSITION_STRATEGIES = ['file-based', 'feature-based', 'risk-based', 'research-based'] as const;
export type DecompositionStrategy = (typeof DECOMPOSITION_STRATEGIES)[number];

/** The criteria an outcome is recorded against when none are given. */
export const DEFAULT_CRITERIA = ['type_safe', 'no_bugs', 'patterns', 'readable'] as const;

/** What happened when a task ran. */
export interface OutcomeSignals {
  bead_id: string;
  duration_ms: number;
  error_count: number;
  retry_count: number;
  success: boolean;
  files_touched: string[];
  /** ISO 8601 time of completion. */
  timestamp: string;
  strategy?: string;
  failure_mode?: FailureMode;
  failure_details?: string;
}

/** An outcome turned into a learning signal. */
export interface ScoredOutcome {
  signals: OutcomeSignals;
  type: FeedbackType;
  /** The weighted score in [0, 1] (quality only, no decay). */
  raw_score: number;
  /** raw_score × decay(signal timestamp) at scoring time. */
  decayed_value: number;
  reasoning: string;
}
