/**
 * The four storage interfaces of the learning system (as in the seed), and the bundle the CLI and
 * services use. Two implementations: in memory (`memory-storage.ts`, for tests and one-shot use)
 * and the SQLite store (`sqlite-storage.ts`). Both pass the same behaviour tests.
 *
 * Lists come back in insertion order. Records handed out are copies: changing them does not change
 * the store. `store` with an id that already exists replaces that record.
 */
import type { DecompositionPattern, ErrorEntry, FeedbackEvent, MaturityFeedback, MaturityState, PatternMaturity } from './types.js';

/** Feedback events, for criterion weights. */
export interface FeedbackStorage {
  store(event: FeedbackEvent): Promise<void>;
  getByCriterion(criterion: string): Promise<FeedbackEvent[]>;
  getByBead(beadId: string): Promise<FeedbackEvent[]>;
  getAll(): Promise<FeedbackEvent[]>;
}

/** Errors met while running tasks, for retry prompts and outcome scoring. */
export interface ErrorStorage {
  store(entry: ErrorEntry): Promise<void>;
  getByBead(beadId: string): Promise<ErrorEntry[]>;
  getUnresolvedByBead(beadId: string): Promise<ErrorEntry[]>;
  /** Marks one error resolved; false when no error has this id. */
  markResolved(id: string): Promise<boolean>;
  getAll(): Promise<ErrorEntry[]>;
}

/** Decomposition patterns and anti-patterns. */
export interface PatternStorage {
  store(pattern: DecompositionPattern): Promise<void>;
  get(id: string): Promise<DecompositionPattern | null>;
  getAll(): Promise<DecompositionPattern[]>;
  getAntiPatterns(): Promise<DecompositionPattern[]>;
  getByTag(tag: string): Promise<DecompositionPattern[]>;
  /** Case-insensitive substring match on the content. */
  findByContent(content: string): Promise<DecompositionPattern[]>;
}

/** Maturity records and the feedback they are computed from. */
export interface MaturityStorage {
  store(maturity: PatternMaturity): Promise<void>;
  get(patternId: string): Promise<PatternMaturity | null>;
  getAll(): Promise<PatternMaturity[]>;
  getByState(state: MaturityState): Promise<PatternMaturity[]>;
  storeFeedback(feedback: MaturityFeedback): Promise<void>;
  getFeedback(patternId: string): Promise<MaturityFeedback[]>;
}

/** All four stores over one backend. */
export interface LearningStorage {
  feedback: FeedbackStorage;
  errors: ErrorStorage;
  patterns: PatternStorage;
  maturity: MaturityStorage;
  /** Runs `fn` atomically where the backend supports it (SQLite: one transaction). */
  transaction<T>(fn: () => Promise<T>): Promise<T>;
  close(): void;
}
