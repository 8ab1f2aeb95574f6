/**
 * The streaming transcript reader. A file is read in fixed-size chunks into one reusable Buffer
 * and split on `\n` with `Buffer.indexOf`; a partial line is carried across chunks (a line longer
 * than the buffer accumulates chunk copies, up to `maxLineBytes`). No file ever becomes one
 * string: only single lines that pass the raw-byte pre-filter are decoded and parsed.
 *
 * Every problem becomes a `ReadIssue` and is counted; a file is never abandoned half way except
 * for an I/O error, which is itself an issue. The result is plain data (structured-clone safe),
 * so a worker thread can produce it.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import type { ReadIssue, ReadStats } from './types.js';
import { isLiteResultTool, liteToolResultFacts, SKIPPED_TYPES, topLevelType, withoutBlobs } from './prefilter.js';
import { leanAssistant, leanToolResult } from './lean.js';
import { isObject, slimRecord, type RecordData, type TranscriptRecord } from './records.js';
import { recoverRecords } from './recover.js';
import { addStats, emptyStats } from './read-stats.js';

export interface ReadOptions {
  /** Byte offset to start at; must be the start of a line (a previous `completeOffset`). */
  startOffset?: number;
  /** Line number of the line at `startOffset` (default 1; pass the previous count + 1 when resuming). */
  startLine?: number;
  /** Chunk size in bytes (default 1 MiB). Tests use tiny values to exercise chunk boundaries. */
  bufferSize?: number;
  /** Skip lines that cannot matter without parsing them (default true). */
  prefilter?: boolean;
  /** A single line longer than this is reported and skipped (default 256 MiB). */
  maxLineBytes?: number;
  /** Tool call ids → tool names known from an earlier read of the same file (when resuming). */
  toolNames?: Record<string, string>;
  /**
   * Scan mode (needs `prefilter`): assistant lines and quiet tool results are decoded from their
   * bytes by `lean.ts` instead of `JSON.parse`, keeping only what invocation and reaction mining
   * read (assistant text reduced to "had visible text", tool inputs only for the tools whose
   * input is read). Such lines count as pre-filtered. Default false: full records.
   */
  lean?: boolean;
  /**
   * Streaming: every record is handed to this callback as soon as it is read and NOT kept in the
   * result's `records` (which stays empty), so memory does not grow with the file.
   */
  onRecord?: (record: TranscriptRecord) => void;
}

export interface FileReadResult {
  file: string;
  records: TranscriptRecord[];
  issues: ReadIssue[];
  stats: ReadStats;
  /** Where this read started. */
  startOffset: number;
  /** Byte offset just after the last newline-terminated line: resume from here next time. */
  completeOffset: number;
  /** Byte offset where reading stopped (file size at read time, unless an I/O error intervened). */
  endOffset: number;
  /** Line number the next line after `completeOffset` will have. */
  nextLine: number;
  /** Tool call ids → names seen in this read (pass back as `toolNames` when resuming). */
  toolNames: Record<string, string>;
}

export const DEFAULT_BUFFER_SIZE = 1024 * 1024;
const DEFAULT_MAX_LINE = 256 * 1024 * 1024;
const HEAD_KEEP = 64 * 1024;
const MAX_ISSUES_PER_FILE = 1000;
const YIELD_BYTES = 32 * 1024 * 1024;

export { addStats, emptyStats };

/**
 * Read buffers of the default size, kept for the next file. A cold scan opens thousands of small
 * files; a fresh 1 MiB buffer each is external memory that makes V8 run a young-generation GC
 * every few dozen files (about half of all scavenges of a cold scan), for nothing. Reads on one
 * thread may overlap (a read yields every `YIELD_BYTES`), so a buffer is taken and given back
 * rather than shared (nothing read into it is used after a yield either: a partial line is carried
 * as a copy).
 */
const spareBuffers: Buffer[] = [];
const MAX_SPARE_BUFFERS = 4;

function takeBuffer(size: number): Buffer {
  if (size === DEFAULT_BUFFER_SIZE) {
    const spare = spareBuffers.pop();
    if (spare !== undefined) return spare;
  }
  return Buffer.allocUnsafeSlow(size);
}

function giveBack(buffer: Buffer): void {
  if (buffer.length === DEFAULT_BUFFER_SIZE && spareBuffers.length < MAX_SPARE_BUFFERS) spareBuffers.push(buffer);
}

/** Turns lines into records; shared by the file reader and `parseTranscriptBuffer`. */
const TOOL_RESULT_MARK = Buffer.from('"tool_result"');

class LineProcessor {
  readonly records: TranscriptRecord[] = [];
  lean = false;
  sink: ((record: TranscriptRecord) => void) | null = null;
  readonly issues: ReadIssue[] = [];
  readonly stats: ReadStats = emptyStats();
  readonly toolNames: Record<string, string>;
  private issueCount = 0;

  constructor(
    private readonly file: string,
    private readonly prefilter: boolean,
    toolNames: Record<string, string> | undefined,
  ) {
    this.toolNames = toolNames ? { ...toolNames } : Object.create(null);
  }

