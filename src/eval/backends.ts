/**
 * Model backends for the description rewriter and the judges: a single prompt in, text out.
 *
 * - `claude-cli` (default; the same authentication as the eval runs): `claude -p
 *   --output-format json --tools "" --setting-sources project --no-session-persistence [--model M]`
 *   with the prompt on stdin, run in an empty temporary folder. The JSON result carries the text
 *   and `total_cost_usd`, so rewrites count against the budget.
 * - `api`: the Anthropic Messages API through `@anthropic-ai/sdk` (imported lazily), with
 *   `ANTHROPIC_API_KEY` and `ANTHROPIC_BASE_URL` from the environment. Its cost is not priced
 *   (the API reports tokens, not dollars); `costUsd` stays undefined.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SkillpulseError } from '../errors.js';
import { clientEnvironment, killTree, resolveClaudeBin } from './runners/claude-cli.js';

export type BackendName = 'claude-cli' | 'api';
export const BACKEND_NAMES: readonly BackendName[] = ['claude-cli', 'api'];

/** The model the `api` backend uses when none is given. */
export const DEFAULT_API_MODEL = 'claude-sonnet-4-5';

export interface Completion {
  text: string;
  costUsd: number | undefined;
}

export interface ModelBackend {
  readonly name: BackendName;
  complete(prompt: string): Promise<Completion>;
}

export interface BackendOptions {
  backend: BackendName;
  model?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
  claudeBin?: string | undefined;
  /** Seconds per call (default 300, as upstream). */
  timeoutSec?: number;
  maxTokens?: number;
  tmpRoot?: string;
}

export function createBackend(options: BackendOptions): ModelBackend {
  if (options.backend === 'api') return new ApiBackend(options);
  return new ClaudeCliBackend(options, resolveClaudeBin(options.claudeBin, options.env, options.cwd));
}

class ClaudeCliBackend implements ModelBackend {
  readonly name = 'claude-cli' as const;
  constructor(
    private readonly options: BackendOptions,
    private readonly bin: string,
  ) {}

  async complete(prompt: string): Promise<Completion> {
    const cwd = await mkdtemp(path.join(this.options.tmpRoot ?? os.tmpdir(), 'skillpulse-judge-'));
    try {
      const args = ['-p', '--output-format', 'json', '--tools', '', '--setting-sources', 'project', '--no-session-persistence'];
      if (this.options.model) args.push('--model', this.options.model);
      const { code, stdout, stderr, timedOut } = await runWithStdin(
        this.bin,
        args,
        prompt,
        cwd,
        clientEnvironment(this.options.env),
        (this.options.timeoutSec ?? 300) * 1000,
      );
      if (timedOut) throw new SkillpulseError('EXTERNAL', `claude -p timed out after ${this.options.timeoutSec ?? 300} s`);
      let parsed: { result?: unknown; is_error?: unknown; total_cost_usd?: unknown } | undefined;
      try {
        parsed = JSON.parse(stdout.trim().split('\n').filter(Boolean).at(-1) ?? '');
      } catch {
        parsed = undefined;
      }
      if (code !== 0 || !parsed || parsed.is_error === true || typeof parsed.result !== 'string') {
        const detail = typeof parsed?.result === 'string' ? parsed.result : stderr.trim() || stdout.trim();
        throw new SkillpulseError('EXTERNAL', `claude -p exited ${code}: ${detail.slice(0, 300)}`);
      }
      return { text: parsed.result, costUsd: typeof parsed.total_cost_usd === 'number' ? parsed.total_cost_usd : undefined };
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  }
}

function runWithStdin(
  bin: string,
  args: string[],
  input: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string; timedOut: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child);
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new SkillpulseError('EXTERNAL', `cannot start ${bin}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

interface AnthropicLike {
  messages: {
    create(body: Record<string, unknown>): Promise<{ content: Array<{ type: string; text?: string }>; stop_reason?: string | null }>;
  };
}

class ApiBackend implements ModelBackend {
  readonly name = 'api' as const;
  private client: Promise<AnthropicLike> | undefined;
  constructor(private readonly options: BackendOptions) {}

  private load(): Promise<AnthropicLike> {
    this.client ??= (async () => {
      const { env } = this.options;
      if (!env.ANTHROPIC_API_KEY) {
        throw new SkillpulseError('CONFIG', 'the api backend needs ANTHROPIC_API_KEY', {
          field: '--backend',
          hint: 'set ANTHROPIC_API_KEY or use --backend claude-cli',
        });
      }
      const mod = (await import('@anthropic-ai/sdk')) as unknown as { default: new (opts: Record<string, unknown>) => AnthropicLike };
      return new mod.default({
        apiKey: env.ANTHROPIC_API_KEY,
        ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
        timeout: (this.options.timeoutSec ?? 300) * 1000,
        maxRetries: 2,
      });
    })();
    return this.client;
  }

  async complete(prompt: string): Promise<Completion> {
    const client = await this.load();
    let message: Awaited<ReturnType<AnthropicLike['messages']['create']>>;
    try {
      message = await client.messages.create({
        model: this.options.model ?? DEFAULT_API_MODEL,
        max_tokens: this.options.maxTokens ?? 4096,
        messages: [{ role: 'user', content: prompt }],
      });
    } catch (error) {
      throw new SkillpulseError('EXTERNAL', `Messages API call failed: ${(error as Error).message}`, { cause: error });
    }
    const text = message.content
      .filter((b) => b.type === 'text')
      .map((b) => b.text ?? '')
      .join('');
    return { text, costUsd: undefined };
  }
}
