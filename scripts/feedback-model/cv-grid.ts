/**
 * Grouped cross-validation of second-stage settings: the fold models are trained once (N contiguous
 * groups of training splits held out at a time) and every setting of a grid — the complaint bar
 * (`threshold`) and the complaint veto (`complaintVetoThreshold`) — is scored on the same folds.
 * Prints pooled C+P precision / recall and acceptance precision per setting, rules alone first.
 *
 *   npx tsx scripts/feedback-model/cv-grid.ts [--groups 6] [--no-reply]
 *   npx tsx scripts/feedback-model/cv-grid.ts --validate test-r34,test-r35,test-r36
 *
 * With --validate, one model is trained on every training split and the named (measured, never
 * trained on) splits are scored: a validation set for choosing a setting before a fresh round.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { classifyWindow } from '../../src/feedback/classify.js';
import { DEFAULT_TRAINING_PARAMS, trainModel } from '../../src/feedback/model/logistic.js';
import type { SecondStageOptions } from '../../src/feedback/model/second-stage.js';
import { type Item, score } from '../accuracy/benchmark.js';
import { foldData, foldsOf } from './cross-validate.js';
import { extraExamples, loadLabeledItems, openingRequestExamples, TRAINING_SPLITS } from './dataset.js';

const THRESHOLDS = [0.8, 0.85, 0.9];
const VETOES: (number | null)[] = [null, 0.05, 0.1, 0.15, 0.2, 0.3];
/** The veto limited to explain questions (`complaintVetoScope: 'questions'`). */
const QUESTION_VETOES = [0.15, 0.2, 0.3, 0.4, 0.5];

async function main(argv: string[]): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const groupsAt = argv.indexOf('--groups');
  const groups = groupsAt >= 0 ? Number(argv[groupsAt + 1]) : 6;
  const params = { ...DEFAULT_TRAINING_PARAMS, replyFeatures: !argv.includes('--no-reply') };
  const validateAt = argv.indexOf('--validate');
  const validate = validateAt >= 0 ? argv[validateAt + 1]!.split(',') : null;
  const items = await loadLabeledItems(root, { secondStage: false }, [...TRAINING_SPLITS, ...(validate ?? [])]);
  const folds = validate ? [validate] : foldsOf(groups);
  const extra = extraExamples(root);
  const requests = openingRequestExamples(root);
  const settings: { name: string; stage: Omit<SecondStageOptions, 'model'> | false }[] = [{ name: 'rules alone', stage: false }];
  for (const threshold of THRESHOLDS)
    for (const veto of VETOES)
      settings.push({
        name: `bar ${threshold}, veto ${veto ?? 'off'}`,
        stage: { threshold, complaintVetoThreshold: veto, complaintVetoScope: 'all' },
      });
  for (const veto of QUESTION_VETOES)
    settings.push({
      name: `bar 0.8, question veto ${veto}`,
      stage: { threshold: 0.8, complaintVetoThreshold: veto, complaintVetoScope: 'questions' },
    });
  const predicted = settings.map(() => [] as Item[]);
  for (const group of folds) {
    const { test, examples } = foldData(items, group, requests, extra);
    const model = trainModel(examples, params);
    settings.forEach((s, k) => {
      for (const i of test) {
        const w = i.analyzed?.window;
        const c = w && s.stage !== false ? classifyWindow(w, { secondStage: { ...s.stage, model } }) : null;
        predicted[k]!.push({ ...i, predicted: c ? c.outcome : i.predicted });
      }
    });
    process.stderr.write(`${group.join(',')}: ${test.length} items\n`);
  }
  const f = (x: number | null) => (x === null ? 'n/a' : x.toFixed(3));
  process.stdout.write(
    `${items.length} invocations, ${validate ? `validation on ${validate.join(',')}` : `${groups} groups`}, reply features ${params.replyFeatures ? 'on' : 'off'}\n\n`,
  );
  const last = new Set<string>(folds.at(-1));
  process.stdout.write(
    '| setting | C+P P | C+P R | tp / fp / fn | acceptance P / R | last group: C+P P / R, acceptance P |\n|---|---|---|---|---|---|\n',
  );
  settings.forEach((s, k) => {
    const sc = score(predicted[k]!);
    const cp = sc.correctionPartial;
    const lg = score(predicted[k]!.filter((i) => last.has(i.split)));
    process.stdout.write(
      `| ${s.name} | ${f(cp.precision)} | ${f(cp.recall)} | ${cp.tp} / ${cp.fp} / ${cp.fn} | ${f(sc.acceptance.precision)} / ${f(sc.acceptance.recall)} | ${f(lg.correctionPartial.precision)} / ${f(lg.correctionPartial.recall)}, ${f(lg.acceptance.precision)} |\n`,
    );
  });
}

await main(process.argv.slice(2));
