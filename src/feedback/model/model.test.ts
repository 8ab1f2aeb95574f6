import { describe, expect, it } from 'vitest';
import { extractFeatures, extractReplyFeatures, MAX_FEATURE_CHARS, MAX_REPLY_FEATURE_CHARS, tokenize } from './features.js';
import {
  DEFAULT_TRAINING_PARAMS,
  describeFeature,
  parseModel,
  predict,
  serializeModel,
  type TrainingExample,
  trainModel,
} from './logistic.js';
import { shippedModel } from './second-stage.js';

describe('tokenisation', () => {
  it('English: lowercased words with apostrophes, clause breaks at punctuation, bigrams with a start mark', () => {
    expect(tokenize('Isn’t that the WRONG table?').words).toEqual(["isn't", 'that', 'the', 'wrong', 'table']);
    expect(tokenize('ok, but no.').words).toEqual(['ok', '|', 'but', 'no']);
    const f = extractFeatures('Isn’t that the WRONG table?');
    expect(f).toContain("w:isn't");
    expect(f).toContain("b:^_isn't");
    expect(f).toContain('b:wrong_table');
    expect(f).toContain('p:?');
    // No bigram across a clause break.
    expect(extractFeatures('ok, but no')).not.toContain('b:ok_but');
    expect(extractFeatures('ok, but no')).toContain('b:but_no');
  });

  it('Chinese: character unigrams and bigrams of CJK runs, no segmentation needed', () => {
    const t = tokenize('不对，运行失败了');
    expect(t.cjkRuns).toEqual(['不对', '运行失败了']);
    const f = extractFeatures('不对，运行失败了');
    expect(f).toEqual(expect.arrayContaining(['c:对', 'cc:不对', 'cc:失败', 'cc:败了']));
    // No bigram across the comma; function characters (不, 了) count only inside bigrams.
    expect(f).not.toContain('cc:对运');
    expect(f).not.toContain('c:不');
    expect(f).not.toContain('c:了');
  });

  it('English: words after a negator in the same clause are negated features', () => {
    const f = extractFeatures('nothing broke, no errors. the build broke');
    expect(f).toEqual(expect.arrayContaining(['w:nothing', 'w:!broke', 'w:!errors', 'w:broke', 'w:build']));
    expect(f).not.toContain('w:errors');
    // The scope ends at the clause break and after three words.
    expect(extractFeatures("it doesn't really seem to work")).toEqual(expect.arrayContaining(['w:!really', 'w:!seem', 'w:!to', 'w:work']));
  });

  it('mixed scripts, emoji, digits and NFKC', () => {
    const f = extractFeatures('ＯＫ 这个 API 有 3 个 bug 👍');
    expect(f).toEqual(expect.arrayContaining(['w:ok', 'w:api', 'w:bug', 'cc:这个', 's:👍']));
    expect(f).not.toContain('w:3');
    expect(f).toContain('w:#');
    expect(f).not.toContain('n:2+');
    expect(f).toEqual([...f].sort());
  });

  it('figures are one feature whatever their value; two or more add n:2+', () => {
    const f = extractFeatures('thats 12h between. minimum rest is 14h');
    expect(f).toEqual(expect.arrayContaining(['w:#', 'b:thats_#', 'b:is_#', 'n:2+']));
    expect(f.filter((x) => /12|14/.test(x))).toEqual([]);
    expect(extractFeatures('47 km instead of the usual 63')).toEqual(expect.arrayContaining(['b:^_#', 'b:usual_#', 'n:2+']));
    expect(extractFeatures('v2 looks fine')).toEqual(expect.arrayContaining(['w:#', 'b:^_#', 'b:#_looks']));
  });

  it('reads only the start of a long message', () => {
    const long = `${'fine '.repeat(MAX_FEATURE_CHARS / 5)}wrongword`;
    expect(extractFeatures(long)).not.toContain('w:wrongword');
  });
});

const TOY: TrainingExample[] = [
  { text: 'this is wrong', label: 'negative' },
  { text: 'wrong again, the table is wrong', label: 'negative' },
  { text: 'that is broken and wrong', label: 'negative' },
  { text: '不对，还是错的', label: 'negative' },
  { text: '又不对了', label: 'negative' },
  { text: 'great, thanks', label: 'acceptance' },
  { text: 'thanks, great work', label: 'acceptance' },
  { text: 'great job', label: 'acceptance' },
  { text: '很好，谢谢', label: 'acceptance' },
  { text: '谢谢，很好', label: 'acceptance' },
  { text: 'what does the flag do', label: 'none' },
  { text: 'what time is the meeting', label: 'none' },
  { text: '这个参数是什么意思', label: 'none' },
  { text: '参数是什么', label: 'none' },
];

