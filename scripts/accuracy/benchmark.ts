/**
 * The accuracy benchmark's computation (used by scripts/accuracy.ts, tested on a synthetic set in
 * benchmark.test.ts): collect labeled invocations, judge them with the real pipeline
 * (`analyzeSessions`, the same one `skillpulse analyze` uses), score them per split.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type AnalyzedInvocation, type AnalyzeOptions, analyzeSessions } from '../../src/feedback/analyze.js';
import { redactSecrets } from '../../src/feedback/redact.js';

export type Label = 'correction' | 'partial' | 'acceptance' | 'none';
export const LABELS: readonly Label[] = ['correction', 'partial', 'acceptance', 'none'];
/**
 * A split's report name: `dev`, `test-rN` (the split file's `test_roundN`: the round-N held-out
 * split; retired ones are measured once, then used for tuning, docs/accuracy.md), `test` (a
 * held-out split without a round number) or `corpus`.
 */
export type Split = string;
/** The fixed splits in report order; `test-rN` splits go between `dev` and `test` by N. */
export const SPLITS: readonly Split[] = ['dev', 'test-r1', 'test', 'corpus'];

/** The report name of a split-file key (`test_round2` → `test-r2`); null for a key that is no split. */
export function splitName(key: string): Split | null {
  if (key === 'dev' || key === 'test') return key;
  const m = /^test_round(\d+)$/.exec(key);
  return m ? `test-r${Number(m[1])}` : null;
}

