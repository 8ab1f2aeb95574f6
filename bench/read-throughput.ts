/**
 * Engine-only throughput: reads every file of a benchmark corpus with the built reader
 * (`dist/transcripts/parallel-read.js`), in order, on N worker threads (0 = this thread), and
 * drops the results as a scan would after using them. Prints one JSON line. Run by `run.ts` in a
 * child process; by hand:
 *
 *   node --import tsx bench/read-throughput.ts <corpus-dir> [workers] [dist-dir]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CorpusManifest } from './build-corpus.js';
import { REPO_ROOT } from './build-corpus.js';

export interface ReadThroughput {
  workers: number;
  files: number;
  bytes: number;
  lines: number;
  parsed: number;
  prefiltered: number;
  records: number;
  seconds: number;
}

async function main(): Promise<void> {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: read-throughput.ts <corpus-dir> [workers] [dist-dir]');
  const workers = Number.parseInt(process.argv[3] ?? '0', 10);
  const manifest = JSON.parse(readFileSync(join(dir, 'bench-corpus.json'), 'utf8')) as CorpusManifest;
  const dist = process.argv[4] ?? join(REPO_ROOT, 'dist');
  const mod = (await import(
    pathToFileURL(join(dist, 'transcripts', 'parallel-read.js')).href
  )) as typeof import('../src/transcripts/parallel-read.js');
  const requests = manifest.list.map((f) => ({ path: join(dir, f.path), size: f.bytes }));
  const started = performance.now();
  const out: ReadThroughput = { workers, files: 0, bytes: 0, lines: 0, parsed: 0, prefiltered: 0, records: 0, seconds: 0 };
  for await (const result of mod.readFilesOrdered(requests, { workers })) {
    out.files++;
    out.bytes += result.stats.bytes;
    out.lines += result.stats.lines;
    out.parsed += result.stats.parsed;
    out.prefiltered += result.stats.prefiltered;
    out.records += result.records.length;
  }
  out.seconds = (performance.now() - started) / 1000;
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();
