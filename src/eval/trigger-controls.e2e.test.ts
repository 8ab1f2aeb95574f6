/**
 * End to end with the real client: detection policies side by side, the run cache, the budget
 * stop, timeouts and interruption (abort signal and a real SIGINT to the CLI process).
 */
import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeClient, repoRoot } from '../../test/support/claude-client.js';
import { runCliCaptured } from '../../test/support/cli.js';
import { type Behaviour, type EvalSandbox, evalSandbox, type TriggerScriptState, triggerScript } from '../../test/support/eval-scripts.js';
import { type ScriptedApi, startScriptedApi } from '../../test/support/scripted-api/index.js';
import { runTriggerEval, type TriggerEvalResult } from './trigger-eval.js';
import { prepareTrigger, TRIGGER_DEFAULTS, type TriggerOptions } from './trigger-setup.js';

const SKILL = 'log-digest';
const DESCRIPTION = 'Use this skill to summarise server log files and spot error bursts.';

const BEHAVIOURS = new Map<string, Behaviour>([
  ['digest nginx logs: bash first', { kind: 'bash-then-skill' }],
  ['digest app logs: bash round trip', { kind: 'bash-round-trip-then-skill' }],
  ['digest syslog directly', { kind: 'skill' }],
  ['slow one', { kind: 'slow', ms: 60_000 }],
  ['slow two', { kind: 'slow', ms: 60_000 }],
  ['slow three', { kind: 'slow', ms: 60_000 }],
  ['slow four', { kind: 'slow', ms: 60_000 }],
]);

