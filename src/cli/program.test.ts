import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { VERSION } from '../version.js';

describe('skillpulse CLI', () => {
  it('prints its version', async () => {
    const run = await runCliCaptured(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
  });

  it('prints help with the global options', async () => {
    const run = await runCliCaptured(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--json');
    expect(run.stdout).toContain('--quiet');
    expect(run.stdout).toContain('--no-color');
  });

  it('rejects an unknown option with a usage error on stderr and exit 2', async () => {
    const run = await runCliCaptured(['--definitely-not-an-option']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('unknown option');
  });
});
