import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../../test/support/conversation.js';
import { handModel } from '../../../test/support/hand-model.js';
import { type ClassifyOptions, classifyWindow } from '../classify.js';
import { buildWindows } from '../window.js';
import type { ModelFile } from './logistic.js';
import { complaintVeto, DEFAULT_COMPLAINT_VETO_THRESHOLD, MODEL_CONFIDENCE } from './second-stage.js';

/**
 * A hand-made model: `blorp` pushes towards a complaint, `zing` towards acceptance, everything else
 * towards no verdict (p(negative) ≈ 0.11 for a text with none of them).
 */
const MODEL: ModelFile = handModel({ 'w:blorp': [6, 0, 0], 'w:zing': [0, 6, 0] });

function judge(steps: Step[], secondStage: ClassifyOptions['secondStage']) {
  const { conversation, located } = buildConversation(steps);
  const [w] = buildWindows(conversation, located, { maxTurns: 3 });
  return classifyWindow(w!, { secondStage });
}

const on = (complaintVetoThreshold: number | null = 0.2): ClassifyOptions['secondStage'] => ({
  model: MODEL,
  complaintVetoThreshold,
  complaintVetoScope: 'all',
});
const questions = (complaintVetoThreshold = 0.2): ClassifyOptions['secondStage'] => ({ model: MODEL, complaintVetoThreshold });

