import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'claude-code');

describe('report counts reconcile with invocations', () => {
  it('counts every invocation the engine finds: windowed ones plus failed attempts', async () => {
    const home = mkdtempSync(join(tmpdir(), 'skillpulse-report-counts-'));
    const env = { HOME: home, NO_COLOR: '1' };
    const all = JSON.parse((await runCliCaptured(['--json', 'invocations', '--sessions', corpus], { env })).stdout) as Array<{
      failed: boolean;
    }>;
    const report = await runCliCaptured(['--json', 'report', '--sessions', corpus, '--db', join(home, 'x.db')], { env });
    expect(report.code, report.stderr).toBe(0);
    const json = JSON.parse(report.stdout) as { invocations: number; failed: number; events: number };
    expect(json.failed).toBe(all.filter((i) => i.failed).length);
    expect(json.invocations + json.failed).toBe(all.length);
    const text = await runCliCaptured(['report', '--sessions', corpus, '--db', join(home, 'x.db')], { env });
    expect(text.stdout).toContain(`${json.invocations} invocations + ${json.failed} failed, ${json.events} classified`);
  });
});
