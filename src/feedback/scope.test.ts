/** Question cases read from the lexicons (`question_cases`): a failure or revert word asked about, not reported. */
import { describe, expect, it } from 'vitest';
import { compileLexicon, defaultLexicons } from './lexicon.js';
import { isBehaviourQuestion, isHypotheticalCase } from './scope.js';

const byLanguage = new Map(defaultLexicons().map((lx) => [lx.language, lx]));
const en = byLanguage.get('en')!;
const zh = byLanguage.get('zh')!;
const at = (text: string, word: string) => text.indexOf(word);

describe('question_cases', () => {
  it('a failure expected to happen is asked about, unless a marker says it was seen', () => {
    const expected = 'how long will writes fail during the switch?';
    expect(isHypotheticalCase(en, expected, at(expected, 'fail'))).toBe(true);
    const seen = 'why will it fail every time?';
    expect(isHypotheticalCase(en, seen, at(seen, 'fail'))).toBe(false);
    const zhExpected = '切的时候写请求大概会失败多久？';
    expect(isHypotheticalCase(zh, zhExpected, at(zhExpected, '失败'))).toBe(true);
    const zhSeen = '为什么会失败？';
    expect(isHypotheticalCase(zh, zhSeen, at(zhSeen, '失败'))).toBe(false);
  });

  it('zh: a failure followed by 的时候 / 的话 names a case', () => {
    const text = '刷新失败的时候会怎样？';
    const start = at(text, '失败');
    expect(isHypotheticalCase(zh, text, start, start + 2)).toBe(true);
    const plain = '刷新失败了，页面空白';
    expect(isHypotheticalCase(zh, plain, at(plain, '失败'), at(plain, '失败') + 2)).toBe(false);
  });

  it('a revert in a question about the system is no request; one asked of the agent is', () => {
    const behaviour = 'does the second schedule just revert?';
    expect(isBehaviourQuestion(en, behaviour, at(behaviour, 'revert'))).toBe(true);
    const request = 'can you revert?';
    expect(isBehaviourQuestion(en, request, at(request, 'revert'))).toBe(false);
    expect(isBehaviourQuestion(zh, '会回滚吗？', 1)).toBe(false);
  });

  it('a language without question_cases has no such rule (English words never apply to it)', () => {
    const fr = compileLexicon({
      language: 'fr',
      name: 'Français',
      mode: 'word',
      hypothetical_markers: ['si'],
      signals: {},
      dimensions: {},
    });
    expect(fr.questionCases).toEqual({ expectedBefore: null, seenMarkers: null, caseAfter: null, behaviourQuestion: null });
    const text = 'how long will writes fail during the switch?';
    expect(isHypotheticalCase(fr, text, at(text, 'fail'))).toBe(false);
    expect(isBehaviourQuestion(fr, 'does it revert?', at('does it revert?', 'revert'))).toBe(false);
  });

  it('question_cases apply on their own, without hypothetical markers', () => {
    const fr = compileLexicon({
      language: 'fr',
      name: 'Français',
      mode: 'word',
      question_cases: { expected_before: '\\bva\\s+$', seen_markers: '\\bpourquoi\\b' },
      signals: {},
      dimensions: {},
    });
    const text = 'combien de temps ça va échouer ?';
    expect(isHypotheticalCase(fr, text, at(text, 'échouer'))).toBe(true);
    const seen = 'pourquoi ça va échouer ?';
    expect(isHypotheticalCase(fr, seen, at(seen, 'échouer'))).toBe(false);
  });
});
