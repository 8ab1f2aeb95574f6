/**
 * Read statistics arithmetic, apart from the reader so that code which only adds up statistics
 * (a warm store scan reads nothing) does not load the decoder with it.
 */
import type { ReadStats } from './types.js';

export function emptyStats(): ReadStats {
  return { files: 0, bytes: 0, lines: 0, parsed: 0, prefiltered: 0, malformed: 0, recovered: 0, duplicates: 0 };
}

export function addStats(into: ReadStats, from: ReadStats): ReadStats {
  into.files += from.files;
  into.bytes += from.bytes;
  into.lines += from.lines;
  into.parsed += from.parsed;
  into.prefiltered += from.prefiltered;
  into.malformed += from.malformed;
  into.recovered += from.recovered;
  into.duplicates += from.duplicates;
  return into;
}
