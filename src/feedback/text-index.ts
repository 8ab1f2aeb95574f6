/**
 * Sentence and clause facts of one normalised text, worked out once (O(length)) instead of a scan
 * of the text per hit. Breaks are scope.ts's (`clauseBreakAt`, `sentenceEndAt`); text-index.test.ts
 * checks every answer against a plain scan.
 */
import { clauseBreakAt, sentenceEndAt } from './scope.js';

export interface TextIndex {
  /** Index of the sentence holding offset `at` (sentence ends strictly before `at`). */
  sentence(at: number): number;
  clause(at: number): number;
  /** The first sentence end at or after `end` is a question mark. */
  questionSentence(end: number): boolean;
  questionClause(end: number): boolean;
}

const isQuestionMark = (ch: string | undefined): boolean => ch === '?' || ch === '？';

export function indexText(text: string): TextIndex {
  const n = text.length;
  // Counts of sentence ends / clause marks in text[0, i).
  const sentencesBefore = new Int32Array(n + 1);
  const clausesBefore = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    sentencesBefore[i + 1] = sentencesBefore[i]! + (sentenceEndAt(text, i) ? 1 : 0);
    clausesBefore[i + 1] = clausesBefore[i]! + (clauseBreakAt(text, i) ? 1 : 0);
  }
  // The first sentence end / clause mark at or after i (n when none).
  const nextSentenceEnd = new Int32Array(n + 1);
  const nextClauseMark = new Int32Array(n + 1);
  nextSentenceEnd[n] = n;
  nextClauseMark[n] = n;
  for (let i = n - 1; i >= 0; i--) {
    nextSentenceEnd[i] = sentencesBefore[i + 1]! > sentencesBefore[i]! ? i : nextSentenceEnd[i + 1]!;
    nextClauseMark[i] = clausesBefore[i + 1]! > clausesBefore[i]! ? i : nextClauseMark[i + 1]!;
  }
  const clamp = (i: number) => Math.min(Math.max(i, 0), n);
  return {
    sentence: (at) => sentencesBefore[clamp(at)]!,
    clause: (at) => clausesBefore[clamp(at)]!,
    questionSentence: (end) => isQuestionMark(text[nextSentenceEnd[clamp(end)]!]),
    questionClause: (end) => isQuestionMark(text[nextClauseMark[clamp(end)]!]),
  };
}
