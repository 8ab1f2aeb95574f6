/**
 * Scope of a match in one normalised message: clause and sentence boundaries, negation in the
 * clause before a term, question scope, clause-start position and irrealis (rules M2–M5 and the
 * round-3/4 scope rules, docs/feedback-rules.md). Pure helpers used by the matcher.
 */
import { charAt, isWordChar } from './normalize.js';
import type { Lexicon } from './lexicon.js';

export const CLAUSE_PUNCT = /[,.;:!?，。；：！？、\n()[\]{}"]/u;
export const LEADING_NOISE = /^[\s\p{P}\p{S}]*$/u;
export const SENTENCE_END = /[.!?。！？\n]/u;
/** Text ending with an emoji (see `atClauseStart`). */
const EMOJI_END = /\p{Extended_Pictographic}\uFE0F?$/u;

/**
 * A dot between two letters or digits is part of a word (`routes.ts`, `v2.1`, `e2e/jest.config`), not
 * the end of a clause or sentence (round 6; it split `my mistake: the version should be 2.1, not 2.0`).
 * So is the `?` of a URL's query string (`GET /ladder?season=2025`; round 14): no question.
 */
function wordDot(text: string, i: number): boolean {
  const ch = text[i];
  return (ch === '.' || ch === '?') && isWordChar(text[i - 1] ?? '') && isWordChar(text[i + 1] ?? '');
}

/** The character at `i` ends a clause. */
export function clauseBreakAt(text: string, i: number): boolean {
  return CLAUSE_PUNCT.test(text[i]!) && !wordDot(text, i);
}

/** The character at `i` ends a sentence. */
export function sentenceEndAt(text: string, i: number): boolean {
  return SENTENCE_END.test(text[i]!) && !wordDot(text, i);
}

/** Words of `text` (alphabetic words with apostrophes); CJK characters are single-character words. */
export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}'-]+/gu) ?? [];
}

export function startsWithWords(rest: string, phrases: string[], mode: 'word' | 'cjk'): boolean {
  const trimmed = mode === 'word' ? rest.replace(/^[\s]+/u, '') : rest;
  for (const p of phrases) {
    if (!trimmed.startsWith(p)) continue;
    if (mode === 'cjk' || !isWordChar(charAt(trimmed, p.length))) return true;
  }
  return false;
}

export function endsWithWord(before: string, phrases: string[], mode: 'word' | 'cjk'): boolean {
  if (mode === 'cjk') return phrases.some((p) => before.endsWith(p));
  const w = words(before.trimEnd());
  const last = w[w.length - 1];
  return last !== undefined && phrases.includes(last) && /[\p{L}\p{N}']$/u.test(before.trimEnd());
}

export function isNegated(lx: Lexicon, text: string, start: number): boolean {
  if (lx.mode !== 'word' || lx.negationWindow === 0) return false;
  let before = text.slice(0, start);
  // Only the current clause.
  for (let i = before.length - 1; i >= 0; i--) {
    if (clauseBreakAt(before, i)) {
      before = before.slice(i + 1);
      break;
    }
  }
  const w = words(before);
  let seen = 0;
  for (let i = w.length - 1; i >= 0 && seen < lx.negationWindow; i--, seen++) {
    const word = w[i]!;
    if (lx.clauseBreaks.has(word)) return false;
    if (lx.negators.has(word) || word.endsWith("n't")) return true;
  }
  return false;
}

/**
 * The term at `at` opens a clause: only whitespace, punctuation and the lexicon's clause fillers
 * (`please`, `ok`, `and`; 请, 你) stand between it and the start of the message or the last clause
 * punctuation.
 */
/**
 * Only whitespace, punctuation and the lexicon's clause fillers stand before `at` in the whole
 * message (`hm, hold on`, `oh wait`): an opening interjection after a filler still opens the reply
 * (round 11).
 */
export function onlyFillersBefore(lx: Lexicon, text: string, at: number): boolean {
  return fillersOnly(lx, text.slice(0, at));
}

function fillersOnly(lx: Lexicon, before: string): boolean {
  let rest = before.replace(/^[\s\p{P}\p{S}]+/u, '');
  for (let guard = 0; rest !== '' && guard < 8; guard++) {
    const filler = lx.clauseFillers.find((f) => rest.startsWith(f) && (lx.mode === 'cjk' || !isWordChar(charAt(rest, f.length))));
    if (filler === undefined) return false;
    rest = rest.slice(filler.length).replace(/^[\s\p{P}\p{S}]+/u, '');
  }
  return rest === '';
}

export function atClauseStart(lx: Lexicon, text: string, at: number): boolean {
  let before = text.slice(0, at);
  for (let i = before.length - 1; i >= 0; i--) {
    if (clauseBreakAt(before, i)) {
      before = before.slice(i + 1);
      break;
    }
  }
  // An emoji followed by a space ends the clause before it like punctuation (`works 👍 unstage the
  // lockfile though`; round 10). Only for clause-start terms: clause indexes are unchanged.
  for (let i = before.length - 1; i > 0; i--) {
    if ((before[i] === ' ' || before[i] === '\n') && EMOJI_END.test(before.slice(Math.max(0, i - 3), i))) {
      before = before.slice(i + 1);
      break;
    }
  }
  return fillersOnly(lx, before);
}

/**
 * Praise at `at` is hypothetical (cjk: the text just before it ends with an irrealis marker, 就能搞定;
 * word mode: a conditional or wish earlier in its clause, `if you're happy with it`, or a modal
 * among the two words before it with a condition after it, `would be perfect if …`).
 */
export function isIrrealis(lx: Lexicon, text: string, at: number, end: number): boolean {
  if (lx.irrealis.length === 0 && lx.modalIrrealis.length === 0) return false;
  const before = text.slice(0, at);
  if (lx.mode === 'cjk') {
    const trimmed = before.trimEnd();
    return lx.irrealis.some((m) => trimmed.endsWith(m));
  }
  let clause = before;
  for (let i = clause.length - 1; i >= 0; i--) {
    if (clauseBreakAt(clause, i)) {
      clause = clause.slice(i + 1);
      break;
    }
  }
  const clauseWords = words(clause);
  const tail = clauseWords.slice(-2);
  const near = (m: string) => {
    // A contraction marker (`'d`) ends a word: `it'd be perfect if …`.
    if (m.startsWith("'")) return tail.some((w) => w.endsWith(m));
    const mw = m.split(' ');
    for (let k = 0; k + mw.length <= tail.length; k++) if (mw.every((x, j) => tail[k + j] === x)) return true;
    return false;
  };
  // A conditional or wish anywhere earlier in the clause (`if you are happy with it`); a modal
  // only just before the praise.
  if (lx.irrealis.some((m) => (m.includes(' ') ? clause.includes(m) : clauseWords.includes(m)))) return true;
  if (!lx.modalIrrealis.some(near)) return false;
  // A modal alone takes up an offer (`that would be great`); with a condition it is unreal.
  let rest = text.slice(end);
  let stop = -1;
  for (let i = 0; i < rest.length && stop < 0; i++) if (sentenceEndAt(rest, i)) stop = i;
  if (stop >= 0) rest = rest.slice(0, stop);
  const after = words(rest);
  return lx.irrealisConditions.some((c) => after.includes(c));
}

/** The first word of the sentence holding `at` (sentences end at . ! ? 。！？ and newlines). */
export function sentenceFirstWord(text: string, at: number): string | undefined {
  let from = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (sentenceEndAt(text, i)) {
      from = i + 1;
      break;
    }
  }
  return words(text.slice(from, at + 1))[0] ?? words(text.slice(from))[0];
}