describe.skipIf(!claudeClient)('trigger eval controls against the real client (e2e)', () => {
  let api: ScriptedApi;
  let box: EvalSandbox;
  const state: TriggerScriptState = { turns: new Map(), listingProblems: [] };

  const options = (evalSet: string, extra: Partial<TriggerOptions> = {}): TriggerOptions => ({
    ...TRIGGER_DEFAULTS,
    skillPath: box.skillDir,
    evalSet,
    claudeBin: claudeClient!,
    cache: false,
    ...extra,
  });

  async function writeSet(name: string, items: Array<[string, boolean]>): Promise<string> {
    const { writeFile } = await import('node:fs/promises');
    const file = path.join(box.root, `${name}.json`);
    await writeFile(file, JSON.stringify(items.map(([query, should_trigger]) => ({ query, should_trigger }))));
    return file;
  }

  beforeAll(async () => {
    box = await evalSandbox(SKILL, DESCRIPTION, [{ query: 'digest syslog directly', should_trigger: true }]);
    api = await startScriptedApi({
      respond: (ctx) => {
        if (ctx.kind !== 'agent') return undefined;
        const q = ctx.firstUserText.trim();
        // Negatives that cost money: a big usage figure so the client reports a real cost.
        if (q.startsWith('costly'))
          return { content: [{ type: 'text', text: 'plain answer' }], usage: { input_tokens: 20_000, output_tokens: 10 } };
        return triggerScript(SKILL, BEHAVIOURS, state)(ctx);
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await box?.cleanup();
  });

  it('first-tool reproduces the upstream miss; whole-turn measures the truth', async () => {
    const set = await writeSet('policies', [
      ['digest nginx logs: bash first', true],
      ['digest app logs: bash round trip', true],
      ['digest syslog directly', true],
    ]);
    const env = box.env(api.url);
    const rate = async (detect: 'first-tool' | 'whole-turn') => {
      const prepared = await prepareTrigger(options(set, { detect, runsPerQuery: 1, numWorkers: 3 }), {
        env,
        cwd: box.root,
        tmpRoot: box.tmp,
      });
      const out = await runTriggerEval(prepared.configFor(prepared.description, prepared.items));
      return out.results.map((r) => r.triggers);
    };
    expect(await rate('first-tool')).toEqual([0, 0, 1]);
    expect(await rate('whole-turn')).toEqual([1, 1, 1]);
  }, 120_000);

  it('a repeated eval is answered by the cache and makes no request', async () => {
    const set = await writeSet('cache', [
      ['digest syslog directly', true],
      ['costly question about the weather', false],
    ]);
    const env = box.env(api.url);
    const once = async () => {
      const prepared = await prepareTrigger(options(set, { cache: true, runsPerQuery: 2 }), { env, cwd: box.root, tmpRoot: box.tmp });
      return runTriggerEval(prepared.configFor(prepared.description, prepared.items));
    };
    const first = await once();
    const requestsAfterFirst = api.requests.length;
    const second = await once();
    expect(first.summary.runs_cached).toBe(0);
    expect(second.summary.runs_cached).toBe(4);
    expect(api.requests.length).toBe(requestsAfterFirst);
    expect(second.summary.cost_usd).toBe(0);
    expect(second.results.map((r) => r.triggers)).toEqual(first.results.map((r) => r.triggers));
    expect(second.results.map((r) => r.triggers)).toEqual([2, 0]);
    // The dry run counts the cache: nothing left to pay for.
    const dry = await runCliCaptured(
      [
        'eval',
        'trigger',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        set,
        '--runs-per-query',
        '2',
        '--claude-bin',
        claudeClient!,
        '--dry-run',
        '--json',
      ],
      {
        env,
        cwd: box.root,
      },
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, runs_total: 4, runs_cached: 4, runs_to_make: 0, estimated_cost_usd: 0 });
  }, 120_000);

  it('stops scheduling once the reported spend reaches --max-budget-usd (exit code 9)', async () => {
    const set = await writeSet(
      'budget',
      Array.from({ length: 6 }, (_, i): [string, boolean] => [`costly question ${i}`, false]),
    );
    const run = await runCliCaptured(
      [
        'eval',
        'trigger',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        set,
        '--runs-per-query',
        '1',
        '--num-workers',
        '1',
        '--max-budget-usd',
        '0.15',
        '--no-cache',
        '--claude-bin',
        claudeClient!,
        '--json',
      ],
      { env: box.env(api.url), cwd: box.root },
    );
    expect(run.code).toBe(9);
    const out = JSON.parse(run.stdout) as TriggerEvalResult;
    const costs = out.results.flatMap((r) => r.run_details.filter((d) => d.status !== 'skipped').map((d) => d.cost_usd!));
    expect(costs.length).toBeGreaterThan(0);
    expect(costs.every((c) => c > 0)).toBe(true);
    const total = costs.reduce((a, b) => a + b, 0);
    // It ran exactly until the spend reached the budget, then skipped the rest.
    expect(total).toBeGreaterThanOrEqual(0.15);
    expect(total - costs.at(-1)!).toBeLessThan(0.15);
    expect(out.summary.budget_exhausted).toBe(true);
    expect(out.summary.runs_skipped).toBe(6 - costs.length);
    expect(out.summary.runs_skipped).toBeGreaterThan(0);
  }, 120_000);

  it('a run that outlives --timeout is an error, and an abort kills the clients and removes their folders', async () => {
    const set = await writeSet('slow', [
      ['slow one', false],
      ['slow two', false],
      ['slow three', false],
      ['slow four', false],
    ]);
    const env = box.env(api.url);
    const timed = await prepareTrigger(options(set, { timeout: 3, runsPerQuery: 1, numWorkers: 4 }), {
      env,
      cwd: box.root,
      tmpRoot: box.tmp,
    });
    const t0 = Date.now();
    const out = await runTriggerEval(timed.configFor(timed.description, timed.items.slice(0, 1)));
    expect(out.results[0]).toMatchObject({ errors: 1, runs: 0, pass: null });
    expect(out.results[0]!.run_details[0]!.error).toMatch(/timed out after 3 s/);
    expect(Date.now() - t0).toBeLessThan(15_000);

    const prepared = await prepareTrigger(options(set, { timeout: 60, runsPerQuery: 1, numWorkers: 2 }), {
      env,
      cwd: box.root,
      tmpRoot: box.tmp,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 2500);
    const t1 = Date.now();
    const aborted = await runTriggerEval({ ...prepared.configFor(prepared.description, prepared.items), signal: controller.signal });
    expect(Date.now() - t1).toBeLessThan(15_000);
    expect(aborted.summary.interrupted).toBe(true);
    const statuses = aborted.results.map((r) => r.run_details[0]!.status);
    expect(statuses.filter((s) => s === 'error')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'skipped')).toHaveLength(2);
    expect(prepared.projects.pending).toEqual([]);
    expect((await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-eval-'))).toEqual([]);
  }, 120_000);

  it('Ctrl-C on the CLI process ends it with partial results and no leftovers', async () => {
    const set = await writeSet('sigint', [
      ['slow one', false],
      ['slow two', false],
    ]);
    const env = box.env(api.url);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'src', 'cli', 'main.ts'),
        'eval',
        'trigger',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        set,
        '--runs-per-query',
        '1',
        '--timeout',
        '60',
        '--claude-bin',
        claudeClient!,
        '--json',
      ],
      { cwd: repoRoot, env: { ...env, PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    // Wait until both runs have their temporary project, then interrupt.
    // Generous: on a loaded 2-core machine starting tsx and the client can take a while.
    const deadline = Date.now() + 100_000;
    while (Date.now() < deadline && (await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-eval-')).length < 2)
      await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000));
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).not.toMatch(/internal error/);
    expect({ code, stderr: code === 130 ? '' : stderr }).toEqual({ code: 130, stderr: '' });
    const out = JSON.parse(stdout) as TriggerEvalResult;
    expect(out.summary.interrupted).toBe(true);
    expect(out.results.every((r) => r.pass === null)).toBe(true);
    expect((await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-eval-'))).toEqual([]);
  }, 180_000);
});
