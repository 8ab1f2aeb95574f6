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

/**
 * Why a file under a root is not a transcript to read, or null when it is one. The per-path form
 * of the rule `walk` applies folder by folder (kept as the reference its test compares against).
 */
export function skipReason(file: string, root: string): string | null {
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
      addExplicitFile(root, info, result, seenFiles);
      continue;
    }
    if (!info.isDirectory()) continue;
    const visitedDirs = new Set<string>();
    walk(root, root, result, seenFiles, visitedDirs);
  }
  return result;
}

/** An explicit file (`--sessions x.jsonl`): read whatever its name, once. */
function addExplicitFile(file: string, info: Stats, result: DiscoveryResult, seen: Set<string>) {
  const key = `${info.dev}:${info.ino}`;
  if (seen.has(key)) return;
  seen.add(key);
  result.files.push(withStat(classifyTranscriptPath(file, file), info));
}

function withStat(classified: Omit<TranscriptFile, 'size' | 'mtimeMs' | 'dev' | 'ino'>, info: Stats): TranscriptFile {
  return {
    path: classified.path,
    root: classified.root,
    kind: classified.kind,
    sessionId: classified.sessionId,
    agentId: classified.agentId,
    projectDir: classified.projectDir,
    size: Number(info.size),
    mtimeMs: Number(info.mtimeMs),
    dev: Number(info.dev),
    ino: Number(info.ino),
  };
}

/**
 * What `classifyTranscriptPath` and `skipReason` need of a folder, worked out once per folder
 * instead of once per file (a warm re-scan of 2,000 unchanged files spent more CPU on path
 * arithmetic than on its 2,000 stats): `walk` hands it down from parent to child.
 */
interface FolderInfo {
  /** The folder path with a trailing separator: a file's path is `prefix + name`. */
  prefix: string;
  /** `path.dirname` of a file in the folder, split at the separator (empty segments kept). */
  all: string[];
  /** The same without empty segments. */
  nonEmpty: string[];
  /** Last index of `subagents` in `nonEmpty` (-1: none). */
  subagentsAt: number;
  /** The project folder name under the last `projects` segment, or null. */
  projectDir: string | null;
  /** A folder between the root and here (the root excluded) names an observer session. */
  observer: boolean;
}

function folderInfo(dir: string, observer: boolean): FolderInfo {
  const prefix = dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`;
  const all = path.dirname(`${prefix}x`).split(path.sep);
  const nonEmpty = all.filter((p) => p !== '');
  const projectsAt = all.lastIndexOf('projects');
  const projectDir = projectsAt !== -1 && projectsAt + 1 < all.length ? (all[projectsAt + 1] ?? null) : null;
  return { prefix, all, nonEmpty, subagentsAt: nonEmpty.lastIndexOf('subagents'), projectDir, observer };
}

/**
 * `classifyTranscriptPath(folder.prefix + name, root)` and `skipReason` in one pass over the
 * file name only (the folder's part is in `folder`); `discovery.test.ts` checks both agree with
 * the per-path functions on odd layouts.
 */
function classifyInFolder(
  name: string,
  folder: FolderInfo,
  root: string,
): { classified: Omit<TranscriptFile, 'size' | 'mtimeMs' | 'dev' | 'ino'>; skip: string | null } {
  const file = folder.prefix + name;
  const base = name.length > 6 && name.endsWith('.jsonl') ? name.slice(0, -6) : name;
  const own = base.includes('__') ? base.split('__').filter((p) => p !== '') : base === '' ? [] : [base];
  const dirs = folder.nonEmpty;
  const count = dirs.length + own.length;
  const partAt = (i: number): string | undefined => (i < dirs.length ? dirs[i] : own[i - dirs.length]);
  const last = partAt(count - 1) ?? '';
  const agent = /^agent-(.+)$/.exec(last);
  const ownSubagents = own.lastIndexOf('subagents');
  const subagentsAt = ownSubagents !== -1 ? dirs.length + ownSubagents : folder.subagentsAt;
  let sessionId: string | null;
  if (agent) sessionId = subagentsAt > 0 ? sessionIdFromName(partAt(subagentsAt - 1) ?? '') : null;
  else sessionId = sessionIdFromName(last);
  let skip: string | null = null;
  if (folder.observer || name.includes('observer-sessions')) skip = 'observer session';
  else if (subagentsAt !== -1 && !last.startsWith('agent-')) skip = 'not a subagent transcript (workflow journal or other file)';
  return {
    classified: {
      path: file,
      root,
      kind: agent ? 'subagent' : 'session',
      sessionId,
      agentId: agent ? (agent[1] ?? null) : null,
      projectDir: folder.projectDir,
    },
    skip,
  };
}

/**
 * Synchronous on purpose: a re-scan of thousands of unchanged files costs one stat each, and an
 * awaited thread-pool round trip per stat left the thread mostly idle. Real paths (for the loop
 * check) are derived from the parent's for plain subfolders; only the root and folders reached
 * through a symbolic link are resolved.
 */
function walk(
  dir: string,
  root: string,
  result: DiscoveryResult,
  seenFiles: Set<string>,
  visitedDirs: Set<string>,
  knownReal: string | null = null,
  observer = false,
): void {
  let real: string;
  if (knownReal !== null) real = knownReal;
  else {
    try {
      real = realpathSync.native(dir);
    } catch {
      return;
    }
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
  const folder = folderInfo(dir, observer);
  const realPrefix = real.endsWith(path.sep) ? real : `${real}${path.sep}`;
  // Main-thread files first, then subagent files of the same folder, then subfolders (where
  // `<session>/subagents/` lives). Records replayed into several files are deduplicated by uuid
  // and the first reader keeps them, so a subagent copy must never be read before the main
  // thread it was copied from (`<session>/` sorts before `<session>.jsonl` by name).
  type Found = { info: Stats | null; classified: ReturnType<typeof classifyTranscriptPath>; skip: string | null };
  const mainFiles: Found[] = [];
  const agentFiles: Found[] = [];
  const dirs: { path: string; real: string | null; name: string }[] = [];
  for (const entry of entries) {
    const name = entry.name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let info: Stats | null = null;
    const linked = entry.isSymbolicLink();
    if (linked) {
      try {
        info = statSync(folder.prefix + name);
      } catch {
        continue; // dangling link
      }
      isDir = info.isDirectory();
      isFile = info.isFile();
    }
    if (isDir) dirs.push({ path: folder.prefix + name, real: linked ? null : realPrefix + name, name });
    else if (isFile && name.endsWith('.jsonl')) {
      const { classified, skip } = classifyInFolder(name, folder, root);
      (classified.kind === 'subagent' ? agentFiles : mainFiles).push({ info, classified, skip });
    }
  }
  for (const list of [mainFiles, agentFiles]) {
    for (const file of list) {
      let info = file.info;
      try {
        info ??= statSync(file.classified.path);
      } catch {
        continue;
      }
      const key = `${info.dev}:${info.ino}`;
      if (seenFiles.has(key)) continue;
      seenFiles.add(key);
      if (file.skip !== null) result.skipped.push({ path: file.classified.path, reason: file.skip });
      else result.files.push(withStat(file.classified, info));
    }
  }
  for (const sub of dirs) {
    walk(sub.path, root, result, seenFiles, visitedDirs, sub.real, observer || sub.name.includes('observer-sessions'));
  }
}
