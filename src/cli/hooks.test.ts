import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

function scratch() {
  const home = mkdtempSync(join(tmpdir(), 'skillpulse-hooks-'));
  const project = join(home, 'work', 'app');
  mkdirSync(join(project, '.git'), { recursive: true });
  mkdirSync(join(project, 'src'), { recursive: true });
  return { home, project, env: { HOME: home, NO_COLOR: '1', PATH: '/usr/bin:/bin' } as NodeJS.ProcessEnv };
}

const original = {
  model: 'sonnet',
  permissions: { allow: ['Read'] },
  hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: './guard.sh' }] }] },
};

describe('skillpulse hooks', () => {
  it('install writes user settings with a backup, keeps other settings, and is idempotent', async () => {
    const { home, env } = scratch();
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(join(home, '.claude'));
    writeFileSync(file, JSON.stringify(original, null, 4));
    const first = await runCliCaptured(['hooks', 'install', '--command', 'skillpulse hook capture'], { env, cwd: home });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Installed skillpulse hooks (SessionEnd, Stop) in ${file}`);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.model).toBe('sonnet');
    expect(written.permissions).toEqual(original.permissions);
    expect(written.hooks.PreToolUse).toEqual(original.hooks.PreToolUse);
    expect(written.hooks.SessionEnd[0].hooks[0]).toEqual({ type: 'command', command: 'skillpulse hook capture', timeout: 30 });
    const backups = readdirSync(join(home, '.claude')).filter((n) => n.includes('.skillpulse-backup-'));
    expect(backups).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(home, '.claude', backups[0] as string), 'utf8'))).toEqual(original);

    const second = await runCliCaptured(['hooks', 'install', '--command', 'skillpulse hook capture'], { env, cwd: home });
    expect(second.stdout).toContain('already installed');
    expect(readdirSync(join(home, '.claude')).filter((n) => n.includes('.skillpulse-backup-'))).toHaveLength(1);

    const status = await runCliCaptured(['hooks', 'status', '--json'], { env, cwd: home });
    const parsed = JSON.parse(status.stdout);
    expect(parsed.settings[0].status.map((s: { installed: boolean }) => s.installed)).toEqual([true, true]);

    const removed = await runCliCaptured(['hooks', 'uninstall'], { env, cwd: home });
    expect(removed.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(original);
  });

  it('install --project writes <git root>/.claude/settings.json from a subfolder', async () => {
    const { project, env } = scratch();
    const run = await runCliCaptured(['hooks', 'install', '--project', '--command', 'skillpulse hook capture'], {
      env,
      cwd: join(project, 'src'),
    });
    expect(run.code).toBe(0);
    const file = join(project, '.claude', 'settings.json');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).hooks).sort()).toEqual(['SessionEnd', 'Stop']);
  });

  it('without skillpulse on PATH the command names node and the CLI, marked as ours', async () => {
    const { home, env } = scratch();
    const run = await runCliCaptured(['hooks', 'install', '--json'], { env: { ...env, PATH: '/nonexistent' }, cwd: home });
    expect(run.code).toBe(0);
    const command: string = JSON.parse(run.stdout).status[0].commands[0];
    expect(command).toMatch(/hook capture/);
    expect(command).toMatch(/skillpulse/);
  });

  it('leaves a malformed settings file untouched and says where it broke', async () => {
    const { home, env } = scratch();
    mkdirSync(join(home, '.claude'));
    const file = join(home, '.claude', 'settings.json');
    const broken = '{\n  "model": "opus",\n  "hooks": {\n}\n';
    writeFileSync(file, broken);
    const run = await runCliCaptured(['hooks', 'install', '--command', 'skillpulse hook capture'], { env, cwd: home });
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(`${file}:`);
    expect(run.stderr).toContain('left untouched');
    expect(readFileSync(file, 'utf8')).toBe(broken);
    expect(readdirSync(join(home, '.claude'))).toEqual(['settings.json']);
  });

  it('rejects two destinations and a command that does not capture', async () => {
    const { home, env } = scratch();
    expect((await runCliCaptured(['hooks', 'install', '--user', '--project'], { env, cwd: home })).code).toBe(2);
    const bad = await runCliCaptured(['hooks', 'install', '--command', 'echo hi'], { env, cwd: home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('hook capture');
  });
});
