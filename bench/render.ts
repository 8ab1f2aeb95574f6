/**
 * Re-renders a results file (default bench/results.json): prints the tables and, for a full run,
 * refreshes the generated block of docs/performance.md. `tsx bench/render.ts [results.json] [--no-docs]`
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REPO_ROOT } from './build-corpus.js';
import { type BenchResults, rowsOf, targetRows, textTable, updateDocs } from './results-format.js';

const args = process.argv.slice(2);
const file = resolve(args.find((a) => !a.startsWith('--')) ?? join(REPO_ROOT, 'bench', 'results.json'));
const results = JSON.parse(readFileSync(file, 'utf8')) as BenchResults;
process.stdout.write(`${textTable(rowsOf(results))}\n\n${textTable(targetRows(results))}\n`);
if (results.mode === 'full' && !args.includes('--no-docs')) {
  updateDocs(join(REPO_ROOT, 'docs', 'performance.md'), results);
  process.stdout.write('docs/performance.md updated\n');
}