describe('complaint veto: the model overrules a complaint the rules read from words alone', () => {
  it('complaintVeto: null at or above the threshold, acceptance or none below it, with the probabilities', () => {
    expect(complaintVeto({ text: 'this is wrong blorp' }, { model: MODEL, complaintVetoThreshold: 0.2 })).toBeNull();
    const none = complaintVeto({ text: 'this is wrong' }, { model: MODEL, complaintVetoThreshold: 0.2 });
    expect(none?.outcome).toBe('none');
    expect(none?.probabilities.negative).toBeCloseTo(Math.exp(0) / (2 + Math.exp(2)), 6);
    const accept = complaintVeto({ text: 'wrong? no, zing' }, { model: MODEL, complaintVetoThreshold: 0.2 });
    expect(accept).toMatchObject({ outcome: 'acceptance', features: ['"zing"'] });
    expect(complaintVeto({ text: 'this is wrong' }, { model: MODEL, complaintVetoThreshold: 0.1 })).toBeNull();
    expect(complaintVeto({ text: 'this is wrong' }, { model: MODEL, complaintVetoThreshold: null })).toBeNull();
    expect(complaintVeto({ text: '   ' }, { model: MODEL, complaintVetoThreshold: 0.2 })).toBeNull();
    expect(complaintVeto({ text: 'this is wrong' }, { model: MODEL, complaintVetoThreshold: 0.2, reads: () => false })).toBeNull();
  });

  it('a rule rejection the model does not read becomes no verdict, and the reason says so', () => {
    const steps: Step[] = [{ skill: 's' }, { user: 'this is wrong' }];
    expect(judge(steps, false)).toMatchObject({ outcome: 'correction', rule: 'rejection' });
    expect(judge(steps, on(null))).toMatchObject({ outcome: 'correction', rule: 'rejection' });
    const c = judge(steps, on());
    expect(c).toMatchObject({ outcome: 'none', rule: 'no-signal', turns_to_feedback: null });
    expect(c.reason).toContain("turn 1: the rules' rejection");
    expect(c.reason).toContain('overruled by the model');
  });

  it('becomes the model acceptance where the model reads acceptance, at model confidence', () => {
    const c = judge([{ skill: 's' }, { user: 'this is wrong? no, zing' }], on());
    expect(c).toMatchObject({ outcome: 'acceptance', rule: 'model-acceptance', confidence: MODEL_CONFIDENCE, turns_to_feedback: 1 });
    expect(c.reason).toContain('model reads an acceptance where the rules read');
    expect(c.dimension_hint).toBeNull();
  });

  it('a complaint the model also reads stands', () => {
    expect(judge([{ skill: 's' }, { user: 'this is wrong, blorp' }], on())).toMatchObject({ outcome: 'correction', rule: 'rejection' });
  });

  it('only the overruled turn loses its verdict: a later complaint the model reads still decides', () => {
    const c = judge([{ skill: 's' }, { user: 'this is wrong? no, zing' }, { user: 'wait, this is wrong blorp' }], on());
    expect(c).toMatchObject({ outcome: 'correction', turns_to_feedback: 2 });
    expect(c.reason).toContain("turn 1: the rules' rejection");
  });

  it('an explicit acceptance elsewhere in the window decides once the complaint is overruled', () => {
    const c = judge([{ skill: 's' }, { user: 'looks good, thanks' }, { user: 'this is wrong' }], on());
    expect(c).toMatchObject({ outcome: 'acceptance', rule: 'explicit-acceptance', turns_to_feedback: 1 });
    expect(c.reason).toContain("turn 2: the rules' rejection");
  });

  it('never overrules acts: a revert command, a revert or redo request, a refusal or an interrupt', () => {
    const acts: Array<[Step[], string]> = [
      [[{ skill: 's' }, { user: 'hm' }, { bash: 'git reset --hard' }], 'revert-command'],
      [[{ skill: 's' }, { user: 'please revert that' }], 'revert-request'],
      [[{ skill: 's' }, { user: 'please redo it' }], 'redo'],
      [[{ skill: 's' }, { denial: 'not that file' }], 'denial'],
      [[{ skill: 's' }, { interrupt: true }], 'interrupt'],
    ];
    for (const [steps, rule] of acts) expect(judge(steps, on(0.99)).rule, rule).toBe(rule);
  });

  it('is off without the second stage, and has a documented default bar', () => {
    expect(judge([{ skill: 's' }, { user: 'this is wrong' }], false).rule).toBe('rejection');
    expect(
      DEFAULT_COMPLAINT_VETO_THRESHOLD === null || (DEFAULT_COMPLAINT_VETO_THRESHOLD > 0 && DEFAULT_COMPLAINT_VETO_THRESHOLD < 0.5),
    ).toBe(true);
  });

  it("scope 'questions' (the default): only a turn that is nothing but a question, answered in words, that the model reads as no verdict", () => {
    const asked: Step[] = [
      { skill: 's' },
      { user: 'why is this wrong here?' },
      // The answer concedes (`Right:`), so the rules' explain-question reading (classify.ts) leaves it to the model.
      { say: 'Right: it uses the cached value, which is stale after a deploy.' },
    ];
    expect(judge(asked, false)).toMatchObject({ outcome: 'correction' });
    const c = judge(asked, questions());
    expect(c).toMatchObject({ outcome: 'none', rule: 'no-signal' });
    expect(c.reason).toContain('overruled by the model');
    // No answer in words: the rules stand.
    expect(judge([{ skill: 's' }, { user: 'why is this wrong here?' }], questions())).toMatchObject({ outcome: 'correction' });
    // Not only a question: a statement beside it keeps the complaint.
    expect(
      judge([{ skill: 's' }, { user: 'this is wrong. why?' }, { say: 'Right: because the cache is stale.' }], questions()),
    ).toMatchObject({
      outcome: 'correction',
    });
    // The model reads acceptance, not no verdict: the rules stand (only `all` turns it into an acceptance).
    expect(
      judge([{ skill: 's' }, { user: 'why is this wrong, zing?' }, { say: 'Right, it is not; it matches the spec.' }], questions()),
    ).toMatchObject({ outcome: 'correction' });
  });

  it('with the shipped model and defaults: complaint-questions answered with an apology or a fix stay corrections, explain questions lose the complaint (by the rules)', () => {
    const complaints: Array<[string, string]> = [
      ['why did you delete the tests?', "Sorry — I shouldn't have. Restored them from git."],
      ['why is it using the prod database??', "You're right, it shouldn't. Switched it to staging."],
      ['为什么把 node_modules 也提交了？', '抱歉，已经撤回这个提交并加到 .gitignore。'],
      ['why is the total 0 for every row?', 'The join dropped the prices; fixed it so totals are computed from order_items.'],
      ["didn't I say staging?", 'Yes, sorry — redeployed to staging.'],
      ['why is this so slow now?', 'The new query does a full scan; I added an index on user_id and it is back to 40ms.'],
      ['怎么又把测试删了？', '抱歉，已恢复测试文件。'],
      ['why does it still crash on empty input?', 'The guard was in the wrong branch; moved it up, empty input now returns [].'],
    ];
    for (const [text, reply] of complaints)
      expect(judge([{ skill: 's' }, { user: text }, { say: reply }], true).outcome, text).toBe('correction');
    const explain = judge(
      [{ skill: 's' }, { user: '为什么多肉要隔两周？' }, { say: '多肉耐旱，根系怕积水，两周浇一次能让土完全干透。' }],
      true,
    );
    expect(explain).toMatchObject({ outcome: 'none', rule: 'no-signal' });
    expect(explain.reason).toContain('an explain question, answered without a concession or a change');
  });
});

describe('turns the rules settled are not re-read by the model for a complaint (rule round 23)', () => {
  const complaining: ClassifyOptions['secondStage'] = { model: handModel({ 'w:why': [9, 0, 0], 'w:unrelated': [9, 0, 0] }) };
  it('a question answered in words without a concession, and a turn that opens with a topic change', () => {
    const explained = judge(
      [{ skill: 's' }, { user: 'why a ratio and not a fixed count?' }, { say: 'A ratio scales with the run.' }],
      complaining,
    );
    expect(explained).toMatchObject({ outcome: 'none' });
    const aside = judge([{ skill: 's' }, { user: 'unrelated, but is yarn 1 still a thing?' }], complaining);
    expect(aside).toMatchObject({ outcome: 'none' });
  });
  it('trap: answered with a concession, or with no answer in words, the model still reads it', () => {
    const conceded = judge(
      [{ skill: 's' }, { user: 'why a ratio and not a fixed count?' }, { say: 'Fair point, switched to 500 steps.' }],
      complaining,
    );
    expect(conceded).toMatchObject({ outcome: 'correction', rule: 'model-rejection' });
    expect(judge([{ skill: 's' }, { user: 'why a ratio and not a fixed count?' }], complaining)).toMatchObject({ rule: 'model-rejection' });
  });
});
