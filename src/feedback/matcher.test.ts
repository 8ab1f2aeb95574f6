import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SkillpulseError } from '../errors.js';
import { bundledLexiconDir, compileLexicon, defaultLexicons, loadLexiconDir } from './lexicon.js';
import { liveHits, pickDimension } from './live-hits.js';
import { analyzeText } from './matcher.js';
import { normalizeText } from './normalize.js';

const lx = defaultLexicons();
const live = (text: string, category: Parameters<typeof liveHits>[1]) => liveHits(analyzeText(text, lx), category).map((h) => h.term);

describe('normalisation (M1)', () => {
  it('NFKC, lowercase, curly apostrophes, whitespace', () => {
    expect(normalizeText('  That’s\n\n NOT  ｗｒｏｎｇ ')).toBe("that's not wrong");
  });
});

describe('word-level matching (M2–M4)', () => {
  it('whole words only', () => {
    expect(live('yesterday', 'acceptance')).toEqual([]);
    expect(live('yes.', 'acceptance')).toEqual(['yes']);
    expect(live('incorrect', 'acceptance')).toEqual([]);
    expect(live('the exception tests', 'qualifier')).toEqual([]);
    expect(live('although', 'qualifier')).toEqual(['although']);
    expect(live('cancelled', 'rejection')).toEqual([]);
  });
  it('"no" only as the first word, not "no problem"/"no worries" (M3)', () => {
    expect(live('No, use tabs', 'rejection')).toEqual(['no']);
    expect(live('no problem', 'rejection')).toEqual([]);
    expect(live('No worries, thanks', 'rejection')).toEqual([]);
    expect(live('there is no test', 'rejection')).toEqual([]);
  });
  it('Latin keywords beside Chinese characters still match', () => {
    expect(live('这个wrong了', 'rejection')).toEqual(['wrong']);
  });
  it('negation cancels within the clause only', () => {
    expect(live("that's not wrong", 'rejection')).toEqual([]);
    expect(live('it is not wrong at all', 'rejection')).toEqual([]);
    expect(live("I didn't say it was incorrect", 'rejection')).toEqual([]);
    expect(live("don't worry, this is wrong", 'rejection')).toEqual(['wrong']);
    expect(live('not now but it is wrong', 'rejection')).toEqual(['wrong']);
  });
});

describe('Chinese guards (M5)', () => {
  it.each([
    ['好的，继续', 'acceptance', ['好', '好的', '继续']],
    ['这个效果不好', 'acceptance', []],
    ['运行一下', 'acceptance', []],
    ['不可以', 'acceptance', []],
    ['不对的', 'acceptance', []],
    ['没有问题', 'rejection', []],
    ['还有问题', 'rejection', ['有问题']],
    ['不但快', 'qualifier', []],
    ['但是慢', 'qualifier', ['但是', '但']],
  ] as const)('%s %s', (text, category, expected) => {
    expect(live(text, category).sort()).toEqual([...expected].sort());
  });
});

describe('dimensions (M6, most specific wins)', () => {
  const dim = (t: string) => pickDimension(analyzeText(t, lx))?.dimension ?? null;
  it('prefix matching for English, substring for Chinese', () => {
    expect(dim('the formatting is off')).toBe('accuracy');
    expect(dim('more information please')).toBe(null);
    expect(dim('缺少测试')).toBe('coverage');
  });
  it('the longer, more specific phrase wins; ties go trigger_quality first', () => {
    expect(dim('wrong skill again')).toBe('trigger_quality');
    expect(dim('it shouldn’t trigger for this, and it is slow')).toBe('trigger_quality');
    expect(dim('try again')).toBe(null);
    expect(dim('the api key leaked again')).toBe('security');
    expect(dim('a slow typo')).toBe('accuracy'); // equal length: DIMENSIONS order
  });
});

