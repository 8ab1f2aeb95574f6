/**
 * Reads many transcript files on a pool of worker threads and hands the results back one file at
 * a time, in the order given, so everything downstream (dedupe by uuid, conversations, the store)
 * sees exactly what a sequential read would give. Files much larger than `splitBytes` are read in
 * byte ranges by several workers at once (`range-read.ts`), so one huge session does not leave
 * the other threads idle. Memory stays bounded: work is handed out only while the bytes read
 * ahead of the consumer stay under `maxBufferedBytes`.
 *
 * The worker entry is `read-worker.js` beside this module in `dist/`. Under tsx or vitest this
 * module runs from `src/` as TypeScript; the worker then boots through tsx's loader API (a dev
 * dependency, present wherever the sources run) and imports `read-worker.ts`.
 *
 * `workers: 0` reads on the calling thread with the same interface.
 */
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { mergeRanges, type RangeReadResult, type RangeTask } from './range-read.js';
import { type FileReadResult, type ReadOptions, readTranscriptFile } from './reader.js';
import type { ReadJob, ReadJobResult } from './read-worker-protocol.js';
import { runOrdered, startModuleWorker } from './worker-pool.js';

export interface ReadRequest {
  path: string;
  /** File size now (from stat); decides whether the file is split. */
  size: number;
  /** Incremental reads: where to resume (see `ReadOptions`). */
  startOffset?: number;
  startLine?: number;
  toolNames?: Record<string, string>;
}

export interface ParallelReadOptions extends Pick<ReadOptions, 'bufferSize' | 'prefilter' | 'maxLineBytes'> {
  /** Worker threads (0 = read on this thread). Default `defaultWorkerCount()`. */
  workers?: number;
  /** Files with more than 2 × this many bytes to read are split into ranges of this size (default 32 MB). */
  splitBytes?: number;
  /** Bytes handed to workers but not yet taken by the consumer (default 160 MB). */
  maxBufferedBytes?: number;
}

export const DEFAULT_SPLIT_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_BUFFERED = 160 * 1024 * 1024;

/**
 * Workers for a parallel scan: every core but one for the thread that builds conversations and
 * writes the store, capped at 8, and at least 2 (on 2 cores the main thread mostly waits on
 * SQLite and the reads; one worker alone would only move the work, not share it).
 */
export function defaultWorkerCount(cores = availableParallelism()): number {
  return Math.max(2, Math.min(cores - 1, 8));
}

/** Starts one read worker: `dist/transcripts/read-worker.js`, or the `.ts` entry through tsx. */
export function startReadWorker(): Worker {
  return startModuleWorker(import.meta.url, 'read-worker');
}

interface Unit {
  request: number;
  bytes: number;
  message: ReadJob;
}

function readOptionsOf(request: ReadRequest, options: ParallelReadOptions): ReadOptions {
  const out: ReadOptions = {};
  if (request.startOffset !== undefined) out.startOffset = request.startOffset;
  if (request.startLine !== undefined) out.startLine = request.startLine;
  if (request.toolNames !== undefined) out.toolNames = request.toolNames;
  if (options.bufferSize !== undefined) out.bufferSize = options.bufferSize;
  if (options.prefilter !== undefined) out.prefilter = options.prefilter;
  if (options.maxLineBytes !== undefined) out.maxLineBytes = options.maxLineBytes;
  return out;
}

/** Splits each request into work units: the whole file, or ranges of `splitBytes`. */
export function planUnits(requests: readonly ReadRequest[], options: ParallelReadOptions): Unit[][] {
  const split = Math.max(1024, options.splitBytes ?? DEFAULT_SPLIT_BYTES);
  return requests.map((request, index) => {
    const start = request.startOffset ?? 0;
    const length = Math.max(0, request.size - start);
    if (length <= 2 * split) {
      return [
        {
          request: index,
          bytes: length,
          message: { kind: 'file', path: request.path, options: readOptionsOf(request, options) },
        },
      ];
    }
    const units: Unit[] = [];
    for (let at = start; at < request.size; at += split) {
      const end = at + split >= request.size - split / 4 ? request.size : at + split;
      const task: RangeTask = { file: request.path, start: at, end, first: at === start };
      if (options.prefilter !== undefined) task.prefilter = options.prefilter;
      if (at === start && request.toolNames) task.toolNames = request.toolNames;
      units.push({
        request: index,
        bytes: end - at,
        message: { kind: 'range', task, maxLineBytes: options.maxLineBytes },
      });
      if (end === request.size) break;
    }
    return units;
  });
}

/**
 * Yields one `FileReadResult` per request, in request order. A file whose ranges cannot be read
 * (a line far longer than a range) is read sequentially on this thread instead; any other worker
 * failure ends the read with that error. Workers are always terminated, also when the consumer
 * stops early.
 */
export async function* readFilesOrdered(
  requests: readonly ReadRequest[],
  options: ParallelReadOptions = {},
): AsyncGenerator<FileReadResult> {
  const workerCount = Math.max(0, Math.floor(options.workers ?? defaultWorkerCount()));
  if (workerCount === 0 || requests.length === 0) {
    for (const request of requests) yield await readTranscriptFile(request.path, readOptionsOf(request, options));
    return;
  }
  const perRequest = planUnits(requests, options);
  const units = perRequest.flat();
  const bytesOf = new Map<ReadJob, number>(units.map((u) => [u.message, u.bytes]));
  const outcomes = runOrdered<ReadJob, ReadJobResult>(
    units.map((u) => u.message),
    {
      workers: workerCount,
      start: startReadWorker,
      cost: (job) => bytesOf.get(job) ?? 0,
      maxBuffered: options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED,
    },
  );
  try {
    for (let index = 0; index < requests.length; index++) {
      const request = requests[index] as ReadRequest;
      const mine = perRequest[index] as Unit[];
      const ranges: RangeReadResult[] = [];
      let whole: FileReadResult | null = null;
      let fallback = false;
      for (const unit of mine) {
        const step = await outcomes.next();
        if (step.done) throw new Error('read pool ended early');
        const outcome = step.value;
        if (!outcome.ok) {
          if (outcome.error.name !== 'RangeTooLongError') throw outcome.error;
          fallback = true;
        } else if (unit.message.kind === 'range') ranges.push(outcome.result as RangeReadResult);
        else whole = outcome.result as FileReadResult;
      }
      if (fallback) yield await readTranscriptFile(request.path, readOptionsOf(request, options));
      else if (whole !== null) yield whole;
      else yield mergeRanges(request.path, ranges, request.startOffset ?? 0, request.startLine ?? 1, request.toolNames);
    }
  } finally {
    await outcomes.return(undefined);
  }
}