describe('training', () => {
  it('is deterministic: the same data in any order gives a byte-identical file', () => {
    const a = serializeModel(trainModel(TOY));
    const b = serializeModel(trainModel([...TOY].reverse()));
    const c = serializeModel(trainModel([...TOY, ...TOY.slice(0, 3)])); // duplicates are dropped
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a.endsWith('}\n')).toBe(true);
    expect(() => parseModel(JSON.parse(a))).not.toThrow();
  });

  it('different data gives different weights', () => {
    expect(serializeModel(trainModel(TOY.slice(1)))).not.toBe(serializeModel(trainModel(TOY)));
  });

  it('learns the classes it was given (en and zh) and explains with the present features', () => {
    const model = parseModel(JSON.parse(serializeModel(trainModel(TOY))));
    expect(model.trained_on).toEqual({ negative: 5, acceptance: 5, none: 4 });
    const neg = predict(model, 'the output is wrong');
    expect(neg.label).toBe('negative');
    expect(neg.topFeatures).toContain('w:wrong');
    expect(predict(model, 'great, thanks a lot').label).toBe('acceptance');
    expect(predict(model, '还是不对').label).toBe('negative');
    expect(predict(model, '谢谢').label).toBe('acceptance');
    expect(predict(model, '这个是什么').label).toBe('none');
    const p = predict(model, 'wrong').probabilities;
    expect(p.negative + p.acceptance + p.none).toBeCloseTo(1, 10);
    expect(p.negative).toBeGreaterThan(p.acceptance);
  });

  it('features seen only once are not used (minCount 2)', () => {
    const model = trainModel(TOY);
    expect(model.weights['w:broken']).toBeUndefined();
    expect(model.weights['w:wrong']).toBeDefined();
  });
});

describe('the weights file', () => {
  it('rejects a file that is not a model, naming the field', () => {
    expect(() => parseModel({ format: 'x', version: 1 }, 'w.json')).toThrow('w.json: not a skillpulse feedback model');
    const good = JSON.parse(serializeModel(trainModel(TOY)));
    expect(() => parseModel({ ...good, bias: [0] }, 'w.json')).toThrow('field bias');
    expect(() => parseModel({ ...good, weights: { 'w:x': [1, 2] } }, 'w.json')).toThrow('field weights.w:x');
  });

  it('the shipped model loads and was trained on all three classes', () => {
    const m = shippedModel();
    expect(m.classes).toEqual(['negative', 'acceptance', 'none']);
    expect(m.trained_on.negative).toBeGreaterThan(50);
    expect(m.trained_on.acceptance).toBeGreaterThan(50);
    expect(m.trained_on.none).toBeGreaterThan(50);
  });
});

describe("the assistant's answer as evidence (replyFeatures)", () => {
  it('reply features are prefixed apart from the turn, words and CJK bigrams, digits as #, from the opening only', () => {
    expect(extractReplyFeatures('Sorry, fixed the 3 totals. 已改成按月')).toEqual(
      ['r:sorry', 'r:fixed', 'r:the', 'r:#', 'r:totals', 'rcc:已改', 'rcc:改成', 'rcc:成按', 'rcc:按月'].sort(),
    );
    expect(extractReplyFeatures(`${'x '.repeat(MAX_REPLY_FEATURE_CHARS)} late`)).not.toContain('r:late');
  });

  it('a model trained with replyFeatures reads the answer; without it (older weights) the answer is ignored', () => {
    const examples: TrainingExample[] = [];
    for (let i = 0; i < 6; i++) {
      examples.push({ text: `the total is ${i}`, label: 'negative', reply: 'Sorry, fixed it.' });
      examples.push({ text: `the total is ${i}`, label: 'none', reply: 'The total comes from the sum of rows.' });
    }
    const withReply = trainModel(examples, { ...DEFAULT_TRAINING_PARAMS, iterations: 200 });
    expect(withReply.params.replyFeatures).toBe(true);
    expect(withReply.weights['r:fixed']).toBeDefined();
    expect(predict(withReply, 'the total is 9', 0, undefined, 'Sorry, fixed it.').label).toBe('negative');
    expect(predict(withReply, 'the total is 9', 0, undefined, 'The total comes from the sum.').label).toBe('none');
    expect(predict(withReply, 'the total is 9', 3, 'negative', 'Sorry, fixed it.').topFeatures.map(describeFeature)).toContain(
      'answer "fixed"',
    );
    const without = trainModel(examples, { ...DEFAULT_TRAINING_PARAMS, iterations: 200, replyFeatures: false });
    expect(Object.keys(without.weights).some((f) => f.startsWith('r:'))).toBe(false);
    const a = predict(without, 'the total is 9', 0, undefined, 'Sorry, fixed it.').probabilities;
    const b = predict(without, 'the total is 9', 0).probabilities;
    expect(a).toEqual(b);
    // Weights written before the option existed have no replyFeatures: off.
    const { replyFeatures: _r, ...older } = withReply.params;
    const old = { ...withReply, params: older };
    expect(predict(old, 'the total is 9', 0, undefined, 'Sorry, fixed it.').probabilities).toEqual(
      predict(old, 'the total is 9', 0).probabilities,
    );
  });
});
