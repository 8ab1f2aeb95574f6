import { copyFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { linkRealClientSubset } from '../../test/support/real-client-subset.js';

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
    // A fixed subset of the real-client fixtures (a whole-folder scan grows with every blind round).
    const sessions = linkRealClientSubset(join(mkdtempSync(join(tmpdir(), 'skillpulse-default-sessions-')), 'real-client'));
    const dir = home({ sessionRoots: [sessions] });
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

  it('shows the bundled example sessions when there are no transcripts, without touching the store', async () => {
    const dir = home();
    const run = await runCliCaptured([], { env: { HOME: dir, NO_COLOR: '1' }, cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('No Claude Code transcripts found');
    expect(run.stderr).toContain(join('examples', 'sessions'));
    // The example story: a commit-message skill that was corrected, a test skill accepted and reverted.
    expect(run.stdout).toMatch(/commit-message/);
    expect(run.stdout).toMatch(/\d+ skills?, \d+ needing attention/);
    expect(existsSync(join(dir, '.skillpulse', 'skillpulse.db'))).toBe(false);
    const json = JSON.parse((await runCliCaptured(['--json'], { env: { HOME: dir }, cwd: dir })).stdout);
    expect(json.store).toBeNull();
    expect(json.examples).toContain(join('examples', 'sessions'));
    expect(json.scanned.files).toBeGreaterThanOrEqual(4);
  });

  it('says so when the transcripts hold no skill invocations', async () => {
    const dir = home();
    const project = join(dir, '.claude', 'projects', '-work-plain');
    mkdirSync(project, { recursive: true });
    const source = join(
      repoRoot,
      '..',
      'shared',
      'corpus',
      'claude-code',
      'git-ai-project__git-ai__tests__fixtures__claude-model-not-last.jsonl',
    );
    copyFileSync(source, join(project, '0b6c2f40-4a60-4c51-9e0a-0d2c7e6d1a11.jsonl'));
    const run = await runCliCaptured([], { env: { HOME: dir, NO_COLOR: '1' }, cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('example sessions');
    expect(run.stdout).toContain('No skills found yet');
    expect(existsSync(join(dir, '.skillpulse', 'skillpulse.db'))).toBe(true);
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
