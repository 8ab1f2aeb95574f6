/**
 * Accuracy benchmark of the implicit-feedback classifier (issue item 11).
 *
 *   npm run accuracy            # prints precision/recall and the confusion matrix
 *   npm run accuracy -- --json  # the same as JSON
 *   npm run accuracy -- --list  # every labeled invocation with gold and predicted outcome
 *
 * Labeled set: (a) every windowed invocation of ../shared/corpus/claude-code, labeled by reading
 * the transcripts (test/fixtures/accuracy/corpus-labels.json); (b) the real-client scenarios in
 * test/fixtures/real-client/*, whose scenario.json holds the outcome the scenario author intends
 * for each invocation.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnalyzedInvocation, analyzeSessions } from '../src/feedback/analyze.js';

type Label = 'correction' | 'partial' | 'acceptance' | 'none';
const LABELS: Label[] = ['correction', 'partial', 'acceptance', 'none'];

interface Item {
  set: 'corpus' | 'real-client';
  source: string;
  skill_id: string;
  gold: Label;
  predicted: Label;
  rule: string;
  text: string;
  why: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function predicted(a: AnalyzedInvocation | undefined): { label: Label; rule: string; text: string } {
  const c = a?.classification;
  if (!c) return { label: 'none', rule: a ? 'nested' : 'not-found', text: '' };
  return { label: c.outcome, rule: c.rule, text: (c.snippet_source || a?.window?.turns[0]?.text || '').replace(/\s+/g, ' ').slice(0, 80) };
}

async function corpusItems(): Promise<Item[]> {
  const corpus = path.resolve(root, '..', 'shared', 'corpus', 'claude-code');
  const labels = JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'accuracy', 'corpus-labels.json'), 'utf8')) as {
    labels: { file: string; skill_id: string; invocation_uuid: string; outcome: Label; why: string }[];
  };
  const result = await analyzeSessions({ sessionDirs: [corpus], env: {} });
  const windowed = result.invocations.filter((a) => a.window !== null);
  const labeled = new Set(labels.labels.map((l) => `${l.invocation_uuid}:${l.skill_id}`));
  const unlabeled = windowed.filter((a) => !labeled.has(`${a.invocation.invocation_uuid}:${a.invocation.skill_id}`));
  if (unlabeled.length > 0) {
    process.stderr.write(
      `accuracy: ${unlabeled.length} corpus invocation(s) have no label: ${unlabeled.map((a) => a.invocation.invocation_uuid).join(', ')}\n`,
    );
  }
  return labels.labels.map((l) => {
    const a = result.invocations.find((x) => x.invocation.invocation_uuid === l.invocation_uuid && x.invocation.skill_id === l.skill_id);
    const p = predicted(a);
    return {
      set: 'corpus',
      source: l.file,
      skill_id: l.skill_id,
      gold: l.outcome,
      predicted: p.label,
      rule: p.rule,
      text: p.text,
      why: l.why,
    };
  });
}

interface Manifest {
  scenario: string;
  invocations: { skill_id: string; trigger: string; turn: number; failed: boolean; feedback: { outcome: Label } | null }[];
  turns: { index: number; prompt: string; reaction: { label: string; language: string; trap?: string } | null }[];
}

async function realClientItems(): Promise<Item[]> {
  const dir = path.join(root, 'test', 'fixtures', 'real-client');
  if (!existsSync(dir)) return [];
  const items: Item[] = [];
  const overrides = JSON.parse(readFileSync(path.join(root, 'test', 'fixtures', 'accuracy', 'real-client-overrides.json'), 'utf8')) as {
    overrides: { scenario: string; skill_id: string; outcome: Label; why: string }[];
  };
  for (const name of readdirSync(dir).sort()) {
    const manifestPath = path.join(dir, name, 'scenario.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const result = await analyzeSessions({ sessionDirs: [path.join(dir, name)], env: {} });
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
        set: 'real-client',
        source: name,
        skill_id: e.skill_id,
        gold: override?.outcome ?? e.feedback!.outcome,
        predicted: p.label,
        rule: p.rule,
        text: p.text,
        why: override ? `override: ${override.why}` : reactions.join('; ') || 'no reaction scripted',
      });
    }
  }
  return items;
}

interface Scores {
  n: number;
  matrix: Record<Label, Record<Label, number>>;
  correctionPartial: { precision: number | null; recall: number | null; tp: number; fp: number; fn: number };
  acceptance: { precision: number | null; recall: number | null; tp: number; fp: number; fn: number };
  exact: number;
}

function score(items: readonly Item[]): Scores {
  const matrix = Object.fromEntries(LABELS.map((g) => [g, Object.fromEntries(LABELS.map((p) => [p, 0]))])) as Scores['matrix'];
  for (const i of items) matrix[i.gold][i.predicted]++;
  const pr = (isPos: (l: Label) => boolean) => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const i of items) {
      const g = isPos(i.gold);
      const p = isPos(i.predicted);
      if (g && p) tp++;
      else if (p) fp++;
      else if (g) fn++;
    }
    return { precision: tp + fp === 0 ? null : tp / (tp + fp), recall: tp + fn === 0 ? null : tp / (tp + fn), tp, fp, fn };
  };
  return {
    n: items.length,
    matrix,
    correctionPartial: pr((l) => l === 'correction' || l === 'partial'),
    acceptance: pr((l) => l === 'acceptance'),
    exact: items.filter((i) => i.gold === i.predicted).length,
  };
}

const f = (x: number | null) => (x === null ? '  n/a' : x.toFixed(3));

function printScores(title: string, s: Scores): void {
  const out: string[] = [];
  out.push(`${title} (${s.n} invocations, ${s.exact} exact)`);
  const cp = s.correctionPartial;
  const ac = s.acceptance;
  out.push(`  correction+partial  precision ${f(cp.precision)}  recall ${f(cp.recall)}  (tp ${cp.tp}, fp ${cp.fp}, fn ${cp.fn})`);
  out.push(`  acceptance          precision ${f(ac.precision)}  recall ${f(ac.recall)}  (tp ${ac.tp}, fp ${ac.fp}, fn ${ac.fn})`);
  out.push(`  confusion matrix (rows gold, columns predicted):`);
  out.push(`    ${''.padEnd(11)}${LABELS.map((l) => l.padStart(11)).join('')}`);
  for (const g of LABELS) out.push(`    ${g.padEnd(11)}${LABELS.map((p) => String(s.matrix[g][p]).padStart(11)).join('')}`);
  process.stdout.write(`${out.join('\n')}\n\n`);
}

async function main(argv: string[]): Promise<number> {
  const corpus = await corpusItems();
  const real = await realClientItems();
  const all = [...corpus, ...real];
  if (argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ corpus: score(corpus), realClient: score(real), all: score(all), items: all }, null, 2)}\n`);
    return 0;
  }
  if (argv.includes('--list')) {
    for (const i of all) {
      const mark = i.gold === i.predicted ? ' ' : '✗';
      process.stdout.write(
        `${mark} ${i.set.padEnd(11)} ${i.source.slice(0, 40).padEnd(40)} ${i.skill_id.slice(0, 28).padEnd(28)} gold ${i.gold.padEnd(10)} got ${i.predicted.padEnd(10)} ${i.rule.padEnd(19)} ${i.text}\n`,
      );
    }
    process.stdout.write('\n');
  }
  printScores('Corpus (../shared/corpus/claude-code, labeled by reading)', score(corpus));
  printScores('Real-client scenarios (test/fixtures/real-client)', score(real));
  printScores('All', score(all));
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
