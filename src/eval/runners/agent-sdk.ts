/**
 * The `agent-sdk` runner: drives `@anthropic-ai/claude-agent-sdk` (an optional peer dependency,
 * imported only when this runner is chosen). The SDK spawns the same native client the CLI runner
 * runs and yields the messages the CLI prints as stream-json (`system/init`, `stream_event`,
 * `assistant`, `user`, `result`), so the runner is a thin adapter that feeds them to the shared
 * `TriggerDetector`. Verified against the real SDK 0.3.330 (bundled client 2.1.330); see
 * docs/eval.md.
 *
 * Isolation matches the CLI runner: a temporary project with the candidate as a project skill,
 * `settingSources: ['project']` (a same-named user skill would otherwise replace it), and
 * `persistSession: false`. The runner spawns the client itself (`spawnClaudeCodeProcess`) in its own
 * process group so it can kill it the moment the answer is known: the SDK's own close path (abort or
 * leaving the iterator) only closes stdin and waits ~2 s before SIGTERM, during which the client runs
 * the Skill tool and sends the next (billed) request.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SkillpulseError } from '../../errors.js';
import { TriggerDetector } from '../detection.js';
import { clientEnvironment, killTree } from './claude-cli.js';
import type { TempProjects } from './isolation.js';
import { type RunOutcome, type RunRequest, runOutcome, type TriggerRunner } from './types.js';

export const AGENT_SDK_PACKAGE = '@anthropic-ai/claude-agent-sdk';
/** Environment variable naming an installed SDK package folder to load instead of the package name. */
export const AGENT_SDK_ENV = 'SKILLPULSE_AGENT_SDK';

/** What the SDK hands `spawnClaudeCodeProcess` (the subset the runner uses). */
export interface AgentSdkSpawnOptions {
  command: string;
  args: string[];
  cwd?: string;
  env: Record<string, string | undefined>;
}

/** The part of the SDK the runner uses. */
export interface AgentSdkModule {
  query(args: { prompt: string; options: Record<string, unknown> }): AsyncIterable<unknown>;
  /** The package version (read from its package.json by `loadAgentSdk`). */
  version?: string | undefined;
}

export type AgentSdkLoader = () => Promise<AgentSdkModule>;

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    code === 'ENOENT' ||
    /Cannot find (package|module)|Could not resolve/.test(String((error as Error).message))
  );
}