describe('lexicon files', () => {
  it('the bundled folder holds de, en and zh, and every file documents its rules', () => {
    expect(lx.map((l) => l.language)).toEqual(['de', 'en', 'zh']);
    for (const l of lx) expect(l.rules.length).toBeGreaterThan(2);
  });
  it('adding a language is adding a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lex-'));
    for (const f of ['en.json', 'zh.json']) writeFileSync(join(dir, f), readFileSync(join(bundledLexiconDir(), f)));
    writeFileSync(
      join(dir, 'de.json'),
      JSON.stringify({
        language: 'de',
        name: 'Deutsch',
        mode: 'word',
        negators: ['nicht'],
        signals: { rejection: ['falsch'] },
        dimensions: { efficiency: ['langsam'] },
      }),
    );
    const all = loadLexiconDir(dir);
    expect(all.map((l) => l.language)).toEqual(['de', 'en', 'zh']);
    expect(liveHits(analyzeText('Das ist falsch', all), 'rejection').map((h) => h.term)).toEqual(['falsch']);
    expect(liveHits(analyzeText('Das ist nicht falsch', all), 'rejection')).toEqual([]);
  });
  it('spellings rewrite whole words only; a bad failure pattern names its field', () => {
    expect(analyzeText('Thats not it, dont', lx).text).toBe("that's not it, don't");
    expect(analyzeText('the cantina is open', lx).text).toBe('the cantina is open');
    try {
      compileLexicon(
        { language: 'xx', name: 'x', mode: 'word', failure_patterns: ['ok', '(unclosed'], signals: {}, dimensions: {} },
        'xx.json',
      );
      expect.unreachable();
    } catch (e) {
      expect((e as SkillpulseError).location).toMatchObject({ file: 'xx.json', field: 'failure_patterns.1' });
    }
  });
  it('failure output is a rejection hit that negation does not cancel', () => {
    expect(live('not sure why: ENOENT: no such file', 'rejection')).toEqual(['enoent']);
    expect(live('errors are handled now', 'rejection')).toEqual([]);
  });
  it('a correction word inside a self-correction phrase yields to it (containment)', () => {
    expect(live('我说错了', 'rejection')).toEqual([]);
    expect(live('我说错了', 'self_correction')).toEqual(['我说错了']);
  });
  it('a malformed lexicon names the file and field', () => {
    expect(() => compileLexicon({ language: 'xx', name: 'x', mode: 'letters', signals: {}, dimensions: {} }, 'xx.json')).toThrowError(
      SkillpulseError,
    );
    try {
      compileLexicon({ language: 'xx', name: 'x', mode: 'word', signals: { rejection: [''] }, dimensions: {} }, 'xx.json');
    } catch (e) {
      expect((e as SkillpulseError).location).toMatchObject({ file: 'xx.json', field: 'signals.rejection.0' });
    }
  });
});

describe('round 3: clause starts, open word classes as patterns', () => {
  const mini = (extra: Record<string, unknown>) =>
    compileLexicon({ language: 'xx', name: 'x', mode: 'word', negators: ['not'], signals: {}, dimensions: {}, ...extra }, 'xx.json');
  it('at_clause_start: start of the message or after clause punctuation, with only fillers before', () => {
    const l = [mini({ clause_fillers: ['please', 'ok'], signals: { prohibition: [{ term: 'stop', at_clause_start: true }] } })];
    const hits = (t: string) => liveHits(analyzeText(t, l), 'prohibition').map((h) => h.term);
    expect(hits('stop it')).toEqual(['stop']);
    expect(hits('fine. please stop it')).toEqual(['stop']);
    expect(hits('ok, please stop')).toEqual(['stop']);
    expect(hits('the bus stop is far')).toEqual([]);
    expect(hits('okay stop')).toEqual([]);
  });
  it('signal_patterns are hits of their category, negated like terms; a bad one names its field', () => {
    const l = [mini({ signal_patterns: { negative: ['\\btoo \\w+'] } })];
    expect(liveHits(analyzeText('way too long', l), 'negative').map((h) => h.term)).toEqual(['too long']);
    expect(liveHits(analyzeText('not too long', l), 'negative')).toEqual([]);
    try {
      mini({ signal_patterns: { redo: ['(again'] } });
      expect.unreachable();
    } catch (e) {
      expect((e as SkillpulseError).location).toMatchObject({ file: 'xx.json', field: 'signal_patterns.redo.0' });
    }
    expect(() => mini({ signal_patterns: { nonsense: ['x'] } })).toThrowError(SkillpulseError);
  });
  it('new_task_not_before keeps nouns and reports from counting as imperatives', () => {
    const l = [mini({ new_task_not_before: ['is', 'failed'], signals: { new_task: [{ term: 'deploy', at_clause_start: true }] } })];
    const hits = (t: string) => liveHits(analyzeText(t, l), 'new_task').map((h) => h.term);
    expect(hits('deploy to staging')).toEqual(['deploy']);
    expect(hits('deploy failed')).toEqual([]);
    expect(hits('deploy is slow')).toEqual([]);
  });
  it('a negative evaluation counts in a statement clause and in a why-question, not in a plain question', () => {
    expect(live('this is confusing, who is it for?', 'negative')).toEqual(['confusing']);
    expect(live('is it slow on big repos?', 'negative')).toEqual([]);
    expect(live('why is it so slow?', 'negative')).toEqual(['slow']);
  });
  it('refers_back marks revisions that point at the result', () => {
    const a = analyzeText('now make it shorter', lx);
    expect(a.hits.find((h) => h.category === 'revision')).toMatchObject({ term: 'make it', refersBack: true });
    expect(a.hits.find((h) => h.category === 'move_on')).toMatchObject({ term: 'now', clause: 0 });
  });
  it('every bundled word class is present in both languages', () => {
    for (const l of lx)
      for (const category of ['failure', 'negative', 'prohibition', 'challenge', 'new_task', 'revision', 'move_on'] as const)
        expect(l.signals[category].length + (l.signalPatterns[category]?.length ?? 0), `${l.language} ${category}`).toBeGreaterThan(0);
  });
});

