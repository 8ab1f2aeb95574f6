/**
 * Worker-thread entry for `parallel-read.ts`: reads whole files or byte ranges of big files with
 * the ordinary reader and posts the plain-data results back. One request at a time per worker.
 */
import { parentPort } from 'node:worker_threads';
import { readRange } from './range-read.js';
import type { WorkerRequest, WorkerResponse } from './read-worker-protocol.js';
import { readTranscriptFile } from './reader.js';

const port = parentPort;
if (!port) throw new Error('read-worker.ts must run in a worker thread');

port.on('message', (request: WorkerRequest) => {
  const run = request.kind === 'file' ? readTranscriptFile(request.path, request.options) : readRange(request.task, request.maxLineBytes);
  run.then(
    (result) => port.postMessage({ id: request.id, ok: true, result } satisfies WorkerResponse),
    (error: unknown) => {
      const e = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: request.id, ok: false, error: { name: e.name, message: e.message } } satisfies WorkerResponse);
    },
  );
});
