/** Chooses and builds a trigger runner. The agent SDK is imported only when `agent-sdk` is chosen. */
import { AgentSdkRunner, type AgentSdkLoader, loadAgentSdk } from './agent-sdk.js';
import { ClaudeCliRunner, resolveClaudeBin } from './claude-cli.js';
import type { TempProjects } from './isolation.js';
import type { RunnerName, TriggerRunner } from './types.js';

export interface CreateRunnerOptions {
  runner: RunnerName;
  claudeBin?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
  projects: TempProjects;
  /** Overrides how the agent SDK is loaded (tests). */
  loadSdk?: AgentSdkLoader;
}

export async function createRunner(options: CreateRunnerOptions): Promise<TriggerRunner & { killAll?: () => void }> {
  if (options.runner === 'agent-sdk') {
    const sdk = await (options.loadSdk ?? (() => loadAgentSdk({ env: options.env })))();
    const version = sdk.version;
    const claudeBin =
      options.claudeBin !== undefined || options.env.SKILLPULSE_CLAUDE_BIN
        ? resolveClaudeBin(options.claudeBin, options.env, options.cwd)
        : undefined;
    return new AgentSdkRunner({
      sdk,
      version: typeof version === 'string' ? version : 'unknown',
      env: options.env,
      projects: options.projects,
      claudeBin,
    });
  }
  const bin = resolveClaudeBin(options.claudeBin, options.env, options.cwd);
  return new ClaudeCliRunner({ bin, env: options.env, projects: options.projects });
}

export type { RunnerName, TriggerRunner, RunRequest, RunOutcome } from './types.js';
export { RUNNER_NAMES } from './types.js';
