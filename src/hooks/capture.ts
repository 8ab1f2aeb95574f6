/**
 * The Claude Code hook: `skillpulse hook capture` reads the hook input JSON from stdin and scans
 * ONLY that session's transcript (and its subagent transcripts) into the store, incrementally.
 *
 * It must never disturb the user's session: it prints nothing on stdout (a Stop hook's stdout can
 * steer Claude Code), always exits 0, and writes problems to `<skillpulse home>/hooks.log`. It
 * does not wait for stdin to close (Claude Code may keep it open): it stops reading as soon as a
 * whole JSON object has arrived, or after `readTimeoutMs`. It honours both opt-outs
 * (`~/.claude/feedback-config.json` `{"enabled": false}` and `"enabled": false` in the skillpulse
 * config) and the config's excluded projects.
 */
import { appendFileSync, existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { loadConfig, isProjectExcluded } from '../config/load.js';
import { formatError, SkillpulseError } from '../errors.js';
import { readFeedbackConfig } from '../feedback/config.js';
import { resolveStorePath, skillpulseHome } from '../store/database.js';
import { makeDirs } from '../make-dirs.js';

export interface HookInput {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  hook_event_name?: string;
  reason?: string;
  [key: string]: unknown;
}

export type CaptureStatus = 'captured' | 'disabled' | 'excluded' | 'skipped' | 'failed';

export interface CaptureOutcome {
  status: CaptureStatus;
  event: string | null;
  sessionId: string | null;
  transcript: string | null;
  /** Why nothing was captured, or the error. */
  detail: string | null;
  files: number;
  invocations: number;
  events: number;
  bytesRead: number;
  durationMs: number;
  at: string;
}

export interface CaptureOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdin: NodeJS.ReadableStream;
  now?: Date;
  /** Give up waiting for the hook input after this long (default 2000 ms). */
  readTimeoutMs?: number;
}

/** Largest hook input accepted (the real ones are a few hundred bytes). */
const MAX_INPUT_BYTES = 1_000_000;
const LOG_LIMIT_BYTES = 1_000_000;

/** Reads one JSON object from a stream that may never end: resolves on a complete object, end, or timeout. */
export function readHookInput(stdin: NodeJS.ReadableStream, timeoutMs: number): Promise<HookInput> {
  return new Promise((resolve, reject) => {
    let text = '';
    let settled = false;
    const finish = (error: Error | null, value?: HookInput) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stdin.removeListener('data', onData);
      stdin.removeListener('end', onEnd);
      stdin.removeListener('error', onError);
      if (typeof (stdin as { pause?: () => void }).pause === 'function') (stdin as { pause: () => void }).pause();
      if (error) reject(error);
      else resolve(value as HookInput);
    };
    const tryParse = (final: boolean) => {
      const trimmed = text.trim();
      if (trimmed === '') {
        if (final) finish(new SkillpulseError('INVALID_INPUT', 'no hook input on stdin'));
        return;
      }
      try {
        const data = JSON.parse(trimmed) as unknown;
        if (data === null || typeof data !== 'object' || Array.isArray(data))
          finish(new SkillpulseError('INVALID_INPUT', 'the hook input is not a JSON object'));
        else finish(null, data as HookInput);
      } catch (error) {
        if (final) finish(new SkillpulseError('INVALID_INPUT', `the hook input is not valid JSON: ${(error as Error).message}`));
      }
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (text.length > MAX_INPUT_BYTES) finish(new SkillpulseError('INVALID_INPUT', 'the hook input is too large'));
      else tryParse(false);
    };
    const onEnd = () => tryParse(true);
    const onError = (error: Error) => finish(error);
    const timer = setTimeout(() => tryParse(true), timeoutMs);
    timer.unref?.();
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.on('error', onError);
    if (typeof (stdin as { resume?: () => void }).resume === 'function') (stdin as { resume: () => void }).resume();
  });
}

/** `<skillpulse home>/hooks.log`. */
export function hookLogPath(env: NodeJS.ProcessEnv, cwd: string): string {
  return join(skillpulseHome(env, cwd), 'hooks.log');
}

/** `<skillpulse home>/hooks-last.json`: the outcome of the latest capture, for `hooks status`. */
export function lastCapturePath(env: NodeJS.ProcessEnv, cwd: string): string {
  return join(skillpulseHome(env, cwd), 'hooks-last.json');
}

