/**
 * Experiment: may the second stage overrule a rule's complaint (a correction or partial read from
 * words, not from a revert command, a redo, a refusal or an interrupt) when the model, reading the
 * deciding turn, finds no complaint there? Leave-one-split-out: each held-out split is judged by a
 * model that never saw it. Prints, for the rule-decided complaints, the model's probabilities on the
 * deciding turn, and for a grid of thresholds what a veto would change.
 *
 *   npx tsx scripts/feedback-model/veto-cv.ts [--groups N] [--test test-r31,test-r32,test-r33] [--json out.json]
 *
 * With --groups N, the training splits are held out N contiguous groups at a time. With --test, those splits are judged by one model trained on every other training split (a
 * historical hold-out) instead of the leave-one-out folds.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultLexicons } from '../../src/feedback/lexicon.js';
import { DEFAULT_TRAINING_PARAMS, predict, type TrainingExample, trainModel } from '../../src/feedback/model/logistic.js';
import { judgeTurn } from '../../src/feedback/turn-verdict.js';
import { extraExamples, type LabeledItem, loadLabeledItems, openingRequestExamples, TRAINING_SPLITS, turnExamples } from './dataset.js';
import { foldData, foldsOf } from './cross-validate.js';

const VETOABLE = new Set(['partial', 'rejection', 'negated-acceptance', 'failure-report', 'negative-evaluation']);

interface Row {
  split: string;
  source: string;
  gold: string;
  rules: string;
  rule: string;
  turn: number;
  text: string;
  pNeg: number;
  pAcc: number;
  pNone: number;
  /** p(negative) of the same turn read without the assistant's answer. */
  pNegAlone: number;
  hasReply: boolean;
}

async function main(argv: string[]): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  const testArg = argv.indexOf('--test');
  const jsonArg = argv.indexOf('--json');
  const fixed = testArg >= 0 ? argv[testArg + 1]!.split(',') : null;
  const items = await loadLabeledItems(root, { secondStage: false }, [...TRAINING_SPLITS, ...(fixed ?? [])]);
  const params = { ...DEFAULT_TRAINING_PARAMS, replyFeatures: !argv.includes('--no-reply') };
  const extra = extraExamples(root);
  const requests = openingRequestExamples(root);
  const groupsArg = argv.indexOf('--groups');
  const folds = fixed ? [fixed] : foldsOf(groupsArg >= 0 ? Number(argv[groupsArg + 1]) : undefined);
  const rows: Row[] = [];
  for (const heldOut of folds) {
    const { train, test, examples } = foldData(items, heldOut, requests, extra);
    const model = argv.includes('--verifier') ? trainModel(verifierExamples(train, extra), params) : trainModel(examples, params);
    for (const i of test) rows.push(...rowsOf(i, model));
    process.stderr.write(`${heldOut.join(',')}: ${test.length} items\n`);
  }
  if (jsonArg >= 0) writeFileSync(argv[jsonArg + 1]!, JSON.stringify(rows, null, 1));
  report(rows);
}

const lexicons = defaultLexicons();

/** The rule complaint the rules read in one text alone (judged as a first turn), or null. */
function ruleComplaint(text: string): string | null {
  const v = judgeTurn({ index: 1, kind: 'prompt', text, timestamp: '', uuid: null, line: 0 }, lexicons);
  return v !== null && VETOABLE.has(v.rule) ? v.rule : null;
}

/**
 * The verifier's training set: only texts in which the rules read a complaint from words, labeled
 * `negative` when the complaint is real and `none` when it is not (acceptance and no verdict alike).
 */
function verifierExamples(train: readonly LabeledItem[], extra: readonly TrainingExample[]): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (const e of [...train.flatMap(turnExamples), ...extra]) {
    if (ruleComplaint(e.text) === null) continue;
    out.push({ text: e.text, label: e.label === 'negative' ? 'negative' : 'none', source: e.source });
  }
  process.stderr.write(`verifier: ${out.length} texts, ${out.filter((e) => e.label === 'none').length} false complaints\n`);
  return out;
}

function rowsOf(i: LabeledItem, model: ReturnType<typeof trainModel>): Row[] {
  const c = i.analyzed?.classification;
  const w = i.analyzed?.window;
  if (!c || !w || !VETOABLE.has(c.rule) || c.turns_to_feedback === null) return [];
  const t = w.turns.find((x) => x.index === c.turns_to_feedback);
  if (!t || t.text.trim() === '') return [];
  const p = predict(model, t.text, 0, 'negative', t.reply).probabilities;
  const alone = predict(model, t.text, 0, 'negative').probabilities;
  return [
    {
      split: i.split,
      source: `${i.source} ${i.skill_id}`,
      gold: i.gold,
      rules: i.predicted,
      rule: c.rule,
      turn: t.index,
      text: t.text.replace(/\s+/g, ' ').slice(0, 120),
      pNeg: p.negative,
      pAcc: p.acceptance,
      pNone: p.none,
      pNegAlone: alone.negative,
      hasReply: t.reply !== undefined,
    },
  ];
}

function report(rows: Row[]): void {
  const complaint = (l: string) => l === 'correction' || l === 'partial';
  const wrong = rows.filter((r) => !complaint(r.gold));
  process.stdout.write(`${rows.length} rule complaints read from words; ${wrong.length} of them wrong (gold acceptance or none)\n\n`);
  process.stdout.write(
    '| p(negative) below | vetoed | of them gold C/P (lost) | gold acceptance | gold none | → acceptance right / wrong |\n|---|---|---|---|---|---|\n',
  );
  for (const tau of [0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5]) {
    const v = rows.filter((r) => r.pNeg < tau);
    const toAcc = v.filter((r) => r.pAcc >= r.pNone);
    const accRight = toAcc.filter((r) => r.gold === 'acceptance').length;
    process.stdout.write(
      `| ${tau} | ${v.length} | ${v.filter((r) => complaint(r.gold)).length} | ${v.filter((r) => r.gold === 'acceptance').length} | ${v.filter((r) => r.gold === 'none').length} | ${accRight} / ${toAcc.length - accRight} |\n`,
    );
  }
  process.stdout.write(
    '\nOnly where the answer lowers p(negative) (read with it below read alone):\n\n| p(negative) below | vetoed | lost | gold acceptance | gold none |\n|---|---|---|---|---|\n',
  );
  for (const tau of [0.1, 0.15, 0.2, 0.25, 0.3]) {
    const v = rows.filter((r) => r.pNeg < tau && r.hasReply && r.pNeg < r.pNegAlone);
    process.stdout.write(
      `| ${tau} | ${v.length} | ${v.filter((r) => complaint(r.gold)).length} | ${v.filter((r) => r.gold === 'acceptance').length} | ${v.filter((r) => r.gold === 'none').length} |\n`,
    );
  }
  process.stdout.write('\nLowest p(negative) first (up to 60):\n');
  for (const r of [...rows].sort((a, b) => a.pNeg - b.pNeg).slice(0, 60))
    process.stdout.write(
      `${r.pNeg.toFixed(3)} alone ${r.pNegAlone.toFixed(3)}${r.hasReply ? '' : ' (no reply)'} acc ${r.pAcc.toFixed(2)} none ${r.pNone.toFixed(2)} ${complaint(r.gold) ? '  ' : '✗ '}${r.split} ${r.source} gold ${r.gold} rules ${r.rules} (${r.rule}) — ${r.text}\n`,
    );
}

await main(process.argv.slice(2));