/** Report order: dev, test-r1, test-r2, …, test, corpus, then anything else by name. */
export function orderSplits(names: Iterable<Split>): Split[] {
  const rank = (s: Split): number => {
    if (s === 'dev') return 0;
    const m = /^test-r(\d+)$/.exec(s);
    if (m) return 1 + Number(m[1]) / 1e6;
    if (s === 'test') return 2;
    if (s === 'corpus') return 3;
    return 4;
  };
  return [...new Set(names)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export interface Item {
  split: Split;
  source: string;
  skill_id: string;
  gold: Label;
  predicted: Label;
  /** The rule that decided (`not-found` when the engine did not report the invocation). */
  rule: string;
  /** The human turns of the window, redacted and shortened (for error lists). */
  text: string;
  why: string;
}

/** A short, redacted, one-line rendering of the window's human turns. */
export function windowText(a: AnalyzedInvocation | undefined, max = 140): string {
  const turns = a?.window?.turns ?? [];
  const parts = turns.map((t) => {
    const body = redactSecrets(t.text).replace(/\s+/g, ' ').trim();
    return t.kind === 'prompt' ? body : `[${t.kind}]${body ? ` ${body}` : ''}`;
  });
  const joined = parts.join(' ⏐ ') || '(no human turn)';
  return joined.length > max ? `${joined.slice(0, max - 1)}…` : joined;
}

function predicted(a: AnalyzedInvocation | undefined): { label: Label; rule: string } {
  const c = a?.classification;
  if (!c) return { label: 'none', rule: a ? 'nested' : 'not-found' };
  return { label: c.outcome, rule: c.rule };
}

interface CorpusLabels {
  labels: { file: string; skill_id: string; invocation_uuid: string; outcome: Label; why: string }[];
}

/** Options of the pipeline run that judges the labeled invocations (e.g. the second stage). */
export type JudgeOptions = Pick<AnalyzeOptions, 'secondStage' | 'lexicons'>;

/**
 * A labeled invocation with the pipeline's analysis (its window) and the turn the label's author
 * named as deciding (`turns_to_feedback`; null when the label names none, as the corpus labels).
 */
export interface LabeledItem extends Item {
  analyzed: AnalyzedInvocation | undefined;
  goldTurn: number | null;
}

const stripAnalysis = ({ analyzed: _a, goldTurn: _g, ...item }: LabeledItem): Item => item;

/** Corpus invocations labeled by reading; `unlabeled` lists windowed invocations without a label. */
export async function corpusItems(
  corpusDir: string,
  labelsFile: string,
  judge: JudgeOptions = {},
): Promise<{ items: Item[]; unlabeled: string[] }> {
  const r = await corpusLabeled(corpusDir, labelsFile, judge);
  return { items: r.items.map(stripAnalysis), unlabeled: r.unlabeled };
}

/** `corpusItems` with each item's analysis. */
export async function corpusLabeled(
  corpusDir: string,
  labelsFile: string,
  judge: JudgeOptions = {},
): Promise<{ items: LabeledItem[]; unlabeled: string[] }> {
  const labels = JSON.parse(readFileSync(labelsFile, 'utf8')) as CorpusLabels;
  const result = await analyzeSessions({ sessionDirs: [corpusDir], env: {}, ...judge });
  const key = (uuid: string, skill: string) => `${uuid}:${skill}`;
  const labeled = new Set(labels.labels.map((l) => key(l.invocation_uuid, l.skill_id)));
  const unlabeled = result.invocations
    .filter((a) => a.window !== null && !labeled.has(key(a.invocation.invocation_uuid, a.invocation.skill_id)))
    .map((a) => a.invocation.invocation_uuid);
  const items = labels.labels.map((l): LabeledItem => {
    const a = result.invocations.find((x) => x.invocation.invocation_uuid === l.invocation_uuid && x.invocation.skill_id === l.skill_id);
    const p = predicted(a);
    return {
      split: 'corpus',
      source: l.file,
      skill_id: l.skill_id,
      gold: l.outcome,
      predicted: p.label,
      rule: p.rule,
      text: windowText(a),
      why: l.why,
      analyzed: a,
      goldTurn: null,
    };
  });
  return { items, unlabeled };
}

interface Manifest {
  invocations: {
    skill_id: string;
    trigger: string;
    turn: number;
    failed: boolean;
    feedback: { outcome: Label; turns_to_feedback?: number | null } | null;
  }[];
  turns: { index: number; reaction: { label: string; trap?: string } | null }[];
}

/**
 * test/fixtures/accuracy/split.json: `dev`, optionally `test` (held out) and `test_roundN` (the
 * round-N test split; retired into tuning data after it was measured once). Keys starting with `$`
 * are comments.
 */
export interface SplitFile {
  dev: string[];
  test?: string[];
  test_round1?: string[];
  [key: string]: string[] | string | undefined;
}

/** Selects splits by report name (`test-r2`) or split-file key (`test_round2`); null = all. */
export type SplitFilter = ((split: Split) => boolean) | null;

export function parseSplitFilter(list: string | undefined): SplitFilter {
  if (list === undefined) return null;
  const wanted = new Set(
    list
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map((s) => splitName(s) ?? s),
  );
  if (wanted.size === 0) throw new Error('--split needs at least one split name (dev, test-r1, test-r2, …, test, corpus)');
  return (split) => wanted.has(split);
}

function splitMembers(split: SplitFile): [Split, string[]][] {
  const out: [Split, string[]][] = [];
  for (const [key, value] of Object.entries(split)) {
    if (key.startsWith('$')) continue;
    const name = splitName(key);
    if (name === null) throw new Error(`split file: unknown key "${key}" (expected dev, test or test_roundN)`);
    if (!Array.isArray(value)) throw new Error(`split file: "${key}" must be a list of scenario names`);
    out.push([name, value]);
  }
  return out;
}

export interface Overrides {
  overrides: { scenario: string; skill_id: string; outcome: Label; why: string }[];
}

/**
 * Real-client scenario invocations with the outcome their author recorded (scenario.json), the
 * split from `split`, and `overrides`. A scenario missing from the split is an error.
 */
export async function realClientItems(
  fixturesDir: string,
  split: SplitFile,
  overrides: Overrides,
  filter: SplitFilter = null,
  judge: JudgeOptions = {},
): Promise<{ items: Item[]; skipped: number }> {
  const r = await realClientLabeled(fixturesDir, split, overrides, filter, judge);
  return { items: r.items.map(stripAnalysis), skipped: r.skipped };
}

/** `realClientItems` with each item's analysis and the author's deciding turn. */
export async function realClientLabeled(
  fixturesDir: string,
  split: SplitFile,
  overrides: Overrides,
  filter: SplitFilter = null,
  judge: JudgeOptions = {},
): Promise<{ items: LabeledItem[]; skipped: number }> {
  if (!existsSync(fixturesDir)) return { items: [], skipped: 0 };
  const items: LabeledItem[] = [];
  let skipped = 0;
  const member = splitMembers(split);
  for (const name of readdirSync(fixturesDir).sort()) {
    const manifestPath = path.join(fixturesDir, name, 'scenario.json');
    if (!existsSync(manifestPath)) continue;
    const found = member.filter(([, names]) => names.includes(name));
    // With a filter, a scenario outside the selected splits is neither read nor analysed nor
    // named (a blind held-out set stays blind to whoever tunes the rules).
    if (filter && !found.some(([s]) => filter(s))) {
      skipped++;
      continue;
    }
    if (found.length !== 1) throw new Error(`scenario ${name} must be in exactly one of dev/test_roundN/test in the split file`);
    const splitName = found[0]![0];
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const result = await analyzeSessions({ sessionDirs: [path.join(fixturesDir, name)], env: {}, ...judge });
    const expected = manifest.invocations.filter((i) => i.feedback !== null && !i.failed && i.trigger !== 'nested');
    const actual = result.invocations.filter((a) => a.window !== null);
    // Invocations are matched in order of appearance, skill by skill.
    const used = new Set<AnalyzedInvocation>();
    for (const e of expected) {
      const a = actual.find((x) => !used.has(x) && x.invocation.skill_id === e.skill_id);
      if (a) used.add(a);
      const p = predicted(a);
      const reactions = manifest.turns
        .filter((t) => t.index > e.turn && t.reaction)
        .map((t) => `${t.reaction!.label}${t.reaction!.trap ? ` (${t.reaction!.trap})` : ''}`);
      const override = overrides.overrides.find((o) => o.scenario === name && o.skill_id === e.skill_id);
      items.push({
        split: splitName,
        source: name,
        skill_id: e.skill_id,
        gold: override?.outcome ?? e.feedback!.outcome,
        predicted: p.label,
        rule: p.rule,
        text: windowText(a),
        why: override ? `override: ${override.why}` : reactions.join('; ') || 'no reaction scripted',
        analyzed: a,
        goldTurn: override ? null : (e.feedback!.turns_to_feedback ?? null),
      });
    }
  }
  return { items, skipped };
}

export interface BinaryScores {
  precision: number | null;
  recall: number | null;
  tp: number;
  fp: number;
  fn: number;
}

export interface Scores {
  n: number;
  matrix: Record<Label, Record<Label, number>>;
  /** correction and partial form one positive class. */
  correctionPartial: BinaryScores;
  acceptance: BinaryScores;
  exact: number;
}

function binary(items: readonly Item[], isPositive: (l: Label) => boolean): BinaryScores {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const i of items) {
    const g = isPositive(i.gold);
    const p = isPositive(i.predicted);
    if (g && p) tp++;
    else if (p) fp++;
    else if (g) fn++;
  }
  return { precision: tp + fp === 0 ? null : tp / (tp + fp), recall: tp + fn === 0 ? null : tp / (tp + fn), tp, fp, fn };
}

export function score(items: readonly Item[]): Scores {
  const matrix = Object.fromEntries(LABELS.map((g) => [g, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as Scores['matrix'];
  for (const i of items) matrix[i.gold][i.predicted]++;
  return {
    n: items.length,
    matrix,
    correctionPartial: binary(items, (l) => l === 'correction' || l === 'partial'),
    acceptance: binary(items, (l) => l === 'acceptance'),
    exact: items.filter((i) => i.gold === i.predicted).length,
  };
}

/** Scores per split and over everything, in report order. */
export function scoreBySplit(items: readonly Item[], only: SplitFilter = null): { name: Split | 'all'; scores: Scores }[] {
  const names = orderSplits([...SPLITS, ...items.map((i) => i.split)]).filter((s) => !only || only(s));
  return [
    ...names.map((s) => ({ name: s, scores: score(items.filter((i) => i.split === s)) })),
    { name: 'all' as const, scores: score(items) },
  ];
}

const fmt = (x: number | null) => (x === null ? '  n/a' : x.toFixed(3));

/** The text report of one split: P/R of both classes, the confusion matrix and every error. */
export function formatSplit(title: string, s: Scores, errors: readonly Item[]): string {
  const out: string[] = [];
  out.push(`${title}: ${s.n} invocations, ${s.exact} exact`);
  const cp = s.correctionPartial;
  const ac = s.acceptance;
  out.push(`  correction+partial  precision ${fmt(cp.precision)}  recall ${fmt(cp.recall)}  (tp ${cp.tp}, fp ${cp.fp}, fn ${cp.fn})`);
  out.push(`  acceptance          precision ${fmt(ac.precision)}  recall ${fmt(ac.recall)}  (tp ${ac.tp}, fp ${ac.fp}, fn ${ac.fn})`);
  out.push('  confusion matrix (rows gold, columns predicted):');
  out.push(`    ${''.padEnd(11)}${LABELS.map((l) => l.padStart(11)).join('')}`);
  for (const g of LABELS) out.push(`    ${g.padEnd(11)}${LABELS.map((p) => String(s.matrix[g][p]).padStart(11)).join('')}`);
  if (errors.length > 0) {
    out.push('  misclassified:');
    for (const e of errors)
      out.push(`    ${e.source.slice(0, 44)} ${e.skill_id}: gold ${e.gold}, got ${e.predicted} (${e.rule}) — ${e.text}`);
  }
  return out.join('\n');
}

function splitTitle(name: Split | 'all'): string {
  if (name === 'dev') return 'dev (rules may be tuned on it)';
  if (name === 'test') return 'test (held out)';
  if (name === 'corpus') return 'corpus (../shared/corpus/claude-code, labeled by reading)';
  const m = /^test-r(\d+)$/.exec(name);
  if (m) return `${name} (round-${m[1]} test split: held out until measured once, then tuning data)`;
  return name;
}

/** The report over `items`; with `only`, just the selected splits (and `all` over the items given). */
export function formatReport(items: readonly Item[], only: SplitFilter = null): string {
  return scoreBySplit(items, only)
    .map(({ name, scores }) =>
      formatSplit(splitTitle(name), scores, name === 'all' ? [] : items.filter((i) => i.split === name && i.gold !== i.predicted)),
    )
    .join('\n\n');
}

/** Flags that take no value, and those that take one (`--name value` or `--name=value`). */
const SWITCHES = new Set(['--json', '--list', '--verbose']);
const VALUED = ['--split', '--second-stage'];

/**
 * The first argument that is not a known flag (or a known flag's value), or null. An unknown flag
 * must not fall through to a default run: that would classify every split, a held-out one included.
 */
export function unknownArgument(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (SWITCHES.has(a) || VALUED.some((name) => a.startsWith(`${name}=`))) continue;
    if (VALUED.includes(a)) {
      i++;
      continue;
    }
    return a;
  }
  return null;
}