/** Appends one line to the hook log (rotated to `hooks.log.1` past 1 MB). Never throws. */
export function logHookLine(env: NodeJS.ProcessEnv, cwd: string, line: string): void {
  try {
    const file = hookLogPath(env, cwd);
    makeDirs(dirname(file), 0o700);
    if (existsSync(file) && statSync(file).size > LOG_LIMIT_BYTES) renameSync(file, `${file}.1`);
    appendFileSync(file, `${line.replace(/\n/g, ' ')}\n`, { mode: 0o600 });
  } catch {
    // Nowhere left to report to; the session must not notice.
  }
}

function outcome(
  partial: Partial<CaptureOutcome> & { status: CaptureStatus },
  input: HookInput | null,
  began: number,
  now: Date,
): CaptureOutcome {
  return {
    event: typeof input?.hook_event_name === 'string' ? input.hook_event_name : null,
    sessionId: typeof input?.session_id === 'string' ? input.session_id : null,
    transcript: typeof input?.transcript_path === 'string' ? input.transcript_path : null,
    detail: null,
    files: 0,
    invocations: 0,
    events: 0,
    bytesRead: 0,
    durationMs: performance.now() - began,
    at: now.toISOString(),
    ...partial,
  };
}

/**
 * Runs one capture. Never throws: every failure is returned as `status: 'failed'` (and logged).
 * Disabled, excluded and skipped captures are recorded in `hooks-last.json` but not logged.
 */
export async function runCapture(options: CaptureOptions): Promise<CaptureOutcome> {
  const began = performance.now();
  const now = options.now ?? new Date();
  const { env, cwd } = options;
  let input: HookInput | null = null;
  let result: CaptureOutcome;
  try {
    input = await readHookInput(options.stdin, options.readTimeoutMs ?? 2000);
    result = await capture(input, env, cwd, now, began);
  } catch (error) {
    result = outcome({ status: 'failed', detail: formatError(error) }, input, began, now);
  }
  if (result.status === 'failed') {
    logHookLine(env, cwd, `${result.at} ${result.event ?? '-'} session=${result.sessionId ?? '-'} failed: ${result.detail}`);
  }
  try {
    const file = lastCapturePath(env, cwd);
    makeDirs(dirname(file), 0o700);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`, { mode: 0o600 });
  } catch {}
  return result;
}

async function capture(input: HookInput, env: NodeJS.ProcessEnv, cwd: string, now: Date, began: number): Promise<CaptureOutcome> {
  const optOut = readFeedbackConfig(env.HOME);
  if (optOut.warning) logHookLine(env, cwd, `${now.toISOString()} warning: ${optOut.warning}`);
  if (!optOut.enabled) return outcome({ status: 'disabled', detail: `disabled by ${optOut.file}` }, input, began, now);
  const sessionCwd = typeof input.cwd === 'string' && input.cwd !== '' ? input.cwd : cwd;
  const { config, sources } = loadConfig({ env, cwd: sessionCwd });
  if (!config.enabled) {
    const where = sources.filter((s) => s.config.enabled === false).map((s) => s.file);
    return outcome({ status: 'disabled', detail: `disabled by ${where.join(', ') || 'config'}` }, input, began, now);
  }
  const transcript = input.transcript_path;
  if (typeof transcript !== 'string' || transcript === '') {
    return outcome({ status: 'skipped', detail: 'the hook input has no transcript_path' }, input, began, now);
  }
  if (!transcript.endsWith('.jsonl') || !existsSync(transcript)) {
    return outcome({ status: 'skipped', detail: `no transcript at ${transcript}` }, input, began, now);
  }
  if (isProjectExcluded(config, sessionCwd, basename(dirname(transcript)))) {
    return outcome({ status: 'excluded', detail: `project ${sessionCwd} is excluded by the config` }, input, began, now);
  }
  const paths = [transcript];
  // Subagent transcripts of this session: <project>/<session id>/subagents/agent-*.jsonl.
  const subagents = join(dirname(transcript), basename(transcript, '.jsonl'), 'subagents');
  if (existsSync(subagents)) paths.push(subagents);

  const { openStore } = await import('../store/store.js');
  const { scanIntoStore } = await import('../store/scan.js');
  const db = openStore(resolveStorePath({ env, cwd }));
  try {
    // The same window and snippet policy as the CLI's scans (so neither re-reads the other's files).
    const scanned = await scanIntoStore(db, {
      sessions: paths,
      env,
      cwd,
      windowTurns: config.window,
      snippets: config.snippets,
      lexicons: config.lexicons,
      now,
    });
    return outcome(
      {
        status: 'captured',
        files: scanned.files,
        invocations: scanned.invocations,
        events: scanned.events,
        bytesRead: scanned.stats.bytes,
      },
      input,
      began,
      now,
    );
  } finally {
    db.close();
  }
}
