/**
 * The configuration file as command-line defaults, in one place.
 *
 * Precedence: a flag given on the command line > the project config > the user config > the
 * built-in default. The CLI action wrapper (`runtime.ts`) calls `applyConfigDefaults` for every
 * command; only commands that define one of the options below read the config at all, so
 * `skillpulse config validate` (and every other command without them) still runs when a config
 * file is broken, while the commands that do read it stop with the file and JSON path.
 *
 * | option                          | config key                                   |
 * |---------------------------------|----------------------------------------------|
 * | `--window`                      | `window`                                     |
 * | `--min-invocations`             | `minInvocations`                             |
 * | `--archive-days`                | `archiveDays`                                |
 * | `--sessions` / `--session-dir`  | `sessionRoots` (when a config file sets them) |
 * | `--no-snippets`                 | `snippets.mode` `"none"`                     |
 *
 * What has no flag is taken by the shared scan/analysis helpers from `commandConfig(ctx)`:
 * `excludeProjects` (every command that discovers transcripts), the snippet policy
 * (`snippets.mode`/`maxLength`: what the store keeps and what is printed) and the lexicon
 * selection (`lexicons.languages`/`files`: which lexicons classify reactions).
 */
import type { Command } from 'commander';
import type { LoadedConfig } from '../config/load.js';
import type { DiscoveryResult } from '../transcripts/discovery.js';
import type { CommandContext } from './context.js';

const NUMBER_KEYS = ['window', 'minInvocations', 'archiveDays'] as const;
const SESSION_KEYS = ['sessions', 'sessionDir'] as const;
/** Commander attribute names of the options the config fills. */
const CONFIG_KEYS: ReadonlySet<string> = new Set<string>([...NUMBER_KEYS, ...SESSION_KEYS, 'snippets']);

const loaded = new WeakMap<CommandContext, LoadedConfig>();

/** The merged config for this command run (loaded once; a broken file is a CONFIG error naming it). */
export async function commandConfig(ctx: CommandContext): Promise<LoadedConfig> {
  const cached = loaded.get(ctx);
  if (cached) return cached;
  // Without a config file there is nothing to validate: zod and the schema are not loaded.
  const { configWithoutFiles } = await import('../config/resolve.js');
  const result =
    configWithoutFiles({ env: ctx.env, cwd: ctx.cwd }) ?? (await import('../config/load.js')).loadConfig({ env: ctx.env, cwd: ctx.cwd });
  loaded.set(ctx, result);
  return result;
}

/** Whether the command defines an option the config provides a default for. */
export function takesConfig(command: Command): boolean {
  return command.options.some((option) => CONFIG_KEYS.has(option.attributeName()));
}

/** Not given on the command line (commander's source is 'default' or nothing). */
function notGiven(command: Command, key: string): boolean {
  const source = command.getOptionValueSource(key);
  return source === undefined || source === 'default';
}

/**
 * Fills the options the user did not give on the command line from the merged config (source
 * `config`). Does nothing, and reads no file, for commands without such options.
 */
export async function applyConfigDefaults(ctx: CommandContext, command: Command): Promise<void> {
  if (!takesConfig(command)) return;
  const keys = new Set(command.options.map((option) => option.attributeName()));
  const config = await commandConfig(ctx);
  for (const key of NUMBER_KEYS) {
    if (keys.has(key) && notGiven(command, key)) command.setOptionValueWithSource(key, config.config[key], 'config');
  }
  if (keys.has('snippets') && notGiven(command, 'snippets') && config.config.snippets.mode === 'none') {
    command.setOptionValueWithSource('snippets', false, 'config');
  }
  const sessionKeys = SESSION_KEYS.filter((key) => keys.has(key));
  const first = sessionKeys[0];
  // `health --sessions` only matters with `--scan`: without it the roots are not looked at.
  const reads = !keys.has('scan') || command.getOptionValue('scan') === true;
  if (first !== undefined && reads && sessionKeys.every((key) => notGiven(command, key))) {
    const roots = await configuredSessionRoots(ctx, config);
    if (roots !== null) command.setOptionValueWithSource(first, roots, 'config');
  }
}

/**
 * The session roots a config file sets, or null when none does (discovery's default roots
 * apply). Like the default roots, a configured root that does not exist (another machine's
 * folder) is skipped with a remark; when none of them exists it is an error naming the file.
 */
