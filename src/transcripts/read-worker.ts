/**
 * Worker-thread entry for `parallel-read.ts`: reads whole files or byte ranges of big files with
 * the ordinary reader and posts the plain-data results back.
 */
import { readRange } from './range-read.js';
import type { ReadJob, ReadJobResult } from './read-worker-protocol.js';
import { readTranscriptFile } from './reader.js';
import { serveJobs } from './worker-pool.js';

serveJobs<ReadJob, ReadJobResult>((job) =>
  job.kind === 'file' ? readTranscriptFile(job.path, job.options) : readRange(job.task, job.maxLineBytes),
);
