/**
 * Where the listed terms of a lexicon occur in a text, found in one pass instead of one `indexOf`
 * scan per term (a lexicon lists over a thousand terms; the matcher runs on every human turn).
 * Same positions as repeated `indexOf(term, at + 1)`: every occurrence, overlapping ones included,
 * in ascending order. The guards (word boundaries, M2–M5) are still checked by the matcher.
 */
import { charBefore, isWordChar } from './normalize.js';
import { DIMENSIONS, type Lexicon, SIGNAL_CATEGORIES } from './lexicon.js';

interface TermIndex {
  /** Terms by their first UTF-16 code unit. */
  byFirst: Map<number, string[]>;
  /** Word mode: a match needs a non-word character (or nothing) before it (M2). */
  wordMode: boolean;
}

const indexes = new WeakMap<Lexicon, TermIndex>();

function termIndex(lx: Lexicon): TermIndex {
  let index = indexes.get(lx);
  if (index !== undefined) return index;
  const terms = new Set<string>();
  for (const category of SIGNAL_CATEGORIES) for (const t of lx.signals[category]) terms.add(t.term);
  for (const dim of DIMENSIONS) for (const t of lx.dimensions[dim]) terms.add(t.term);
  const byFirst = new Map<number, string[]>();
  for (const term of terms) {
    if (term === '') continue;
    const first = term.charCodeAt(0);
    const list = byFirst.get(first);
    if (list === undefined) byFirst.set(first, [term]);
    else list.push(term);
  }
  index = { byFirst, wordMode: lx.mode === 'word' };
  indexes.set(lx, index);
  return index;
}

const NONE: readonly number[] = [];

/** Positions of every listed term of `lx` in `text`; `get(term)` is empty when it does not occur. */
export function termPositions(lx: Lexicon, text: string): { get(term: string): readonly number[] } {
  const { byFirst, wordMode } = termIndex(lx);
  const found = new Map<string, number[]>();
  for (let at = 0; at < text.length; at++) {
    const candidates = byFirst.get(text.charCodeAt(at));
    if (candidates === undefined) continue;
    // In word mode no term can match right after a letter or digit, so those positions are skipped
    // (the matcher would reject them); the same test, so the result is unchanged.
    if (wordMode && at > 0 && isWordChar(charBefore(text, at))) continue;
    for (const term of candidates) {
      if (!text.startsWith(term, at)) continue;
      const list = found.get(term);
      if (list === undefined) found.set(term, [at]);
      else list.push(at);
    }
  }
  return { get: (term) => found.get(term) ?? NONE };
}
