import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultWorkerCount, planUnits, readFilesOrdered, type ReadRequest } from './parallel-read.js';
import { mergeRanges, readRange, type RangeReadResult } from './range-read.js';
import { type FileReadResult, readTranscriptFile } from './reader.js';

const CORPUS = resolve(__dirname, '..', '..', '..', 'shared', 'corpus', 'claude-code');
const corpusFiles = readdirSync(CORPUS)
  .filter((n) => n.endsWith('.jsonl'))
  .sort()
  .map((n) => join(CORPUS, n));
const tmp = mkdtempSync(join(tmpdir(), 'skillpulse-parallel-read-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The real transcripts appended into one file: many sessions, a spliced line, huge tool results. */
const bigFile = join(tmp, 'concatenated.jsonl');
writeFileSync(
  bigFile,
  Buffer.concat(
    corpusFiles
      .map((f) => readFileSync(f))
      .map((b) => (b.length > 0 && b[b.length - 1] !== 0x0a ? Buffer.concat([b, Buffer.from('\n')]) : b)),
  ),
);

function request(path: string, extra: Partial<ReadRequest> = {}): ReadRequest {
  return { path, size: statSync(path).size, ...extra };
}

async function rangesOf(path: string, split: number, startOffset = 0, toolNames?: Record<string, string>): Promise<RangeReadResult[]> {
  const units = planUnits([request(path, { startOffset, ...(toolNames ? { toolNames } : {}) })], { splitBytes: split })[0]!;
  const out: RangeReadResult[] = [];
  for (const unit of units) {
    if (unit.message.kind !== 'range') throw new Error('expected ranges');
    out.push(await readRange(unit.message.task));
  }
  return out;
}

describe('reading a file in byte ranges', () => {
  it('merges to exactly what one sequential read returns, for every real transcript', async () => {
    let convertedToLite = 0;
    for (const file of [...corpusFiles, bigFile]) {
      const size = statSync(file).size;
      if (size < 64 * 1024) continue;
      const expected = await readTranscriptFile(file);
      const ranges = await rangesOf(file, 32 * 1024);
      expect(ranges.length).toBeGreaterThan(1);
      convertedToLite += ranges.reduce((n, r) => n + r.candidates.length, 0);
      const merged = mergeRanges(file, ranges, 0, 1, undefined);
      expect(merged).toEqual(expected);
    }
    // Boundaries really cut tool_use/tool_result pairs apart, and the merge repaired them.
    expect(convertedToLite).toBeGreaterThan(20);
  });

  it('resumes from an offset with the line number and tool names of an earlier read', async () => {
    const size = statSync(bigFile).size;
    const head = await readTranscriptFile(bigFile);
    // Resume from a line start in the middle: the first read up to there, then ranges from there.
    const mid = head.records.find((r) => r.offset > size / 2)!;
    const first = await readTranscriptFile(bigFile);
    const names = Object.fromEntries(Object.entries(first.toolNames).slice(0, 200));
    const expected = await readTranscriptFile(bigFile, { startOffset: mid.offset, startLine: mid.line, toolNames: names });
    const ranges = await rangesOf(bigFile, 16 * 1024, mid.offset, names);
    expect(mergeRanges(bigFile, ranges, mid.offset, mid.line, names)).toEqual(expected);
  });

  it('splits only files with more than two ranges of bytes to read', () => {
    const units = planUnits(
      [
        { path: 'a', size: 10 },
        { path: 'b', size: 100 * 1024 },
        { path: 'c', size: 100 * 1024, startOffset: 90 * 1024 },
      ],
      { splitBytes: 16 * 1024 },
    );
    expect(units.map((u) => u.length)).toEqual([1, 6, 1]);
    const ranges = units[1]!.map((u) => (u.message.kind === 'range' ? [u.message.task.start, u.message.task.end] : null));
    expect(ranges[0]).toEqual([0, 16 * 1024]);
    expect(ranges.at(-1)![1]).toBe(100 * 1024);
  });
});

describe('readFilesOrdered on worker threads', () => {
  async function collect(requests: ReadRequest[], options: Parameters<typeof readFilesOrdered>[1]): Promise<FileReadResult[]> {
    const out: FileReadResult[] = [];
    for await (const result of readFilesOrdered(requests, options)) out.push(result);
    return out;
  }

  it('gives the sequential results in request order, splitting big files across workers', async () => {
    const requests = [bigFile, ...corpusFiles].map((f) => request(f));
    const sequential = await collect(requests, { workers: 0 });
    const parallel = await collect(requests, { workers: 2, splitBytes: 256 * 1024, maxBufferedBytes: 2 * 1024 * 1024 });
    expect(parallel.map((r) => r.file)).toEqual(requests.map((r) => r.path));
    expect(parallel).toEqual(sequential);
  }, 60_000);

  it('falls back to a sequential read when a line is far longer than a range', async () => {
    const file = join(tmp, 'long-line.jsonl');
    const long = JSON.stringify({ type: 'user', uuid: 'u-long', message: { role: 'user', content: 'x'.repeat(200 * 1024) } });
    writeFileSync(file, `${long}\n{"type":"summary","summary":"s","leafUuid":"u-long"}\n${long}\n`);
    // The reader enforces the limit on lines that span its chunks, hence the small buffer.
    const options = { splitBytes: 8 * 1024, maxLineBytes: 64 * 1024, bufferSize: 16 * 1024 };
    const expected = await readTranscriptFile(file, { maxLineBytes: 64 * 1024, bufferSize: 16 * 1024 });
    expect(expected.issues.some((i) => /exceeds the line limit/.test(i.message))).toBe(true);
    const [result] = await collect([request(file)], { ...options, workers: 2 });
    expect(result).toEqual(expected);
  }, 30_000);

  it('sizes the pool from the cores: at least 2, at most 8, one core left for the main thread', () => {
    expect(defaultWorkerCount(2)).toBe(2);
    expect(defaultWorkerCount(4)).toBe(3);
    expect(defaultWorkerCount(64)).toBe(8);
  });
});
