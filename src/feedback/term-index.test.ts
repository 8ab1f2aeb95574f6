import { describe, expect, it } from 'vitest';
import { defaultLexicons } from './lexicon.js';
import { charBefore, isWordChar } from './normalize.js';
import { termPositions } from './term-index.js';

function indexOfAll(text: string, term: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + 1)) out.push(at);
  return out;
}

const TEXTS = [
  'no, that is wrong. not wrong? wrongwrong wrong-ish',
  'looks good looks good lgtm! 👍👍 thanks,thanks',
  'aaaa aa a',
  '不对不对，还是不对。可以可以，运行不行',
  '好的👍 ok👍 ok 👍',
  '',
  'x'.repeat(50),
];

describe('termPositions', () => {
  it('finds every occurrence indexOf finds, in order (overlaps included), for every listed term', () => {
    for (const lx of defaultLexicons()) {
      const terms = new Set([
        ...Object.values(lx.signals).flatMap((ts) => ts.map((t) => t.term)),
        ...Object.values(lx.dimensions).flatMap((ts) => ts.map((t) => t.term)),
      ]);
      for (const text of TEXTS) {
        const positions = termPositions(lx, text);
        for (const term of terms) {
          let expected = indexOfAll(text, term);
          // Word mode: a term never matches right after a letter or digit (M2); those positions are not reported.
          if (lx.mode === 'word') expected = expected.filter((at) => !isWordChar(charBefore(text, at)));
          expect(positions.get(term), `${lx.language} ${JSON.stringify(term)} in ${JSON.stringify(text)}`).toEqual(expected);
        }
      }
    }
  });

  it('reports nothing for a term the lexicon does not list', () => {
    const lx = defaultLexicons()[0]!;
    expect(termPositions(lx, 'zzqx zzqx').get('zzqx')).toEqual([]);
  });
});
