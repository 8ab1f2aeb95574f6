import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

// /proc refuses new entries with ENOENT, where Node 20's recursive mkdir used to spin forever.
const examples = path.resolve(import.meta.dirname, '..', '..', 'examples', 'sessions');
const home = mkdtempSync(path.join(tmpdir(), 'skillpulse-unwritable-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const env = { NO_COLOR: '1', HOME: home };

describe.skipIf(!existsSync('/proc/self'))('a path that cannot be created is one clear error, at once', () => {
  it.each([
    { what: 'the store (--db)', argv: ['report', '--sessions', examples, '--db', '/proc/skillpulse-x/s.db'], code: 6 },
    { what: 'feedback.jsonl (--output)', argv: ['analyze', '--sessions', examples, '--output', '/proc/skillpulse-x/f.jsonl'], code: 6 },
    {
      what: 'the dashboard (--html)',
      argv: ['report', '--sessions', examples, '--db', path.join(home, 's.db'), '--html', '/proc/skillpulse-x/r.html'],
      code: 6,
    },
  ])('$what', async ({ argv, code }) => {
    const run = await runCliCaptured(argv, { env });
    expect(run.code).toBe(code);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/\/proc\/skillpulse-x.*ENOENT/);
  });

  it('the Claude Code settings file of `hooks install`', async () => {
    const run = await runCliCaptured(['hooks', 'install', '--user'], { env: { NO_COLOR: '1', HOME: '/proc/skillpulse-x' } });
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/settings\.json: cannot write the settings: ENOENT.*left untouched/);
  });
});
