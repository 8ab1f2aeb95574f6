/** Jobs of the read pool (`parallel-read.ts`) and their results (`read-worker.ts`). */
import type { RangeReadResult, RangeTask } from './range-read.js';
import type { FileReadResult, ReadOptions } from './reader.js';

export type ReadJob =
  | { kind: 'file'; path: string; options: ReadOptions }
  | { kind: 'range'; task: RangeTask; maxLineBytes: number | undefined };

export type ReadJobResult = FileReadResult | RangeReadResult;
