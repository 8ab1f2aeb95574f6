/**
 * The `agent-sdk` runner: drives `@anthropic-ai/claude-agent-sdk` (an optional peer dependency,
 * imported only when this runner is chosen). The SDK yields the same messages the CLI prints as
 * stream-json (`system/init`, `stream_event`, `assistant`, `result`), so the runner is a thin
 * adapter that feeds them to the shared `TriggerDetector` and aborts once the answer is known.
 * Isolation matches the CLI runner: a temporary project with the candidate as a project skill,
 * `settingSources: ['project']`, `persistSession: false`.
 */
import { SkillpulseError } from '../../errors.js';
import { TriggerDetector } from '../detection.js';
import type { TempProjects } from './isolation.js';
import { type RunOutcome, type RunRequest, runOutcome, type TriggerRunner } from './types.js';

export const AGENT_SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';

/** The part of the SDK the runner uses. */
export interface AgentSdkModule {
  query(args: { prompt: string; options: Record<string, unknown> }): AsyncIterable<unknown>;
}

export type AgentSdkLoader = () => Promise<AgentSdkModule>;

/** Imports the SDK lazily; a missing package becomes a clear NOT_FOUND error with the install command. */
export async function loadAgentSdk(importer: (specifier: string) => Promise<unknown> = (s) => import(s)): Promise<AgentSdkModule> {
  let mod: unknown;
  try {
    mod = await importer(AGENT_SDK_PACKAGE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'ERR_MODULE_NOT_FOUND' ||
      code === 'MODULE_NOT_FOUND' ||
      /Cannot find (package|module)/.test(String((error as Error).message))
    ) {
      throw new SkillpulseError(
        'NOT_FOUND',
        `the agent-sdk runner needs the optional package ${AGENT_SDK_PACKAGE}, which is not installed`,
        {
          field: '--runner',
          hint: `npm install ${AGENT_SDK_PACKAGE}, or use --runner claude-cli`,
        },
      );
    }
    throw new SkillpulseError('EXTERNAL', `cannot load ${AGENT_SDK_PACKAGE}: ${(error as Error).message}`, { cause: error });
  }
  const query = (mod as { query?: unknown }).query;
  if (typeof query !== 'function') throw new SkillpulseError('EXTERNAL', `${AGENT_SDK_PACKAGE} has no query() export; unsupported version`);
  return mod as AgentSdkModule;
}

export interface AgentSdkRunnerOptions {
  sdk: AgentSdkModule;
  /** Reported SDK version for the cache key. */
  version: string;
  env: NodeJS.ProcessEnv;
  projects: TempProjects;
  /** Optional client executable for the SDK (`pathToClaudeCodeExecutable`). */
  claudeBin?: string | undefined;
}

export class AgentSdkRunner implements TriggerRunner {
  readonly name = 'agent-sdk' as const;
  private readonly options: AgentSdkRunnerOptions;

  constructor(options: AgentSdkRunnerOptions) {
    this.options = options;
  }

  async clientVersion(): Promise<string> {
    return `sdk-${this.options.version}`;
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const started = Date.now();
    const project = await this.options.projects.create(request.skillName, request.skillMd);
    const detector = new TriggerDetector({ skillName: request.skillName, skillFile: project.skillFile }, request.policy);
    const abort = new AbortController();
    let why: 'timeout' | 'aborted' | undefined;
    const timer = setTimeout(() => {
      why = 'timeout';
      abort.abort();
    }, request.timeoutMs);
    const onAbort = () => {
      why ??= 'aborted';
      abort.abort();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    let stoppedEarly = false;
    const env: NodeJS.ProcessEnv = { ...this.options.env };
    delete env.CLAUDECODE;
    try {
      const options: Record<string, unknown> = {
        cwd: project.dir,
        includePartialMessages: true,
        settingSources: ['project'],
        persistSession: false,
        abortController: abort,
        env,
      };
      if (request.model) options.model = request.model;
      if (this.options.claudeBin) options.pathToClaudeCodeExecutable = this.options.claudeBin;
      for await (const message of this.options.sdk.query({ prompt: request.query, options })) {
        detector.push(message);
        if (detector.decided) {
          stoppedEarly = !detector.resultSeen;
          break;
        }
      }
    } catch (error) {
      if (!detector.decided) {
        detector.end(
          why === 'timeout'
            ? `timed out after ${Math.round(request.timeoutMs / 1000)} s with no answer`
            : why === 'aborted'
              ? 'interrupted'
              : `the agent SDK failed: ${(error as Error).message}`,
        );
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      if (!abort.signal.aborted) abort.abort();
      await project.remove();
    }
    const verdict =
      detector.verdict ?? detector.end(why === 'timeout' ? 'timed out with no answer' : 'the SDK stream ended before an answer');
    return runOutcome(verdict, detector, started, stoppedEarly);
  }
}
