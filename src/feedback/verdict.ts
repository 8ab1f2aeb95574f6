/**
 * What a verdict on a skill invocation is: outcomes, correction types, the rule that decided, the
 * confidences, and the per-turn verdict the window's turns are compared by.
 */
import type { Dimension } from './lexicon.js';

export type Outcome = 'correction' | 'partial' | 'acceptance' | 'none';
export type CorrectionType = 'revert' | 'rejection' | 'redo' | 'partial' | 'interrupt' | 'denial';
export type DimensionHint = Dimension | 'unknown';

/** The seed's confidences, plus the two reactions real transcripts are full of. */
export const CONFIDENCE = {
  rejection: 0.9,
  revert: 0.9,
  redo: 0.9,
  partial: 0.7,
  explicitAcceptance: 0.8,
  implicitAcceptance: 0.6,
  /** The person refused a tool call: as strong as a typed rejection. */
  denial: 0.9,
  /** The person stopped the agent: a correction, but sometimes only "wait, one more thing". */
  interrupt: 0.8,
} as const;

/** Confidence multiplier for invocations that share one API response (reference D7). */
export const SHARED_RESPONSE_FACTOR = 0.5;

export type Rule =
  | 'revert-command'
  | 'revert-request'
  | 'redo'
  | 'partial'
  | 'rejection'
  | 'negated-acceptance'
  /** A report that the result fails or lacks something (`you forgot …`, `still failing`, 没跑过). */
  | 'failure-report'
  /** A negative evaluation, prohibition or rhetorical why without explicit acceptance beside it. */
  | 'negative-evaluation'
  | 'denial'
  | 'interrupt'
  | 'explicit-acceptance'
  | 'implicit-acceptance'
  | 'move-on'
  | 'option-choice'
  | 'no-reaction'
  | 'no-signal'
  /**
   * Second stage (model/second-stage.ts): the model read a complaint where the rules found none or
   * only implicit acceptance, or in another turn of a window the rules accepted explicitly.
   */
  | 'model-rejection'
  /**
   * Second stage: the model read acceptance where the rules found no signal (only with
   * `acceptanceThreshold`), or where it overruled a rule complaint (only with `complaintVetoScope: 'all'`).
   */
  | 'model-acceptance'
  /** Read back from a store written before rules were recorded (store schema v1). */
  | 'unrecorded';

export interface Classification {
  outcome: Outcome;
  correction_type: CorrectionType | null;
  confidence: number | null;
  turns_to_feedback: number | null;
  /** A dimension for corrections and partials (`unknown` when none matches); null otherwise. */
  dimension_hint: DimensionHint | null;
  /** The rule that decided, and a one-line human explanation (for `skillpulse show`). */
  rule: Rule;
  reason: string;
  /** Raw text the snippet is made from (unredacted; redact before writing). */
  snippet_source: string;
  /** The window can still change (the transcript may grow). */
  complete: boolean;
}

/** One human turn's strongest signal (`judgeTurn`); the window keeps the highest rank. */
export interface TurnVerdict {
  rank: number;
  outcome: Exclude<Outcome, 'none'>;
  correctionType: CorrectionType | null;
  confidence: number;
  rule: Rule;
  detail: string;
}

/** Precedence across a window: revert > redo > partial > correction > explicit > implicit acceptance. */
export const RANK = { revert: 7, redo: 6, partial: 5, correction: 4, explicitAcceptance: 3, implicitAcceptance: 2 } as const;
