/**
 * Reading one big transcript in byte ranges, so several worker threads can share a single huge
 * file (one 600 MB session would otherwise keep one thread busy while the others idle), with a
 * merged result identical to one sequential `readTranscriptFile` over the whole file.
 *
 * A range owns the lines that start inside it (the usual split rule): it skips the partial line
 * at its start and reads past its end to finish its last line. Each range is parsed with the
 * reader's own line rules (`parseTranscriptBuffer`). Merging fixes what a range cannot know:
 * line numbers and byte offsets are shifted, and a tool_result whose tool_use lies in an earlier
 * range, which the range had to parse in full, becomes the lite record the pre-filter would have
 * made had it known the tool's name (`LiteCandidate`).
 */
import { open } from 'node:fs/promises';
import { isLiteResultTool, liteToolResultFacts, type LiteFacts, topLevelType } from './prefilter.js';
import { addStats, emptyStats, type FileReadResult, parseTranscriptBuffer, type ReadOptions } from './reader.js';
import { isLite, isObject, type TranscriptRecord } from './records.js';

export interface RangeTask {
  file: string;
  /** Nominal range [start, end); the range owns the lines that start in it. */
  start: number;
  end: number;
  /** True for the first range of a read (its start is a known line start). */
  first: boolean;
  prefilter?: boolean;
  /** Only for the first range: names carried over from an earlier read (incremental scans). */
  toolNames?: Record<string, string>;
}

/** A fully parsed tool_result line the pre-filter could have made lite, had it known the tool. */
export interface LiteCandidate {
  /** Index into the range's records. */
  index: number;
  facts: LiteFacts;
}

export interface RangeReadResult {
  /** The range's lines parsed as one buffer (offsets and lines relative to `byteStart`, line 1). */
  result: FileReadResult;
  /** Absolute offset of the first line the range owns. */
  byteStart: number;
  candidates: LiteCandidate[];
}

const NEWLINE = 0x0a;
const STEP = 1024 * 1024;

/** First line start at or after `position` (0 stays 0). */
async function alignToLineStart(handle: Awaited<ReturnType<typeof open>>, position: number, size: number): Promise<number> {
  if (position <= 0) return 0;
  const buf = Buffer.allocUnsafe(STEP);
  let at = position - 1;
  while (at < size) {
    const { bytesRead } = await handle.read(buf, 0, STEP, at);
    if (bytesRead === 0) break;
    const nl = buf.subarray(0, bytesRead).indexOf(NEWLINE);
    if (nl !== -1) return at + nl + 1;
    at += bytesRead;
  }
  return size;
}

/**
 * Reads the lines that start in [task.start, task.end) and parses them. `maxLineBytes` guards
 * the buffer: a range whose lines run far past its end (a gigantic line) throws, and the caller
 * reads that file sequentially instead.
 */
