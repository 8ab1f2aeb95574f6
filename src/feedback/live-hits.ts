/**
 * Reading an analysis (`analyzeText`): which hits count as the person's verdict on the result.
 * Negated, hypothetical, quoted or coded hits never do; some categories do not count inside a
 * question; the dimension of a complaint is its most specific dimension hit.
 */
import { DIMENSIONS, type Dimension, type SignalCategory } from './lexicon.js';
import type { TermHit, TextAnalysis } from './matcher.js';

/**
 * Words inside code (``` fences, `inline`) are never the person's verdict (pasted failure output
 * is, see `failure_patterns`). The open word classes judge the person's own words about the
 * result, which come first: beyond the first WEAK_REACH characters of a long message (a spec for
 * the next task, a log) they are not live, and such a dimension keyword does not keep a message
 * from moving on. Listed phrases (rejection, acceptance, …) are not limited by position.
 */
const QUOTED_TEXT_ONLY: ReadonlySet<SignalCategory> = new Set([
  'failure',
  'contrast',
  'negative',
  'prohibition',
  'challenge',
  'move_on',
  'new_task',
]);
/** Categories that never count inside a wh-question (`how do I run this again?` asks, it wants no redo). */
const DEAD_IN_WH_QUESTION: ReadonlySet<SignalCategory> = new Set(['redo']);
/** Categories that never count inside a clause that asks (`any nits?`; but `one small thing: can you …?` counts). */
const DEAD_IN_QUESTION_CLAUSE: ReadonlySet<SignalCategory> = new Set(['minor']);
/** Categories that never count inside a question sentence (`is this correct?` is no acceptance). */
const DEAD_IN_QUESTION: ReadonlySet<SignalCategory> = new Set(['acceptance', 'move_on', 'new_task', 'waiver', 'resigned']);
/**
 * Weak evaluations in a clause that asks a question count only beside a challenge in the same
 * sentence: `why is it so slow?` is a complaint, `does it handle broken links?` is a question,
 * `this is confusing, who is it for?` evaluates before it asks.
 */
const CHALLENGED_IN_QUESTION: ReadonlySet<SignalCategory> = new Set(['negative', 'prohibition']);

/**
 * Live (not negated) hits of a signal category. Acceptance and move-on inside a question do not
 * count; negative evaluations inside a question only in a challenging one (`why …`).
 */
export function liveHits(analysis: TextAnalysis, category: SignalCategory): TermHit[] {
  return analysis.hits.filter((h) => {
    if (h.kind !== 'signal' || h.category !== category || h.negated || h.aside) return false;
    if (h.inCode || h.hypothetical || (h.quoted && QUOTED_TEXT_ONLY.has(category))) return false;
    if (h.whQuestion && DEAD_IN_WH_QUESTION.has(category)) return false;
    if (h.clauseQuestion && DEAD_IN_QUESTION_CLAUSE.has(category)) return false;
    if (CHALLENGED_IN_QUESTION.has(category))
      return (
        !h.clauseQuestion ||
        analysis.hits.some((c) => c.kind === 'signal' && c.category === 'challenge' && !c.negated && c.sentence === h.sentence)
      );
    return !(h.inQuestion && DEAD_IN_QUESTION.has(category));
  });
}

/** Any hit of the category, negated or not (used to keep implicit acceptance conservative). */
export function anyHits(analysis: TextAnalysis, category: SignalCategory): TermHit[] {
  return analysis.hits.filter((h) => h.kind === 'signal' && h.category === category && !h.inCode && !h.aside);
}

export function dimensionHits(analysis: TextAnalysis): TermHit[] {
  return analysis.hits.filter((h) => h.kind === 'dimension' && !h.aside);
}

/**
 * The dimension of a complaint: the most specific match wins, i.e. the longest matched term
 * ("wrong skill again" → trigger_quality, not reliability); ties go by DIMENSIONS order
 * (trigger_quality, accuracy, coverage, reliability, efficiency, security). Null when none.
 */
export function pickDimension(analysis: TextAnalysis): { dimension: Dimension; term: string } | null {
  let best: TermHit | null = null;
  for (const h of dimensionHits(analysis)) {
    if (best === null) {
      best = h;
      continue;
    }
    const len = h.end - h.start;
    const bestLen = best.end - best.start;
    if (
      len > bestLen ||
      (len === bestLen && DIMENSIONS.indexOf(h.category as Dimension) < DIMENSIONS.indexOf(best.category as Dimension))
    ) {
      best = h;
    }
  }
  return best === null ? null : { dimension: best.category as Dimension, term: best.term };
}
