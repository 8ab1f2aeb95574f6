import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

let root = '';
let skill = '';
let set = '';
let fakeBin = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sp-evalcli-'));
  skill = path.join(root, 'skill');
  await mkdir(skill);
  await writeFile(path.join(skill, 'SKILL.md'), '---\nname: demo\ndescription: Demo skill\n---\n');
  set = path.join(root, 'set.json');
  await writeFile(
    set,
    JSON.stringify([
      { query: 'a', should_trigger: true },
      { query: 'b', should_trigger: false },
    ]),
  );
  // A stand-in executable that only answers --version (enough for the dry run, which never runs the model).
  fakeBin = path.join(root, 'claude');
  await writeFile(fakeBin, '#!/bin/sh\necho "9.9.9 (Claude Code)"\n', { mode: 0o755 });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const env = () => ({ HOME: root, SKILLPULSE_HOME: path.join(root, 'sp'), NO_COLOR: '1', PATH: '/usr/bin:/bin' });
const trigger = (...extra: string[]) => ['eval', 'trigger', '--skill-path', skill, '--eval-set', set, ...extra];

describe('eval trigger: bad input gets one clear line and a non-zero exit', () => {
  it('missing SKILL.md', async () => {
    const run = await runCliCaptured(['eval', 'trigger', '--skill-path', root, '--eval-set', set], { env: env() });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`No SKILL.md found at ${root}`);
  });
  it('bad eval set names file, line and field', async () => {
    const bad = path.join(root, 'bad.json');
    await writeFile(bad, '[\n {"query": "a", "should_trigger": "yes"}\n]');
    const run = await runCliCaptured(['eval', 'trigger', '--skill-path', skill, '--eval-set', bad], { env: env() });
    expect(run.code).toBe(3);
    expect(run.stderr.trim()).toBe(`skillpulse: ${bad}:2: [0].should_trigger: must be true or false, got "yes"`);
  });
  it('an invalid --description is refused', async () => {
    const run = await runCliCaptured(trigger('--description', 'x'.repeat(1025), '--claude-bin', fakeBin), { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--description: Description is too long (1025 characters). Maximum is 1024 characters.');
  });
  it('no client anywhere', async () => {
    const run = await runCliCaptured(trigger(), { env: env() });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/the claude client was not found on PATH \(install @anthropic-ai\/claude-code/);
  });
  it('flags are validated', async () => {
    const run = await runCliCaptured(trigger('--detect', 'sometimes'), { env: env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/expected one of whole-turn, first-tool/);
  });
});

describe('dry runs', () => {
  it('eval trigger --dry-run counts runs and estimates the cost without running the model', async () => {
    const run = await runCliCaptured(trigger('--claude-bin', fakeBin, '--runs-per-query', '5', '--dry-run', '--json'), { env: env() });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      dry_run: true,
      runs_total: 10,
      runs_cached: 0,
      runs_to_make: 10,
      estimated_cost_usd: 0.2,
    });
    const text = await runCliCaptured(trigger('--claude-bin', fakeBin, '--dry-run'), { env: env() });
    expect(text.stdout).toContain('Dry run: 6 runs (0 answered by the cache, 6 to make).');
  });
  it('eval optimize --dry-run bounds the whole loop', async () => {
    const run = await runCliCaptured(
      ['eval', 'optimize', '--skill-path', skill, '--eval-set', set, '--claude-bin', fakeBin, '--beam', '2', '--dry-run', '--json'],
      { env: env() },
    );
    expect(run.code).toBe(0);
    // 6 runs per candidate; 1 + (5 − 1) × 2 candidates at most.
    expect(JSON.parse(run.stdout)).toMatchObject({ max_runs: 54, iterations: 5, beam: 2 });
  });
});

describe('judges: usage errors', () => {
  it('grade needs expectations; analyze needs exactly one input', async () => {
    const g = await runCliCaptured(['eval', 'grade', '--outputs', root], { env: env() });
    expect(g.code).toBe(2);
    expect(g.stderr).toMatch(/give at least one --expectation/);
    const a = await runCliCaptured(['eval', 'analyze'], { env: env() });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/exactly one of --comparison FILE or --benchmark FILE/);
  });
  it('the api backend without a key is a config error', async () => {
    const out = path.join(root, 'outputs');
    await mkdir(out, { recursive: true });
    await writeFile(path.join(out, 'r.md'), 'x');
    const run = await runCliCaptured(['eval', 'grade', '--outputs', out, '--expectation', 'e', '--backend', 'api'], { env: env() });
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/--backend: the api backend needs ANTHROPIC_API_KEY/);
  });
});
