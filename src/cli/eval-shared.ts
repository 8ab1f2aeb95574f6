/**
 * Pieces shared by the `eval` subcommands: the trigger flags (a contract: names and defaults as
 * in skill-creator's run_eval), their option type, and the interrupt guard that turns Ctrl-C into
 * an abort signal, kills running clients and removes temporary projects.
 */
import type { Command } from 'commander';
import type { ModelBackend } from '../eval/backends.js';
import { choiceOption, intOption, numberOption } from './options.js';

export interface TriggerFlags {
  skillPath: string;
  evalSet: string;
  description?: string;
  runsPerQuery: number;
  numWorkers: number;
  triggerThreshold: number;
  timeout: number;
  model?: string;
  runner: 'claude-cli' | 'agent-sdk';
  claudeBin?: string;
  detect: 'whole-turn' | 'first-tool';
  maxBudgetUsd?: number;
  dryRun?: boolean;
  cache: boolean;
  html?: string;
}

export function addTriggerFlags(command: Command): Command {
  return command
    .requiredOption('--skill-path <dir>', 'skill folder holding SKILL.md')
    .requiredOption('--eval-set <file>', 'JSON array of {"query", "should_trigger"}')
    .option('--description <text>', 'candidate description (default: the one in SKILL.md)')
    .option('--runs-per-query <n>', 'runs per query', intOption(1, 100), 3)
    .option('--num-workers <n>', 'runs in parallel', intOption(1, 64), 10)
    .option('--trigger-threshold <x>', 'trigger rate a query needs to count as triggering', numberOption(0, 1), 0.5)
    .option('--timeout <seconds>', 'seconds per run before it counts as an error', numberOption(1, 3600), 30)
    .option('--model <model>', 'model for the runs (default: the client default)')
    .option('--runner <runner>', 'claude-cli or agent-sdk', choiceOption(['claude-cli', 'agent-sdk'] as const), 'claude-cli')
    .option('--claude-bin <path>', 'the claude client (default: SKILLPULSE_CLAUDE_BIN, then PATH)')
    .option(
      '--detect <policy>',
      'whole-turn (any Skill call in the turn) or first-tool (skill-creator rule)',
      choiceOption(['whole-turn', 'first-tool'] as const),
      'whole-turn',
    )
    .option('--max-budget-usd <x>', 'stop starting runs once the reported spend reaches this', numberOption(0))
    .option('--dry-run', 'print the number of runs and a cost estimate, run nothing')
    .option('--no-cache', 'ignore and do not write the run cache')
    .option('--html <file>', 'also write an HTML report');
}

export interface InterruptGuard {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * Ctrl-C (SIGINT/SIGTERM) aborts the evaluation: running clients are killed, temporary projects
 * removed, partial results printed. A second Ctrl-C cleans up synchronously and lets the default
 * handler end the process. An `exit` hook removes leftovers in every case.
 */
export function interruptGuard(cleanupSync: () => void): InterruptGuard {
  const controller = new AbortController();
  let count = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    count++;
    controller.abort();
    if (count > 1) {
      cleanupSync();
      dispose();
      process.kill(process.pid, signal);
    }
  };
  const onExit = () => cleanupSync();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', onExit);
  const dispose = () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', onExit);
  };
  return { signal: controller.signal, dispose };
}

export interface BackendFlags {
  backend: 'claude-cli' | 'api';
  model?: string;
  claudeBin?: string;
}

/** Flags of the commands that ask a model (judges). */
export function addBackendFlags(command: Command): Command {
  return command
    .option(
      '--backend <backend>',
      'claude-cli (claude -p) or api (Messages API: ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)',
      choiceOption(['claude-cli', 'api'] as const),
      'claude-cli',
    )
    .option('--model <model>', 'model for the judge')
    .option('--claude-bin <path>', 'the claude client for --backend claude-cli (default: SKILLPULSE_CLAUDE_BIN, then PATH)');
}

/**
 * The model backend a judge command asks, from its backend flags; `TMPDIR` from the command's
 * environment (not the process's) holds the client's temporary folders. `model` overrides
 * `flags.model` (optimize: --rewrite-model).
 */
export async function createJudgeBackend(
  flags: BackendFlags,
  ctx: { env: NodeJS.ProcessEnv; cwd: string },
  model: string | undefined = flags.model,
): Promise<ModelBackend> {
  const { createBackend } = await import('../eval/backends.js');
  return createBackend({
    backend: flags.backend,
    model,
    env: ctx.env,
    cwd: ctx.cwd,
    claudeBin: flags.claudeBin,
    ...(ctx.env.TMPDIR ? { tmpRoot: ctx.env.TMPDIR } : {}),
  });
}

/** Expectations from repeated --expectation flags and/or a file (array of strings, or {assertions|expectations: [...]}) */
export async function loadExpectations(inline: string[] | undefined, file: string | undefined, cwd: string): Promise<string[]> {
  const out = [...(inline ?? [])];
  if (file) {
    const { readFile } = await import('node:fs/promises');
    const pathMod = await import('node:path');
    const { SkillpulseError } = await import('../errors.js');
    const full = pathMod.resolve(cwd, file);
    let value: unknown;
    try {
      value = JSON.parse(await readFile(full, 'utf8'));
    } catch (error) {
      throw new SkillpulseError('INVALID_INPUT', `cannot read expectations: ${(error as Error).message}`, { file: full });
    }
    const obj = value as { assertions?: unknown; expectations?: unknown };
    const list = Array.isArray(value)
      ? value
      : Array.isArray(obj?.assertions)
        ? obj.assertions
        : Array.isArray(obj?.expectations)
          ? obj.expectations
          : null;
    if (!list)
      throw new SkillpulseError('INVALID_INPUT', 'expected a JSON array of strings, or an object with "assertions" or "expectations"', {
        file: full,
      });
    list.forEach((e, i) => {
      if (typeof e !== 'string' || e.trim() === '')
        throw new SkillpulseError('INVALID_INPUT', 'must be a non-empty string', { file: full, field: `[${i}]` });
      out.push(e);
    });
  }
  return out;
}
