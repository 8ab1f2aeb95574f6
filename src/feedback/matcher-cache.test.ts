import { describe, expect, it } from 'vitest';
import { defaultLexicons } from './lexicon.js';
import { analyzeText } from './matcher.js';

describe('analyzeText keeps recent analyses', () => {
  it('the same text and lexicons give the same frozen analysis; other lexicons get their own', () => {
    const lexicons = defaultLexicons();
    const a = analyzeText('thanks, but the test is wrong', lexicons);
    expect(analyzeText('thanks, but the test is wrong', lexicons)).toBe(a);
    expect(a.hits.length).toBeGreaterThan(0);
    expect(Object.isFrozen(a) && Object.isFrozen(a.hits) && a.hits.every((h) => Object.isFrozen(h))).toBe(true);
    const english = lexicons.filter((l) => l.language === 'en');
    const b = analyzeText('thanks, but the test is wrong', english);
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
    expect(analyzeText('不对', english).hits).toEqual([]);
    expect(analyzeText('不对', lexicons).hits.length).toBeGreaterThan(0);
  });

  it('stays correct past the number of analyses it keeps', () => {
    const lexicons = defaultLexicons();
    const first = analyzeText('looks good', lexicons);
    for (let i = 0; i < 600; i++) analyzeText(`message ${i} is wrong`, lexicons);
    expect(analyzeText('looks good', lexicons)).toEqual(first);
  });
});