export async function configuredSessionRoots(ctx: CommandContext, config: LoadedConfig): Promise<string[] | null> {
  const source = config.sources.filter((s) => s.config.sessionRoots !== undefined).at(-1);
  if (!source || config.config.sessionRoots.length === 0) return null;
  const { existsSync } = await import('node:fs');
  const roots = config.config.sessionRoots;
  const existing = roots.filter((root) => existsSync(root));
  if (existing.length === 0) {
    const { SkillpulseError } = await import('../errors.js');
    throw new SkillpulseError('NOT_FOUND', `none of the configured session roots exists: ${roots.join(', ')}`, {
      file: source.file,
      field: 'sessionRoots',
      hint: 'fix the config or pass --sessions PATH',
    });
  }
  for (const root of roots) {
    if (!existing.includes(root)) ctx.info(`${source.file}: sessionRoots: skipping ${root} (not found)`);
  }
  return existing;
}

/**
 * Whether a transcript path belongs to a project excluded in the config (`excludeProjects`), or
 * null when nothing is excluded. The project is the folder under `projects/`, or else the first
 * folder below one of `roots` (configured roots need not be called `projects`).
 */
export async function projectExclusion(ctx: CommandContext): Promise<((file: string, roots: readonly string[]) => boolean) | null> {
  const { config } = await commandConfig(ctx);
  if (config.excludeProjects.length === 0) return null;
  const { isProjectExcluded } = await import('../config/resolve.js');
  const { classifyTranscriptPath } = await import('../transcripts/discovery.js');
  const { dirname, isAbsolute, relative, sep } = await import('node:path');
  const projectDirOf = (file: string, roots: readonly string[]): string | null => {
    const underProjects = classifyTranscriptPath(file, dirname(file)).projectDir;
    if (underProjects !== null) return underProjects;
    for (const root of roots) {
      const rel = relative(root, file);
      if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) continue;
      const parts = rel.split(sep);
      if (parts.length >= 2) return parts[0] ?? null;
    }
    return null;
  };
  return (file, roots) => isProjectExcluded(config, null, projectDirOf(file, roots));
}

/**
 * Drops the transcripts of excluded projects from a discovery (with a remark on stderr) and
 * returns the exclusion test for rows already in the store, or null when nothing is excluded.
 */
export async function excludeConfiguredProjects(
  ctx: CommandContext,
  discovery: Pick<DiscoveryResult, 'files'>,
): Promise<((file: string, roots: readonly string[]) => boolean) | null> {
  const excluded = await projectExclusion(ctx);
  if (excluded === null) return null;
  const before = discovery.files.length;
  discovery.files = discovery.files.filter((f) => !excluded(f.path, [f.root]));
  const skipped = before - discovery.files.length;
  if (skipped > 0) {
    ctx.info(`skipped ${skipped} transcript file${skipped === 1 ? '' : 's'} of excluded projects (config: excludeProjects)`);
  }
  return excluded;
}

/**
 * The config's lexicon selection (`lexicons.languages` / `lexicons.files`), validated before any
 * transcript is read: a language no lexicon provides is a CONFIG error naming the config file
 * that selected it; a broken extra lexicon file is one naming that file.
 */
export async function configuredLexicons(ctx: CommandContext): Promise<LoadedConfig['config']['lexicons']> {
  const config = await commandConfig(ctx);
  // The default selection (every bundled lexicon) has nothing of the user's to validate; the
  // bundled lexicons are compiled when the first reaction is classified.
  const { languages, files } = config.config.lexicons;
  if (languages === null && files.length === 0) return config.config.lexicons;
  const { loadLexicons } = await import('../feedback/lexicon.js');
  try {
    loadLexicons(config.config.lexicons, { cwd: ctx.cwd });
  } catch (error) {
    const { SkillpulseError, isSkillpulseError } = await import('../errors.js');
    const source = config.sources.filter((s) => s.config.lexicons?.languages !== undefined).at(-1);
    if (isSkillpulseError(error) && error.location.file === undefined && source) {
      throw new SkillpulseError(error.code, error.message, {
        ...error.location,
        file: source.file,
        cause: error,
        ...(error.hint !== undefined ? { hint: error.hint } : {}),
      });
    }
    throw error;
  }
  return config.config.lexicons;
}
