import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import type { CliIO } from './context.js';
import { runCli } from './program.js';

let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-fbcli-'));
  env = { NO_COLOR: '1', HOME: join(dir, 'home') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (argv: string[], cwd = dir) => runCliCaptured(argv, { env, cwd });

describe('feedback commands', () => {
  it('records into the default global store and analyzes with the sx-feedback JSON shape', async () => {
    for (const result of ['success', 'failure', 'failure', 'failure']) {
      const r = await run(['feedback', 'record', '--skill', 'pdf', '--result', result, '--now', '2026-11-20T10:00:00Z']);
      expect(r.code).toBe(0);
    }
    expect(existsSync(join(dir, 'home', '.skillpulse', 'skillpulse.db'))).toBe(true);
    const r = await run(['--json', 'feedback', 'analyze', '--skill', 'pdf', '--now', '2026-11-21T10:00:00Z']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json.data.analysis).slice(0, 9)).toEqual([
      'skillName',
      'totalCount',
      'successCount',
      'failureCount',
      'partialCount',
      'successRate',
      'shouldUpdate',
      'updateReason',
      'updateReasons',
    ]);
    expect(json).toMatchObject({
      success: true,
      message: '技能 "pdf" 建议更新: 近期失败 3 次，建议检查技能是否需要更新',
      data: { analysis: { totalCount: 4, failureCount: 3, successRate: '25.0%', shouldUpdate: true }, nextSteps: expect.any(Array) },
    });
    expect(json.data.recentFeedbacks).toHaveLength(4);
    const text = await run(['feedback', 'analyze', '--skill', 'pdf', '--now', '2026-11-21T10:00:00Z']);
    expect(text.stdout).toContain('should update: yes');
    expect(text.stdout).toContain('3 failures in the window');
    // Outside the 30-day window nothing is counted; --days 0 is all time.
    const later = await run(['--json', 'feedback', 'analyze', '--skill', 'pdf', '--now', '2027-01-21T10:00:00Z']);
    expect(JSON.parse(later.stdout).data.analysis.totalCount).toBe(0);
    const all = await run(['--json', 'feedback', 'analyze', '--skill', 'pdf', '--days', '0', '--now', '2027-01-21T10:00:00Z']);
    expect(JSON.parse(all.stdout).data.analysis.totalCount).toBe(4);
  });

  it('list filters by skill and days, newest first, and says so on an empty store', async () => {
    const empty = await run(['feedback', 'list']);
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('0 records');
    await run(['feedback', 'record', '--skill', 'a', '--result', 'success', '--task', 'old', '--now', '2026-11-01T00:00:00Z']);
    await run(['feedback', 'record', '--skill', 'a', '--result', 'partial', '--notes', 'half', '--now', '2026-11-20T00:00:00Z']);
    await run(['feedback', 'record', '--skill', 'b', '--result', 'failure', '--now', '2026-11-20T01:00:00Z']);
    const all = JSON.parse((await run(['--json', 'feedback', 'list'])).stdout);
    expect(all.data.feedbacks.map((f: { skillName: string }) => f.skillName)).toEqual(['b', 'a', 'a']);
    const recentA = JSON.parse(
      (await run(['--json', 'feedback', 'list', '--skill', 'a', '--days', '7', '--now', '2026-11-21T00:00:00Z'])).stdout,
    );
    expect(recentA.message).toBe('技能 "a" 共有 1 条反馈记录');
    expect(recentA.data.feedbacks[0]).toMatchObject({ result: 'partial', notes: 'half' });
    const text = await run(['feedback', 'list', '--limit', '1']);
    expect(text.stdout).toContain('3 records');
    expect(text.stdout).toContain('… 2 more');
  });

  it('rejects bad input with a one-line error and a usage exit code', async () => {
    const bad = await run(['feedback', 'record', '--skill', 'x', '--result', 'ok']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('expected one of success, failure, partial');
    const noSkill = await run(['feedback', 'analyze']);
    expect(noSkill.code).toBe(2);
    const clearNothing = await run(['feedback', 'clear', '--yes']);
    expect(clearNothing.code).toBe(2);
    expect(clearNothing.stderr).toContain('--all');
    const both = await run(['feedback', 'clear', '--skill', 'x', '--all', '--yes']);
    expect(both.code).toBe(2);
  });

  it('project scope without a root is an error and writes nothing anywhere', async () => {
    const r = await run(['feedback', 'record', '--skill', 'x', '--result', 'success', '--scope', 'project']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('project scope needs a project root');
    expect(existsSync(join(dir, 'home'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('project scope uses <root>/.skillpulse, found from the git root or given with --project-root', async () => {
    const project = join(dir, 'proj');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'src', 'deep'), { recursive: true });
    const r = await run(['feedback', 'record', '--skill', 'x', '--result', 'failure', '--scope', 'project'], join(project, 'src', 'deep'));
    expect(r.code).toBe(0);
    expect(existsSync(join(project, '.skillpulse', 'skillpulse.db'))).toBe(true);
    expect(existsSync(join(dir, 'home'))).toBe(false);
    const viaRoot = JSON.parse((await run(['--json', 'feedback', 'list', '--project-root', project])).stdout);
    expect(viaRoot.scope).toBe('project');
    expect(viaRoot.data.stats.total).toBe(1);
    const global = JSON.parse((await run(['--json', 'feedback', 'list'])).stdout);
    expect(global.data.stats.total).toBe(0);
    const missingRoot = await run(['feedback', 'list', '--project-root', join(dir, 'nope')]);
    expect(missingRoot.code).toBe(4);
  });

  it('--db selects the store file', async () => {
    const file = join(dir, 'custom', 'my.db');
    await run(['feedback', 'record', '--skill', 'x', '--result', 'success', '--db', file]);
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse((await run(['--json', 'feedback', 'list', '--db', file])).stdout).data.stats.total).toBe(1);
  });

  it('clear asks on a terminal unless --yes; declining deletes nothing', async () => {
    await run(['feedback', 'record', '--skill', 'x', '--result', 'success']);
    await run(['feedback', 'record', '--skill', 'y', '--result', 'success']);
    const tty = async (argv: string[], answer: string) => {
      let stdout = '';
      let stderr = '';
      const stdin = Object.assign(new PassThrough(), { isTTY: true });
      stdin.end(answer);
      const io: CliIO = {
        stdout: { write: (c: string) => (stdout += c) },
        stderr: { write: (c: string) => (stderr += c) },
        stdin,
        env,
        cwd: dir,
      };
      return { code: await runCli(argv, io), stdout, stderr };
    };
    const declined = await tty(['feedback', 'clear', '--skill', 'x'], 'n\n');
    expect(declined.stderr).toContain('Delete the 1 record of x');
    expect(declined.code).toBe(130);
    const accepted = await tty(['feedback', 'clear', '--all'], 'yes\n');
    expect(accepted.stderr).toContain('Delete all 2 records');
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('Deleted 2 records');
    await run(['feedback', 'record', '--skill', 'x', '--result', 'success']);
    const forced = await tty(['--json', 'feedback', 'clear', '--skill', 'x', '--yes'], '');
    expect(forced.stderr).not.toContain('Delete');
    expect(JSON.parse(forced.stdout).data).toEqual({ clearedCount: 1, skillName: 'x', scope: 'global' });
  });
});
