import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runChild } from '../../test/support/child.js';
import type { SqliteDatabase } from './database.js';
import { queryValue } from './database.js';
import { defaultScanWorkerCount, type StoreScanResult, scanIntoStore } from './scan.js';
import { openStore } from './store.js';

const corpus = join(repoRoot, '..', 'shared', 'corpus', 'claude-code');
const names = readdirSync(corpus)
  .filter((n) => n.endsWith('.jsonl'))
  .sort();

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillpulse-scan-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
function workspace(fill: (name: string, bytes: Buffer) => Buffer | null = (_n, b) => b): {
  dir: string;
  db: SqliteDatabase;
  dbPath: string;
} {
  const root = join(tmp, `w${counter++}`);
  const dir = join(root, 'sessions');
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const content = fill(name, readFileSync(join(corpus, name)));
    if (content !== null) writeFileSync(join(dir, name), content);
  }
  const dbPath = join(root, 'store.db');
  return { dir, db: openStore(dbPath), dbPath };
}

/** Every stored row, with file paths reduced to their names so stores of different folders compare. */
function dump(db: SqliteDatabase) {
  const invocations = (
    db
      .prepare(
        'SELECT invocation_uuid, skill_id, session_id, trigger, args, timestamp, failed, failure_reason, skill_version, file, line FROM invocations',
      )
      .all() as Array<Record<string, unknown>>
  )
    .map((row) => JSON.stringify({ ...row, file: basename(String(row.file)) }))
    .sort();
  const events = (db.prepare('SELECT event_json, file FROM feedback_events').all() as Array<{ event_json: string; file: string }>)
    .map((row) => `${basename(row.file)} ${row.event_json}`)
    .sort();
  return { invocations, events };
}

let clean: ReturnType<typeof dump>;
let cleanResult: StoreScanResult;
beforeAll(async () => {
  const w = workspace();
  cleanResult = await scanIntoStore(w.db, { sessions: [w.dir] });
  clean = dump(w.db);
  w.db.close();
});

function cutAtLine(bytes: Buffer, fraction: number): Buffer {
  const nl = bytes.indexOf(0x0a, Math.floor(bytes.length * fraction));
  return bytes.subarray(0, nl < 0 ? bytes.length : nl + 1);
}

