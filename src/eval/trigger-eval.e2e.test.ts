/**
 * End to end: the real Claude Code client against the local scripted Messages API. The scripted
 * model's behaviour per query is the truth; the measured rates must equal it.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeClient } from '../../test/support/claude-client.js';
import { runCliCaptured } from '../../test/support/cli.js';
import { type Behaviour, type EvalSandbox, evalSandbox, type TriggerScriptState, triggerScript } from '../../test/support/eval-scripts.js';
import { type ScriptedApi, startScriptedApi } from '../../test/support/scripted-api/index.js';
import type { TriggerEvalResult } from './trigger-eval.js';

const SKILL = 'invoice-tools';
const DESCRIPTION = 'Use this skill to parse, validate and total PDF or CSV invoices.';

// query → [behaviour, should_trigger, expected triggers out of 3 runs, expected errors]
const CASES: Array<[string, Behaviour, boolean, number, number]> = [
  ['total the invoices in march.csv', { kind: 'skill' }, true, 3, 0],
  ['check invoice 2231 for wrong VAT', { kind: 'bash-then-skill' }, true, 3, 0],
  ['list overdue invoices from the ledger', { kind: 'bash-round-trip-then-skill' }, true, 3, 0],
  ['reconcile the vendor invoices', { kind: 'first-k', k: 2 }, true, 2, 0],
  ['what is the capital of France', { kind: 'text' }, false, 0, 0],
  ['show me the git log', { kind: 'bash-only' }, false, 0, 0],
  ['write a haiku about autumn', { kind: 'first-k', k: 1 }, false, 1, 0],
  ['sum the invoice totals per client', { kind: 'api-error' }, true, 0, 3],
  ['parse the scanned invoice', { kind: 'fail-first-then-skill', n: 1 }, true, 2, 1],
  ['explain this regex', { kind: 'text' }, false, 0, 0],
];

describe.skipIf(!claudeClient)('eval trigger against the real client (e2e)', () => {
  let api: ScriptedApi;
  let box: EvalSandbox;
  const state: TriggerScriptState = { turns: new Map(), listingProblems: [] };

  beforeAll(async () => {
    box = await evalSandbox(
      SKILL,
      DESCRIPTION,
      CASES.map(([query, , should_trigger]) => ({ query, should_trigger })),
    );
    // A same-named skill installed for the user: it must be reported and must not shadow the candidate.
    const userSkill = path.join(box.home, '.claude', 'skills', SKILL);
    await mkdir(userSkill, { recursive: true });
    await writeFile(path.join(userSkill, 'SKILL.md'), `---\nname: ${SKILL}\ndescription: USER COPY that must stay out\n---\n`);
    api = await startScriptedApi(
      triggerScript(SKILL, new Map(CASES.map(([q, b]) => [q, b])), state, (ctx) =>
        JSON.stringify(ctx.body).includes(`- ${SKILL}: ${DESCRIPTION}`),
      ),
    );
  });
  afterAll(async () => {
    await api?.close();
    await box?.cleanup();
  });

  it('measures the scripted truth with 10 workers, counts errors apart, stops clients early', async () => {
    const started = Date.now();
    const html = path.join(box.root, 'report.html');
    const run = await runCliCaptured(
      [
        'eval',
        'trigger',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        box.evalSetFile,
        '--num-workers',
        '10',
        '--runs-per-query',
        '3',
        '--timeout',
        '60',
        '--claude-bin',
        claudeClient!,
        '--html',
        html,
        '--json',
      ],
      { env: box.env(api.url), cwd: box.root },
    );
    const elapsed = Date.now() - started;
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as TriggerEvalResult;
    // Results in eval-set order, with the measured counts equal to the scripted truth.
    expect(out.results.map((r) => r.query)).toEqual(CASES.map(([q]) => q));
    for (const [query, , should, triggers, errors] of CASES) {
      const r = out.results.find((x) => x.query === query)!;
      expect({ query, triggers: r.triggers, errors: r.errors, runs: r.runs }).toEqual({ query, triggers, errors, runs: 3 - errors });
      expect(r.should_trigger).toBe(should);
    }
    const byQuery = (q: string) => out.results.find((r) => r.query === q)!;
    expect(byQuery('total the invoices in march.csv')).toMatchObject({ trigger_rate: 1, pass: true, flaky: false });
    expect(byQuery('reconcile the vendor invoices')).toMatchObject({ pass: true, flaky: true });
    expect(byQuery('write a haiku about autumn')).toMatchObject({ pass: true, flaky: true });
    // All runs failed: no rate, no pass, counted as an error, not as "not triggered".
    expect(byQuery('sum the invoice totals per client')).toMatchObject({ trigger_rate: null, pass: null, runs: 0, errors: 3, ci_95: null });
    expect(byQuery('sum the invoice totals per client').run_details[0]!.error).toMatch(/500|scripted outage/);
    expect(out.summary).toMatchObject({ total: 10, passed: 9, failed: 0, errors: 1, run_errors: 4, runs: 26, triggers: 14 });
    // Run level: tp = 13 (3+3+3+2+2), fn = 1 (reconcile), fp = 1 (haiku), positives answered = 14.
    expect(out.summary.recall).toBeCloseTo(13 / 14);
    expect(out.summary.precision).toBeCloseTo(13 / 14);
    // Every triggered run was stopped as soon as the Skill call was seen.
    const triggered = out.results.flatMap((r) => r.run_details.filter((d) => d.status === 'triggered'));
    expect(triggered).toHaveLength(14);
    expect(triggered.every((d) => d.stopped_early)).toBe(true);
    // Isolation: every request listed exactly one copy of the candidate, and it was the candidate's description.
    expect(state.listingProblems).toEqual([]);
    expect(out.meta.user_skill_conflict).toBe(path.join(box.home, '.claude', 'skills', SKILL, 'SKILL.md'));
    expect(out.meta).toMatchObject({ runner: 'claude-cli', client_version: '2.1.330', detect: 'whole-turn', num_workers: 10 });
    // No temporary project is left behind.
    expect((await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-eval-'))).toEqual([]);
    // The HTML report escapes and holds every query.
    const page = await readFile(html, 'utf8');
    expect(page).toContain('<!doctype html>');
    expect(page).toContain('check invoice 2231 for wrong VAT');
    console.info(
      `e2e trigger: 30 runs, 10 workers, ${elapsed} ms, cost $${out.summary.cost_usd.toFixed(4)} + $${out.summary.cost_estimated_usd.toFixed(4)} est.`,
    );
  }, 180_000);
});
