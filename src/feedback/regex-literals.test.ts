import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultLexicons } from './lexicon.js';
import { analyzeText } from './matcher.js';
import { normalizeText } from './normalize.js';
import { LiteralScanner, mayMatch, patternPrefilter, requiredLiterals } from './regex-literals.js';

describe('requiredLiterals', () => {
  it('finds the longest literal a match must contain', () => {
    expect(requiredLiterals('\\bnone of (?:these|those)\\b', 'iu')).toEqual(['none of these', 'none of those']);
    expect(requiredLiterals('(?:foo|bar)baz', 'u')).toEqual(['barbaz', 'foobaz']);
    expect(requiredLiterals('a?bcd', 'u')).toEqual(['bcd']);
    expect(requiredLiterals('[,，]\\s?not (?:really )?ok', 'iu')).toEqual(['not ']);
    expect(requiredLiterals('(?:[^\\s,;!?]+ ){0,2}[^\\s,;!?]+\\s?, not (?=\\d)', 'giu')).toEqual([', not ']);
    expect(requiredLiterals('写成|写错成|标成', 'u')).toEqual(['写成', '写错成', '标成']);
    expect(requiredLiterals('\\bhello\\b', 'u')).toEqual(['hello']);
  });

  it('lower-cases literals under the i flag and keeps case without it', () => {
    expect(requiredLiterals('LGTM', 'iu')).toEqual(['lgtm']);
    expect(requiredLiterals('LGTM', 'u')).toEqual(['LGTM']);
  });

  it('uses what positive lookarounds require and ignores negative ones', () => {
    expect(requiredLiterals('(?=[^.]*\\binstead\\b)(?<!not )\\bcould\\b', 'iu')).toEqual(['instead']);
    expect(requiredLiterals('(?!nothing)\\w+ broke', 'iu')).toEqual([' broke']);
    expect(requiredLiterals('(?<=why )not', 'iu')).toEqual(['why ']);
  });

  it('repetition keeps a requirement only when the piece must occur', () => {
    expect(requiredLiterals('(?:ab)+c', 'u')).toEqual(['ab']);
    expect(requiredLiterals('(?:abc){2}', 'u')).toEqual(['abc']);
    expect(requiredLiterals('(?:abc)*d', 'u')).toEqual(['d']);
    expect(requiredLiterals('(?:abc)?', 'u')).toBeNull();
  });

  it('gives up (null: always run the pattern) on what it cannot reason about', () => {
    expect(requiredLiterals('(a)\\1', 'u')).toEqual(['a']); // a backreference itself requires nothing known
    expect(requiredLiterals('((?!是)\\p{Script=Han}{1,2})是\\1', 'u')).toEqual(['是']);
    expect(requiredLiterals('(?<w>x)y\\k<w>', 'u')).toEqual(['xy']);
    expect(requiredLiterals('\\1', 'u')).toBeNull();
    expect(requiredLiterals('\\w+', 'u')).toBeNull();
    expect(requiredLiterals('foo|\\d+', 'u')).toBeNull(); // one branch requires nothing
    expect(requiredLiterals('σ', 'iu')).toBeNull(); // folds to ς as well
    expect(requiredLiterals('[👍🙌]', 'giu')).toEqual(['👍', '🙌']); // pictographs have no case
    expect(requiredLiterals('(?<x>a', 'u')).toBeNull(); // broken source
    expect(requiredLiterals(Array.from({ length: 30 }, (_, i) => `w${i}x`).join('|'), 'u')).toBeNull(); // too many alternatives
  });

  it('mayMatch: any of the literals, or always when there are none', () => {
    expect(mayMatch('it is none of these', ['none of these', 'none of those'])).toBe(true);
    expect(mayMatch('looks good', ['none of these'])).toBe(false);
    expect(mayMatch('anything', null)).toBe(true);
  });
});

describe('LiteralScanner', () => {
  it('finds exactly the literals that occur, as includes would, one- and two-unit literals and CJK included', () => {
    const literals = ['a', ',', 'no', 'none of', 'not ', '写成', '成', 'ok', 'okay', '😀x'];
    const scanner = new LiteralScanner(literals);
    const texts = ['', 'a', 'none of these, ok', 'not okay', '写成了', 'x😀x', 'nope', 'n', 'ok'];
    // And pseudo-random texts over the literals' own characters.
    const alphabet = [...new Set(literals.join(''))];
    let seed = 7;
    for (let n = 0; n < 400; n++) {
      let t = '';
      for (let k = 0; k < 12; k++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        t += alphabet[seed % alphabet.length];
      }
      texts.push(t);
    }
    for (const t of texts) expect([...scanner.present(t)].sort(), t).toEqual(literals.filter((l) => t.includes(l)).sort());
  });
});

/** Every compiled pattern of the bundled lexicons, with its literals. */
function bundledPatterns(): { re: RegExp; literals: string[] | null; where: string }[] {
  const out: { re: RegExp; literals: string[] | null; where: string }[] = [];
  for (const lx of defaultLexicons()) {
    const all: [string, RegExp[]][] = [['failure', lx.failurePatterns], ...Object.entries(lx.signalPatterns)];
    for (const [category, patterns] of all)
      for (const [i, re] of (patterns ?? []).entries())
        out.push({ re, literals: requiredLiterals(re.source, re.flags), where: `${lx.language} ${category}.${i}` });
  }
  return out;
}

function trainingTexts(): string[] {
  const texts: string[] = [];
  for (const lang of ['en', 'zh']) {
    const file = new URL(`./model/training/${lang}.json`, import.meta.url);
    const data = JSON.parse(readFileSync(file, 'utf8')) as { examples: { text: string }[] };
    texts.push(...data.examples.map((e) => e.text));
  }
  return texts;
}

describe('the bundled lexicons under the pre-filter', () => {
  const patterns = bundledPatterns();

  it('most patterns get literals (otherwise the pre-filter saves nothing)', () => {
    const filtered = patterns.filter((p) => p.literals !== null).length;
    expect(patterns.length).toBeGreaterThan(100);
    expect(filtered / patterns.length).toBeGreaterThan(0.6);
  });

  it('never rules out a text a pattern matches (every hand-written training sentence, and each literal in context)', () => {
    const texts = trainingTexts().map(normalizeText);
    // Each pattern's literals inside other text, so the patterns that match rarely are exercised too.
    for (const p of patterns) for (const l of p.literals ?? []) texts.push(`so ${l} here, ${l}. ok`);
    let matches = 0;
    const wrong: string[] = [];
    for (const p of patterns) {
      const re = new RegExp(p.re.source, p.re.flags.replace('g', ''));
      for (const t of texts) {
        if (!re.test(t)) continue;
        matches++;
        if (!mayMatch(t, p.literals)) wrong.push(`${p.where}: ${t.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(matches).toBeGreaterThan(1000);
    // Every pattern against ~9,700 sentences: ~15 s on an idle core, past 30 s with both cores busy.
  }, 120_000);

  it('the matcher gives identical analyses with and without it', () => {
    const texts = trainingTexts();
    const analyse = (enabled: boolean) => {
      patternPrefilter.enabled = enabled;
      try {
        // A fresh lexicon array each time: analyses are cached per array.
        return texts.map((t) => JSON.stringify(analyzeText(t, defaultLexicons().slice())));
      } finally {
        patternPrefilter.enabled = true;
      }
    };
    const without = analyse(false);
    const withIt = analyse(true);
    expect(withIt.filter((a, i) => a !== without[i])).toEqual([]);
    expect(withIt.filter((a) => a.includes('"kind":"signal"')).length).toBeGreaterThan(1000);
  }, 120_000);
});