describe('round 4: lexicon machinery (after_concession, irrealis, question_words, part/retain)', () => {
  const mini = (extra: Record<string, unknown>, mode: 'word' | 'cjk' = 'word') =>
    compileLexicon({ language: 'xx', name: 'x', mode, negators: ['not'], signals: {}, dimensions: {}, ...extra }, 'xx.json');
  it('after_concession: the entry counts only after an acceptance or acknowledgement in an earlier clause', () => {
    const l = [
      mini({
        signals: {
          acceptance: ['fine'],
          acknowledgement: ['almost'],
          qualifier: [{ term: 'just the', at_clause_start: true, after_concession: true }],
        },
      }),
    ];
    const q = (t: string) => liveHits(analyzeText(t, l), 'qualifier').map((h) => h.term);
    expect(q('almost, just the dates')).toEqual(['just the']);
    expect(q('fine. just the header')).toEqual(['just the']);
    expect(q('just the dates')).toEqual([]);
    expect(q('not fine, just the dates')).toEqual([]);
  });
  it('irrealis (word): a conditional anywhere before in the clause, a modal only with a condition after', () => {
    const l = [
      mini({
        irrealis: ['if'],
        modal_irrealis: ['would', "'d"],
        irrealis_conditions: ['if', 'with'],
        signals: { acceptance: ['perfect', 'great'] },
      }),
    ];
    const acc = (t: string) => liveHits(analyzeText(t, l), 'acceptance').map((h) => h.term);
    expect(acc('if you think it is perfect, merge')).toEqual([]);
    expect(acc('it would be perfect if it had tests')).toEqual([]);
    expect(acc("it'd be perfect with tests")).toEqual([]);
    expect(acc('that would be great')).toEqual(['great']);
    expect(acc('perfect. if you want, merge')).toEqual(['perfect']);
  });
  it('irrealis (cjk): the text just before the praise ends with a marker', () => {
    const l = [mini({ irrealis: ['能', '就能'], signals: { acceptance: ['搞定'] } }, 'cjk')];
    const acc = (t: string) => liveHits(analyzeText(t, l), 'acceptance').map((h) => h.term);
    expect(acc('一个函数就能搞定')).toEqual([]);
    expect(acc('搞定了')).toEqual(['搞定']);
  });
  it('question_words: a redo hit inside a wh-question is not live; in a yes/no question it is', () => {
    const l = [mini({ question_words: ['how', 'what'], signals: { redo: ['try again'] } })];
    const redo = (t: string) => liveHits(analyzeText(t, l), 'redo').map((h) => h.term);
    expect(redo('how do I try again?')).toEqual([]);
    expect(redo('ok. what if we try again?')).toEqual([]);
    expect(redo('can you try again?')).toEqual(['try again']);
    expect(redo('how nice. try again')).toEqual(['try again']);
  });
  it('negated praise from a signal pattern is a rejection, like a listed term', () => {
    const l = [mini({ negated_acceptance_is_rejection: true, signal_patterns: { acceptance: ['\\bsolid\\b'] } })];
    expect(liveHits(analyzeText('not solid', l), 'rejection').map((h) => h.fromNegatedAcceptance)).toEqual([true]);
  });
  it('a term that normalises to nothing is an error naming its field', () => {
    try {
      mini({ signals: { acceptance: ['ok', '   '] } });
      expect.unreachable();
    } catch (e) {
      expect((e as SkillpulseError).location).toMatchObject({ file: 'xx.json', field: 'signals.acceptance.1' });
    }
  });
  it('part and retain are bundled in both languages', () => {
    for (const l of lx) for (const c of ['part', 'retain'] as const) expect(l.signals[c].length, `${l.language} ${c}`).toBeGreaterThan(0);
  });
});
