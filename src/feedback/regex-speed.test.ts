import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLexicons } from './lexicon.js';
import { normalizeText } from './normalize.js';
import { hoistLeadingLookbehind, startsWithLiteral } from './regex-speed.js';

const matches = (source: string, text: string) => [...text.matchAll(new RegExp(source, 'giu'))].map((m) => [m.index, m[0]]);

describe('hoistLeadingLookbehind', () => {
  it('moves a leading lookbehind behind a lookahead of the rest, with the same matches', () => {
    const source = String.raw`(?<!\b(?:still|it)\b[^,.;!?]{0,40})\bfrom scratch\b`;
    const hoisted = hoistLeadingLookbehind(source);
    expect(hoisted).toBe(String.raw`(?=\bfrom scratch\b)(?<!\b(?:still|it)\b[^,.;!?]{0,40})\bfrom scratch\b`);
    for (const text of [
      'do it from scratch',
      'start from scratch, from scratch again',
      'it was rebuilt from scratch',
      'from scratchpad from scratch',
      '',
    ])
      expect(matches(hoisted, text), text).toEqual(matches(source, text));
    const positive = String.raw`(?<=\b(?:is|looks) )(?:good|fine)\b`;
    for (const text of ['it is good', 'looks fine, is good', 'good is fine'])
      expect(matches(hoistLeadingLookbehind(positive), text)).toEqual(matches(positive, text));
  });

  it('leaves a pattern alone where the rewrite would change it', () => {
    for (const source of [
      '(?<!x)a|b', // the lookbehind governs only the first alternative
      String.raw`(?<!x)(a)\1`, // a backreference would be renumbered
      String.raw`(?<!x)(a)\k<n>`,
      String.raw`\bno lookbehind\b`,
      '(?<!x', // unclosed
      '(?<!x)', // nothing after it
    ])
      expect(hoistLeadingLookbehind(source)).toBe(source);
    // Parentheses and bars inside classes and escapes are not structure.
    expect(hoistLeadingLookbehind(String.raw`(?<![(|\)])a[|)]`)).toBe(String.raw`(?=a[|)])(?<![(|\)])a[|)]`);
  });

  it('hoists only where the rest must start with a literal, so the lookahead fails fast', () => {
    // The rest can start at any word: the lookahead would run all of it at every position.
    for (const source of [
      String.raw`(?<=(?:^|[.!?;,\n])\s*)(?:the )?(?!(?:it|this)\b)[a-z0-9][\w/.:+-]*(?= (?:match(?:es)?|adds? up)\b)`,
      String.raw`(?<=^|[.!?]\s*)(?!(?:not|but)\b)(?:[^\s,;!?]+ ){0,2}[^\s,;!?]+, not \S+`,
      String.raw`(?<![要请]\s?[^，。]{0,20})(?<!把[^，。]{0,20})(?:写成|标成)了?`,
      String.raw`(?<=还是|仍然)\s?(?:白屏|乱码)`,
    ])
      expect(hoistLeadingLookbehind(source)).toBe(source);
    for (const source of [
      String.raw`(?<!\bif [^.]{0,30})\b(?:exits|died) (?:with )?code [1-9]`,
      '(?<=[，,][^，,。]{0,20})(?:还是|仍然|依然)(?=空的)',
      String.raw`(?<=\bis )too (?!bad\b)[a-z]+`,
    ])
      expect(hoistLeadingLookbehind(source)).toMatch(/^\(\?=/);
  });

  it('gives every bundled pattern the same matches as its source as written', () => {
    const texts = ['en', 'zh'].flatMap((language) => {
      const url = new URL(`./model/training/${language}.json`, import.meta.url);
      const file = JSON.parse(readFileSync(url, 'utf8')) as { examples: { text: string }[] };
      return file.examples.map((example) => normalizeText(example.text));
    });
    expect(texts.length).toBeGreaterThan(5000);
    let hoisted = 0;
    for (const lexicon of defaultLexicons()) {
      const patterns = [...lexicon.failurePatterns, ...Object.values(lexicon.signalPatterns).flat()];
      for (const pattern of patterns) {
        const written = asWritten(pattern.source);
        if (written === pattern.source) continue;
        hoisted++;
        const all = (source: string) => texts.flatMap((text, i) => matches(source, text).map((m) => [i, ...m]));
        expect(all(pattern.source), written).toEqual(all(written));
      }
    }
    expect(hoisted).toBeGreaterThan(30);
  });
});

describe('startsWithLiteral', () => {
  it('tells a literal start from one that can be anything', () => {
    for (const source of [String.raw`\bfrom scratch\b`, '(?:还是|仍然)(?=x)', String.raw`\.x`, '(?:a|(?:b|c)d)e', '把', 'too (?!x)'])
      expect(startsWithLiteral(source), source).toBe(true);
    for (const source of [
      '(?:the )?(?!x)[a-z]',
      '(?!x)a',
      String.raw`\s?(?:ok)`,
      '(?<!x)a',
      'a?b',
      'a*b',
      String.raw`\d+`,
      '(?:a|[bc])',
      '(?:ab|cd)?e',
      '(?:a|b){0,2}c',
      '.a',
      '',
      '(?:a',
    ])
      expect(startsWithLiteral(source), source).toBe(false);
  });
});

/** A hoisted source without its leading lookahead: `(?=rest)(?<…)rest` → `(?<…)rest`. */
function asWritten(source: string): string {
  if (!source.startsWith('(?=')) return source;
  let depth = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '\\') i++;
    else if (ch === '[') i = source.indexOf(']', i + 1);
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) {
      const rest = source.slice(i + 1);
      return rest.startsWith('(?<') ? rest : source;
    }
  }
  return source;
}
