import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus', 'claude-code');
const env = { NO_COLOR: '1', HOME: '/nonexistent-home' };
let dir: string;
let damaged: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'skillpulse-cli-'));
  damaged = path.join(dir, '11111111-1111-4111-8111-111111111111.jsonl');
  const prompt = (uuid: string, text: string) =>
    JSON.stringify({ type: 'user', uuid, sessionId: 's', version: '2.1.30', message: { role: 'user', content: text } });
  const lines = [
    prompt('u1', '<command-message>deslop</command-message>\n<command-name>/deslop</command-name>'),
    'not json',
    ...Array.from({ length: 12 }, (_, i) => `{"broken": ${i}`),
    prompt('u2', '<command-name>/clear</command-name>'),
  ];
  await writeFile(damaged, `${lines.join('\n')}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('skillpulse sessions', () => {
  it('prints a table and a summary of the corpus', async () => {
    const run = await runCliCaptured(['sessions', '--sessions', corpus], { env });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('33 files, 28 sessions, 5 subagent transcript(s), 4487 lines, 0 malformed');
    expect(run.stdout).toContain('2.1.36 2.1.37');
    expect(run.stderr).toBe('');
  });

  it('prints one JSON array with --json', async () => {
    const run = await runCliCaptured(['sessions', '--sessions', corpus, '--json'], { env });
    const rows = JSON.parse(run.stdout) as { session_id: string; kind: string; versions: string[]; lines: number; malformed: number }[];
    expect(rows).toHaveLength(33);
    const zeroE = rows.find((r) => r.session_id === '1284c080-f9cd-45f8-9942-ff58f5c517e5');
    expect(zeroE).toMatchObject({ kind: 'session', versions: ['2.1.36', '2.1.37'], lines: 992, malformed: 0 });
  });

  it('reports malformed lines on stderr as file:line, summarised, and keeps reading', async () => {
    const run = await runCliCaptured(['sessions', '--sessions', damaged, '--json'], { env });
    expect(run.code).toBe(0);
    const [row] = JSON.parse(run.stdout) as { malformed: number; lines: number }[];
    expect(row).toMatchObject({ malformed: 13, lines: 15 });
    const errLines = run.stderr.trim().split('\n');
    expect(errLines[0]).toBe(`${damaged}:2: malformed: not valid JSON and no record could be recovered (8 characters)`);
    expect(errLines).toHaveLength(12);
    expect(errLines[10]).toBe('… and 3 more problems (3 malformed)');
    expect(errLines[11]).toBe('13 unreadable lines skipped; every other line was read.');
  });

  it('is silent on stderr with --quiet', async () => {
    const run = await runCliCaptured(['sessions', '--sessions', damaged, '--quiet'], { env });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('13 malformed');
  });

  it('fails with a clear error naming a missing path', async () => {
    const missing = path.join(dir, 'nope');
    const run = await runCliCaptured(['sessions', '--sessions', missing], { env });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain(`no such file or folder: ${missing}`);
  });

  it('says where it looked when there are no transcripts', async () => {
    const run = await runCliCaptured(['sessions'], { env: { NO_COLOR: '1', HOME: dir } });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`No transcripts found (looked in ${path.join(dir, '.claude', 'projects')}`);
  });
});

describe('skillpulse invocations', () => {
  it('lists skill invocations past damaged lines and leaves out built-ins', async () => {
    const run = await runCliCaptured(['invocations', '--sessions', damaged, '--json', '--quiet'], { env });
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as { skill_id: string; trigger: string; invocation_uuid: string }[];
    expect(list.map((i) => [i.skill_id, i.trigger, i.invocation_uuid])).toEqual([['deslop', 'user-slash', 'u1']]);
  });

  it('prints a table', async () => {
    const run = await runCliCaptured(['invocations', '--sessions', corpus, '--skill', 'test-repo'], { env });
    expect(run.stdout).toContain('test-repo');
    expect(run.stdout).toContain('1 invocation(s) of 1 skill(s), 0 failed.');
  });

  it('says so when a skill has no invocations', async () => {
    const run = await runCliCaptured(['invocations', '--sessions', corpus, '--skill', 'no-such-skill'], { env });
    expect(run.stdout.trim()).toBe('No invocations of no-such-skill found.');
    const json = await runCliCaptured(['invocations', '--sessions', corpus, '--skill', 'no-such-skill', '--json'], { env });
    expect(JSON.parse(json.stdout)).toEqual([]);
  });
});
