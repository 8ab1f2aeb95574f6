/** Messages between the read pool (`parallel-read.ts`) and its workers (`read-worker.ts`). */
import type { RangeReadResult, RangeTask } from './range-read.js';
import type { FileReadResult, ReadOptions } from './reader.js';

export type WorkerRequest =
  | { id: number; kind: 'file'; path: string; options: ReadOptions }
  | { id: number; kind: 'range'; task: RangeTask; maxLineBytes: number | undefined };

export type WorkerResponse =
  | { id: number; ok: true; result: FileReadResult | RangeReadResult }
  | { id: number; ok: false; error: { name: string; message: string } };
