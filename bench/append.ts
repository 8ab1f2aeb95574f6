/**
 * The "append" measurement: about 1 MB of new lines appended to 10 session files, as a live
 * Claude Code session would write them (same session id, later timestamps, fresh ids), and an
 * exact restore afterwards (truncate to the old size, old mtime) so every run appends the same.
 */
import { appendFileSync, closeSync, openSync, readSync, statSync, truncateSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusManifest } from './build-corpus.js';
import { prefixLength } from './corpus-plan.js';
import { CopyRewriter, groupRegex } from './corpus-rewrite.js';
import type { SourceGroup } from './corpus-sources.js';
import { UUID_TEXT } from './corpus-sources.js';
import { Prng } from './prng.js';

export interface AppendTarget {
  path: string;
  size: number;
  atimeMs: number;
  mtimeMs: number;
  appendix: Buffer;
}

function endsWithNewline(path: string, size: number): boolean {
  if (size === 0) return false;
  const fd = openSync(path, 'r');
  try {
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, size - 1);
    return b[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** The file's own cwd (JSON-escaped form), from its first 64 KiB. */
function firstCwd(path: string): string | null {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const n = readSync(fd, head, 0, head.length, 0);
    return /"cwd":"((?:[^"\\]|\\.){1,400})"/.exec(head.toString('latin1', 0, n))?.[1] ?? null;
  } finally {
    closeSync(fd);
  }
}

/** Picks `count` session files (not the big one) and builds ~`totalBytes` of lines for them. */
export function planAppends(
  dir: string,
  manifest: CorpusManifest,
  groups: SourceGroup[],
  count = 10,
  totalBytes = 1_000_000,
): AppendTarget[] {
  const prng = new Prng(`append:${manifest.options.seed}`);
  const candidates = manifest.list.filter(
    (f) =>
      f.kind === 'session' &&
      f.path !== manifest.bigFile.path &&
      f.bytes >= 20_000 &&
      f.bytes <= 20_000_000 &&
      endsWithNewline(join(dir, f.path), f.bytes),
  );
  if (candidates.length < count) throw new Error(`only ${candidates.length} session files fit the append benchmark`);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(prng.int(0, candidates.length - 1));
  const donors = groups.filter(
    (g) => !g.orphanAgent && g.main.size >= totalBytes / count && g.main.sessionId && UUID_TEXT.test(g.main.sessionId),
  );
  if (donors.length === 0) throw new Error('no source session is large enough to append from');
  return [...chosen]
    .sort((a, b) => a - b)
    .map((index, n) => {
      const entry = candidates[index]!;
      const path = join(dir, entry.path);
      const stat = statSync(path);
      const sessionId = entry.path
        .split('/')
        .at(-1)!
        .replace(/\.jsonl$/, '');
      const donor = donors[n % donors.length]!;
      const text = donor.main.text.slice(0, prefixLength(donor.main.text, Math.round(totalBytes / count)));
      const cwd = firstCwd(path);
      const rw = new CopyRewriter({
        seed: `append:${entry.path}`,
        // The new lines come right after the file's last write.
        shiftMs: Math.round(stat.mtimeMs + 60_000 - (donor.main.firstMs ?? stat.mtimeMs)),
        cwdLiteral: cwd ?? donor.main.cwdLiteral ?? '',
        fixed: new Map([[donor.main.sessionId!, sessionId]]),
      });
      return {
        path,
        size: stat.size,
        atimeMs: stat.atimeMs,
        mtimeMs: stat.mtimeMs,
        appendix: Buffer.from(rw.rewrite(text, groupRegex(donor)), 'latin1'),
      };
    });
}

export function applyAppends(targets: readonly AppendTarget[]): number {
  let bytes = 0;
  for (const t of targets) {
    appendFileSync(t.path, t.appendix);
    bytes += t.appendix.length;
  }
  return bytes;
}

/** Back to the bytes and mtime the corpus had, so the cursors of the base store see "unchanged". */
export function restoreAppends(targets: readonly AppendTarget[]): void {
  for (const t of targets) {
    truncateSync(t.path, t.size);
    utimesSync(t.path, t.atimeMs / 1000, t.mtimeMs / 1000);
  }
}
