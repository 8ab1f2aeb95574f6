import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../../test/support/conversation.js';
import { handModel } from '../../../test/support/hand-model.js';
import { type ClassifyOptions, classifyWindow } from '../classify.js';
import { buildWindows } from '../window.js';
import type { ModelFile } from './logistic.js';
import {
  coveredBy,
  DEFAULT_ACCEPTING_TURN_THRESHOLD,
  DEFAULT_THRESHOLD,
  MODEL_CONFIDENCE,
  modelVerdict,
  SECOND_STAGE_DEFAULT,
} from './second-stage.js';

/** A hand-made model: `blorp`/`hrm` push towards a complaint, `zing` towards acceptance; everything else is none. */
const MODEL: ModelFile = handModel({ 'w:blorp': [6, 0, 0], 'w:hrm': [2.5, 0, 0], 'w:zing': [0, 6, 0] });
const ALWAYS: ModelFile = { ...MODEL, bias: [9, 0, 0], weights: {} };

function judge(steps: Step[], secondStage: ClassifyOptions['secondStage']) {
  const { conversation, located } = buildConversation(steps);
  const [w] = buildWindows(conversation, located, { maxTurns: 3 });
  return classifyWindow(w!, { secondStage });
}

describe('second stage: where the rules gave no verdict or implicit acceptance, and the other turns of an explicit acceptance', () => {
  it('no signal from the rules: the model decides, with its own rule, confidence and features as the reason', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'blorp, the headings on page two' }];
    expect(judge(steps, false).rule).toBe('no-signal');
    const c = judge(steps, { model: MODEL });
    expect(c).toMatchObject({
      outcome: 'correction',
      correction_type: 'rejection',
      rule: 'model-rejection',
      confidence: MODEL_CONFIDENCE,
      turns_to_feedback: 1,
    });
    expect(c.confidence).toBeLessThan(0.6);
    expect(c.reason).toContain('model reads a complaint');
    expect(c.reason).toContain('"blorp"');
    expect(c.reason).toContain('rules: no-signal');
    expect(c.snippet_source).toBe('blorp, the headings on page two');
  });

  it('finds the complaint on a later turn and reports that turn', () => {
    const c = judge([{ skill: 's' }, { user: 'what does the second flag do' }, { user: 'hrm blorp' }], { model: MODEL });
    expect(c.rule).toBe('model-rejection');
    expect(c.turns_to_feedback).toBe(2);
  });

  it('below the threshold the rules verdict stands', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'hrm the headings on page two' }];
    expect(judge(steps, { model: MODEL }).rule).toBe('no-signal'); // p(negative) ≈ 0.59 < 0.7 (the default)
    expect(judge(steps, { model: MODEL, threshold: 0.9 }).outcome).toBe('none');
    expect(judge(steps, { model: MODEL, threshold: 0.55 }).rule).toBe('model-rejection');
  });

  it('implicit acceptance (moving on) may be replaced by a model complaint', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'now add tests for the parser' }];
    expect(judge(steps, false).rule).toBe('move-on');
    expect(judge(steps, { model: ALWAYS }).rule).toBe('model-rejection');
    expect(judge(steps, { model: MODEL }).rule).toBe('move-on');
  });

  it('never overrides the turn of an explicit rule verdict, even with a model that reads everything as a complaint', () => {
    const explicit: Array<[string, string]> = [
      ['this is wrong', 'rejection'],
      ['please redo it', 'redo'],
      ['close, but the dates are off', 'partial'],
      ['you forgot the index', 'failure-report'],
      ['2', 'option-choice'],
    ];
    for (const [text, rule] of explicit) {
      expect(judge([{ skill: 's' }, { user: text }], false).rule).toBe(rule);
      expect(judge([{ skill: 's' }, { user: text }], { model: ALWAYS }).rule).toBe(rule);
    }
    expect(judge([{ skill: 's' }, { denial: 'no' }], { model: ALWAYS }).rule).not.toMatch(/^model-/);
    expect(judge([{ skill: 's' }, { interrupt: true }], { model: ALWAYS }).rule).toBe('interrupt');
  });

  it('beside an explicit acceptance it reads only the other turns of the window: a complaint there outranks the acceptance', () => {
    const later: Step[] = [{ skill: 's' }, { user: 'looks good, thanks' }, { user: 'blorp, the headings on page two' }];
    expect(judge(later, false)).toMatchObject({ outcome: 'acceptance', rule: 'explicit-acceptance', turns_to_feedback: 1 });
    const c = judge(later, { model: MODEL });
    expect(c).toMatchObject({ outcome: 'correction', rule: 'model-rejection', turns_to_feedback: 2, confidence: MODEL_CONFIDENCE });
    expect(c.reason).toContain('rules: explicit-acceptance in turn 1, outranked by a correction');
    expect(c.snippet_source).toBe('blorp, the headings on page two');
    // A complaint before the acceptance counts the same (precedence holds across the window).
    const earlier = judge([{ skill: 's' }, { user: 'blorp, the headings on page two' }, { user: 'looks good now, thanks' }], {
      model: MODEL,
    });
    expect(earlier).toMatchObject({ outcome: 'correction', rule: 'model-rejection', turns_to_feedback: 1 });
    // Below the threshold the acceptance stands.
    expect(judge([{ skill: 's' }, { user: 'looks good' }, { user: 'hrm, page two' }], { model: MODEL }).rule).toBe('explicit-acceptance');
  });

  it('the accepting turn itself is re-read only at the higher acceptingTurnThreshold (default 0.9), or not at all with null', () => {
    expect(DEFAULT_ACCEPTING_TURN_THRESHOLD).toBe(0.9);
    expect(DEFAULT_ACCEPTING_TURN_THRESHOLD).toBeGreaterThan(DEFAULT_THRESHOLD);
    const sure: Step[] = [{ skill: 's' }, { user: 'looks good, blorp' }, { user: 'what does the second flag do' }]; // p(negative) ≈ 0.98
    expect(judge(sure, false)).toMatchObject({ outcome: 'acceptance', rule: 'explicit-acceptance', turns_to_feedback: 1 });
    const c = judge(sure, { model: MODEL });
    expect(c).toMatchObject({ outcome: 'correction', rule: 'model-rejection', turns_to_feedback: 1, confidence: MODEL_CONFIDENCE });
    expect(c.reason).toContain('rules: explicit-acceptance in turn 1, outranked by a correction');
    // Sure enough for another turn (0.8) but not for the accepting one: hrm + blorp would be; hrm alone (≈ 0.59) is not.
    expect(judge([{ skill: 's' }, { user: 'looks good, hrm' }], { model: MODEL }).rule).toBe('explicit-acceptance');
    expect(judge([{ skill: 's' }, { user: 'looks good, hrm' }], { model: MODEL, acceptingTurnThreshold: 0.55 }).rule).toBe(
      'model-rejection',
    );
    expect(judge([{ skill: 's' }, { user: 'looks good, thanks' }], { model: ALWAYS }).rule).toBe('model-rejection');
    expect(judge([{ skill: 's' }, { user: 'looks good, thanks' }], { model: ALWAYS, acceptingTurnThreshold: null }).rule).toBe(
      'explicit-acceptance',
    );
    // Another turn's complaint is found first (at the lower bar) and named.
    expect(judge([{ skill: 's' }, { user: 'looks good, blorp' }, { user: 'hrm blorp' }], { model: MODEL }).turns_to_feedback).toBe(2);
  });

  it('a window without human turns stays no-reaction', () => {
    expect(judge([{ skill: 's' }], { model: ALWAYS }).rule).toBe('no-reaction');
  });

  it('model acceptance only with an acceptance threshold, only on turn 1, only where the rules found no signal', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'zing zing' }];
    expect(judge(steps, { model: MODEL }).outcome).toBe('none');
    const c = judge(steps, { model: MODEL, acceptanceThreshold: 0.8 });
    expect(c).toMatchObject({ outcome: 'acceptance', rule: 'model-acceptance', dimension_hint: null, correction_type: null });
    // Implicit acceptance from the rules is not re-labelled as model acceptance.
    expect(judge([{ skill: 's' }, { user: 'now add tests, zing' }], { model: MODEL, acceptanceThreshold: 0.5 }).rule).toBe('move-on');
  });

  it('shared responses halve the model confidence as they halve the rules', () => {
    const c = judge([{ skills: ['a', 'b'] }, { user: 'blorp' }], { model: MODEL });
    expect(c.rule).toBe('model-rejection');
    expect(c.confidence).toBe(MODEL_CONFIDENCE * 0.5);
  });

  it('off and on by option; the default is SECOND_STAGE_DEFAULT', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'blorp' }];
    const { conversation, located } = buildConversation(steps);
    const [w] = buildWindows(conversation, located, { maxTurns: 3 });
    const byDefault = classifyWindow(w!);
    expect(byDefault.rule === 'model-rejection' || byDefault.rule === 'no-signal' || byDefault.rule === 'negative-evaluation').toBe(true);
    expect(classifyWindow(w!, { secondStage: false }).rule).not.toMatch(/^model-/);
    expect(typeof SECOND_STAGE_DEFAULT).toBe('boolean');
  });
});

