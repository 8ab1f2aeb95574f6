/**
 * Accuracy benchmark of the implicit-feedback classifier (issue 3, item 11).
 *
 *   npm run accuracy            # per split (dev, test, corpus) and all: precision/recall, confusion matrix, errors
 *   npm run accuracy -- --json  # the same as JSON, with every item
 *   npm run accuracy -- --list  # also every labeled invocation with gold and predicted outcome
 *   npm run accuracy -- --split dev,test-r1,test-r2,corpus
 *                               # only these splits (names as reported, or split-file keys such as
 *                               # test_round2); scenarios of other splits are not even analysed, so a
 *                               # blind held-out set stays unseen while the rules are tuned
 *   npm run accuracy -- --second-stage on|off
 *                               # with or without the statistical second stage (default: its
 *                               # library default, SECOND_STAGE_DEFAULT); the shipped model was
 *                               # trained on the tuning splits, so only `npm run train-feedback-model
 *                               # -- --cv` measures it honestly
 *
 * Labeled set: (a) every windowed invocation of ../shared/corpus/claude-code, labeled by reading
 * the transcripts (test/fixtures/accuracy/corpus-labels.json); (b) the real-client scenarios in
 * test/fixtures/real-client/*, whose scenario.json holds the outcome the scenario author wrote for
 * each invocation (test/fixtures/accuracy/real-client-overrides.json corrects one). The dev/test
 * split of the scenarios is test/fixtures/accuracy/split.json. Nothing here is hard-coded: every
 * prediction comes from running the classifier on the committed transcripts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  corpusItems,
  formatReport,
  type Overrides,
  parseSplitFilter,
  realClientItems,
  scoreBySplit,
  type SplitFile,
  unknownArgument,
} from './accuracy/benchmark.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const accuracyDir = path.join(root, 'test', 'fixtures', 'accuracy');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(accuracyDir, file), 'utf8')) as T;

function optionValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i >= 0) {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${name} needs a value`);
    return v;
  }
  const eq = argv.find((a) => a.startsWith(`${name}=`));
  return eq === undefined ? undefined : eq.slice(name.length + 1);
}

const USAGE = `usage: npm run accuracy -- [--split NAMES] [--second-stage on|off] [--json | --list]
  --split NAMES          only these comma-separated splits (dev, test-r1 ... or split-file keys); the
                         others are not even analysed (always pass it while a held-out round exists)
  --second-stage on|off  with or without the statistical second stage (default: on)
  --json                 every item and every split's scores as JSON
  --list                 also one line per labeled invocation
  --verbose              accepted for compatibility: misclassified items are always listed
`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(USAGE);
    return 0;
  }
  const unknown = unknownArgument(argv);
  if (unknown !== null) {
    process.stderr.write(`accuracy: unknown argument ${unknown}\n${USAGE}`);
    return 2;
  }
  const only = parseSplitFilter(optionValue(argv, '--split'));
  const stage = optionValue(argv, '--second-stage');
  if (stage !== undefined && stage !== 'on' && stage !== 'off') throw new Error('--second-stage must be on or off');
  const judge = stage === undefined ? {} : { secondStage: stage === 'on' };
  const corpus =
    only && !only('corpus')
      ? { items: [], unlabeled: [] }
      : await corpusItems(path.resolve(root, '..', 'shared', 'corpus', 'claude-code'), path.join(accuracyDir, 'corpus-labels.json'), judge);
  if (corpus.unlabeled.length > 0)
    process.stderr.write(`accuracy: ${corpus.unlabeled.length} corpus invocation(s) have no label: ${corpus.unlabeled.join(', ')}\n`);
  const real = await realClientItems(
    path.join(root, 'test', 'fixtures', 'real-client'),
    readJson<SplitFile>('split.json'),
    readJson<Overrides>('real-client-overrides.json'),
    only,
    judge,
  );
  if (real.skipped > 0) process.stderr.write(`accuracy: ${real.skipped} scenario(s) outside the selected splits not analysed\n`);
  const items = [...corpus.items, ...real.items];
  if (argv.includes('--json')) {
    const splits = Object.fromEntries(scoreBySplit(items, only).map(({ name, scores }) => [name, scores]));
    process.stdout.write(`${JSON.stringify({ splits, items }, null, 2)}\n`);
    return 0;
  }
  if (argv.includes('--list')) {
    for (const i of items) {
      const mark = i.gold === i.predicted ? ' ' : '✗';
      process.stdout.write(
        `${mark} ${i.split.padEnd(7)} ${i.source.slice(0, 40).padEnd(40)} ${i.skill_id.slice(0, 20).padEnd(20)} gold ${i.gold.padEnd(10)} got ${i.predicted.padEnd(10)} ${i.rule.padEnd(19)} ${i.text}\n`,
      );
    }
    process.stdout.write('\n');
  }
  process.stdout.write(`${formatReport(items, only)}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`accuracy: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