  issue(line: number, kind: ReadIssue['kind'], message: string): void {
    this.issueCount++;
    if (this.issues.length < MAX_ISSUES_PER_FILE) this.issues.push({ file: this.file, line, kind, message });
  }

  /** One physical line, without its `\n`. `terminated` is false only for a final unterminated line. */
  line(raw: Buffer, lineNo: number, offset: number, terminated: boolean): void {
    this.stats.lines++;
    let line = raw;
    let end = line.length;
    if (end > 0 && line[end - 1] === 0x0d) end--;
    let start = 0;
    while (start < end && (line[start] === 0x20 || line[start] === 0x09)) start++;
    if (start === end) return; // blank line
    if (start !== 0 || end !== line.length) line = line.subarray(start, end);

    if (this.prefilter) {
      const type = topLevelType(line);
      if (type !== null) {
        if (SKIPPED_TYPES.has(type)) {
          this.stats.prefiltered++;
          return;
        }
        if (type === 'user') {
          const facts = this.lean ? (line.indexOf(TOOL_RESULT_MARK) !== -1 ? leanToolResult(line) : null) : liteToolResultFacts(line);
          if (facts !== null) {
            const name = this.toolNames[facts.toolUseId];
            if (name !== undefined && isLiteResultTool(name)) {
              this.stats.prefiltered++;
              this.emit({ line: lineNo, offset, data: { type: 'user', lite: 'tool_result', ...facts } });
              return;
            }
          }
        }
      } else if (this.lean) {
        const data = leanAssistant(line);
        if (data !== null && line.indexOf(0) === -1 && isUtf8(line)) {
          this.stats.prefiltered++;
          this.accept(data, lineNo, offset);
          return;
        }
      }
    }
    this.parse(this.prefilter ? withoutBlobs(line) : line, lineNo, offset, terminated);
  }

  private parse(line: Buffer, lineNo: number, offset: number, terminated: boolean): void {
    let text: string;
    if (line.indexOf(0) !== -1) {
      const cleaned = Buffer.from(line.filter((b) => b !== 0));
      const nulCount = line.length - cleaned.length;
      if (cleaned.toString('latin1').trim() === '') {
        this.stats.malformed++;
        this.issue(lineNo, 'null-bytes', `line of ${nulCount} NUL bytes skipped`);
        return;
      }
      this.issue(lineNo, 'null-bytes', `${nulCount} NUL bytes removed from the line`);
      line = cleaned;
    }
    if (isUtf8(line)) text = line.toString('utf8');
    else {
      text = line.toString('utf8');
      this.issue(lineNo, 'invalid-utf8', 'bytes that are not UTF-8 (decoded with replacement characters)');
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.recover(text, lineNo, offset, terminated);
      return;
    }
    if (!isObject(value) || typeof value.type !== 'string') {
      this.stats.malformed++;
      const what = Array.isArray(value)
        ? 'an array'
        : value === null
          ? 'null'
          : isObject(value)
            ? 'an object without a string "type"'
            : `a ${typeof value}`;
      this.issue(lineNo, 'not-an-object', `valid JSON but ${what}, not a transcript record`);
      return;
    }
    this.stats.parsed++;
    this.accept(value as RecordData, lineNo, offset);
  }

  private recover(text: string, lineNo: number, offset: number, terminated: boolean): void {
    const { records, droppedChars } = recoverRecords(text);
    if (records.length === 0) {
      this.stats.malformed++;
      if (!terminated) this.issue(lineNo, 'truncated', `last line stops mid-record (${text.length} characters, no newline)`);
      else this.issue(lineNo, 'malformed', `not valid JSON and no record could be recovered (${text.length} characters)`);
      return;
    }
    this.stats.recovered += records.length;
    const dropped = droppedChars > 0 ? `; ${droppedChars} characters of a cut-off record dropped` : '';
    if (records.length > 1 || droppedChars > 0) {
      this.issue(lineNo, 'spliced', `${records.length} record${records.length === 1 ? '' : 's'} recovered from one line${dropped}`);
    }
    for (const record of records) this.accept(record, lineNo, offset);
  }

  private accept(data: RecordData, lineNo: number, offset: number): void {
    if (data.type === 'assistant') this.noteToolNames(data);
    this.emit({ line: lineNo, offset, data: slimRecord(data) });
  }

  private emit(record: TranscriptRecord): void {
    if (this.sink !== null) this.sink(record);
    else this.records.push(record);
  }

  private noteToolNames(data: RecordData): void {
    const message = data.message;
    if (!isObject(message) || !Array.isArray(message.content)) return;
    for (const block of message.content) {
      if (isObject(block) && block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
        this.toolNames[block.id] = block.name;
      }
    }
  }

