/**
 * Finding transcript files: default roots, `CLAUDE_CONFIG_DIR`, explicit paths; recursive,
 * deterministic (per folder: main-thread files by name, then subagent files, then subfolders), safe against symlink loops, and classifying each file as a main
 * session or a subagent transcript.
 */
import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import path from 'node:path';
import { SkillpulseError } from '../errors.js';
import type { TranscriptFile } from './types.js';

export interface DiscoverOptions {
  /** Explicit folders or files (`--sessions`). When non-empty, the default roots are not used. */
  paths?: readonly string[];
  /** Environment: `HOME` (default roots) and `CLAUDE_CONFIG_DIR`. Never read from `process.env` here. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Base for relative explicit paths (the CLI passes its cwd; default: the process's). */
  cwd?: string;
}

export interface DiscoveryResult {
  files: TranscriptFile[];
  /** Roots that were looked at, existing or not, in order. */
  roots: { path: string; exists: boolean; explicit: boolean }[];
  /** Files skipped on purpose (observer sessions, non-transcript files beside subagents). */
  skipped: { path: string; reason: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TRAILING_UUID = /(?:^|[^0-9a-f])([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The roots to scan when no explicit path is given. */
export function defaultRoots(env: Readonly<Record<string, string | undefined>>): string[] {
  const configDirs = env.CLAUDE_CONFIG_DIR;
  if (configDirs !== undefined && configDirs.trim() !== '') {
    return configDirs
      .split(',')
      .map((dir) => dir.trim())
      .filter((dir) => dir !== '')
      .map((dir) => path.join(expandHome(dir, env), 'projects'));
  }
  const home = env.HOME ?? env.USERPROFILE;
  if (home === undefined || home === '') return [];
  return [path.join(home, '.claude', 'projects'), path.join(home, '.config', 'claude', 'projects')];
}

function expandHome(p: string, env: Readonly<Record<string, string | undefined>>): string {
  const home = env.HOME ?? env.USERPROFILE;
  if (home && (p === '~' || p.startsWith('~/'))) return path.join(home, p.slice(1));
  return p;
}

/**
 * Path parts used for classification. Besides real folders, `__` inside a file name counts as a
 * separator: archives and the shared corpus flatten `<session>/subagents/agent-x.jsonl` into
 * `<session>__subagents__agent-x.jsonl`.
 */
function partsOf(file: string): string[] {
  const dirs = dirSegments(path.dirname(file)).nonEmpty;
  const base = path.basename(file, '.jsonl');
  return [...dirs, ...base.split('__').filter((p) => p !== '')];
}

/** A folder's path segments, remembered for the last folder (its files are classified one after another). */
let lastDir: { dir: string; all: string[]; nonEmpty: string[] } | null = null;
function dirSegments(dir: string): { all: string[]; nonEmpty: string[] } {
  if (lastDir?.dir !== dir) {
    const all = dir.split(path.sep);
    lastDir = { dir, all, nonEmpty: all.filter((p) => p !== '') };
  }
  return lastDir;
}

/** Classifies a transcript path (the stat fields are filled by the caller). */
export function classifyTranscriptPath(file: string, root: string): Omit<TranscriptFile, 'size' | 'mtimeMs' | 'dev' | 'ino'> {
  const parts = partsOf(file);
  const name = parts[parts.length - 1] ?? '';
  const agent = /^agent-(.+)$/.exec(name);
  const subagentsAt = parts.lastIndexOf('subagents');
  let sessionId: string | null = null;
  if (agent) {
    if (subagentsAt > 0) {
      const candidate = parts[subagentsAt - 1] ?? '';
      sessionId = sessionIdFromName(candidate);
    }
  } else {
    sessionId = sessionIdFromName(name);
  }
  const dirParts = dirSegments(path.dirname(file)).all;
  const projectsAt = dirParts.lastIndexOf('projects');
  const projectDir = projectsAt !== -1 && projectsAt + 1 < dirParts.length ? (dirParts[projectsAt + 1] ?? null) : null;
  return {
    path: file,
    root,
    kind: agent ? 'subagent' : 'session',
    sessionId,
    agentId: agent ? (agent[1] ?? null) : null,
    projectDir,
  };
}

function sessionIdFromName(name: string): string | null {
  if (UUID.test(name)) return name.toLowerCase();
  const m = TRAILING_UUID.exec(name);
  return m ? (m[1] ?? '').toLowerCase() : null;
}

/** Why a file under a root is not a transcript to read, or null when it is one. */
function skipReason(file: string, root: string): string | null {
  const relative = path.relative(root, file);
  const segments = relative.split(path.sep);
  if (segments.some((s) => s.includes('observer-sessions'))) return 'observer session';
  const parts = partsOf(file);
  const name = parts[parts.length - 1] ?? '';
  if (parts.includes('subagents') && !name.startsWith('agent-')) return 'not a subagent transcript (workflow journal or other file)';
  return null;
}

/**
 * Finds every transcript file. Explicit paths that do not exist are a `NOT_FOUND` error naming
 * the path; missing default roots are simply reported as not existing.
 */
export async function discoverTranscripts(options: DiscoverOptions = {}): Promise<DiscoveryResult> {
  const env = options.env ?? {};
  const explicit = (options.paths ?? []).filter((p) => p !== '');
  const result: DiscoveryResult = { files: [], roots: [], skipped: [] };
  const seenFiles = new Set<string>();
  const rootPaths =
    explicit.length > 0
      ? explicit.map((p) => {
          const expanded = expandHome(p, env);
          return path.isAbsolute(expanded) ? path.normalize(expanded) : path.resolve(options.cwd ?? '', expanded);
        })
      : defaultRoots(env);

  for (const root of rootPaths) {
    let info: Stats;
    try {
      info = statSync(root);
    } catch (error) {
      if (explicit.length > 0) {
        throw new SkillpulseError('NOT_FOUND', `no such file or folder: ${root}`, {
          cause: error,
          hint: 'pass folders or .jsonl files to --sessions',
        });
      }
      result.roots.push({ path: root, exists: false, explicit: false });
      continue;
    }
    result.roots.push({ path: root, exists: true, explicit: explicit.length > 0 });
    if (info.isFile()) {
      addFile(root, path.dirname(root), info, result, seenFiles, true);
      continue;
    }
    if (!info.isDirectory()) continue;
    const visitedDirs = new Set<string>();
    walk(root, root, result, seenFiles, visitedDirs);
  }
  return result;
}

function addFile(
  file: string,
  root: string,
  info: Stats,
  result: DiscoveryResult,
  seen: Set<string>,
  explicitFile: boolean,
  classified?: Omit<TranscriptFile, 'size' | 'mtimeMs' | 'dev' | 'ino'>,
) {
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return;
  seen.add(key);
  if (!explicitFile) {
    const reason = skipReason(file, root);
    if (reason !== null) {
      result.skipped.push({ path: file, reason });
      return;
    }
  }
  result.files.push({
    ...(classified ?? classifyTranscriptPath(file, explicitFile ? file : root)),
    size: Number(info.size),
    mtimeMs: Number(info.mtimeMs),
    dev: Number(info.dev),
    ino: Number(info.ino),
  });
}

/**
 * Synchronous on purpose: a re-scan of thousands of unchanged files costs one stat each, and an
 * awaited thread-pool round trip per stat left the thread mostly idle.
 */
function walk(dir: string, root: string, result: DiscoveryResult, seenFiles: Set<string>, visitedDirs: Set<string>): void {
  let real: string;
  try {
    real = realpathSync(dir);
  } catch {
    return;
  }
  if (visitedDirs.has(real)) return; // symlink loop or a folder reached twice
  visitedDirs.add(real);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    result.skipped.push({ path: dir, reason: 'folder cannot be read' });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Main-thread files first, then subagent files of the same folder, then subfolders (where
  // `<session>/subagents/` lives). Records replayed into several files are deduplicated by uuid
  // and the first reader keeps them, so a subagent copy must never be read before the main
  // thread it was copied from (`<session>/` sorts before `<session>.jsonl` by name).
  type Found = { full: string; info: Stats | null; classified: ReturnType<typeof classifyTranscriptPath> };
  const mainFiles: Found[] = [];
  const agentFiles: Found[] = [];
  const dirs: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let info: Stats | null = null;
    if (entry.isSymbolicLink()) {
      try {
        info = statSync(full);
      } catch {
        continue; // dangling link
      }
      isDir = info.isDirectory();
      isFile = info.isFile();
    }
    if (isDir) dirs.push(full);
    else if (isFile && entry.name.endsWith('.jsonl')) {
      const classified = classifyTranscriptPath(full, root);
      (classified.kind === 'subagent' ? agentFiles : mainFiles).push({ full, info, classified });
    }
  }
  for (const file of [...mainFiles, ...agentFiles]) {
    let info = file.info;
    try {
      info ??= statSync(file.full);
    } catch {
      continue;
    }
    addFile(file.full, root, info, result, seenFiles, false, file.classified);
  }
  for (const sub of dirs) walk(sub, root, result, seenFiles, visitedDirs);
}
