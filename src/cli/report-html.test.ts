import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { linkRealClientSubset } from '../../test/support/real-client-subset.js';

describe('skillpulse report --html', () => {
  it('scans into the store and writes a self-contained dashboard of the health model', async () => {
    const home = mkdtempSync(join(tmpdir(), 'skillpulse-report-html-'));
    const file = join(home, 'out', 'dashboard.html');
    const env = { HOME: home, NO_COLOR: '1' };
    const run = await runCliCaptured(
      // A fixed subset of the real-client fixtures (a whole-folder scan grows with every blind round).
      ['report', '--sessions', linkRealClientSubset(join(home, 'sessions')), '--html', file, '--json'],
      { env, cwd: home },
    );
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary.html).toBe(file);
    const html = readFileSync(file, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    const data = JSON.parse(/<script type="application\/json" id="skillpulse-data">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
    const health = JSON.parse((await runCliCaptured(['health', '--json'], { env, cwd: home })).stdout) as Array<{ skill_id: string }>;
    expect(data.skills.map((s: { id: string }) => s.id)).toEqual(health.map((h) => h.skill_id));
    expect(summary.skills).toBe(health.length);
  });
});
