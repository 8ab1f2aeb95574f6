/**
 * The `claude-cli` runner: spawns the real Claude Code client in an isolated temporary project:
 *
 *   claude -p QUERY --output-format stream-json --verbose --include-partial-messages
 *          --setting-sources project --no-session-persistence [--model M]
 *
 * `--setting-sources project` keeps user-scope skills (which would shadow the candidate) out;
 * `--no-session-persistence` keeps eval runs out of `~/.claude/projects`. The environment passes
 * through unchanged (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY, …) except `CLAUDECODE`, which is
 * removed so an eval can run from inside Claude Code. stdout is parsed incrementally; the process
 * group is killed as soon as the detector knows the answer, on timeout and on abort.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { SkillpulseError } from '../../errors.js';
import { JsonLineSplitter, TriggerDetector } from '../detection.js';
import type { TempProjects } from './isolation.js';
import { type RunOutcome, type RunRequest, runOutcome, type TriggerRunner } from './types.js';

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The client binary: `--claude-bin`, else `SKILLPULSE_CLAUDE_BIN`, else `claude` on PATH. */
export function resolveClaudeBin(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const explicit = flag ?? (env.SKILLPULSE_CLAUDE_BIN || undefined);
  if (explicit !== undefined) {
    const file = path.resolve(cwd, explicit);
    if (!isExecutable(file)) {
      throw new SkillpulseError('NOT_FOUND', `the claude client is not an executable file: ${file}`, {
        field: flag !== undefined ? '--claude-bin' : 'SKILLPULSE_CLAUDE_BIN',
      });
    }
    return file;
  }
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, 'claude');
    if (isExecutable(file)) return file;
  }
  throw new SkillpulseError('NOT_FOUND', 'the claude client was not found on PATH', {
    hint: 'install @anthropic-ai/claude-code, or pass --claude-bin PATH / set SKILLPULSE_CLAUDE_BIN',
  });
}

/** The environment for the client: the caller's, minus CLAUDECODE (so runs can nest in Claude Code). */
export function clientEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env };
  delete out.CLAUDECODE;
  return out;
}

/** `2.1.330` from `claude --version`. */
export function readClientVersion(bin: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(bin, ['--version'], { env: clientEnvironment(env), timeout: 30_000, encoding: 'utf8' }, (error, stdout) => {
      const match = /(\d+\.\d+\.\d+[^\s]*)/.exec(stdout ?? '');
      if (match) resolve(match[1]!);
      else
        reject(
          new SkillpulseError('EXTERNAL', `cannot read the claude client version from ${bin}: ${error?.message ?? String(stdout).trim()}`),
        );
    });
  });
}

/** Kills the client's whole process group (it was started detached), falling back to the process. */
export function killTree(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

export interface ClaudeCliRunnerOptions {
  bin: string;
  env: NodeJS.ProcessEnv;
  projects: TempProjects;
  /** Extra client arguments appended after skillpulse's own. */
  extraArgs?: string[];
}

export function claudeArgs(query: string, model: string | undefined, extra: string[] = []): string[] {
  const args = [
    '-p',
    query,
    '--output-format',
    'stream-json',
    '--verbose',
    '--include-partial-messages',
    '--setting-sources',
    'project',
    '--no-session-persistence',
  ];
  if (model) args.push('--model', model);
  return [...args, ...extra];
}

export class ClaudeCliRunner implements TriggerRunner {
  readonly name = 'claude-cli' as const;
  private readonly options: ClaudeCliRunnerOptions;
  private version: Promise<string> | undefined;
  /** Children still running, so an interrupt handler can kill them. */
  readonly running = new Set<ChildProcess>();

  constructor(options: ClaudeCliRunnerOptions) {
    this.options = options;
  }

  clientVersion(): Promise<string> {
    this.version ??= readClientVersion(this.options.bin, this.options.env);
    return this.version;
  }

  /** Kills every running client (used on interrupt). */
  killAll(): void {
    for (const child of this.running) killTree(child);
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const started = Date.now();
    const project = await this.options.projects.create(request.skillName, request.skillMd);
    const detector = new TriggerDetector({ skillName: request.skillName, skillFile: project.skillFile }, request.policy);
    try {
      return await this.drive(request, project.dir, detector, started);
    } finally {
      await project.remove();
    }
  }

  private drive(request: RunRequest, cwd: string, detector: TriggerDetector, started: number): Promise<RunOutcome> {
    return new Promise<RunOutcome>((resolve) => {
      if (request.signal?.aborted) {
        resolve(runOutcome(detector.end('interrupted before start'), detector, started, false));
        return;
      }
      const child = spawn(this.options.bin, claudeArgs(request.query, request.model, this.options.extraArgs), {
        cwd,
        env: clientEnvironment(this.options.env),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      this.running.add(child);
      const splitter = new JsonLineSplitter();
      let stderrTail = '';
      let stoppedEarly = false;
      let why: 'timeout' | 'aborted' | undefined;
      let spawnError: Error | undefined;
      const feed = (events: unknown[]) => {
        for (const event of events) {
          detector.push(event);
          if (detector.decided && !detector.resultSeen && !stoppedEarly) {
            stoppedEarly = true;
            killTree(child);
          }
        }
      };
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => feed(splitter.push(chunk)));
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-2000);
      });
      const timer = setTimeout(() => {
        why = 'timeout';
        killTree(child);
      }, request.timeoutMs);
      const onAbort = () => {
        why ??= 'aborted';
        killTree(child);
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      child.on('error', (error) => {
        spawnError = error;
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        this.running.delete(child);
        feed(splitter.flush());
        let reason: string;
        if (spawnError) reason = `cannot start the client: ${spawnError.message}`;
        else if (why === 'timeout') reason = `timed out after ${Math.round(request.timeoutMs / 1000)} s with no answer`;
        else if (why === 'aborted') reason = 'interrupted';
        else {
          const tail = stderrTail.trim().split('\n').slice(-1)[0] ?? '';
          const api = detector.observation.apiErrors.at(-1);
          reason = `the client exited (${signal ?? `code ${code}`}) before an answer${api ? `; API error: ${api}` : ''}${tail ? `: ${tail.slice(0, 300)}` : ''}`;
        }
        resolve(runOutcome(detector.verdict ?? detector.end(reason), detector, started, stoppedEarly));
      });
    });
  }
}
