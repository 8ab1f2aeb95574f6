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
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { z } from 'zod';
import { editDistance } from '../edit-distance.js';
import { SkillpulseError } from '../errors.js';
import { type ConfigSource, findProjectConfig, type LoadConfigOptions, type LoadedConfig, mergeConfig, userConfigPath } from './resolve.js';
import { type ConfigFile, configFileSchema } from './schema.js';

export {
  type ConfigScope,
  type ConfigSource,
  configWithoutFiles,
  encodeProjectDir,
  findProjectConfig,
  isProjectExcluded,
  type LoadConfigOptions,
  type LoadedConfig,
  mergeConfig,
  resolveConfigPath,
  userConfigPath,
} from './resolve.js';

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
