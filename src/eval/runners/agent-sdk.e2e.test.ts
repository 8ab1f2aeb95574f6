/**
 * End to end: the agent-sdk runner with the real @anthropic-ai/claude-agent-sdk (and the native
 * client it bundles) against the local scripted Messages API. The scripted model's behaviour per
 * query is the truth; the measured counts must equal it. Skipped when the SDK is not installed
 * (scripts/install-agent-sdk.sh); CI installs it and test/ci-prerequisites.test.ts checks it.
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSdkDir, agentSdkVersion } from '../../../test/support/agent-sdk.js';
import { runCliCaptured } from '../../../test/support/cli.js';
import {
  type Behaviour,
  type EvalSandbox,
  evalSandbox,
  type TriggerScriptState,
  triggerScript,
} from '../../../test/support/eval-scripts.js';
import { type ScriptedApi, startScriptedApi } from '../../../test/support/scripted-api/index.js';
import type { TriggerEvalResult } from '../trigger-eval.js';
import { type AgentSdkSpawnOptions, AgentSdkRunner, loadAgentSdk } from './agent-sdk.js';
import { TempProjects } from './isolation.js';

const SKILL = 'invoice-tools';
const DESCRIPTION = 'Use this skill to parse, validate and total PDF or CSV invoices.';
const RUNS = 2;

// query → [behaviour, should_trigger, expected triggers out of RUNS, expected errors]
const CASES: Array<[string, Behaviour, boolean, number, number]> = [
  ['total the invoices in march.csv', { kind: 'skill' }, true, 2, 0],
  ['check invoice 2231 for wrong VAT', { kind: 'bash-then-skill' }, true, 2, 0],
  ['list overdue invoices from the ledger', { kind: 'bash-round-trip-then-skill' }, true, 2, 0],
  ['reconcile the vendor invoices', { kind: 'first-k', k: 1 }, true, 1, 0],
  ['what is the capital of France', { kind: 'text' }, false, 0, 0],
  ['show me the git log', { kind: 'bash-only' }, false, 0, 0],
  ['sum the invoice totals per client', { kind: 'api-error' }, true, 0, 2],
  ['parse the scanned invoice', { kind: 'fail-first-then-skill', n: 1 }, true, 1, 1],
];

/** Processes whose working directory lies under `dir` (Linux /proc), i.e. clients still running there. */
function processesUnder(dir: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`).startsWith(dir)) out.push(Number(entry));
    } catch {
      // gone or not ours
    }
  }
  return out;
}

async function filesUnder(dir: string, suffix: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((f) => f.endsWith(suffix));
}

describe.skipIf(!agentSdkDir)('eval trigger --runner agent-sdk against the real Agent SDK (e2e)', () => {
  let api: ScriptedApi;
  let box: EvalSandbox;
  const state: TriggerScriptState = { turns: new Map(), listingProblems: [] };

  beforeAll(async () => {
    box = await evalSandbox(
      SKILL,
      DESCRIPTION,
      CASES.map(([query, , should_trigger]) => ({ query, should_trigger })),
    );
    // A same-named skill installed for the user: reported, and it must not shadow the candidate.
    const userSkill = path.join(box.home, '.claude', 'skills', SKILL);
    await mkdir(userSkill, { recursive: true });
    await writeFile(path.join(userSkill, 'SKILL.md'), `---\nname: ${SKILL}\ndescription: USER COPY that must stay out\n---\n`);
    const script = triggerScript(SKILL, new Map(CASES.map(([q, b]) => [q, b])), state, (ctx) =>
      JSON.stringify(ctx.body).includes(`- ${SKILL}: ${DESCRIPTION}`),
    );
    // A Skill reply is streamed slowly (250 ms between SSE events), so the client cannot finish the
    // message and send its follow-up request before a runner that stops at the Skill input kills it.
    api = await startScriptedApi((ctx) => {
      const answer = script(ctx);
      const callsSkill = answer?.content?.some((b) => b.type === 'tool_use' && b.name === 'Skill');
      return answer && callsSkill ? { ...answer, eventDelayMs: 250 } : answer;
    });
  });
  afterAll(async () => {
    await api?.close();
    await box?.cleanup();
  });

  it('measures the scripted truth with 6 workers, counts API errors apart, kills clients early, keeps the user copy out', async () => {
    const env = { ...box.env(api.url), SKILLPULSE_AGENT_SDK: agentSdkDir! };
    const run = await runCliCaptured(
      [
        'eval',
        'trigger',
        '--runner',
        'agent-sdk',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        box.evalSetFile,
        '--num-workers',
        '6',
        '--runs-per-query',
        String(RUNS),
        '--timeout',
        '90',
        '--json',
      ],
      { env, cwd: box.root },
    );
    // Right after the command returns no client is left running in a temporary project.
    expect(processesUnder(box.tmp)).toEqual([]);
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as TriggerEvalResult;
    expect(out.results.map((r) => r.query)).toEqual(CASES.map(([q]) => q));
    for (const [query, , should, triggers, errors] of CASES) {
      const r = out.results.find((x) => x.query === query)!;
      expect({ query, triggers: r.triggers, errors: r.errors, runs: r.runs }).toEqual({ query, triggers, errors, runs: RUNS - errors });
      expect(r.should_trigger).toBe(should);
    }
    const byQuery = (q: string) => out.results.find((r) => r.query === q)!;
    // Every run of this query hit HTTP 500: an error, never "not triggered".
    const outage = byQuery('sum the invoice totals per client');
    expect(outage).toMatchObject({ trigger_rate: null, pass: null, runs: 0, errors: 2, ci_95: null });
    expect(outage.run_details.every((d) => d.status === 'error' && /500|scripted outage/.test(d.error ?? ''))).toBe(true);
    expect(out.summary).toMatchObject({ total: 8, errors: 1, run_errors: 3, runs: 13, triggers: 8 });
    // Every triggered run was stopped as soon as the Skill call was seen, before the turn's result.
    const triggered = out.results.flatMap((r) => r.run_details.filter((d) => d.status === 'triggered'));
    expect(triggered).toHaveLength(8);
    expect(triggered.every((d) => d.stopped_early)).toBe(true);
    expect(out.summary.runs_stopped_early).toBe(8);
    // Stopped at once: no client ran the skill and sent the follow-up request (the SDK's own close
    // path would leave it ~2 s to do so).
    expect(api.requests.filter((r) => r.toolResults?.some((t) => t.toolName === 'Skill')).map((r) => r.index)).toEqual([]);
    // Negatives ran to the result, whose cost the client computed.
    const negatives = out.results.flatMap((r) => r.run_details.filter((d) => d.status === 'not_triggered'));
    expect(negatives.length).toBe(5);
    expect(negatives.every((d) => !d.cost_estimated && (d.cost_usd ?? 0) > 0)).toBe(true);
    // Isolation: each request listed the candidate exactly once, with the candidate's description.
    expect(state.listingProblems).toEqual([]);
    expect(out.meta.user_skill_conflict).toBe(path.join(box.home, '.claude', 'skills', SKILL, 'SKILL.md'));
    expect(out.meta).toMatchObject({ runner: 'agent-sdk', client_version: `sdk-${agentSdkVersion(agentSdkDir!)}`, num_workers: 6 });
    // persistSession: false: no session transcript under the scratch HOME.
    expect(await filesUnder(path.join(box.home, '.claude'), '.jsonl')).toEqual([]);
    expect((await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-eval-'))).toEqual([]);
  }, 240_000);

  it('passes the isolation settings to the client it spawns and reports the bundled client', async () => {
    const sdk = await loadAgentSdk({ env: { SKILLPULSE_AGENT_SDK: agentSdkDir! } });
    expect(sdk.version).toBe(agentSdkVersion(agentSdkDir!));
    const spawned: AgentSdkSpawnOptions[] = [];
    const recording = {
      query(args: { prompt: string; options: Record<string, unknown> }) {
        const spawnClient = args.options.spawnClaudeCodeProcess as (o: AgentSdkSpawnOptions) => unknown;
        return sdk.query({
          ...args,
          options: {
            ...args.options,
            spawnClaudeCodeProcess: (o: AgentSdkSpawnOptions) => {
              spawned.push(o);
              return spawnClient(o);
            },
          },
        });
      },
    };
    const projects = new TempProjects(box.tmp);
    const runner = new AgentSdkRunner({ sdk: recording, version: sdk.version!, env: box.env(api.url), projects });
    const outcome = await runner.run({
      query: 'what is the capital of France',
      skillName: SKILL,
      skillMd: `---\nname: ${SKILL}\ndescription: ${DESCRIPTION}\n---\n`,
      model: undefined,
      timeoutMs: 90_000,
      policy: 'whole-turn',
    });
    expect(outcome.verdict).toEqual({ kind: 'not_triggered' });
    expect(outcome.stoppedEarly).toBe(false);
    expect(outcome.observation.clientVersion).toBe('2.1.330');
    expect(outcome.observation.loadedSkills).toContain(SKILL);
    expect(spawned).toHaveLength(1);
    const args = spawned[0]!.args.join(' ');
    expect(args).toContain('--setting-sources=project');
    expect(args).toContain('--no-session-persistence');
    expect(args).toContain('--include-partial-messages');
    expect(spawned[0]!.env.ANTHROPIC_BASE_URL).toBe(api.url);
    expect(projects.pending).toEqual([]);
  }, 120_000);
});
