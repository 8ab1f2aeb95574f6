import { describe, expect, it } from 'vitest';
import { clauseBreakAt, sentenceEndAt } from './scope.js';
import { indexText } from './text-index.js';

const TEXTS = [
  'thanks. why is it slow? ok, fine; next: deploy it',
  'is this right?\nno. it is not, is it？ 好的，可以吗？不行。',
  '(a) [b] {c} "d" e、f',
  '',
  '???',
  'no punctuation at all',
  'my mistake: routes.ts should be v2.1, not 2.0. ok? e2e/jest.config.js.',
];

// The plain scans the index replaces: count breaks before `at`; look for the first break at or after `end`.
const breaksBefore = (text: string, at: number, isBreak: (t: string, i: number) => boolean) => {
  let n = 0;
  for (let i = 0; i < Math.min(at, text.length); i++) if (isBreak(text, i)) n++;
  return n;
};
const nextBreakAsks = (text: string, end: number, isBreak: (t: string, i: number) => boolean) => {
  for (let i = Math.max(end, 0); i < text.length; i++) if (isBreak(text, i)) return text[i] === '?' || text[i] === '？';
  return false;
};

describe('indexText', () => {
  it('gives the answers of a plain scan at every offset (and past both ends)', () => {
    for (const text of TEXTS) {
      const ix = indexText(text);
      for (let at = -2; at <= text.length + 2; at++) {
        const where = `${JSON.stringify(text)} @${at}`;
        expect(ix.sentence(at), where).toBe(breaksBefore(text, at, sentenceEndAt));
        expect(ix.clause(at), where).toBe(breaksBefore(text, at, clauseBreakAt));
        expect(ix.questionSentence(at), where).toBe(nextBreakAsks(text, at, sentenceEndAt));
        expect(ix.questionClause(at), where).toBe(nextBreakAsks(text, at, clauseBreakAt));
      }
    }
  });
});
