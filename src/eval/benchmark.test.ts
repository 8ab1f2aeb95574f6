import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { aggregateBenchmark, type ConfigSummary, deltaPair } from './benchmark.js';
import { configTitle, renderBenchmarkMd } from './benchmark-md.js';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sp-bench-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function put(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
}

const grading = (passRate: number, time: number, outputChars: number, extra: Record<string, unknown> = {}) => ({
  expectations: [{ text: 'has a total', passed: passRate > 0.5, evidence: 'Total: 42' }],
  summary: { passed: Math.round(passRate * 4), failed: 4 - Math.round(passRate * 4), total: 4, pass_rate: passRate },
  execution_metrics: {
    tool_calls: { Read: 2 },
    total_tool_calls: 2,
    total_steps: 3,
    errors_encountered: 0,
    output_chars: outputChars,
    transcript_chars: 100,
  },
  timing: { total_duration_seconds: time },
  ...extra,
});

describe('aggregateBenchmark', () => {
  it('computes per-configuration stats over all runs and the delta with_skill − without_skill (V8)', async () => {
    const dir = path.join(root, 'a');
    const withRates = [0.5, 1.0, 0.75];
    const withoutRates = [0.25, 0.25, 0.25];
    for (let i = 0; i < 3; i++) {
      await put(
        path.join(dir, 'eval-0', 'with_skill', `run-${i + 1}`, 'grading.json'),
        grading(withRates[i]!, [42.5, 31.2, 58.0][i]!, [3800, 3200, 4100][i]!),
      );
      await put(path.join(dir, 'eval-0', 'without_skill', `run-${i + 1}`, 'grading.json'), grading(withoutRates[i]!, 30, 2000));
    }
    const b = await aggregateBenchmark(dir, { skillName: 'demo', now: new Date('2026-11-21T10:00:00.123Z') });
    const w = b.run_summary.with_skill as ConfigSummary;
    expect(w.pass_rate).toEqual({ mean: 0.75, stddev: 0.25, min: 0.5, max: 1.0 });
    expect(w.time_seconds).toMatchObject({ mean: 43.9, stddev: 13.4547 });
    expect(w.tokens).toMatchObject({ mean: 3700, stddev: 458.2576 });
    expect(b.run_summary.delta).toEqual({ pass_rate: '+0.50', time_seconds: '+13.9', tokens: '+1700' });
    expect(b.metadata).toMatchObject({
      skill_name: 'demo',
      skill_path: '<path/to/skill>',
      timestamp: '2026-11-21T10:00:00Z',
      evals_run: [0],
      runs_per_configuration: 3,
      baseline_configuration: 'without_skill',
      candidate_configuration: 'with_skill',
    });
    expect(b.runs).toHaveLength(6);
    expect(b.runs[0]).toMatchObject({
      eval_id: 0,
      eval_name: 'eval-0',
      configuration: 'with_skill',
      run_number: 1,
      result: { pass_rate: 0.5, tokens: 3800, tool_calls: 2 },
    });
    const md = renderBenchmarkMd(b);
    expect(md).toContain('# Skill Benchmark: demo');
    expect(md).toContain('**Evals**: 0 (3 runs each per configuration)');
    expect(md).toContain('| Metric | With Skill | Without Skill | Delta |');
    expect(md).toContain('| Pass Rate | 75% ± 25% | 25% ± 0% | +0.50 |');
    expect(md).toContain('| Time | 43.9s ± 13.5s | 30.0s ± 0.0s | +13.9s |');
    expect(md).toContain('| Tokens | 3700 ± 458 | 2000 ± 0 | +1700 |');
  });

  it('old_skill vs with_skill: the delta is with − old whatever the alphabetical order (V8, fixed)', async () => {
    const dir = path.join(root, 'b');
    await put(path.join(dir, 'fill-the-form', 'old_skill', 'run-1', 'grading.json'), grading(0.75, 10, 100));
    await put(path.join(dir, 'fill-the-form', 'with_skill', 'run-1', 'grading.json'), grading(0.5, 12, 100));
    const b = await aggregateBenchmark(dir);
    expect(b.run_summary.delta).toEqual({ pass_rate: '-0.25', time_seconds: '+2.0', tokens: '+0' });
    expect(b.metadata.baseline_configuration).toBe('old_skill');
    // Descriptive eval names are found (not only eval-*); the id falls back to the position.
    expect(b.runs[0]).toMatchObject({ eval_id: 0, eval_name: 'fill-the-form' });
  });

  it('reads the flat layout, runs/ subfolder, eval_metadata, timing.json and notes; skips bad runs with a warning', async () => {
    const dir = path.join(root, 'c');
    const base = path.join(dir, 'runs');
    await put(path.join(base, 'eval-7', 'eval_metadata.json'), { eval_id: 12, eval_name: 'pdf form', prompt: 'p', assertions: [] });
    await put(
      path.join(base, 'eval-7', 'with_skill', 'grading.json'),
      grading(1, 0, 999, { user_notes_summary: { uncertainties: ['u1'], needs_review: ['n1'], workarounds: ['w1'] } }),
    );
    await put(path.join(base, 'eval-7', 'with_skill', 'timing.json'), { total_tokens: 5000, total_duration_seconds: 20.5 });
    await put(path.join(base, 'eval-7', 'without_skill', 'grading.json'), '{broken');
    await put(path.join(base, 'eval-3', 'without_skill', 'run-2', 'grading.json'), grading(0, 5, 10));
    await put(path.join(base, 'eval-3', 'with_skill', 'run-1', 'grading.json'), {
      expectations: [{ name: 'x' }],
      summary: { pass_rate: 0.5 },
    });
    const warnings: string[] = [];
    const b = await aggregateBenchmark(dir, { warn: (m) => warnings.push(m) });
    expect(b.metadata.evals_run).toEqual([3, 12]);
    const flat = b.runs.find((r) => r.eval_id === 12)!;
    expect(flat).toMatchObject({
      eval_name: 'pdf form',
      configuration: 'with_skill',
      run_number: 1,
      result: { time_seconds: 20.5, tokens: 5000 },
      notes: ['u1', 'n1', 'w1'],
    });
    expect(b.runs.find((r) => r.eval_id === 3 && r.configuration === 'without_skill')!.run_number).toBe(2);
    expect(warnings.some((w) => w.includes(path.join('eval-7', 'without_skill', 'grading.json')) && w.includes('run skipped'))).toBe(true);
    expect(warnings.some((w) => w.includes('expectations[0] lacks'))).toBe(true);
    expect(b.metadata.runs_per_configuration).toBe(1);
  });

  it('refuses a folder without runs', async () => {
    await mkdir(path.join(root, 'empty', 'x'), { recursive: true });
    await expect(aggregateBenchmark(path.join(root, 'empty'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('deltaPair and titles', () => {
    expect(deltaPair(['old_skill', 'with_skill'])).toEqual({ candidate: 'with_skill', baseline: 'old_skill' });
    expect(deltaPair(['new_skill', 'old_skill'])).toEqual({ candidate: 'new_skill', baseline: 'old_skill' });
    expect(deltaPair(['alpha', 'beta'])).toEqual({ candidate: 'alpha', baseline: 'beta' });
    expect(deltaPair(['solo'])).toEqual({ candidate: 'solo', baseline: null });
    expect(configTitle('with_skill')).toBe('With Skill');
  });

  it('the CLI writes benchmark.json and benchmark.md', async () => {
    const dir = path.join(root, 'cli');
    await put(path.join(dir, 'eval-1', 'with_skill', 'run-1', 'grading.json'), grading(1, 10, 10));
    await put(path.join(dir, 'eval-1', 'without_skill', 'run-1', 'grading.json'), grading(0.5, 8, 10));
    const run = await runCliCaptured(['eval', 'benchmark', dir, '--skill-name', 'demo', '--json'], { env: { HOME: root, NO_COLOR: '1' } });
    expect(run.code).toBe(0);
    const json = JSON.parse(await readFile(path.join(dir, 'benchmark.json'), 'utf8'));
    expect(json.run_summary.delta.pass_rate).toBe('+0.50');
    expect(JSON.parse(run.stdout).run_summary.delta).toEqual(json.run_summary.delta);
    expect(await readFile(path.join(dir, 'benchmark.md'), 'utf8')).toContain('| Pass Rate | 100% ± 0% | 50% ± 0% | +0.50 |');
  });
});
