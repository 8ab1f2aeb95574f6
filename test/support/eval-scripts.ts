/**
 * Scripted models for the eval end-to-end tests: a fake model that invokes the candidate skill for
 * some queries and not others, with a known truth per query, run against the real client.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clientEnv } from './claude-client.js';
import { bashCall, type RequestContext, reply, say, type ScriptedReply, serverError, skillCall } from './scripted-api/index.js';

/** How the fake model treats one query. */
export type Behaviour =
  /** Calls Skill(candidate) first. */
  | { kind: 'skill' }
  /** Calls Bash first (same message), then Skill(candidate): upstream's first-tool rule misses it. */
  | { kind: 'bash-then-skill' }
  /** Calls Bash, waits for its result, then calls Skill(candidate) in the next request. */
  | { kind: 'bash-round-trip-then-skill' }
  /** Answers in text only. */
  | { kind: 'text' }
  /** Calls Bash only, then answers. */
  | { kind: 'bash-only' }
  /** Triggers in the first `k` of this query's turns, answers in text afterwards (truth k/runs). */
  | { kind: 'first-k'; k: number }
  /** Every request for this query fails with HTTP 500. */
  | { kind: 'api-error' }
  /** The first `n` turns of this query fail with HTTP 500, later ones call Skill. */
  | { kind: 'fail-first-then-skill'; n: number }
  /** Answers only after `ms` (to provoke the run timeout). */
  | { kind: 'slow'; ms: number };

export interface TriggerScriptState {
  /** Opening requests seen per query. */
  turns: Map<string, number>;
  /** Requests whose skill listing did not hold exactly one entry for the candidate (must stay 0). */
  listingProblems: string[];
}

/** The `- name: description` line the client puts in the skill listing of each request. */
function listingCount(ctx: RequestContext, skillName: string): number {
  const body = JSON.stringify(ctx.body);
  return body.split(`- ${skillName}: `).length - 1;
}

/**
 * A script function for `startScriptedApi`. `behaviours` maps each query to how the model
 * answers it; `expectDescription` (when given) must appear in the listing, else the model answers
 * in text (so a shadowing copy or a wrong candidate can never look like a trigger).
 */
export function triggerScript(
  skillName: string,
  behaviours: Map<string, Behaviour>,
  state: TriggerScriptState,
  expectDescription?: (ctx: RequestContext) => boolean,
): (ctx: RequestContext) => ScriptedReply | undefined {
  return (ctx) => {
    if (ctx.kind !== 'agent') return undefined;
    const query = ctx.firstUserText.trim();
    const behaviour = behaviours.get(query) ?? { kind: 'text' };
    const results = ctx.toolResults;
    if (results.some((r) => r.toolName === 'Skill')) return say('Done with the skill.');
    if (results.some((r) => r.toolName === 'Bash')) {
      if (behaviour.kind === 'bash-round-trip-then-skill') return reply(skillCall(skillName));
      return say('Done after bash.');
    }
    // A new turn for this query.
    const n = (state.turns.get(query) ?? 0) + 1;
    state.turns.set(query, n);
    const count = listingCount(ctx, skillName);
    if (count !== 1) state.listingProblems.push(`${query}: ${count} listing entries`);
    const visible = count === 1 && (expectDescription ? expectDescription(ctx) : true);
    const trigger = (r: ScriptedReply): ScriptedReply => (visible ? r : say('The skill I would need is not listed.'));
    switch (behaviour.kind) {
      case 'skill':
        return trigger(reply(skillCall(skillName)));
      case 'bash-then-skill':
        return trigger(reply(bashCall('ls'), skillCall(skillName)));
      case 'bash-round-trip-then-skill':
        return trigger(reply(bashCall('pwd')));
      case 'text':
        return say(`A plain answer to: ${query.slice(0, 30)}`);
      case 'bash-only':
        return reply(bashCall('echo hi'));
      case 'first-k':
        return n <= behaviour.k ? trigger(reply(skillCall(skillName))) : say('Answered without the skill.');
      case 'api-error':
        return serverError('scripted outage');
      case 'fail-first-then-skill':
        return n <= behaviour.n ? serverError('scripted outage') : trigger(reply(skillCall(skillName)));
      case 'slow':
        return { ...say('late'), delayMs: behaviour.ms };
    }
  };
}

export interface EvalSandbox {
  root: string;
  home: string;
  tmp: string;
  skillpulseHome: string;
  skillDir: string;
  evalSetFile: string;
  env(baseUrl: string, extra?: Record<string, string>): NodeJS.ProcessEnv;
  cleanup(): Promise<void>;
}

/** A scratch folder with HOME, TMPDIR, SKILLPULSE_HOME, a skill folder and an eval-set file. */
export async function evalSandbox(
  skillName: string,
  description: string,
  items: Array<{ query: string; should_trigger: boolean }>,
  body = '\n# Skill\n\nInstructions.\n',
): Promise<EvalSandbox> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sp-e2e-'));
  const home = path.join(root, 'home');
  const tmp = path.join(root, 'tmp');
  const skillpulseHome = path.join(root, 'skillpulse-home');
  const skillDir = path.join(root, 'skills', skillName);
  await Promise.all([mkdir(home, { recursive: true }), mkdir(tmp, { recursive: true }), mkdir(skillDir, { recursive: true })]);
  await writeFile(path.join(skillDir, 'SKILL.md'), `---\nname: ${skillName}\ndescription: ${JSON.stringify(description)}\n---\n${body}`);
  const evalSetFile = path.join(root, 'eval-set.json');
  await writeFile(evalSetFile, JSON.stringify(items, null, 2));
  return {
    root,
    home,
    tmp,
    skillpulseHome,
    skillDir,
    evalSetFile,
    env(baseUrl, extra = {}) {
      return {
        ...clientEnv(home, baseUrl, { CLAUDE_CODE_MAX_RETRIES: '0', ...extra }),
        TMPDIR: tmp,
        SKILLPULSE_HOME: skillpulseHome,
        NO_COLOR: '1',
      };
    },
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}
