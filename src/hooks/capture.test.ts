import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { queryValue } from '../store/database.js';
import { openStore } from '../store/store.js';
import { readHookInput, runCapture } from './capture.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const corpus = join(repoRoot, '..', 'shared', 'corpus', 'claude-code');
// A real session with Skill tool calls and a slash command (entireio/cli checkpoint).
const SOURCE = join(corpus, 'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl');
const SESSION = '253fd5ef-38bf-4f4a-804a-98df5088a868';

function scratch() {
  const home = mkdtempSync(join(tmpdir(), 'skillpulse-capture-'));
  const projectDir = join(home, '.claude', 'projects', '-work-app');
  mkdirSync(projectDir, { recursive: true });
  const transcript = join(projectDir, `${SESSION}.jsonl`);
  copyFileSync(SOURCE, transcript);
  const env = { HOME: home, NO_COLOR: '1' } as NodeJS.ProcessEnv;
  const input = JSON.stringify({
    session_id: SESSION,
    transcript_path: transcript,
    cwd: '/work/app',
    hook_event_name: 'SessionEnd',
    reason: 'other',
  });
  return { home, transcript, env, input, db: join(home, '.skillpulse', 'skillpulse.db') };
}

function stdinOf(text: string, end = true): PassThrough {
  const stream = new PassThrough();
  if (end) stream.end(text);
  else stream.write(text);
  return stream;
}

describe('readHookInput', () => {
  it('returns as soon as a whole JSON object arrived, even if stdin stays open', async () => {
    const stdin = stdinOf('{"session_id": "s", "transcript_path": "/t.jsonl"}', false);
    const started = Date.now();
    expect(await readHookInput(stdin, 10_000)).toEqual({ session_id: 's', transcript_path: '/t.jsonl' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('accepts input split across chunks', async () => {
    const stdin = new PassThrough();
    const pending = readHookInput(stdin, 10_000);
    stdin.write('{"session_id": ');
    stdin.write('"s"}');
    expect(await pending).toEqual({ session_id: 's' });
  });

  it('gives up on garbage at the end or after the timeout', async () => {
    await expect(readHookInput(stdinOf('not json'), 10_000)).rejects.toThrow('not valid JSON');
    await expect(readHookInput(stdinOf('{"half": ', false), 50)).rejects.toThrow('not valid JSON');
    await expect(readHookInput(stdinOf(''), 10_000)).rejects.toThrow('no hook input');
    await expect(readHookInput(stdinOf('[1]'), 10_000)).rejects.toThrow('not a JSON object');
  });
});

describe('runCapture', () => {
  it('scans only the session of the hook input into the store, incrementally', async () => {
    const { env, home, input, db, transcript } = scratch();
    // Another session in the same project must not be read.
    copyFileSync(
      join(corpus, 'entireio__cli__checkpoints-v1__0e__3fdc072c53__0__full.jsonl'),
      join(home, '.claude', 'projects', '-work-app', '11111111-2222-3333-4444-555555555555.jsonl'),
    );
    const first = await runCapture({ env, cwd: home, stdin: stdinOf(input) });
    expect(first).toMatchObject({ status: 'captured', event: 'SessionEnd', sessionId: SESSION, transcript, files: 1 });
    expect(first.invocations).toBeGreaterThan(0);
    const store = openStore(db);
    try {
      expect(queryValue<number>(store, 'SELECT COUNT(DISTINCT session_id) FROM invocations')).toBe(1);
      expect(queryValue<string>(store, 'SELECT session_id FROM invocations LIMIT 1')).toBe(SESSION);
    } finally {
      store.close();
    }
    const second = await runCapture({ env, cwd: home, stdin: stdinOf(input) });
    expect(second.status).toBe('captured');
    expect(second.bytesRead).toBe(0);
    expect(JSON.parse(readFileSync(join(home, '.skillpulse', 'hooks-last.json'), 'utf8')).status).toBe('captured');
  });

  it('respects the feedback-config.json opt-out: nothing is written to the store', async () => {
    const { env, home, input, db } = scratch();
    writeFileSync(join(home, '.claude', 'feedback-config.json'), '{"enabled": false}');
    const result = await runCapture({ env, cwd: home, stdin: stdinOf(input) });
    expect(result.status).toBe('disabled');
    expect(existsSync(db)).toBe(false);
  });

  it('respects "enabled": false and excluded projects in the skillpulse config', async () => {
    const { env, home, input, db } = scratch();
    mkdirSync(join(home, '.skillpulse'), { recursive: true });
    writeFileSync(join(home, '.skillpulse', 'config.json'), '{"enabled": false}');
    expect((await runCapture({ env, cwd: home, stdin: stdinOf(input) })).status).toBe('disabled');
    writeFileSync(join(home, '.skillpulse', 'config.json'), '{"excludeProjects": ["/work/app"]}');
    expect((await runCapture({ env, cwd: home, stdin: stdinOf(input) })).status).toBe('excluded');
    expect(existsSync(db)).toBe(false);
  });
});

describe('skillpulse hook capture', () => {
  it('never fails the session: bad input exits 0 with nothing on stdout and a line in hooks.log', async () => {
    const { env, home } = scratch();
    const run = await runCliCaptured(['hook', 'capture'], { env, cwd: home, stdin: 'definitely not json' });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    const log = readFileSync(join(home, '.skillpulse', 'hooks.log'), 'utf8');
    expect(log).toMatch(/failed: the hook input is not valid JSON/);
  });

  it('exits 0 with nothing on stdout when the store is broken, and logs why', async () => {
    const { env, home, input, db } = scratch();
    mkdirSync(join(home, '.skillpulse'), { recursive: true });
    writeFileSync(db, 'not a database');
    const run = await runCliCaptured(['hook', 'capture'], { env, cwd: home, stdin: input });
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(db, 'utf8')).toBe('not a database');
    expect(readFileSync(join(home, '.skillpulse', 'hooks.log'), 'utf8')).toContain('not a skillpulse store');
  });

  it('captures through the CLI', async () => {
    const { env, home, input } = scratch();
    const run = await runCliCaptured(['hook', 'capture'], { env, cwd: home, stdin: input });
    expect(run).toMatchObject({ code: 0, stdout: '' });
    const status = await runCliCaptured(['hooks', 'status', '--json'], { env, cwd: home });
    expect(JSON.parse(status.stdout).lastCapture).toMatchObject({ status: 'captured', sessionId: SESSION });
  });
});