function readVersion(packageDir: string): string | undefined {
  try {
    const version = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The entry file of an SDK package folder (`exports['.'].default`, else `main`, else `sdk.mjs`). */
function packageEntry(packageDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    main?: string;
    exports?: Record<string, unknown>;
  };
  const dot = manifest.exports?.['.'];
  const fromExports =
    typeof dot === 'string'
      ? dot
      : typeof dot === 'object' && dot !== null
        ? ((dot as Record<string, unknown>).import ?? (dot as Record<string, unknown>).default)
        : undefined;
  return path.resolve(packageDir, typeof fromExports === 'string' ? fromExports : (manifest.main ?? 'sdk.mjs'));
}

export interface LoadAgentSdkOptions {
  /** Overrides how the package name is imported (tests). */
  importer?: (specifier: string) => Promise<unknown>;
  /** `SKILLPULSE_AGENT_SDK` is read from here (an installed package folder, e.g. `.tmp/agent-sdk/node_modules/@anthropic-ai/claude-agent-sdk`). */
  env?: NodeJS.ProcessEnv;
}

/**
 * Imports the SDK lazily: a plain dynamic import of the package name, or, when `SKILLPULSE_AGENT_SDK`
 * names a package folder, that folder's entry file. A missing package becomes a clear NOT_FOUND
 * error with the install command.
 */
export async function loadAgentSdk(options: LoadAgentSdkOptions = {}): Promise<AgentSdkModule> {
  const explicit = options.env?.[AGENT_SDK_ENV] || undefined;
  let mod: unknown;
  let packageDir: string | undefined;
  try {
    if (explicit !== undefined) {
      packageDir = path.resolve(explicit);
      mod = await import(pathToFileURL(packageEntry(packageDir)).href);
    } else {
      mod = await (options.importer ?? ((s: string) => import(s)))(AGENT_SDK_PACKAGE);
      try {
        packageDir = path.dirname(createRequire(import.meta.url).resolve(AGENT_SDK_PACKAGE));
      } catch {
        packageDir = undefined;
      }
    }
  } catch (error) {
    if (isMissing(error)) {
      throw new SkillpulseError(
        'NOT_FOUND',
        explicit !== undefined
          ? `${AGENT_SDK_ENV} does not name an installed ${AGENT_SDK_PACKAGE} package folder: ${path.resolve(explicit)}`
          : `the agent-sdk runner needs the optional package ${AGENT_SDK_PACKAGE}, which is not installed`,
        {
          field: explicit !== undefined ? AGENT_SDK_ENV : '--runner',
          hint: `npm install ${AGENT_SDK_PACKAGE}, or use --runner claude-cli`,
        },
      );
    }
    throw new SkillpulseError('EXTERNAL', `cannot load ${AGENT_SDK_PACKAGE}: ${(error as Error).message}`, { cause: error });
  }
  const query = (mod as { query?: unknown }).query;
  if (typeof query !== 'function') throw new SkillpulseError('EXTERNAL', `${AGENT_SDK_PACKAGE} has no query() export; unsupported version`);
  return { query: query as AgentSdkModule['query'], version: packageDir ? readVersion(packageDir) : undefined };
}

export interface AgentSdkRunnerOptions {
  sdk: AgentSdkModule;
  /** Reported SDK version for the cache key. */
  version: string;
  env: NodeJS.ProcessEnv;
  projects: TempProjects;
  /** Optional client executable for the SDK (`pathToClaudeCodeExecutable`); default: the SDK's bundled one. */
  claudeBin?: string | undefined;
}

export class AgentSdkRunner implements TriggerRunner {
  readonly name = 'agent-sdk' as const;
  private readonly options: AgentSdkRunnerOptions;
  /** Clients still running, so an interrupt handler can kill them. */
  readonly running = new Set<ChildProcess>();

  constructor(options: AgentSdkRunnerOptions) {
    this.options = options;
  }

  async clientVersion(): Promise<string> {
    return `sdk-${this.options.version}`;
  }

  /** Kills every running client (used on interrupt). */
  killAll(): void {
    for (const child of this.running) killTree(child);
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const started = Date.now();
    const project = await this.options.projects.create(request.skillName, request.skillMd);
    const detector = new TriggerDetector({ skillName: request.skillName, skillFile: project.skillFile }, request.policy);
    const abort = new AbortController();
    let child: ChildProcess | undefined;
    let stderrTail = '';
    let why: 'timeout' | 'aborted' | undefined;
    const stop = () => {
      if (child) killTree(child);
      if (!abort.signal.aborted) abort.abort();
    };
    const timer = setTimeout(() => {
      why = 'timeout';
      stop();
    }, request.timeoutMs);
    const onAbort = () => {
      why ??= 'aborted';
      stop();
    };
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) onAbort();
    let stoppedEarly = false;
    // The client is spawned here, in its own process group, so it can be killed at once.
    const spawnClient = (spec: AgentSdkSpawnOptions) => {
      const proc = spawn(spec.command, spec.args, {
        cwd: spec.cwd ?? project.dir,
        env: spec.env as NodeJS.ProcessEnv,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
      child = proc;
      this.running.add(proc);
      proc.on('exit', () => this.running.delete(proc));
      proc.on('error', () => this.running.delete(proc));
      proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-2000);
      });
      if (why !== undefined) killTree(proc);
      return proc;
    };
    try {
      if (why === 'aborted') throw new Error('interrupted before start');
      const options: Record<string, unknown> = {
        cwd: project.dir,
        includePartialMessages: true,
        settingSources: ['project'],
        persistSession: false,
        abortController: abort,
        env: clientEnvironment(this.options.env),
        spawnClaudeCodeProcess: spawnClient,
      };
      if (request.model) options.model = request.model;
      if (this.options.claudeBin) options.pathToClaudeCodeExecutable = this.options.claudeBin;
      for await (const message of this.options.sdk.query({ prompt: request.query, options })) {
        detector.push(message);
        if (detector.decided) {
          stoppedEarly = !detector.resultSeen;
          // Kill before leaving the iterator: its return() would otherwise wait out the SDK's grace period.
          if (stoppedEarly && child) killTree(child);
          break;
        }
      }
    } catch (error) {
      if (!detector.decided) {
        const tail = stderrTail.trim().split('\n').slice(-1)[0] ?? '';
        const api = detector.observation.apiErrors.at(-1);
        detector.end(
          why === 'timeout'
            ? `timed out after ${Math.round(request.timeoutMs / 1000)} s with no answer`
            : why === 'aborted'
              ? 'interrupted'
              : `the agent SDK failed: ${(error as Error).message}${api ? `; API error: ${api}` : ''}${tail ? `: ${tail.slice(0, 300)}` : ''}`,
        );
      }
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      stop();
      await project.remove();
    }
    const verdict =
      detector.verdict ?? detector.end(why === 'timeout' ? 'timed out with no answer' : 'the SDK stream ended before an answer');
    return runOutcome(verdict, detector, started, stoppedEarly);
  }
}
