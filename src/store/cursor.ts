/**
 * Per-file scan cursors. A cursor remembers a transcript file's identity (device, inode), its size
 * and mtime when last read, the byte offset up to which it was consumed, and a SHA-1 of the (up
 * to) 4 KiB before that offset. From a fresh `stat` the scanner decides:
 *
 * - `skip`: same identity, size and mtime — nothing to read (one stat, no open).
 * - `append`: same identity, at least as large, and the bytes before the offset unchanged — read
 *   from the resume point only.
 * - `full`: no cursor, another inode at the path (rotation), a smaller file (truncation), or
 *   different bytes before the offset (rewrite) — read the whole file again.
 */
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { type SqliteDatabase, queryOne } from './database.js';
import { cachedStatement } from './statements.js';

export const TAIL_HASH_BYTES = 4096;

/** The snippet length of the default policy (redacted, 200 characters). */
export const DEFAULT_SNIPPET_LENGTH = 200;

export interface FileIdentity {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

/** What a file's cursor keeps between scans besides its position. */
export interface CursorState {
  /** Human turns per influence window the file was scanned with (a different setting re-reads). */
  windowTurns: number;
  /**
   * Longest snippet the file was judged with (0: snippets off); absent in cursors written before
   * the snippet policy was configurable, which used 200. A different policy re-reads the file.
   */
  snippetLength?: number;
  /**
   * Fingerprint of the lexicon selection the file was judged with (`lexiconSelectionFingerprint`);
   * absent for the default selection. A different selection re-reads the file.
   */
  lexicons?: string;
  /**
   * Where the next read starts (≤ offset): the line of the earliest invocation whose window was
   * still open (or whose outcome may still change), so it is re-judged with the new turns.
   */
  resume: { offset: number; line: number };
}

export interface ScanCursor extends FileIdentity {
  path: string;
  /** Bytes consumed: the end of the last newline-terminated line. */
  offset: number;
  nextLine: number;
  tailHash: string;
  state: CursorState;
}

export type CursorDecision =
  | { action: 'skip' }
  | { action: 'append'; cursor: ScanCursor }
  | { action: 'full'; reason: 'new' | 'rotated' | 'truncated' | 'rewritten' | 'settings' | 'forced' };

interface CursorRow {
  path: string;
  dev: number;
  ino: number;
  size: number;
  mtime_ms: number;
  offset: number;
  next_line: number;
  tail_hash: string;
  state: string;
}

const CURSOR_COLUMNS = 'path, dev, ino, size, mtime_ms, offset, next_line, tail_hash, state';

export function loadCursor(db: SqliteDatabase, path: string): ScanCursor | null {
  const row = queryOne<CursorRow>(db, `SELECT ${CURSOR_COLUMNS} FROM scan_cursors WHERE path = ?`, path);
  return row ? cursorOf(row) : null;
}

/**
 * Every cursor, by path: one query for a whole scan instead of one per file. Rows come as arrays
 * (in `CURSOR_COLUMNS` order) straight into cursors: libsql's row objects, built in native code
 * one property at a time, cost more than the cursors made from them.
 */
export function loadCursors(db: SqliteDatabase): Map<string, ScanCursor> {
  const rows = db.prepare(`SELECT ${CURSOR_COLUMNS} FROM scan_cursors`).raw(true).all() as unknown[][];
  const out = new Map<string, ScanCursor>();
  for (const row of rows) {
    const path = row[0] as string;
    out.set(path, {
      path,
      dev: Number(row[1]),
      ino: Number(row[2]),
      size: Number(row[3]),
      mtimeMs: Number(row[4]),
      offset: Number(row[5]),
      nextLine: Number(row[6]),
      tailHash: row[7] as string,
      state: JSON.parse(row[8] as string) as CursorState,
    });
  }
  return out;
}

function cursorOf(row: CursorRow): ScanCursor {
  return {
    path: row.path,
    dev: Number(row.dev),
    ino: Number(row.ino),
    size: Number(row.size),
    mtimeMs: Number(row.mtime_ms),
    offset: Number(row.offset),
    nextLine: Number(row.next_line),
    tailHash: row.tail_hash,
    state: JSON.parse(row.state) as CursorState,
  };
}

export function saveCursor(db: SqliteDatabase, cursor: ScanCursor, now: Date): void {
  cachedStatement(
    db,
    `INSERT INTO scan_cursors (path, dev, ino, size, mtime_ms, offset, next_line, tail_hash, state, scanned_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET dev = excluded.dev, ino = excluded.ino, size = excluded.size, mtime_ms = excluded.mtime_ms,
     offset = excluded.offset, next_line = excluded.next_line, tail_hash = excluded.tail_hash, state = excluded.state, scanned_at = excluded.scanned_at`,
  ).run(
    cursor.path,
    cursor.dev,
    cursor.ino,
    cursor.size,
    cursor.mtimeMs,
    cursor.offset,
    cursor.nextLine,
    cursor.tailHash,
    JSON.stringify(cursor.state),
    now.toISOString(),
  );
}

/** SHA-1 (hex) of the up to 4 KiB before `offset`; the empty hash at offset 0. */
export async function tailHash(path: string, offset: number): Promise<string> {
  return tailHashSync(path, offset);
}

/** `tailHash` without a thread-pool round trip (one small read; scans call it once per file). */
export function tailHashSync(path: string, offset: number): string {
  const length = Math.min(offset, TAIL_HASH_BYTES);
  const hash = createHash('sha1');
  if (length > 0) {
    const fd = openSync(path, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const bytesRead = readSync(fd, buffer, 0, length, offset - length);
      hash.update(buffer.subarray(0, bytesRead));
      if (bytesRead < length) hash.update('short-read');
    } finally {
      closeSync(fd);
    }
  }
  return hash.digest('hex');
}

type DecideOptions = { full: boolean; windowTurns: number; snippetLength?: number; lexicons?: string };

/** Decides what to do with a file given its fresh stat and stored cursor. */
export async function decide(path: string, stat: FileIdentity, cursor: ScanCursor | null, options: DecideOptions): Promise<CursorDecision> {
  return decideSync(path, stat, cursor, options);
}

/**
 * `decide` without a promise per file: a warm scan decides for thousands of files in a row, and
 * an awaited call each cost ~3 µs more than the decision itself.
 */
export function decideSync(path: string, stat: FileIdentity, cursor: ScanCursor | null, options: DecideOptions): CursorDecision {
  if (options.full) return { action: 'full', reason: 'forced' };
  if (cursor === null) return { action: 'full', reason: 'new' };
  if (cursor.state.windowTurns !== options.windowTurns) return { action: 'full', reason: 'settings' };
  if ((cursor.state.snippetLength ?? DEFAULT_SNIPPET_LENGTH) !== (options.snippetLength ?? DEFAULT_SNIPPET_LENGTH)) {
    return { action: 'full', reason: 'settings' };
  }
  if ((cursor.state.lexicons ?? '') !== (options.lexicons ?? '')) return { action: 'full', reason: 'settings' };
  if (cursor.dev !== stat.dev || cursor.ino !== stat.ino) return { action: 'full', reason: 'rotated' };
  if (stat.size === cursor.size && stat.mtimeMs === cursor.mtimeMs) return { action: 'skip' };
  if (stat.size < cursor.offset) return { action: 'full', reason: 'truncated' };
  let hash: string;
  try {
    hash = tailHashSync(path, cursor.offset);
  } catch {
    return { action: 'full', reason: 'rewritten' };
  }
  if (hash !== cursor.tailHash) return { action: 'full', reason: 'rewritten' };
  return { action: 'append', cursor };
}
