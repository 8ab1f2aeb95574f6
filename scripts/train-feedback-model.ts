/**
 * Trains the second-stage feedback model and writes src/feedback/model/weights.json
 * (deterministic: the same data gives a byte-identical file).
 *
 *   npm run train-feedback-model            # train on every training split + extra sentences, write weights.json
 *   npm run train-feedback-model -- --check # exit 1 when the shipped weights.json is stale
 *   npm run train-feedback-model -- --cv    # leave-one-split-out cross-validation: rules-only vs rules+model
 *       [--groups N]   N contiguous groups of splits held out at a time instead of one split
 *       [--no-reply]   without the assistant's-answer features
 *       [--veto P]     with the complaint veto at bar P
 *
 * Training splits: dev, test-r1 … test-r42, corpus (TRAINING_SPLITS in scripts/feedback-model/dataset.ts)
 * and the hand-written sentences (extraTrainingFiles); a held-out round (the next is 43) is never read.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossValidate, formatCrossValidation } from './feedback-model/cross-validate.js';
import { buildModelText } from './feedback-model/train.js';
import { weightsFile } from './feedback-model/dataset.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--cv')) {
    const noExtra = argv.includes('--no-extra');
    const groupsAt = argv.indexOf('--groups');
    const vetoAt = argv.indexOf('--veto');
    const report = await crossValidate(root, {
      extra: !noExtra,
      ...(groupsAt >= 0 ? { groups: Number(argv[groupsAt + 1]) } : {}),
      ...(argv.includes('--no-reply') ? { params: { replyFeatures: false } } : {}),
      ...(vetoAt >= 0 ? { stage: { complaintVetoThreshold: Number(argv[vetoAt + 1]) } } : {}),
    });
    process.stdout.write(`${formatCrossValidation(report)}\n`);
    return 0;
  }
  const text = await buildModelText(root);
  const file = weightsFile(root);
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {}
    if (current === text) {
      process.stdout.write(`${path.relative(root, file)} is up to date\n`);
      return 0;
    }
    process.stderr.write(`${path.relative(root, file)} is stale: run npm run train-feedback-model\n`);
    return 1;
  }
  writeFileSync(file, text);
  const m = JSON.parse(text) as { trained_on: Record<string, number>; weights: Record<string, unknown> };
  process.stdout.write(
    `wrote ${path.relative(root, file)}: ${Object.keys(m.weights).length} features, trained on ${JSON.stringify(m.trained_on)}\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`train-feedback-model: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
