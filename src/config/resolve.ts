/**
 * The configuration files' locations, merging and path rules: everything about the config that
 * needs no validation, so a command run without any config file never loads zod or the schema
 * (`load.ts` validates every file that exists and re-exports all of this).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { SkillpulseError } from '../errors.js';
import { skillpulseHome } from '../store/database.js';
import type { ConfigFile, ResolvedConfig } from './schema.js';

/** Defaults when no file sets a key. `sessionRoots` depends on HOME and is filled in by the loader. */
export const DEFAULT_CONFIG: Omit<ResolvedConfig, 'sessionRoots'> = Object.freeze({
  enabled: true,
  excludeProjects: [],
  window: 3,
  minInvocations: 5,
  archiveDays: 90,
  snippets: Object.freeze({ mode: 'redacted' as const, maxLength: 200 }),
  lexicons: Object.freeze({ languages: null, files: [] }),
});

export type ConfigScope = 'user' | 'project';

export interface ConfigSource {
  scope: ConfigScope;
  file: string;
  /** The folder relative paths in this file are resolved against. */
  base: string;
  config: ConfigFile;
}

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Files that were read, lowest precedence first. */
  sources: ConfigSource[];
}

export interface LoadConfigOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Read this file as the project config instead of searching from `cwd`. */
  projectFile?: string;
}

/** `<SKILLPULSE_HOME or ~/.skillpulse>/config.json`. */
export function userConfigPath(env: NodeJS.ProcessEnv, cwd: string): string {
  return join(skillpulseHome(env, cwd), 'config.json');
}

/** The nearest `.skillpulse/config.json` from `cwd` upwards, never HOME's own (that is the user file). */
export function findProjectConfig(cwd: string, env: NodeJS.ProcessEnv): string | null {
  const home = env.HOME ? resolve(env.HOME) : null;
  let dir = resolve(cwd);
  for (;;) {
    if (dir === home) return null;
    const candidate = join(dir, '.skillpulse', 'config.json');
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/**
 * The merged configuration when neither the user file nor a project file exists (no file to
 * validate), or null when one does and `loadConfig` has to read it. `options.projectFile` (an
 * explicit file) always needs the loader.
 */
export function configWithoutFiles(options: LoadConfigOptions): LoadedConfig | null {
  if (options.projectFile !== undefined) return null;
  if (existsSync(userConfigPath(options.env, options.cwd))) return null;
  if (findProjectConfig(options.cwd, options.env) !== null) return null;
  return { config: mergeConfig([], options.env), sources: [] };
}

/** `~/x` → HOME/x; relative → against `base`; absolute unchanged. */
export function resolveConfigPath(path: string, base: string, env: NodeJS.ProcessEnv): string {
  if (path === '~' || path.startsWith('~/')) {
    if (!env.HOME) throw new SkillpulseError('CONFIG', `cannot expand "${path}": HOME is not set`);
    return join(env.HOME, path.slice(2));
  }
  return isAbsolute(path) ? path : resolve(base, path);
}

/** Merges sources (lowest precedence first) over the defaults; resolves paths per source. */
export function mergeConfig(sources: readonly ConfigSource[], env: NodeJS.ProcessEnv): ResolvedConfig {
  const home = env.HOME ? resolve(env.HOME) : null;
  const merged: ResolvedConfig = {
    enabled: DEFAULT_CONFIG.enabled,
    sessionRoots: home ? [join(home, '.claude', 'projects')] : [],
    excludeProjects: [...DEFAULT_CONFIG.excludeProjects],
    window: DEFAULT_CONFIG.window,
    minInvocations: DEFAULT_CONFIG.minInvocations,
    archiveDays: DEFAULT_CONFIG.archiveDays,
    snippets: { ...DEFAULT_CONFIG.snippets },
    lexicons: { languages: DEFAULT_CONFIG.lexicons.languages, files: [...DEFAULT_CONFIG.lexicons.files] },
  };
  for (const { config, base } of sources) {
    const paths = (list: readonly string[]) => list.map((p) => resolveConfigPath(p, base, env));
    if (config.enabled !== undefined) merged.enabled = config.enabled;
    if (config.sessionRoots !== undefined) merged.sessionRoots = paths(config.sessionRoots);
    if (config.excludeProjects !== undefined) {
      // Paths become absolute; transcript folder names (-home-me-x) and patterns stay as written.
      merged.excludeProjects = config.excludeProjects.map((p) =>
        p.startsWith('-') || p.includes('*') || (!p.includes('/') && !p.startsWith('~')) ? p : resolveConfigPath(p, base, env),
      );
    }
    if (config.window !== undefined) merged.window = config.window;
    if (config.minInvocations !== undefined) merged.minInvocations = config.minInvocations;
    if (config.archiveDays !== undefined) merged.archiveDays = config.archiveDays;
    if (config.snippets?.mode !== undefined) merged.snippets.mode = config.snippets.mode;
    if (config.snippets?.maxLength !== undefined) merged.snippets.maxLength = config.snippets.maxLength;
    if (config.lexicons?.languages !== undefined) merged.lexicons.languages = [...config.lexicons.languages];
    if (config.lexicons?.files !== undefined) merged.lexicons.files = paths(config.lexicons.files);
  }
  return merged;
}

/**
 * Whether a project is excluded: `projectPath` is the session's working folder (may be null),
 * `projectDir` the transcript folder name under `projects/` (e.g. `-home-me-secret`).
 */
export function isProjectExcluded(
  config: Pick<ResolvedConfig, 'excludeProjects'>,
  projectPath: string | null,
  projectDir: string | null,
): boolean {
  for (const rule of config.excludeProjects) {
    if (rule.includes('*')) {
      const pattern = new RegExp(`^${rule.split('*').map(escapeRegExp).join('.*')}$`);
      if ((projectPath && pattern.test(projectPath)) || (projectDir && pattern.test(projectDir))) return true;
    } else if (rule === projectDir || (projectPath !== null && (projectPath === rule || projectPath.startsWith(`${rule}/`)))) {
      return true;
    } else if (projectDir !== null && isAbsolute(rule) && projectDir === encodeProjectDir(rule)) {
      return true;
    }
  }
  return false;
}

/** Claude Code's transcript folder name for a working folder: every non-alphanumeric character becomes `-`. */
export function encodeProjectDir(path: string): string {
  return path.replace(/[^A-Za-z0-9]/g, '-');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
