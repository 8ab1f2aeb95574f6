import { describe, expect, it } from 'vitest';
import { hoistLeadingLookbehind } from './regex-speed.js';

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
});
