/**
 * feedback.jsonl on disk (issue item 6): append with dedupe by `event_id` (within one batch and
 * across runs, including events already archived), archive old events, load. Every write goes to
 * a temporary file beside the target and is renamed over it, so a crash never truncates a user's
 * store. Lines skillpulse cannot parse are kept verbatim, never dropped.
 */
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SkillpulseError } from '../errors.js';
import { type FeedbackEvent, serializeEvent } from './event.js';
import { makeDirs } from '../make-dirs.js';

export const DEFAULT_OUTPUT = join('feedback-store', 'feedback.jsonl');
export const DEFAULT_ARCHIVE_DAYS = 90;
const DAY_MS = 86_400_000;

/** Writes `content` to `path` atomically (temp file in the same folder, fsync, rename). */
export function writeFileAtomic(path: string, content: string): void {
  try {
    makeDirs(dirname(path));
  } catch (error) {
    throw new SkillpulseError('STORE', `cannot create the folder ${dirname(path)}: ${(error as Error).message}`, {
      file: path,
      cause: error,
    });
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`);
  let fd: number | null = null;
  try {
    fd = openSync(tmp, 'w', 0o600);
    writeSync(fd, content);
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    renameSync(tmp, path);
  } catch (error) {
    if (fd !== null) closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw new SkillpulseError('STORE', `cannot write: ${(error as Error).message}`, { file: path, cause: error });
  }
}

function readText(path: string): string {
  try {
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  } catch (error) {
    throw new SkillpulseError('STORE', `cannot read: ${(error as Error).message}`, { file: path, cause: error });
  }
}

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

function idOf(line: string): string | null {
  try {
    const v = JSON.parse(line) as unknown;
    return v !== null && typeof v === 'object' && typeof (v as { event_id?: unknown }).event_id === 'string'
      ? (v as { event_id: string }).event_id
      : null;
  } catch {
    return null;
  }
}

/** The archive folder beside a store file. */
export function archiveDir(storePath: string): string {
  return join(dirname(storePath), 'archive');
}

/** Event ids already in the archive folder. */
function archivedIds(storePath: string): Set<string> {
  const ids = new Set<string>();
  const dir = archiveDir(storePath);
  if (!existsSync(dir)) return ids;
  for (const name of readdirSync(dir)) {
    if (!/^feedback-\d{8}\.jsonl$/.test(name)) continue;
    for (const line of lines(readText(join(dir, name)))) {
      const id = idOf(line);
      if (id) ids.add(id);
    }
  }
  return ids;
}

export interface WriteResult {
  written: number;
  /** Events not written because their id is already in the store, the archive, or this batch. */
  duplicates: number;
}

/**
 * Appends the events whose `event_id` is neither in the store, nor in its archive, nor earlier in
 * this batch. The file is rewritten atomically (existing bytes kept as they were).
 */
export function writeFeedbackEvents(storePath: string, events: readonly FeedbackEvent[]): WriteResult {
  const existing = readText(storePath);
  const seen = archivedIds(storePath);
  for (const line of lines(existing)) {
    const id = idOf(line);
    if (id) seen.add(id);
  }
  const fresh: string[] = [];
  let duplicates = 0;
  for (const event of events) {
    if (seen.has(event.event_id)) {
      duplicates++;
      continue;
    }
    seen.add(event.event_id);
    fresh.push(serializeEvent(event));
  }
  if (fresh.length > 0 || !existsSync(storePath)) {
    const prefix = existing === '' || existing.endsWith('\n') ? existing : `${existing}\n`;
    writeFileAtomic(storePath, prefix + fresh.map((l) => `${l}\n`).join(''));
  }
  return { written: fresh.length, duplicates };
}

/** Parses an ISO timestamp; one without a UTC offset is read as UTC (reference D13). */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  const ms = Date.parse(hasZone ? value : /T|\s/.test(value) ? `${value.replace(' ', 'T')}Z` : `${value}T00:00:00Z`);
  return Number.isNaN(ms) ? null : ms;
}

function yyyymmdd(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');
}

export interface ArchiveResult {
  /** Old events taken out of the store. */
  archived: number;
  /** Of those, how many were already in the archive (left out of it, not duplicated). */
  alreadyArchived: number;
  /** The archive file written, or null when nothing was old. */
  file: string | null;
}

/**
 * Moves events with a timestamp older than `now − days` into `archive/feedback-<YYYYMMDD of now>.jsonl`
 * beside the store (`days` 0 = never). Lines with no or an unparsable timestamp, and unparsable
 * lines, stay. Idempotent: events already archived are removed from the store without being
 * archived twice. The archive is written before the store, both atomically, so a crash between the
 * two leaves every event in at least one place and the next run finishes the move.
 */
export function archiveOldEvents(storePath: string, options: { days?: number; now?: Date } = {}): ArchiveResult {
  const days = options.days ?? DEFAULT_ARCHIVE_DAYS;
  const now = (options.now ?? new Date()).getTime();
  if (days <= 0 || !existsSync(storePath)) return { archived: 0, alreadyArchived: 0, file: null };
  const cutoff = now - days * DAY_MS;
  const keep: string[] = [];
  const old: string[] = [];
  for (const line of lines(readText(storePath))) {
    let ts: number | null = null;
    try {
      const v = JSON.parse(line) as { timestamp?: unknown } | null;
      ts = v !== null && typeof v === 'object' ? parseTimestamp(v.timestamp) : null;
    } catch {
      ts = null;
    }
    if (ts !== null && ts < cutoff) old.push(line);
    else keep.push(line);
  }
  if (old.length === 0) return { archived: 0, alreadyArchived: 0, file: null };
  const already = archivedIds(storePath);
  const toAppend: string[] = [];
  let alreadyArchived = 0;
  for (const line of old) {
    const id = idOf(line);
    if (id && already.has(id)) {
      alreadyArchived++;
      continue;
    }
    if (id) already.add(id);
    toAppend.push(line);
  }
  const file = join(archiveDir(storePath), `feedback-${yyyymmdd(now)}.jsonl`);
  if (toAppend.length > 0) {
    const existing = readText(file);
    const prefix = existing === '' || existing.endsWith('\n') ? existing : `${existing}\n`;
    writeFileAtomic(file, prefix + toAppend.map((l) => `${l}\n`).join(''));
  }
  writeFileAtomic(storePath, keep.map((l) => `${l}\n`).join(''));
  return { archived: old.length, alreadyArchived, file };
}

export interface LoadOptions {
  /** Also read `archive/feedback-*.jsonl` beside the store. */
  includeArchive?: boolean;
  /** Called for each line that is skipped (blank lines are skipped silently). */
  onSkip?: (file: string, line: number, reason: string) => void;
}

const OUTCOMES = new Set(['correction', 'partial', 'acceptance']);

function loadFile(path: string, out: FeedbackEvent[], seen: Set<string>, onSkip?: LoadOptions['onSkip']): void {
  const text = readText(path);
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    let v: unknown;
    try {
      v = JSON.parse(raw);
    } catch {
      onSkip?.(path, i + 1, 'not valid JSON');
      return;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      onSkip?.(path, i + 1, 'not a JSON object');
      return;
    }
    const e = v as Record<string, unknown>;
    if (typeof e.skill_id !== 'string' || typeof e.outcome !== 'string') {
      onSkip?.(path, i + 1, 'missing field skill_id or outcome');
      return;
    }
    if (!OUTCOMES.has(e.outcome)) onSkip?.(path, i + 1, `outcome "${e.outcome}" is not counted`);
    const id = typeof e.event_id === 'string' ? e.event_id : null;
    if (id !== null) {
      if (seen.has(id)) return;
      seen.add(id);
    }
    out.push(e as unknown as FeedbackEvent);
  });
}

/**
 * Reads a feedback.jsonl (missing file → empty list). Blank and unparsable lines are skipped
 * (reported through `onSkip`); events with an outcome other than correction/partial/acceptance are
 * kept (metrics ignore them, as the original did); a repeated `event_id` is read once.
 */
export function loadFeedbackEvents(storePath: string, options: LoadOptions = {}): FeedbackEvent[] {
  const out: FeedbackEvent[] = [];
  const seen = new Set<string>();
  if (options.includeArchive) {
    const dir = archiveDir(storePath);
    if (existsSync(dir)) {
      for (const name of readdirSync(dir).sort())
        if (/^feedback-\d{8}\.jsonl$/.test(name)) loadFile(join(dir, name), out, seen, options.onSkip);
    }
  }
  loadFile(storePath, out, seen, options.onSkip);
  return out;
}
