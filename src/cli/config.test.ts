import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { configJsonSchemaText } from '../config/schema.js';

function home() {
  const dir = mkdtempSync(join(tmpdir(), 'skillpulse-cfgcli-'));
  mkdirSync(join(dir, '.skillpulse'));
  return dir;
}

describe('skillpulse config', () => {
  it('show --json prints the merged config and its sources', async () => {
    const dir = home();
    writeFileSync(join(dir, '.skillpulse', 'config.json'), '{"$schema": "x", "window": 4}');
    const run = await runCliCaptured(['config', 'show', '--json'], { env: { HOME: dir }, cwd: dir });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.config.window).toBe(4);
    expect(out.sources).toEqual([{ scope: 'user', file: join(dir, '.skillpulse', 'config.json') }]);
  });

  it('validate exits 5 with one line naming file and path for a bad file', async () => {
    const dir = home();
    const file = join(dir, 'bad.json');
    writeFileSync(file, '{"snippets": {"mode": 1}}');
    const run = await runCliCaptured(['config', 'validate', file], { env: { HOME: dir }, cwd: dir });
    expect(run.code).toBe(5);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`${file}: snippets.mode: expected one of "redacted", "none", got 1`);
  });

  it('validate reports a missing explicit file as not found, and lists default files', async () => {
    const dir = home();
    expect((await runCliCaptured(['config', 'validate', join(dir, 'nope.json')], { env: { HOME: dir }, cwd: dir })).code).toBe(4);
    writeFileSync(join(dir, '.skillpulse', 'config.json'), '{}');
    const run = await runCliCaptured(['config', 'validate'], { env: { HOME: dir, NO_COLOR: '1' }, cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`valid  ${join(dir, '.skillpulse', 'config.json')}`);
  });

  it('schema prints the shipped schema', async () => {
    const run = await runCliCaptured(['config', 'schema']);
    expect(run.stdout).toBe(configJsonSchemaText());
  });
});