  /** An over-long line: only its head was kept. A non-error result of a quiet tool still links. */
  overlong(head: Buffer, totalBytes: number, lineNo: number, offset: number): void {
    this.stats.lines++;
    if (topLevelType(head) === 'user') {
      const facts = liteToolResultFacts(head);
      if (facts !== null) {
        this.stats.prefiltered++;
        this.emit({ line: lineNo, offset, data: { type: 'user', lite: 'tool_result', ...facts } });
        this.issue(lineNo, 'malformed', `line of ${totalBytes} bytes exceeds the line limit; kept only as a tool result stub`);
        return;
      }
    }
    this.stats.malformed++;
    this.issue(lineNo, 'malformed', `line of ${totalBytes} bytes exceeds the line limit; skipped`);
  }

  get totalIssues(): number {
    return this.issueCount;
  }
}

/**
 * Reads one transcript file from `startOffset` to its current end. Never throws for file
 * problems: an unreadable file yields an `io` issue.
 */
export async function readTranscriptFile(file: string, options: ReadOptions = {}): Promise<FileReadResult> {
  const startOffset = options.startOffset ?? 0;
  const bufferSize = Math.max(16, options.bufferSize ?? DEFAULT_BUFFER_SIZE);
  const maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE;
  const proc = new LineProcessor(file, options.prefilter !== false, options.toolNames);
  proc.lean = options.lean === true;
  proc.sink = options.onRecord ?? null;
  proc.stats.files = 1;
  let lineNo = options.startLine ?? 1;
  let lineStart = startOffset;
  let position = startOffset;
  let fd: number | null = null;
  const buffer = takeBuffer(bufferSize);
  try {
    // Synchronous reads: the work is CPU-bound line handling, and a thread-pool round trip per
    // chunk (and per open/close) left the thread idle between them. Other work gets a turn every
    // `YIELD_BYTES` so a long file does not hold the event loop.
    fd = openSync(file, 'r');
    let sinceYield = 0;
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let overflowHead: Buffer | null = null;
    for (;;) {
      if (sinceYield >= YIELD_BYTES) {
        sinceYield = 0;
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      const bytesRead = readSync(fd, buffer, 0, bufferSize, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      sinceYield += bytesRead;
      const chunk = bytesRead === bufferSize ? buffer : buffer.subarray(0, bytesRead);
      let from = 0;
      for (;;) {
        const nl = chunk.indexOf(0x0a, from);
        if (nl === -1) {
          if (from < chunk.length) {
            if (overflowHead === null && carryBytes + chunk.length - from > maxLine) {
              overflowHead = Buffer.concat([...carry, chunk.subarray(from)]).subarray(0, HEAD_KEEP);
              carry = [];
            }
            if (overflowHead === null) carry.push(Buffer.from(chunk.subarray(from)));
            carryBytes += chunk.length - from;
          }
          break;
        }
        const piece = chunk.subarray(from, nl);
        const length = carryBytes + piece.length;
        if (overflowHead !== null) {
          proc.overlong(overflowHead, length, lineNo, lineStart);
        } else if (carryBytes > 0) {
          carry.push(piece);
          proc.line(Buffer.concat(carry, length), lineNo, lineStart, true);
        } else {
          proc.line(piece, lineNo, lineStart, true);
        }
        carry = [];
        carryBytes = 0;
        overflowHead = null;
        lineStart += length + 1;
        lineNo++;
        from = nl + 1;
      }
    }
    if (overflowHead !== null) proc.overlong(overflowHead, carryBytes, lineNo, lineStart);
    else if (carryBytes > 0) proc.line(Buffer.concat(carry, carryBytes), lineNo, lineStart, false);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    proc.issue(lineNo, 'io', `cannot read: ${message}`);
  } finally {
    giveBack(buffer);
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // closing a read-only descriptor cannot lose data
      }
    }
  }
  proc.stats.bytes = position - startOffset;
  return {
    file,
    records: proc.records,
    issues: proc.issues,
    stats: proc.stats,
    startOffset,
    completeOffset: lineStart,
    endOffset: position,
    nextLine: lineNo,
    toolNames: proc.toolNames,
  };
}

/** The same reading rules over bytes already in memory (tests, stdin, small inputs). */
export function parseTranscriptBuffer(
  file: string,
  bytes: Buffer,
  options: Pick<ReadOptions, 'prefilter' | 'toolNames' | 'lean' | 'onRecord'> = {},
): FileReadResult {
  const proc = new LineProcessor(file, options.prefilter !== false, options.toolNames);
  proc.lean = options.lean === true;
  proc.sink = options.onRecord ?? null;
  proc.stats.files = 1;
  let lineNo = 1;
  let from = 0;
  while (from < bytes.length) {
    const nl = bytes.indexOf(0x0a, from);
    if (nl === -1) {
      proc.line(bytes.subarray(from), lineNo, from, false);
      break;
    }
    proc.line(bytes.subarray(from, nl), lineNo, from, true);
    lineNo++;
    from = nl + 1;
  }
  const completeOffset = bytes.lastIndexOf(0x0a) + 1;
  proc.stats.bytes = bytes.length;
  return {
    file,
    records: proc.records,
    issues: proc.issues,
    stats: proc.stats,
    startOffset: 0,
    completeOffset,
    endOffset: bytes.length,
    nextLine: from >= bytes.length ? lineNo : lineNo,
    toolNames: proc.toolNames,
  };
}
