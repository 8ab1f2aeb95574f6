/**
 * Locates the real Claude Code client (never a dependency of skillpulse) and runs it against a
 * local scripted Messages API with a scratch HOME. Tests that need it use
 * `describe.skipIf(!claudeClient)`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The client version the committed fixtures were generated with (see scripts/install-claude-client.sh). */
export const PINNED_CLIENT_VERSION = '2.1.330';

/** `SKILLPULSE_CLAUDE_BIN`, else `.tmp/claude-client/node_modules/.bin/claude` in the repo, else null. */
export function findClaudeClient(env: NodeJS.ProcessEnv = process.env, root: string = repoRoot): string | null {
  const explicit = env.SKILLPULSE_CLAUDE_BIN;
  if (explicit !== undefined && explicit !== '') return existsSync(explicit) ? path.resolve(explicit) : null;
  const local = path.join(root, '.tmp', 'claude-client', 'node_modules', '.bin', 'claude');
  return existsSync(local) ? local : null;
}

/** The located client binary, or null when none is installed. */
export const claudeClient: string | null = findClaudeClient();

/** `2.1.330` from `claude --version` (`2.1.330 (Claude Code)`). */
export function clientVersion(bin: string): string {
  const out = execFileSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
  const match = /(\d+\.\d+\.\d+)/.exec(out);
  if (!match) throw new Error(`cannot read the client version from: ${out.trim()}`);
  return match[1]!;
}

/**
 * A clean environment for the client: nothing of the caller's Anthropic or Claude settings leaks
 * in, telemetry and non-essential traffic are off, and the API is the local scripted server.
 */
export function clientEnv(home: string, baseUrl: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    TZ: 'UTC',
    HOME: home,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'sk-ant-scripted-dummy-key',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    GIT_AUTHOR_NAME: 'Fixture Author',
    GIT_AUTHOR_EMAIL: 'fixture@example.com',
    GIT_COMMITTER_NAME: 'Fixture Author',
    GIT_COMMITTER_EMAIL: 'fixture@example.com',
    ...extra,
  };
}

export interface RunClaudeOptions {
  bin: string;
  args: string[];
  cwd: string;
  home: string;
  baseUrl: string;
  env?: Record<string, string>;
  /** Default 120 s; the process group is killed after it. */
  timeoutMs?: number;
}

export interface ClaudeRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Runs the client once and collects its output. */
export function runClaude(options: RunClaudeOptions): Promise<ClaudeRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.bin, options.args, {
      cwd: options.cwd,
      env: clientEnv(options.home, options.baseUrl, options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
      }
    }, options.timeoutMs ?? 120_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut });
    });
  });
}
