/**
 * Grouped cross-validation of the second stage: each training split (dev, test-r1 … test-r4,
 * corpus) is held out in turn; the model is trained on the other splits (plus, optionally, the
 * hand-written sentences) and the held-out split's invocations are judged by the rules alone and by
 * rules + that model. So every blind round is scored by a model that never saw it.
 */
import { classifyWindow } from '../../src/feedback/classify.js';
import {
  DEFAULT_TRAINING_PARAMS,
  type ModelFile,
  predict,
  type TrainingExample,
  type TrainingParams,
  trainModel,
} from '../../src/feedback/model/logistic.js';
import { DEFAULT_THRESHOLD, type SecondStageOptions } from '../../src/feedback/model/second-stage.js';
import { type Item, type Scores, score } from '../accuracy/benchmark.js';
import { extraExamples, type LabeledItem, loadLabeledItems, openingRequestExamples, TRAINING_SPLITS, turnExamples } from './dataset.js';
import { examplesOf } from './train.js';

export interface FoldResult {
  heldOut: string;
  n: number;
  trainingTurns: number;
  rules: Scores;
  withModel: Scores;
  /**
   * The model alone on the held-out split's labeled turns (turnExamples), rules aside: how often a
   * turn it calls negative (probability ≥ the threshold) is one, and how many negative turns it finds.
   */
  turns: { n: number; negative: { precision: number | null; recall: number | null }; accuracy: number | null };
  /** Invocations the model changed, with gold and both predictions. */
  changed: { source: string; gold: string; rules: string; model: string; reason: string }[];
}

export interface CrossValidation {
  threshold: number;
  /** Hand-written sentences in every fold's training data. */
  extra: number;
  folds: FoldResult[];
}

/**
 * The folds: every training split alone (leave-one-split-out), or with `groups` N the splits in
 * declaration order cut into N contiguous groups (neighbouring rounds held out together; N models
 * to train instead of one per split).
 */
export function foldsOf(groups?: number): string[][] {
  if (groups === undefined) return TRAINING_SPLITS.map((s) => [s]);
  if (!Number.isInteger(groups) || groups < 2) throw new Error(`groups must be a whole number ≥ 2, got ${groups}`);
  const size = Math.ceil(TRAINING_SPLITS.length / groups);
  return Array.from({ length: groups }, (_, g) => TRAINING_SPLITS.slice(g * size, (g + 1) * size)).filter((f) => f.length > 0);
}

/**
 * One fold: the training splits' items outside `group` (what the model learns from, with their
 * opening requests and the hand-written sentences; the held-out splits' opening requests are left
 * out too) and the items inside it (what is judged).
 */
export function foldData(
  items: readonly LabeledItem[],
  group: readonly string[],
  requests: readonly TrainingExample[],
  extra: readonly TrainingExample[],
): { train: LabeledItem[]; test: LabeledItem[]; examples: TrainingExample[] } {
  const held = new Set<string>(group);
  const train = items.filter((i) => !held.has(i.split) && (TRAINING_SPLITS as readonly string[]).includes(i.split));
  const test = items.filter((i) => held.has(i.split));
  const examples = examplesOf(train, [...requests.filter((e) => !group.some((h) => e.source?.startsWith(`${h}:`))), ...extra]);
  return { train, test, examples };
}

