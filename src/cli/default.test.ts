import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

const repoRoot = join(import.meta.dirname, '..', '..');

function home(config?: object) {
  const dir = mkdtempSync(join(tmpdir(), 'skillpulse-default-'));
  if (config) {
    mkdirSync(join(dir, '.skillpulse'));
    writeFileSync(join(dir, '.skillpulse', 'config.json'), JSON.stringify(config));
  }
  return dir;
}

describe('skillpulse (no command)', () => {
  it('scans the configured session roots into the store and prints the health table, worst first', async () => {
    const dir = home({ sessionRoots: [join(repoRoot, 'test', 'fixtures', 'real-client')] });
    const env = { HOME: dir, NO_COLOR: '1' };
    const run = await runCliCaptured([], { env, cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/Scanned \d+ transcript files/);
    const lines = run.stdout.split('\n');
    expect(lines[1]).toMatch(/Skill\s+│\s+Uses\s+│\s+Correction rate/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    const health = JSON.parse((await runCliCaptured(['health', '--json'], { env, cwd: dir })).stdout) as Array<{ skill_id: string }>;
    expect(health.length).toBeGreaterThan(3);
    // Worst first, as `health` orders them.
    const first = lines.find((l) => l.startsWith('│ ') && !l.includes('Skill'));
    expect(first).toContain(health[0]?.skill_id);
    expect(run.stdout).toMatch(new RegExp(`${health.length} skills, \\d+ needing attention`));
  });

  it('prints JSON with --json, and scans nothing when collection is disabled', async () => {
    const dir = home({ sessionRoots: [join(repoRoot, 'test', 'fixtures', 'real-client')], enabled: false });
    const run = await runCliCaptured(['--json'], { env: { HOME: dir }, cwd: dir });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ scanned: null, skills: [] });
    expect(run.stderr).toContain('disabled');
  });

  it('says so when there is nothing yet', async () => {
    const dir = home();
    const run = await runCliCaptured([], { env: { HOME: dir, NO_COLOR: '1' }, cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('No skills found yet');
  });

  it('answers a mistyped command with a usage error and a suggestion', async () => {
    const run = await runCliCaptured(['helth']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'helth' (did you mean health?");
    expect((await runCliCaptured(['feedbak', 'list'])).stderr).toContain('did you mean feedback?');
  });
});

describe('excluded projects', () => {
  it('are not scanned (config excludeProjects)', async () => {
    const corpusRoot = mkdtempSync(join(tmpdir(), 'skillpulse-exclude-'));
    const projects = join(corpusRoot, 'projects');
    for (const name of ['-work-public', '-work-secret']) mkdirSync(join(projects, name), { recursive: true });
    const { copyFileSync } = await import('node:fs');
    const source = join(repoRoot, '..', 'shared', 'corpus', 'claude-code', 'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl');
    copyFileSync(source, join(projects, '-work-public', '253fd5ef-38bf-4f4a-804a-98df5088a868.jsonl'));
    copyFileSync(source, join(projects, '-work-secret', '11111111-2222-3333-4444-555555555555.jsonl'));
    const dir = home({ sessionRoots: [projects], excludeProjects: ['/work/secret'] });
    const run = await runCliCaptured(['scan', '--sessions', projects, '--json'], { env: { HOME: dir }, cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).files).toBe(1);
    const all = await runCliCaptured(['--json'], { env: { HOME: dir }, cwd: dir });
    expect(all.stderr).toContain('skipped 1 transcript file of excluded projects');
    expect(JSON.parse(all.stdout).scanned.files).toBe(1);
  });
});
