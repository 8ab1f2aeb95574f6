/**
 * Training data of the second-stage model (src/feedback/model/): per-turn texts with labels derived
 * from the labeled invocations of the accuracy benchmark (only the splits in TRAINING_SPLITS — the
 * next held-out round (52) is never read), plus the hand-written sentences of extraTrainingFiles.
 *
 * Invocation label → turn label: the turn the label's author named as deciding
 * (`turns_to_feedback` in scenario.json) gets the gold class (correction and partial → `negative`);
 * for `none` every turn with text is `none`; other turns are left out (a turn before the deciding
 * one may be an early "ok" the later complaint overrides). Labels without a deciding turn (the
 * corpus, overrides) use the only turn with text, else the turn the rules decided on when the
 * rules agree with the gold class, else nothing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ModelClass, TrainingExample } from '../../src/feedback/model/logistic.js';
import {
  corpusLabeled,
  type JudgeOptions,
  type Label,
  type LabeledItem,
  type Overrides,
  parseSplitFilter,
  realClientLabeled,
  type SplitFile,
  splitName,
} from '../accuracy/benchmark.js';

/**
 * The splits the model may learn from: every round measured once already. Never the held-out
 * round (52, `test_round52`, `r52-*`) until it has been measured.
 */
export const TRAINING_SPLITS = [
  'dev',
  'test-r1',
  'test-r2',
  'test-r3',
  'test-r4',
  'test-r5',
  'test-r6',
  'test-r7',
  'test-r8',
  'test-r9',
  'test-r10',
  'test-r11',
  'test-r12',
  'test-r13',
  'test-r14',
  'test-r15',
  'test-r16',
  'test-r17',
  'test-r18',
  'test-r19',
  'test-r20',
  'test-r21',
  'test-r22',
  'test-r23',
  'test-r24',
  'test-r25',
  'test-r26',
  'test-r27',
  'test-r28',
  'test-r29',
  'test-r30',
  'test-r31',
  'test-r32',
  'test-r33',
  'test-r34',
  'test-r35',
  'test-r36',
  'test-r37',
  'test-r38',
  'test-r39',
  'test-r40',
  'test-r41',
  'test-r42',
  'test-r43',
  'test-r44',
  'test-r45',
  'test-r46',
  'test-r47',
  'test-r48',
  'test-r49',
  'test-r50',
  'test-r51',
  'corpus',
] as const;

export type { LabeledItem };

export function extraTrainingFile(root: string): string {
  return path.join(root, 'src', 'feedback', 'model', 'extra-training.json');
}

export function weightsFile(root: string): string {
  return path.join(root, 'src', 'feedback', 'model', 'weights.json');
}

/** Every labeled invocation of the training splits, judged by the rules alone (or with `judge`). */
export async function loadLabeledItems(
  root: string,
  judge: JudgeOptions = { secondStage: false },
  splits: readonly string[] = TRAINING_SPLITS,
): Promise<LabeledItem[]> {
  const accuracyDir = path.join(root, 'test', 'fixtures', 'accuracy');
  const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(accuracyDir, file), 'utf8')) as T;
  const only = parseSplitFilter(splits.join(','));
  const corpus = await corpusLabeled(
    path.resolve(root, '..', 'shared', 'corpus', 'claude-code'),
    path.join(accuracyDir, 'corpus-labels.json'),
    judge,
  );
  const real = await realClientLabeled(
    path.join(root, 'test', 'fixtures', 'real-client'),
    readJson<SplitFile>('split.json'),
    readJson<Overrides>('real-client-overrides.json'),
    only,
    judge,
  );
  return [...corpus.items, ...real.items].filter((i) => splits.includes(i.split));
}

export const modelClassOf = (l: Label): ModelClass => (l === 'correction' || l === 'partial' ? 'negative' : l);

/** The per-turn examples of one labeled invocation (see the file comment). */
export function turnExamples(item: LabeledItem): TrainingExample[] {
  const turns = item.analyzed?.window?.turns ?? [];
  const source = `${item.split}:${item.source}:${item.skill_id}`;
  const withText = turns.filter((t) => t.text.trim() !== '');
  const label = modelClassOf(item.gold);
  const example = (t: (typeof turns)[number]): TrainingExample =>
    t.reply !== undefined ? { text: t.text, label, source, reply: t.reply } : { text: t.text, label, source };
  if (label === 'none') return withText.map(example);
  let turn = item.goldTurn;
  if (turn === null) {
    const c = item.analyzed?.classification;
    if (withText.length === 1) turn = withText[0]!.index;
    else if (c && c.outcome !== 'none' && modelClassOf(c.outcome) === label) turn = c.turns_to_feedback;
  }
  const t = turn === null ? undefined : turns.find((x) => x.index === turn);
  return t && t.text.trim() !== '' ? [example(t)] : [];
}

interface ScenarioManifest {
  invocations: { turn: number }[];
  turns: { index: number; prompt: string; slash?: boolean }[];
}

/**
 * The opening requests of the training splits' real-client scenarios (the prompts before the first
 * skill invocation), labeled `none`: a request for work is no verdict on a result. They teach the
 * model what neutral task text looks like, which the invocation labels alone hardly do.
 */
export function openingRequestExamples(root: string): TrainingExample[] {
  const fixtures = path.join(root, 'test', 'fixtures', 'real-client');
  const split = JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'accuracy', 'split.json'), 'utf8')) as SplitFile;
  const only = parseSplitFilter(TRAINING_SPLITS.join(','))!;
  const out: TrainingExample[] = [];
  for (const [key, names] of Object.entries(split)) {
    const name = splitName(key);
    if (name === null || !only(name) || !Array.isArray(names)) continue;
    for (const scenario of [...names].sort()) {
      const manifest = JSON.parse(readFileSync(path.join(fixtures, scenario, 'scenario.json'), 'utf8')) as ScenarioManifest;
      const first = Math.min(...manifest.invocations.map((i) => i.turn));
      for (const t of manifest.turns)
        if (t.index <= first && t.prompt.trim() !== '')
          out.push({ text: t.prompt.replace(/^\/\S+\s*/, ''), label: 'none', source: `${name}:${scenario}:request` });
    }
  }
  return out.filter((e) => e.text.trim() !== '');
}

interface ExtraFile {
  examples: { text: string; label: ModelClass }[];
}

/**
 * The files of hand-written sentences: src/feedback/model/extra-training.json, then every `*.json`
 * under src/feedback/model/training/ (one file per author and language), in name order.
 */
export function extraTrainingFiles(root: string): string[] {
  const dir = path.join(root, 'src', 'feedback', 'model', 'training');
  const more = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
  return [extraTrainingFile(root), ...more];
}

/** The hand-written sentences of every training file (see extraTrainingFiles). */
export function extraExamples(root: string): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (const file of extraTrainingFiles(root)) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as ExtraFile;
    if (!Array.isArray(data.examples)) throw new Error(`${file}: needs an "examples" array`);
    const source = `extra:${path.basename(file, '.json')}`;
    data.examples.forEach((e, i) => {
      if (typeof e.text !== 'string' || e.text.trim() === '' || !['negative', 'acceptance', 'none'].includes(e.label))
        throw new Error(`${file}: examples.${i} needs a text and a label (negative, acceptance, none)`);
      out.push({ text: e.text, label: e.label, source });
    });
  }
  return out;
}
