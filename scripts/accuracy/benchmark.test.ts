import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnalyzedInvocation } from '../../src/feedback/analyze.js';
import { analyzeSessions } from '../../src/feedback/analyze.js';
import { repoRoot } from '../../test/support/claude-client.js';
import {
  corpusItems,
  formatReport,
  type Item,
  orderSplits,
  parseSplitFilter,
  realClientItems,
  score,
  scoreBySplit,
  splitName,
  windowText,
  unknownArgument,
} from './benchmark.js';

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const item = (gold: Item['gold'], predicted: Item['predicted'], split: Item['split'] = 'dev'): Item => ({
  split,
  source: `s-${gold}-${predicted}`,
  skill_id: 'x',
  gold,
  predicted,
  rule: 'r',
  text: 't',
  why: 'w',
});

describe('score', () => {
  it('computes precision, recall, matrix and exact on a hand-checked set', () => {
    const s = score([
      item('correction', 'correction'),
      item('partial', 'correction'),
      item('correction', 'none'),
      item('none', 'acceptance'),
      item('acceptance', 'acceptance'),
      item('acceptance', 'none'),
      item('none', 'none'),
    ]);
    expect(s.n).toBe(7);
    expect(s.exact).toBe(3);
    // correction+partial is one class: partial→correction is a true positive.
    expect(s.correctionPartial).toEqual({ precision: 1, recall: 2 / 3, tp: 2, fp: 0, fn: 1 });
    expect(s.acceptance).toEqual({ precision: 0.5, recall: 0.5, tp: 1, fp: 1, fn: 1 });
    expect(s.matrix.partial.correction).toBe(1);
    expect(s.matrix.none.acceptance).toBe(1);
    expect(s.matrix.correction.none).toBe(1);
    expect(
      Object.values(s.matrix)
        .flatMap((row) => Object.values(row))
        .reduce((a, b) => a + b, 0),
    ).toBe(7);
  });

  it('reports n/a (null) when a class never occurs, and scores each split separately', () => {
    const items = [item('none', 'none', 'test'), item('acceptance', 'correction', 'dev')];
    const bySplit = Object.fromEntries(scoreBySplit(items).map((s) => [s.name, s.scores]));
    expect(bySplit.test!.correctionPartial.precision).toBeNull();
    expect(bySplit.test!.correctionPartial.recall).toBeNull();
    expect(bySplit.dev!.correctionPartial).toEqual({ precision: 0, recall: null, tp: 0, fp: 1, fn: 0 });
    expect(bySplit.corpus!.n).toBe(0);
    expect(bySplit.all!.n).toBe(2);
    const report = formatReport(items);
    expect(report).toContain('misclassified:\n    s-acceptance-correction x: gold acceptance, got correction (r) — t');
    expect(report).toMatch(/test \(held out\): 1 invocations, 1 exact/);
  });
});

describe('windowText', () => {
  it('redacts secrets, marks interrupts/denials, joins turns and shortens', () => {
    const fake = {
      window: {
        turns: [
          { kind: 'prompt', text: 'use   key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789 please' },
          { kind: 'interrupt', text: '' },
          { kind: 'prompt', text: 'x'.repeat(300) },
        ],
      },
    } as unknown as AnalyzedInvocation;
    const text = windowText(fake);
    expect(text).not.toContain('sk-ant-api03');
    expect(text).toContain('[REDACTED]');
    expect(text).toContain(' ⏐ [interrupt] ⏐ ');
    expect(text.length).toBe(140);
    expect(windowText(undefined)).toBe('(no human turn)');
  });
});