/** The text of the sentence holding `at`, up to `at`. */
export function sentenceHead(text: string, at: number): string {
  let from = at;
  while (from > 0 && !sentenceEndAt(text, from - 1)) from--;
  return text.slice(from, at);
}

/**
 * A question about what the system does, not a request to the agent (`does the second schedule
 * just revert?`, `will the tx revert?`; not `can you revert?`, `should we revert?`; round 14): the
 * lexicon's `question_cases.behaviour_question` matches the sentence head before `at`.
 */
export function isBehaviourQuestion(lx: Lexicon, text: string, at: number): boolean {
  return lx.questionCases.behaviourQuestion?.test(sentenceHead(text, at)) ?? false;
}

/**
 * A failure asked about as what is expected to happen (`how long will writes fail during the
 * switch?`, 切的时候写请求大概会失败多久？; round 19), unless a marker says it was seen (`why will it
 * fail?`, 为什么会失败？).
 */
function isExpectedFailure(lx: Lexicon, before: string): boolean {
  const { expectedBefore, seenMarkers } = lx.questionCases;
  return expectedBefore !== null && expectedBefore.test(before) && !(seenMarkers?.test(before) ?? false);
}

/**
 * A failure or negative word at `at` in a question sentence that a hypothetical marker opens before
 * it (`what happens if the write fails?`, `in case the upload times out, do we retry?`,
 * 如果新集群写失败了怎么处理？): the person asks about a case, nothing has failed (round 13). Word
 * mode needs the marker as whole words; cjk a substring.
 * Also a failure expected to happen or named as a case (`question_cases`).
 */
export function isHypotheticalCase(lx: Lexicon, text: string, at: number, end = at): boolean {
  const { expectedBefore, caseAfter } = lx.questionCases;
  if (lx.hypotheticalMarkers.length === 0 && expectedBefore === null && caseAfter === null) return false;
  const before = sentenceHead(text, at);
  if (isExpectedFailure(lx, before)) return true;
  // A case named after the failure (`刷新失败的时候会怎样？`, `…挂了的话呢？`; round 14).
  if (lx.questionCases.caseAfter?.test(text.slice(end, end + 8))) return true;
  if (lx.mode === 'cjk') return lx.hypotheticalMarkers.some((m) => before.includes(m));
  return lx.hypotheticalMarkers.some((m) => {
    for (let i = before.indexOf(m); i >= 0; i = before.indexOf(m, i + 1)) {
      if (!isWordChar(charAt(before, i - 1)) && !isWordChar(charAt(before, i + m.length))) return true;
    }
    return false;
  });
}
