/**
 * Finding, reading, validating and merging configuration files.
 *
 * Precedence: project (`.skillpulse/config.json` in the working folder or the nearest ancestor
 * that has one, below HOME) over user (`$SKILLPULSE_HOME/config.json`, default
 * `~/.skillpulse/config.json`) over `DEFAULT_CONFIG`. Objects merge key by key; arrays and scalars
 * replace. Relative paths in a file are relative to the folder holding its `.skillpulse/` (the
 * project root) or, for the user file, to HOME; `~/` means HOME.
 *
 * A missing file is fine; an unreadable, non-JSON or invalid one is a CONFIG error naming the file,
 * the line (for syntax errors) and the JSON path of every offending key.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { z } from 'zod';
import { editDistance } from '../edit-distance.js';
import { SkillpulseError } from '../errors.js';
import { skillpulseHome } from '../store/database.js';
import { type ConfigFile, configFileSchema, DEFAULT_CONFIG, type ResolvedConfig } from './schema.js';

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

/** Reads and validates one config file; `null` when it does not exist. */
export function readConfigFile(file: string): ConfigFile | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new SkillpulseError('CONFIG', `cannot read the config file: ${(error as Error).message}`, { file, cause: error });
  }
  return parseConfigText(text, file);
}

/** Parses config JSON text; errors name `file`, the line of a syntax error, and the JSON path of invalid keys. */
export function parseConfigText(text: string, file: string): ConfigFile {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split('\n').length : undefined;
    const detail = message.replace(/^JSON\.parse: /, '').replace(/ in JSON at position \d+.*$/, '');
    throw new SkillpulseError('CONFIG', `is not valid JSON: ${detail}`, { file, ...(line === undefined ? {} : { line }) });
  }
  const parsed = configFileSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  const problems = describeIssues(parsed.error.issues, data);
  const first = problems[0];
  if (problems.length === 1 && first) {
    throw new SkillpulseError('CONFIG', first.message, {
      file,
      ...(first.path ? { field: first.path } : {}),
      hint: 'see schema/config.schema.json',
    });
  }
  throw new SkillpulseError(
    'CONFIG',
    `${problems.length} problems: ${problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)).join('; ')}`,
    {
      file,
      hint: 'see schema/config.schema.json',
    },
  );
}

interface Problem {
  /** JSON path such as `snippets.maxLength` or `sessionRoots[1]`; '' for the whole document. */
  path: string;
  message: string;
}

/** `a.b[2].c` from a zod issue path. */
export function jsonPath(segments: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else {
      const key = String(segment);
      out += /^[A-Za-z_$][\w$]*$/.test(key) ? (out === '' ? key : `.${key}`) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

const KNOWN_KEYS: Record<string, readonly string[]> = {
  '': Object.keys(configFileSchema.shape),
  snippets: ['mode', 'maxLength'],
  lexicons: ['languages', 'files'],
};

function describeIssues(issues: readonly z.core.$ZodIssue[], data: unknown): Problem[] {
  const problems: Problem[] = [];
  for (const issue of issues) {
    const path = jsonPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const suggestion = closest(key, KNOWN_KEYS[path] ?? []);
        problems.push({
          path: jsonPath([...issue.path, key]),
          message: `unknown key${suggestion ? ` (did you mean "${suggestion}"?)` : ''}`,
        });
      }
      continue;
    }
    const value = valueAt(data, issue.path);
    let message = issue.message;
    if (issue.code === 'invalid_type') {
      const expected =
        issue.expected === 'int'
          ? 'a whole number'
          : issue.expected === 'object'
            ? 'an object'
            : issue.expected === 'array'
              ? 'an array'
              : `a ${issue.expected}`;
      message = `expected ${expected}, got ${describeValue(value)}`;
    } else if (issue.code === 'invalid_value') {
      message = `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, got ${describeValue(value)}`;
    } else if (issue.code === 'too_small' || issue.code === 'too_big') {
      message = `${issue.message
        .replace(/^Too (small|big): expected (number|array|string) to (be|have) /, 'must be ')
        .replace('>=', '≥ ')
        .replace('<=', '≤ ')}, got ${describeValue(value)}`;
    } else if (value !== undefined) {
      message = `${issue.message}, got ${describeValue(value)}`;
    }
    problems.push({ path, message });
  }
  return problems;
}

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = data;
  for (const segment of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[segment as string];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function closest(key: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const [a, b] = [key.toLowerCase(), candidate.toLowerCase()];
    if (a.length >= 3 && (b.startsWith(a) || a.startsWith(b))) return candidate;
    const d = editDistance(a, b);
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(key.length / 3)) ? best : null;
}

/** `~/x` → HOME/x; relative → against `base`; absolute unchanged. */
export function resolveConfigPath(path: string, base: string, env: NodeJS.ProcessEnv): string {
  if (path === '~' || path.startsWith('~/')) {
    if (!env.HOME) throw new SkillpulseError('CONFIG', `cannot expand "${path}": HOME is not set`);
    return join(env.HOME, path.slice(2));
  }
  return isAbsolute(path) ? path : resolve(base, path);
}

/** Loads the user and project files and merges them over the defaults. */
export function loadConfig(options: LoadConfigOptions): LoadedConfig {
  const { env, cwd } = options;
  const sources: ConfigSource[] = [];
  const userFile = userConfigPath(env, cwd);
  const user = readConfigFile(userFile);
  if (user) sources.push({ scope: 'user', file: userFile, base: env.HOME ? resolve(env.HOME) : dirname(userFile), config: user });
  const projectFile = options.projectFile ? resolve(cwd, options.projectFile) : findProjectConfig(cwd, env);
  if (projectFile && projectFile !== userFile) {
    const project = readConfigFile(projectFile);
    if (project) sources.push({ scope: 'project', file: projectFile, base: dirname(dirname(projectFile)), config: project });
  }
  return { config: mergeConfig(sources, env), sources };
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
