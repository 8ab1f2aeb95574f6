/**
 * `skillpulse hooks install|uninstall|status`: the settings file to edit, a backup before every
 * change, and an atomic write (temporary file + rename) so a crash never leaves half a file.
 * A settings file that is not valid JSON is reported and left untouched.
 */
import { randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { SkillpulseError } from '../errors.js';
import { findGitRoot } from '../store/scope.js';
import { addCaptureHooks, type HookStatus, hookStatus, removeCaptureHooks, type SettingsObject } from './settings.js';
import { makeDirs } from '../make-dirs.js';

export type SettingsScope = 'user' | 'project' | 'local';

/** `~/.claude/settings.json` (or `$CLAUDE_CONFIG_DIR/settings.json`), `<project>/.claude/settings.json` or `settings.local.json`. */
export function settingsPath(scope: SettingsScope, env: NodeJS.ProcessEnv, cwd: string): string {
  if (scope === 'user') {
    const configDir = env.CLAUDE_CONFIG_DIR?.split(',')[0]?.trim();
    if (configDir) return join(resolve(cwd, configDir), 'settings.json');
    const home = env.HOME ?? env.USERPROFILE;
    if (!home) throw new SkillpulseError('CONFIG', 'cannot locate the home folder (HOME is not set)');
    return join(home, '.claude', 'settings.json');
  }
  const root = findGitRoot(cwd) ?? resolve(cwd);
  return join(root, '.claude', scope === 'local' ? 'settings.local.json' : 'settings.json');
}

/** Reads a settings file: `{}` when missing; a CONFIG error (file untouched) when it is not a JSON object. */
export function readSettings(file: string): SettingsObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new SkillpulseError('CONFIG', `cannot read the settings file: ${(error as Error).message}`, { file, cause: error });
  }
  if (text.trim() === '') return {};
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    throw new SkillpulseError('CONFIG', 'is not valid JSON; it was left untouched', {
      file,
      ...(line === undefined ? {} : { line }),
      hint: 'fix the file, then run the command again',
    });
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new SkillpulseError('CONFIG', 'is not a JSON object; it was left untouched', { file });
  }
  return data as SettingsObject;
}

/** Writes atomically, keeping a timestamped backup of the previous content. Returns the backup path. */
export function writeSettings(file: string, settings: SettingsObject, now: Date): string | null {
  try {
    return writeSettingsFile(file, settings, now);
  } catch (error) {
    throw new SkillpulseError('CONFIG', `cannot write the settings: ${(error as Error).message}; the file was left untouched`, {
      file,
      cause: error,
    });
  }
}

function writeSettingsFile(file: string, settings: SettingsObject, now: Date): string | null {
  makeDirs(dirname(file));
  let backup: string | null = null;
  if (existsSync(file)) {
    const stamp = now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    backup = `${file}.skillpulse-backup-${stamp}`;
    for (let n = 2; existsSync(backup); n++) backup = `${file}.skillpulse-backup-${stamp}-${n}`;
    copyFileSync(file, backup);
  }
  const temporary = `${file}.skillpulse-tmp-${randomUUID().slice(0, 8)}`;
  const mode = existsSync(file) ? statSync(file).mode & 0o777 : 0o644;
  writeFileSync(temporary, `${JSON.stringify(settings, null, 2)}\n`, { mode });
  renameSync(temporary, file);
  return backup;
}

export interface HooksChange {
  file: string;
  changed: boolean;
  backup: string | null;
  status: HookStatus[];
}

export function installHooks(file: string, command: string, now: Date): HooksChange {
  const current = readSettings(file);
  let merged: ReturnType<typeof addCaptureHooks>;
  try {
    merged = addCaptureHooks(current, command);
  } catch (error) {
    throw new SkillpulseError('CONFIG', `cannot add hooks: ${(error as Error).message}; the file was left untouched`, { file });
  }
  const backup = merged.changed ? writeSettings(file, merged.settings, now) : null;
  return { file, changed: merged.changed, backup, status: hookStatus(merged.settings) };
}

export function uninstallHooks(file: string, now: Date): HooksChange {
  if (!existsSync(file)) return { file, changed: false, backup: null, status: hookStatus({}) };
  const current = readSettings(file);
  const removed = removeCaptureHooks(current);
  const backup = removed.changed ? writeSettings(file, removed.settings, now) : null;
  return { file, changed: removed.changed, backup, status: hookStatus(removed.settings) };
}

export function hooksStatusOf(file: string): { file: string; exists: boolean; status: HookStatus[] } {
  const exists = existsSync(file);
  return { file, exists, status: hookStatus(exists ? readSettings(file) : {}) };
}

/** Quotes a word for POSIX `sh` when needed. */
function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Whether `name` is an executable on `env.PATH`. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {}
  }
  return null;
}

/**
 * The command the hook runs. `skillpulse hook capture` when `skillpulse` is on PATH; otherwise the
 * absolute node and CLI script paths (ending with a `# skillpulse` comment when the path does not
 * name skillpulse, so uninstall and status can recognise it).
 */
export function captureCommand(options: { env: NodeJS.ProcessEnv; nodePath: string; cliScript: string | null }): string {
  if (onPath('skillpulse', options.env)) return 'skillpulse hook capture';
  if (options.cliScript === null) return 'skillpulse hook capture';
  const command = `${shellWord(options.nodePath)} ${shellWord(options.cliScript)} hook capture`;
  return /skillpulse/i.test(command) ? command : `${command} # skillpulse`;
}