describe('scan over the real corpus', () => {
  it('ingests every invocation and event; a second scan over unchanged files parses nothing', async () => {
    expect(cleanResult.files).toBe(names.length);
    expect(cleanResult.reread).toBe(names.length);
    expect(clean.invocations.length).toBeGreaterThan(0);
    expect(clean.events.length).toBeGreaterThan(0);
    const w = workspace();
    await scanIntoStore(w.db, { sessions: [w.dir] });
    const second = await scanIntoStore(w.db, { sessions: [w.dir] });
    expect(second).toMatchObject({ skipped: names.length, appended: 0, reread: 0, invocations: 0, events: 0 });
    expect(second.stats).toMatchObject({ bytes: 0, lines: 0, parsed: 0, prefiltered: 0 });
    expect(dump(w.db)).toEqual(clean);
    expect(queryValue(w.db, 'SELECT COUNT(*) FROM scan_cursors')).toBe(names.length);
    w.db.close();
  });

  it('appended files are read from their resume point only and end with the rows of a clean scan', async () => {
    for (const fraction of [0.3, 0.7]) {
      const w = workspace((_n, b) => cutAtLine(b, fraction));
      await scanIntoStore(w.db, { sessions: [w.dir] });
      let bytesAppended = 0;
      for (const name of names) {
        const full = readFileSync(join(corpus, name));
        const have = readFileSync(join(w.dir, name)).length;
        bytesAppended += full.length - have;
        appendFileSync(join(w.dir, name), full.subarray(have));
      }
      const second = await scanIntoStore(w.db, { sessions: [w.dir] });
      expect(second.reread).toBe(0);
      expect(second.appended + second.skipped).toBe(names.length);
      // Re-reading from open windows costs a little more than the appended bytes, never a full read.
      expect(second.stats.bytes).toBeGreaterThanOrEqual(bytesAppended);
      expect(second.stats.bytes).toBeLessThan(cleanResult.stats.bytes);
      expect(dump(w.db)).toEqual(clean);
      w.db.close();
    }
  });

  it('handles a live write: a half-written last line, then the rest of it', async () => {
    const w = workspace((_n, b) => {
      const cut = cutAtLine(b, 0.5).length;
      return b.subarray(0, Math.min(b.length, cut + 40));
    });
    await scanIntoStore(w.db, { sessions: [w.dir] });
    for (const name of names) {
      const full = readFileSync(join(corpus, name));
      appendFileSync(join(w.dir, name), full.subarray(readFileSync(join(w.dir, name)).length));
    }
    const again = await scanIntoStore(w.db, { sessions: [w.dir] });
    expect(again.reread).toBe(0);
    expect(dump(w.db)).toEqual(clean);
    w.db.close();
  });

  it('a scan stopped after k files and resumed gives exactly the rows of one uninterrupted scan', async () => {
    for (const k of [1, 7, names.length - 1]) {
      const w = workspace();
      await expect(scanIntoStore(w.db, { sessions: [w.dir], failAfterFiles: k })).rejects.toThrow(/injected failure/);
      expect(queryValue(w.db, 'SELECT COUNT(*) FROM scan_cursors')).toBe(k);
      const resumed = await scanIntoStore(w.db, { sessions: [w.dir] });
      expect(resumed.skipped).toBe(k);
      expect(resumed.reread).toBe(names.length - k);
      expect(dump(w.db)).toEqual(clean);
      w.db.close();
    }
  });

  it('on worker threads: the same rows and counts as one thread; stopped mid-way and resumed, still exact', async () => {
    const w = workspace();
    const parallel = await scanIntoStore(w.db, { sessions: [w.dir], workers: 2 });
    expect(parallel).toMatchObject({ reread: names.length, invocations: cleanResult.invocations, events: cleanResult.events });
    expect(parallel.stats).toEqual(cleanResult.stats);
    expect(parallel.issues).toEqual(cleanResult.issues.map((i) => ({ ...i, file: i.file.replace(/^.*\/sessions\//, `${w.dir}/`) })));
    expect(dump(w.db)).toEqual(clean);
    w.db.close();
    const k = 5;
    const stopped = workspace();
    await expect(scanIntoStore(stopped.db, { sessions: [stopped.dir], workers: 2, failAfterFiles: k })).rejects.toThrow(/injected failure/);
    expect(queryValue(stopped.db, 'SELECT COUNT(*) FROM scan_cursors')).toBe(k);
    const resumed = await scanIntoStore(stopped.db, { sessions: [stopped.dir], workers: 2 });
    expect(resumed).toMatchObject({ skipped: k, reread: names.length - k });
    expect(dump(stopped.db)).toEqual(clean);
    stopped.db.close();
  });

  it('sizes the pool from the cores: one core is this thread, which writes the store and scans files too', () => {
    expect(defaultScanWorkerCount(1)).toBe(1);
    expect(defaultScanWorkerCount(2)).toBe(1);
    expect(defaultScanWorkerCount(4)).toBe(3);
    expect(defaultScanWorkerCount(64)).toBe(8);
  });

  it('a scan process killed with SIGKILL mid-way, then scanned again, gives the rows of a clean scan', async () => {
    const w = workspace();
    w.db.close();
    const child = await runChild(join(repoRoot, 'test', 'fixtures', 'store', 'scan-child.ts'), [w.dbPath, w.dir], {
      onStdout: (text) => text.split('\n').filter((line) => line.startsWith('committed')).length >= 12,
    });
    expect(child.signal).toBe('SIGKILL');
    expect(child.stdout).not.toContain('done');
    const db = openStore(w.dbPath);
    const cursors = Number(queryValue(db, 'SELECT COUNT(*) FROM scan_cursors'));
    expect(cursors).toBeGreaterThanOrEqual(12);
    expect(cursors).toBeLessThan(names.length);
    const resumed = await scanIntoStore(db, { sessions: [w.dir] });
    expect(resumed.skipped).toBe(cursors);
    expect(dump(db)).toEqual(clean);
    db.close();
  });

  it('truncated, rewritten, rotated and touched files; deleted files keep their rows', async () => {
    const w = workspace();
    await scanIntoStore(w.db, { sessions: [w.dir] });
    const sizes = names.map((n) => readFileSync(join(w.dir, n)).length);
    const biggest = names[sizes.indexOf(Math.max(...sizes))] as string;
    const [first, second, third] = names.filter((n) => n !== biggest) as [string, string, string];
    // Truncate: re-read in full; rows of the lost part stay (nothing is dropped silently).
    truncateSync(join(w.dir, biggest), Math.floor(Math.max(...sizes) / 2));
    // Rewrite with the same size: different bytes in the 4 KiB hashed before the cursor offset.
    const original = readFileSync(join(w.dir, first));
    const rewritten = Buffer.from(original);
    const at = original.lastIndexOf(0x20, original.length - 2);
    rewritten[at] = 0x09;
    writeFileSync(join(w.dir, first), rewritten);
    utimesSync(join(w.dir, first), new Date(), new Date(Date.now() + 5000));
    // Rotate: a new inode at the same path (write a copy, rename over).
    copyFileSync(join(w.dir, second), join(w.dir, `${second}.tmp`));
    renameSync(join(w.dir, `${second}.tmp`), join(w.dir, second));
    // Touch: same bytes, new mtime.
    utimesSync(join(w.dir, third), new Date(), new Date(Date.now() + 10_000));
    const after = await scanIntoStore(w.db, { sessions: [w.dir] });
    expect(after.fullReasons).toMatchObject({ truncated: 1, rewritten: 1, rotated: 1 });
    expect(after.appended).toBe(1);
    expect(dump(w.db)).toEqual(clean);
    // Restore the truncated file: read again, still no duplicates.
    writeFileSync(join(w.dir, biggest), readFileSync(join(corpus, biggest)));
    writeFileSync(join(w.dir, first), original);
    await scanIntoStore(w.db, { sessions: [w.dir] });
    expect(dump(w.db)).toEqual(clean);
    // Delete every transcript: the store keeps the history.
    for (const name of names) rmSync(join(w.dir, name));
    const empty = await scanIntoStore(w.db, { sessions: [w.dir] });
    expect(empty.files).toBe(0);
    expect(dump(w.db)).toEqual(clean);
    w.db.close();
  });

  it('--full re-reads everything without duplicating; a new window setting re-reads', async () => {
    const w = workspace();
    await scanIntoStore(w.db, { sessions: [w.dir] });
    const full = await scanIntoStore(w.db, { sessions: [w.dir], full: true });
    expect(full.fullReasons).toEqual({ forced: names.length });
    expect(dump(w.db)).toEqual(clean);
    const wider = await scanIntoStore(w.db, { sessions: [w.dir], windowTurns: 5 });
    expect(wider.fullReasons).toEqual({ settings: names.length });
    w.db.close();
  });

  it('two scans of the same transcripts at once double nothing', async () => {
    const w = workspace();
    w.db.close();
    const script = join(repoRoot, 'test', 'fixtures', 'store', 'scan-child.ts');
    const [a, b] = await Promise.all([runChild(script, [w.dbPath, w.dir]), runChild(script, [w.dbPath, w.dir])]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const db = openStore(w.dbPath);
    expect(dump(db)).toEqual(clean);
    db.close();
  });
});