describe('on a tiny synthetic labeled set (real transcripts, the real classifier)', () => {
  const fixtures = path.join(repoRoot, 'test', 'fixtures', 'real-client');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skillpulse-accuracy-'));
  scratch.push(dir);
  for (const name of ['fb-en-lgtm-thx', 'fb-en-silence', 'fb-en-hmm-not-quite'])
    cpSync(path.join(fixtures, name), path.join(dir, name), { recursive: true });
  // A deliberately wrong gold label: silence labeled acceptance.
  const silence = path.join(dir, 'fb-en-silence', 'scenario.json');
  const manifest = JSON.parse(readFileSync(silence, 'utf8'));
  manifest.invocations[0].feedback.outcome = 'acceptance';
  writeFileSync(silence, JSON.stringify(manifest));

  it('joins labels, predictions and splits and scores them', async () => {
    const { items, skipped } = await realClientItems(
      dir,
      { dev: ['fb-en-lgtm-thx', 'fb-en-silence'], test: ['fb-en-hmm-not-quite'] },
      { overrides: [{ scenario: 'fb-en-lgtm-thx', skill_id: 'format-code', outcome: 'acceptance', why: 'same as the manifest' }] },
    );
    expect(skipped).toBe(0);
    expect(items.map((i) => [i.source, i.split, i.gold, i.predicted])).toEqual([
      ['fb-en-hmm-not-quite', 'test', 'correction', 'correction'],
      ['fb-en-lgtm-thx', 'dev', 'acceptance', 'acceptance'],
      ['fb-en-silence', 'dev', 'acceptance', 'none'],
    ]);
    expect(items[1]!.why).toBe('override: same as the manifest');
    expect(items[2]!.text).toBe('(no human turn)');
    const bySplit = Object.fromEntries(scoreBySplit(items).map((s) => [s.name, s.scores]));
    expect(bySplit.dev!.acceptance).toEqual({ precision: 1, recall: 0.5, tp: 1, fp: 0, fn: 1 });
    expect(bySplit.test!.correctionPartial).toEqual({ precision: 1, recall: 1, tp: 1, fp: 0, fn: 0 });
    expect(bySplit.all!.exact).toBe(2);
  });

  it('puts scenarios of the retired round-N test lists in split test-rN', async () => {
    const { items } = await realClientItems(
      dir,
      { $comment: 'ignored', dev: ['fb-en-lgtm-thx'], test_round1: ['fb-en-silence'], test_round2: ['fb-en-hmm-not-quite'] },
      { overrides: [] },
    );
    expect(items.map((i) => [i.source, i.split])).toEqual([
      ['fb-en-hmm-not-quite', 'test-r2'],
      ['fb-en-lgtm-thx', 'dev'],
      ['fb-en-silence', 'test-r1'],
    ]);
    expect(scoreBySplit(items).map((s) => [s.name, s.scores.n])).toEqual([
      ['dev', 1],
      ['test-r1', 1],
      ['test-r2', 1],
      ['test', 0],
      ['corpus', 0],
      ['all', 3],
    ]);
    expect(formatReport(items)).toContain('test-r2 (round-2 test split: held out until measured once, then tuning data): 1 invocations');
  });

  it('with a split filter, never analyses or names scenarios of other splits', async () => {
    // fb-en-hmm-not-quite is in no split at all: without a filter that is an error, with one it is skipped unseen.
    const only = parseSplitFilter('dev,test_round1');
    const { items, skipped } = await realClientItems(
      dir,
      { dev: ['fb-en-lgtm-thx'], test_round1: ['fb-en-silence'], test_round3: [] },
      { overrides: [] },
      only,
    );
    expect(skipped).toBe(1);
    expect(items.map((i) => i.source)).toEqual(['fb-en-lgtm-thx', 'fb-en-silence']);
    expect(scoreBySplit(items, only).map((s) => s.name)).toEqual(['dev', 'test-r1', 'all']);
    const report = formatReport(items, only);
    expect(report).not.toContain('hmm-not-quite');
    expect(report).not.toMatch(/^test \(held out\)/m);
    expect(() => parseSplitFilter(' , ')).toThrow(/at least one split/);
  });

  it('names and orders splits', () => {
    expect(splitName('test_round12')).toBe('test-r12');
    expect(splitName('dev')).toBe('dev');
    expect(splitName('train')).toBeNull();
    expect(orderSplits(['corpus', 'test-r10', 'test', 'test-r2', 'dev', 'test-r2'])).toEqual([
      'dev',
      'test-r2',
      'test-r10',
      'test',
      'corpus',
    ]);
  });

  it('refuses a scenario that is in no split or in both, and an unknown split key', async () => {
    await expect(realClientItems(dir, { dev: ['fb-en-lgtm-thx'], test: ['fb-en-silence'] }, { overrides: [] })).rejects.toThrow(
      /fb-en-hmm-not-quite must be in exactly one of dev\/test_roundN\/test/,
    );
    await expect(realClientItems(dir, { dev: [], train: [] }, { overrides: [] })).rejects.toThrow(/unknown key "train"/);
    await expect(
      realClientItems(dir, { dev: ['fb-en-lgtm-thx', 'fb-en-silence', 'fb-en-hmm-not-quite'], test: ['fb-en-silence'] }, { overrides: [] }),
    ).rejects.toThrow(/fb-en-silence must be in exactly one/);
  });

  it('joins corpus-style labels by invocation uuid and reports unlabeled and missing invocations', async () => {
    const one = path.join(dir, 'fb-en-lgtm-thx');
    const found = await analyzeSessions({ sessionDirs: [one], env: {} });
    const uuid = found.invocations[0]!.invocation.invocation_uuid;
    const labels = path.join(dir, 'labels.json');
    writeFileSync(
      labels,
      JSON.stringify({
        labels: [
          { file: 'a.jsonl', skill_id: 'format-code', invocation_uuid: uuid, outcome: 'acceptance', why: 'lgtm' },
          { file: 'b.jsonl', skill_id: 'format-code', invocation_uuid: 'missing', outcome: 'correction', why: 'not there' },
        ],
      }),
    );
    const { items, unlabeled } = await corpusItems(one, labels);
    expect(unlabeled).toEqual([]);
    expect(items.map((i) => [i.split, i.gold, i.predicted, i.rule])).toEqual([
      ['corpus', 'acceptance', 'acceptance', 'explicit-acceptance'],
      ['corpus', 'correction', 'none', 'not-found'],
    ]);
    writeFileSync(labels, JSON.stringify({ labels: [] }));
    expect((await corpusItems(one, labels)).unlabeled).toEqual([uuid]);
  });
});

describe('unknownArgument', () => {
  it('accepts the known flags and their values, and names the first unknown one', () => {
    expect(unknownArgument([])).toBeNull();
    expect(unknownArgument(['--split', 'test-r1,corpus', '--second-stage', 'off', '--verbose', '--json'])).toBeNull();
    expect(unknownArgument(['--split=dev', '--second-stage=on', '--list'])).toBeNull();
    // A typo or an unsupported flag must not fall through to a run over every split.
    expect(unknownArgument(['--splits', 'dev'])).toBe('--splits');
    expect(unknownArgument(['--split', 'dev', '--hepl'])).toBe('--hepl');
    expect(unknownArgument(['test-r1'])).toBe('test-r1');
  });
});