export async function readRange(task: RangeTask, maxLineBytes = 256 * 1024 * 1024): Promise<RangeReadResult> {
  const handle = await open(task.file, 'r');
  try {
    const size = (await handle.stat()).size;
    const byteStart = task.first ? task.start : await alignToLineStart(handle, task.start, size);
    const byteEnd = task.end >= size ? size : await alignToLineStart(handle, task.end, size);
    const length = Math.max(0, byteEnd - byteStart);
    if (length > task.end - task.start + maxLineBytes) throw new RangeTooLongError(task.file, length);
    const bytes = Buffer.allocUnsafe(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(bytes, filled, length - filled, byteStart + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const view = filled === length ? bytes : bytes.subarray(0, filled);
    const options: Pick<ReadOptions, 'prefilter' | 'toolNames'> = { prefilter: task.prefilter !== false };
    if (task.toolNames) options.toolNames = task.toolNames;
    const result = parseTranscriptBuffer(task.file, view, options);
    const candidates = task.first || task.prefilter === false ? [] : liteCandidates(result, view);
    return { result, byteStart, candidates };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

export class RangeTooLongError extends Error {
  constructor(file: string, length: number) {
    super(`${file}: a line runs ${length} bytes past its range`);
    this.name = 'RangeTooLongError';
  }
}

/** Looks like one non-error tool_result (cheap check on the parsed data before touching bytes). */
function parsedToolResult(record: TranscriptRecord): boolean {
  const data = record.data;
  if (isLite(data) || data.type !== 'user' || !isObject(data.message)) return false;
  const content = data.message.content;
  return Array.isArray(content) && content.some((b) => isObject(b) && b.type === 'tool_result');
}

/**
 * Records the range parsed in full although the sequential reader might have made them lite:
 * user lines that are one non-error tool_result whose tool_use is not in this range. Uses the
 * same byte rules as the reader (`topLevelType`, `liteToolResultFacts`) on the same trimmed line.
 */
export function liteCandidates(result: FileReadResult, bytes: Buffer): LiteCandidate[] {
  const out: LiteCandidate[] = [];
  const seenLines = new Set<number>();
  const records = result.records;
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as TranscriptRecord;
    if (!parsedToolResult(record)) continue;
    // A line that yielded several records (spliced) was not a plain parse: never made lite.
    const next = records[i + 1];
    const prev = records[i - 1];
    if ((next && next.line === record.line) || (prev && prev.line === record.line) || seenLines.has(record.line)) continue;
    seenLines.add(record.line);
    let end = bytes.indexOf(NEWLINE, record.offset);
    if (end === -1) end = bytes.length;
    if (end > record.offset && bytes[end - 1] === 0x0d) end--;
    let start = record.offset;
    while (start < end && (bytes[start] === 0x20 || bytes[start] === 0x09)) start++;
    const line = bytes.subarray(start, end);
    if (topLevelType(line) !== 'user') continue;
    const facts = liteToolResultFacts(line);
    if (facts === null || facts.toolUseId in result.toolNames) continue;
    out.push({ index: i, facts });
  }
  return out;
}

/**
 * Merges the ranges of one read, in order, into what one sequential read from `startOffset`
 * (with `startLine` and `toolNames`) returns.
 */
export function mergeRanges(
  file: string,
  ranges: readonly RangeReadResult[],
  startOffset: number,
  startLine: number,
  priorToolNames: Record<string, string> | undefined,
): FileReadResult {
  const records: TranscriptRecord[] = [];
  const issues: FileReadResult['issues'] = [];
  const stats = emptyStats();
  const toolNames: Record<string, string> = Object.create(null);
  if (priorToolNames) Object.assign(toolNames, priorToolNames);
  let lineBase = startLine - 1;
  let completeOffset = startOffset;
  let endOffset = startOffset;
  let nextLine = startLine;
  for (const range of ranges) {
    const { result, byteStart } = range;
    // A range inside one long line owns no line at all.
    if (result.endOffset === 0) continue;
    const dropIssueLines = new Set<number>();
    for (const candidate of range.candidates) {
      const name = toolNames[candidate.facts.toolUseId];
      if (name === undefined || !isLiteResultTool(name)) continue;
      const record = result.records[candidate.index] as TranscriptRecord;
      record.data = { type: 'user', lite: 'tool_result', ...candidate.facts };
      result.stats.parsed--;
      result.stats.prefiltered++;
      dropIssueLines.add(record.line);
    }
    for (const record of result.records) {
      record.line += lineBase;
      record.offset += byteStart;
      records.push(record);
    }
    for (const issue of result.issues) {
      if (dropIssueLines.has(issue.line)) continue;
      issues.push({ ...issue, line: issue.line + lineBase });
    }
    addStats(stats, result.stats);
    Object.assign(toolNames, result.toolNames);
    completeOffset = byteStart + result.completeOffset;
    endOffset = byteStart + result.endOffset;
    nextLine = result.nextLine + lineBase;
    lineBase += result.nextLine - 1;
  }
  stats.files = 1;
  return { file, records, issues, stats, startOffset, completeOffset, endOffset, nextLine, toolNames };
}
