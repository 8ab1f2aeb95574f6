import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

let dir: string;
let db: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-learning-cli-'));
  db = join(dir, 'store.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const run = (...argv: string[]) => runCliCaptured(argv, { env: { NO_COLOR: '1', HOME: '/nonexistent-home', SKILLPULSE_HOME: dir } });
const NOW = ['--now', '2024-12-12T00:00:00Z'];

describe('skillpulse outcome record', () => {
  it('prints the score and classification and learns the strategy', async () => {
    const r = await run(
      'outcome',
      'record',
      '--task',
      't1',
      '--duration-ms',
      '300000',
      '--success',
      '--strategy',
      'file-based',
      '--db',
      db,
      ...NOW,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('t1: helpful (score 0.92)');
    expect(r.stdout).toContain('Fast completion (300s), 0 errors, 0 retries, succeeded');
    expect(r.stdout).toContain('type_safe: weight 1.00 (1 helpful, 0 harmful)');
    expect(r.stdout).toContain('file-based: 1/0 success/failure, candidate');
  });

  it('gives JSON with the score, criteria and patterns; uses the default store under SKILLPULSE_HOME', async () => {
    const r = await run(
      '--json',
      'outcome',
      'record',
      '--task',
      't2',
      '--duration-ms',
      '900000',
      '--errors',
      '1',
      '--retries',
      '1',
      '--failure',
      '--failure-details',
      'merge conflict in src/a.ts',
      '--criteria',
      'x',
      'y',
      '--files',
      'src/a.ts',
      ...NOW,
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      task: 't2',
      type: 'harmful',
      score: 0.38,
      reasoning: 'Slow completion (900s), 1 errors, 1 retries, failed',
    });
    expect(out.signals).toMatchObject({ failure_mode: 'conflict', files_touched: ['src/a.ts'], timestamp: '2024-12-12T00:00:00.000Z' });
    expect(out.criteria.map((c: { criterion: string; weight: number }) => [c.criterion, c.weight])).toEqual([
      ['x', 0.1],
      ['y', 0.1],
    ]);
    const list = await run('--json', 'patterns');
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it('needs exactly one of --success and --failure', async () => {
    const both = await run('outcome', 'record', '--task', 't', '--duration-ms', '1', '--success', '--failure', '--db', db);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('exactly one of --success and --failure');
    const neither = await run('outcome', 'record', '--task', 't', '--duration-ms', '1', '--db', db);
    expect(neither.code).toBe(2);
  });

  it('rejects a negative duration and an unknown failure mode', async () => {
    expect((await run('outcome', 'record', '--task', 't', '--duration-ms', '-5', '--success', '--db', db)).code).toBe(2);
    const r = await run('outcome', 'record', '--task', 't', '--duration-ms', '5', '--failure', '--failure-mode', 'bogus', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected one of');
  });
});

describe('skillpulse patterns', () => {
  it('observes into an anti-pattern, deprecates with a reason, refuses promotion, resets, promotes, filters by state', async () => {
    await run('outcome', 'record', '--task', 't1', '--duration-ms', '1000', '--success', '--pattern', 'Split by layer', '--db', db, ...NOW);
    const first = await run('patterns', 'observe', 'Split by layer', '--failure', '--task', 't2', '--db', db, ...NOW);
    expect(first.stdout).toContain('1/1 success/failure');
    const deprecated = await run('patterns', 'deprecate', 'Split by layer', '--reason', 'breaks the build', '--db', db, ...NOW);
    expect(deprecated.stdout).toContain('deprecated (breaks the build)');
    const inverted = await run('patterns', 'observe', 'split by LAYER', '--failure', '--db', db, ...NOW);
    expect(inverted.code).toBe(0);
    expect(inverted.stdout).toContain('inverted into an anti-pattern: AVOID: Split by layer. Failed 2/3 times (67% failure rate)');
    const promote = await run('patterns', 'promote', 'Split by layer', '--db', db);
    expect(promote.code).toBe(2);
    expect(promote.stderr).toContain('Cannot promote a deprecated pattern');
    expect((await run('patterns', 'reset', 'Split by layer', '--db', db)).stdout).toContain(': candidate');
    const promoted = await run('patterns', 'promote', 'Split by layer', '--db', db);
    expect(promoted.code).toBe(0);
    expect(promoted.stderr).toContain('warning: promoting');
    const proven = JSON.parse((await run('--json', 'patterns', '--state', 'proven', '--db', db)).stdout);
    expect(proven.map((p: { content: string }) => p.content)).toEqual(['Split by layer']);
    const table = await run('patterns', '--db', db);
    expect(table.stdout).toContain('anti-pattern');
    expect(table.stdout).toContain('proven');
    const missing = await run('patterns', 'observe', 'nothing like this', '--success', '--db', db);
    expect(missing.code).toBe(4);
  });

  it('extracts strategies from English and Chinese descriptions', async () => {
    const en = await run('patterns', 'extract', "We'll split by file type, one file per subtask");
    expect(en.stdout).toBe('Split by file type\nOne file per subtask\n');
    const zh = await run('--json', 'patterns', 'extract', '我们将按文件类型拆分,每个子任务一个文件', '--lang', 'zh');
    expect(JSON.parse(zh.stdout)).toEqual(['按文件类型拆分', '每个子任务一个文件']);
  });
});

describe('skillpulse errors and prompt-context', () => {
  it('records, counts, renders, resolves errors and builds the prompt context', async () => {
    const rec = await run(
      'errors',
      'record',
      '--task',
      'bd-1',
      '--type',
      'validation',
      '--message',
      'Missing import',
      '--tool',
      'typecheck',
      '--stack',
      'E',
      '--db',
      db,
      '--now',
      '2024-12-12T10:35:00Z',
    );
    expect(rec.code).toBe(0);
    const id = rec.stdout.trim();
    expect(id).toMatch(/^bd-1-validation-\d+-[0-9a-f]+$/);
    await run(
      'errors',
      'record',
      '--task',
      'bd-1',
      '--type',
      'timeout',
      '--message',
      'Tests timed out',
      '--db',
      db,
      '--now',
      '2024-12-12T10:36:00Z',
    );
    expect(JSON.parse((await run('--json', 'errors', 'stats', '--task', 'bd-1', '--db', db)).stdout)).toEqual({
      total: 2,
      unresolved: 2,
      by_type: { validation: 1, timeout: 1 },
    });
    const context = await run('errors', 'context', '--task', 'bd-1', '--db', db);
    expect(context.stdout).toContain('- **Missing import**\n  - Tool: typecheck\n  - Stack: `E...`\n  - Time: 2024-12-12T10:35:00.000Z\n');
    expect((await run('errors', 'resolve', id, '--db', db)).code).toBe(0);
    expect((await run('errors', 'resolve', 'no-such-id', '--db', db)).code).toBe(4);
    expect((await run('errors', 'context', '--task', 'bd-1', '--db', db)).stdout).not.toContain('Missing import');
    expect((await run('errors', 'context', '--task', 'bd-1', '--include-resolved', '--db', db)).stdout).toContain('(resolved)');
    // an outcome without --errors counts the task's recorded errors
    const outcome = JSON.parse(
      (
        await run(
          '--json',
          'outcome',
          'record',
          '--task',
          'bd-1',
          '--duration-ms',
          '1000',
          '--success',
          '--strategy',
          'file-based',
          '--db',
          db,
        )
      ).stdout,
    );
    expect(outcome.signals.error_count).toBe(2);
    const en = await run('prompt-context', '--db', db, '--task', 'bd-1');
    expect(en.stdout).toContain(
      '## Candidate Patterns\n\nThese patterns need more validation:\n\n- file-based [LIMITED DATA - 1 observation]',
    );
    expect(en.stdout).toContain('### timeout (1 error)');
    const zh = await run('prompt-context', '--lang', 'zh', '--db', db);
    expect(zh.stdout).toBe('## 候选模式\n\n这些模式需要更多验证:\n\n- file-based [数据有限 - 1次观察]\n');
  });

  it('rejects an unknown error type', async () => {
    const r = await run('errors', 'record', '--task', 't', '--type', 'oops', '--message', 'm', '--db', db);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('expected one of validation, timeout, conflict, tool_failure, unknown');
  });

  it('prints nothing on stdout for an empty store', async () => {
    const r = await run('prompt-context', '--db', db);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('nothing learned yet');
  });
});