export async function crossValidate(
  root: string,
  options: { extra?: boolean; stage?: Omit<SecondStageOptions, 'model'>; groups?: number; params?: Partial<TrainingParams> } = {},
): Promise<CrossValidation> {
  const items = await loadLabeledItems(root);
  const extra = options.extra === false ? [] : extraExamples(root);
  const requests = openingRequestExamples(root);
  const params: TrainingParams = { ...DEFAULT_TRAINING_PARAMS, ...options.params };
  const folds: FoldResult[] = [];
  for (const group of foldsOf(options.groups)) {
    const heldOut = group.join(',');
    const { test, examples } = foldData(items, group, requests, extra);
    const model = trainModel(examples, params);
    const rulesItems: Item[] = [];
    const modelItems: Item[] = [];
    const changed: FoldResult['changed'] = [];
    for (const i of test) {
      rulesItems.push(i);
      const w = i.analyzed?.window;
      const c = w ? classifyWindow(w, { secondStage: { ...options.stage, model } }) : null;
      const predicted = c ? c.outcome : i.predicted;
      modelItems.push({ ...i, predicted });
      if (c && predicted !== i.predicted)
        changed.push({ source: `${i.source} ${i.skill_id}`, gold: i.gold, rules: i.predicted, model: predicted, reason: c.reason });
    }
    folds.push({
      heldOut,
      n: test.length,
      trainingTurns: examples.length,
      turns: scoreTurns(model, test.flatMap(turnExamples), options.stage?.threshold ?? DEFAULT_THRESHOLD),
      rules: score(rulesItems),
      withModel: score(modelItems),
      changed,
    });
  }
  return { threshold: options.stage?.threshold ?? DEFAULT_THRESHOLD, extra: extra.length, folds };
}

/** Model-only scores of labeled turns (see FoldResult.turns). */
export function scoreTurns(model: ModelFile, examples: readonly TrainingExample[], threshold: number): FoldResult['turns'] {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let right = 0;
  for (const e of examples) {
    const p = predict(model, e.text, 0, 'negative', e.reply);
    const negative = p.probabilities.negative >= threshold;
    if (negative && e.label === 'negative') tp++;
    else if (negative) fp++;
    else if (e.label === 'negative') fn++;
    if ((negative ? 'negative' : p.label === 'negative' ? 'none' : p.label) === e.label) right++;
  }
  const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
  return {
    n: examples.length,
    negative: { precision: ratio(tp, tp + fp), recall: ratio(tp, tp + fn) },
    accuracy: ratio(right, examples.length),
  };
}

const f = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
const pr = (s: Scores) =>
  `${f(s.correctionPartial.precision)} / ${f(s.correctionPartial.recall)} | ${f(s.acceptance.precision)} / ${f(s.acceptance.recall)}`;

/** A markdown table (one row per held-out split) and the changed invocations. */
export function formatCrossValidation(cv: CrossValidation): string {
  const out = [
    `threshold ${cv.threshold}, ${cv.extra} hand-written sentence(s) in every fold's training data`,
    '',
    '| Held out | n | rules C+P P / R | rules acc P / R | rules+model C+P P / R | rules+model acc P / R | changed | model alone: turns, negative P / R, accuracy |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const fold of cv.folds) {
    const [rc, ra] = pr(fold.rules).split(' | ');
    const [mc, ma] = pr(fold.withModel).split(' | ');
    const t = fold.turns;
    out.push(
      `| ${fold.heldOut} | ${fold.n} | ${rc} | ${ra} | ${mc} | ${ma} | ${fold.changed.length} | ${t.n}, ${f(t.negative.precision)} / ${f(t.negative.recall)}, ${f(t.accuracy)} |`,
    );
  }
  const pooled = (pick: (f: FoldResult) => Scores) => {
    const c = { tp: 0, fp: 0, fn: 0, atp: 0, afp: 0 };
    for (const fold of cv.folds) {
      const s = pick(fold);
      c.tp += s.correctionPartial.tp;
      c.fp += s.correctionPartial.fp;
      c.fn += s.correctionPartial.fn;
      c.atp += s.acceptance.tp;
      c.afp += s.acceptance.fp;
    }
    return `C+P ${f(c.tp / (c.tp + c.fp))} (${c.tp}/${c.tp + c.fp}) / ${f(c.tp / (c.tp + c.fn))} (${c.tp}/${c.tp + c.fn}), acceptance P ${f(c.atp / (c.atp + c.afp))} (${c.atp}/${c.atp + c.afp})`;
  };
  out.push('', `pooled, rules alone: ${pooled((x) => x.rules)}`, `pooled, rules + model: ${pooled((x) => x.withModel)}`, '');
  for (const fold of cv.folds)
    for (const c of fold.changed)
      out.push(
        `${fold.heldOut} ${c.source}: gold ${c.gold}, rules ${c.rules} → ${c.model} ${c.gold === c.model ? '✓' : '✗'} (${c.reason})`,
      );
  return out.join('\n');
}