describe('the language selection governs the second stage too', () => {
  it('reads CJK text only with a cjk lexicon and other text only with a word lexicon', () => {
    const enOnly = coveredBy([{ mode: 'word' }]);
    const zhOnly = coveredBy([{ mode: 'cjk' }]);
    const both = coveredBy([{ mode: 'word' }, { mode: 'cjk' }]);
    expect([enOnly('this is wrong'), enOnly('不是说了不要 axios 吗')]).toEqual([true, false]);
    expect([zhOnly('this is wrong'), zhOnly('不是说了不要 axios 吗')]).toEqual([false, true]);
    expect([both('this is wrong'), both('不是说了不要 axios 吗')]).toEqual([true, true]);
  });

  it('is on by default, and a turn outside the selection gets no model verdict', () => {
    expect(SECOND_STAGE_DEFAULT).toBe(true);
    const turns = [{ index: 1, kind: 'prompt', text: '不是说了不要 axios 吗，项目里只用 fetch', timestamp: '', uuid: null, line: 1 }];
    const skipped = modelVerdict(turns as never, { reads: coveredBy([{ mode: 'word' }]), threshold: 0 });
    expect(skipped).toBeNull();
    const read = modelVerdict(turns as never, { reads: coveredBy([{ mode: 'cjk' }]), threshold: 0 });
    expect(read?.turn).toBe(1);
  });
});
