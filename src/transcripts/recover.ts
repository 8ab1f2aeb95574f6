/**
 * Recovery of records from a line that is not one JSON value: two records spliced onto one line
 * (`…}{…`), a truncated stub followed by a complete record, a record followed by garbage.
 * A string-aware brace scan finds balanced `{…}` spans; each span that parses as an object with
 * a string `type` is kept. Runs only after `JSON.parse` failed, so its cost never touches
 * healthy lines.
 */
import { isObject, type RecordData } from './records.js';

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/** Where a balanced object starting at `start` ends (index of its `}`), or -1. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN) depth++;
    else if (c === CLOSE) {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

const ENVELOPE_KEYS = ['uuid', 'parentUuid', 'sessionId', 'timestamp', 'leafUuid', 'messageId'];

/**
 * A top-level transcript record, not a nested block that happens to have a `type` (content
 * blocks and API message objects inside a cut-off record balance too): it must carry one of the
 * envelope keys every top-level line type has.
 */
function looksLikeRecord(value: unknown): value is RecordData {
  if (!isObject(value) || typeof value.type !== 'string') return false;
  for (const key of ENVELOPE_KEYS) if (key in value) return true;
  return false;
}

export interface Recovered {
  records: RecordData[];
  /** Characters of the line not covered by a recovered record (whitespace excluded). */
  droppedChars: number;
}

/**
 * Every complete top-level record in `text`, in order. Candidate starts are `{"` sequences; a
 * candidate that does not balance or parse is skipped and the scan moves to the next `{"`, which
 * is how a truncated stub before a complete record is stepped over. At most `maxAttempts`
 * candidates are tried, so a pathological line cannot make this quadratic without bound.
 */
export function recoverRecords(text: string, maxAttempts = 2000): Recovered {
  const records: RecordData[] = [];
  let covered = 0;
  let attempts = 0;
  let from = 0;
  while (from < text.length && attempts < maxAttempts) {
    const start = text.indexOf('{"', from);
    if (start === -1) break;
    attempts++;
    const end = balancedEnd(text, start);
    if (end === -1) {
      from = start + 1;
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end + 1));
    } catch {
      from = start + 1;
      continue;
    }
    if (looksLikeRecord(value)) {
      records.push(value);
      covered += end + 1 - start;
      from = end + 1;
    } else {
      from = start + 1;
    }
  }
  const nonSpace = text.replace(/\s+/g, '').length;
  return { records, droppedChars: Math.max(0, nonSpace - covered) };
}
