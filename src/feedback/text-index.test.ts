import { describe, expect, it } from 'vitest';
import { clauseIndex, inQuestionClause, inQuestionSentence, sentenceIndex } from './scope.js';
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

describe('indexText', () => {
  it('gives the same answers as the scope.ts scans at every offset (and past both ends)', () => {
    for (const text of TEXTS) {
      const ix = indexText(text);
      for (let at = -2; at <= text.length + 2; at++) {
        const where = `${JSON.stringify(text)} @${at}`;
        expect(ix.sentence(at), where).toBe(sentenceIndex(text, at));
        expect(ix.clause(at), where).toBe(clauseIndex(text, at));
        expect(ix.questionSentence(at), where).toBe(inQuestionSentence(text, at));
        expect(ix.questionClause(at), where).toBe(inQuestionClause(text, at));
      }
    }
  });
});
