/**
 * `npm run bench`: builds (or reuses) the benchmark corpus, then measures the built CLI, each
 * measurement the median of several runs in separate processes: cold full scan into an empty
 * store, warm re-scan with nothing changed, re-scan after appending ~1 MB to 10 files, `report`
 * over the store, the store write rate, the engine's read throughput (1 thread and 2 workers) and
 * ccusage 18.0.11 `daily --json` on the same corpus. Writes bench/results.json, prints a table,
 * and refreshes the generated block of docs/performance.md.
 *
 *   npm run bench                     full corpus (~1 GB, ~2,000 files), 5 runs, ccusage, profiles
 *   npm run bench -- --smoke          small corpus, 1 run, no ccusage (CI smoke; no timing assertions)
 *   options: --runs N --ccusage-runs N --size 1GB --files 2000 --big 650MB --seed S --dir DIR
 *            --source head|worktree|dist --[no-]ccusage --[no-]profile --no-docs --keep --out FILE
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyAppends, planAppends, restoreAppends } from './append.js';
import { buildCorpus, corpusOptions, DEFAULT_SOURCES, FULL_CORPUS, REPO_ROOT, SMOKE_CORPUS } from './build-corpus.js';
import { loadSourceGroups } from './corpus-sources.js';
import {
  type BuildSource,
  CACHE_DIR,
  CCUSAGE_VERSION,
  type ChildRun,
  ensureCcusage,
  machineFacts,
  median,
  prepareCli,
  runNode,
} from './harness.js';
import { profileFiles, summarizeFile } from './profile-summary.js';
import {
  type BenchResults,
  type Measurement,
  mbps,
  rowsOf,
  type Sample,
  type Target,
  targetRows,
  textTable,
  updateDocs,
} from './results-format.js';

const { values } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'ccusage-runs': { type: 'string' },
    dir: { type: 'string' },
    size: { type: 'string' },
    files: { type: 'string' },
    big: { type: 'string' },
    seed: { type: 'string' },
    source: { type: 'string' },
    ccusage: { type: 'boolean' },
    'no-ccusage': { type: 'boolean', default: false },
    profile: { type: 'boolean' },
    'no-profile': { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});

const smoke = values.smoke === true;
const log = (line: string) => process.stderr.write(`bench: ${line}\n`);
const runs = Math.max(1, Number.parseInt(values.runs ?? (smoke ? '1' : '5'), 10));
const withCcusage = values['no-ccusage'] ? false : (values.ccusage ?? !smoke);
const ccusageRuns = Math.max(1, Number.parseInt(values['ccusage-runs'] ?? String(Math.min(runs, 3)), 10));
const withProfile = values['no-profile'] ? false : (values.profile ?? !smoke);
const scaled = values.size !== undefined || values.files !== undefined || values.big !== undefined || values.seed !== undefined;
const options = scaled
  ? corpusOptions(values.size ?? String(smoke ? SMOKE_CORPUS.totalBytes : FULL_CORPUS.totalBytes), values.files, values.big, values.seed)
  : smoke
    ? SMOKE_CORPUS
    : FULL_CORPUS;
const corpusDir = resolve(values.dir ?? join(REPO_ROOT, 'bench', 'corpus', smoke ? 'smoke' : 'full'));
const source = (values.source ??
  (smoke ? (existsSync(join(REPO_ROOT, 'dist', 'cli', 'main.js')) ? 'dist' : 'worktree') : 'head')) as BuildSource;
if (!['head', 'worktree', 'dist'].includes(source)) throw new Error(`--source must be head, worktree or dist, not ${source}`);
const outFile = resolve(values.out ?? (smoke ? join(CACHE_DIR, 'results-smoke.json') : join(REPO_ROOT, 'bench', 'results.json')));

const machine = machineFacts();
log(`corpus ${relative(REPO_ROOT, corpusDir)}: ${(options.totalBytes / 1e6).toFixed(0)} MB in ~${options.files} files`);
const built = buildCorpus(corpusDir, options, DEFAULT_SOURCES);
const manifest = built.manifest;
log(
  `${built.reused ? 'reused' : 'built'} corpus: ${manifest.files} files, ${(manifest.bytes / 1e6).toFixed(1)} MB in ${built.seconds.toFixed(1)} s`,
);
const cli = prepareCli(source, log);
log(`measuring ${cli.cli}${cli.commit ? ` (commit ${cli.commit.slice(0, 10)})` : ''}`);

const work = join(CACHE_DIR, 'run');
rmSync(work, { recursive: true, force: true });
const home = join(work, 'home');
const profiles = join(work, 'profiles');
mkdirSync(home, { recursive: true });
const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, SKILLPULSE_HOME: join(home, '.skillpulse'), NO_COLOR: '1' };
delete env.CLAUDE_CONFIG_DIR;
delete env.NODE_OPTIONS;
const projects = join(corpusDir, 'projects');

function dbFiles(db: string): string[] {
  return [db, `${db}-wal`, `${db}-shm`];
}
function removeDb(db: string): void {
  for (const f of dbFiles(db)) rmSync(f, { force: true });
}
function copyDb(from: string, to: string): void {
  removeDb(to);
  for (const [a, b] of dbFiles(from).map((f, i) => [f, dbFiles(to)[i] as string] as const)) if (existsSync(a)) copyFileSync(a, b);
}

function sampleOf(run: ChildRun, selfMs: number | null): Sample {
  return {
    wallMs: run.wallMs,
    cpuMs: run.usage ? run.usage.userMs + run.usage.systemMs : null,
    maxRssMB: run.usage ? run.usage.maxRssKB / 1024 : null,
    selfMs,
  };
}
function medianSample(samples: Sample[]): Sample {
  const pick = (f: (s: Sample) => number | null) => {
    const xs = samples.map(f).filter((x): x is number => x !== null);
    return xs.length > 0 ? median(xs) : null;
  };
  return {
    wallMs: pick((s) => s.wallMs) ?? Number.NaN,
    cpuMs: pick((s) => s.cpuMs),
    maxRssMB: pick((s) => s.maxRssMB),
    selfMs: pick((s) => s.selfMs),
  };
}
function ensureOk(run: ChildRun, what: string): void {
  if (run.exitCode !== 0) throw new Error(`${what} exited with ${run.exitCode}:\n${run.stderr.slice(-4000)}`);
}
function parseJson<T>(run: ChildRun, what: string): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`${what} printed no JSON:\n${run.stdout.slice(0, 2000)}\n${run.stderr.slice(-2000)}`);
  }
}
async function profileOnce(name: string, args: string[], before?: () => void, after?: () => void): Promise<Measurement['profile']> {
  if (!withProfile) return undefined;
  const dir = join(profiles, name);
  rmSync(dir, { recursive: true, force: true });
  before?.();
  try {
    await runNode(args, { env, cpuProfDir: dir, tmpDir: work });
  } finally {
    after?.();
  }
  if (!existsSync(dir)) return undefined;
  return profileFiles([dir]).map((f) => {
    const s = summarizeFile(f, 15);
    return { file: relative(work, f), totalMs: s.totalMs, top: s.top };
  });
}

interface ScanJson {
  files: number;
  skipped: number;
  appended: number;
  reread: number;
  stats: { bytes: number; lines: number; parsed: number; prefiltered: number; malformed: number };
  invocations: number;
  events: number;
  durationMs: number;
}

const measurements: Measurement[] = [];
const notes: string[] = [];
const scanArgs = (db: string) => [cli.cli, 'scan', '--sessions', projects, '--db', db, '--json'];

// 1. Cold full scan into an empty store.
const base = join(work, 'base.db');
{
  const samples: Sample[] = [];
  let last: ScanJson | null = null;
  for (let i = 0; i < runs; i++) {
    const db = join(work, 'cold.db');
    removeDb(db);
    const run = await runNode(scanArgs(db), { env, tmpDir: work });
    ensureOk(run, 'cold scan');
    last = parseJson<ScanJson>(run, 'cold scan');
    samples.push(sampleOf(run, last.durationMs));
    log(`cold scan ${i + 1}/${runs}: ${(run.wallMs / 1000).toFixed(2)} s, ${mbps(manifest.bytes, run.wallMs).toFixed(0)} MB/s`);
    if (i === runs - 1) copyDb(db, base);
    removeDb(db);
  }
  const s = last as ScanJson;
  const m: Measurement = {
    name: 'cold',
    label: 'cold scan, empty store',
    command: 'skillpulse scan --sessions <corpus> --db <empty> --json',
    samples,
    median: medianSample(samples),
    bytes: manifest.bytes,
    detail: {
      ...s,
      summary: `${s.reread} files read, ${s.stats.parsed} lines parsed, ${s.stats.prefiltered} pre-filtered, ${s.invocations} invocations, ${s.events} events`,
    },
  };
  m.profile = await profileOnce('cold', scanArgs(join(work, 'prof.db')), () => removeDb(join(work, 'prof.db')));
  measurements.push(m);
}

// 2. Warm re-scan, nothing changed.
{
  const samples: Sample[] = [];
  let last: ScanJson | null = null;
  for (let i = 0; i < runs; i++) {
    const run = await runNode(scanArgs(base), { env, tmpDir: work });
    ensureOk(run, 'warm scan');
    last = parseJson<ScanJson>(run, 'warm scan');
    samples.push(sampleOf(run, last.durationMs));
  }
  const s = last as ScanJson;
  if (s.skipped !== s.files) notes.push(`Warm re-scan did not skip every file: ${s.skipped} of ${s.files} skipped.`);
  const m: Measurement = {
    name: 'warm',
    label: `warm re-scan, ${s.files} files unchanged`,
    command: 'skillpulse scan (same store, nothing changed)',
    samples,
    median: medianSample(samples),
    bytes: null,
    detail: { ...s, summary: `${s.skipped} skipped by cursor, ${s.stats.bytes} bytes read` },
  };
  m.profile = await profileOnce('warm', scanArgs(base));
  measurements.push(m);
}

// 3. Re-scan after appending ~1 MB to 10 files (restored after each run).
{
  const targets = planAppends(corpusDir, manifest, loadSourceGroups(DEFAULT_SOURCES));
  const samples: Sample[] = [];
  let last: ScanJson | null = null;
  let appended = 0;
  const db = join(work, 'append.db');
  for (let i = 0; i < runs; i++) {
    copyDb(base, db);
    appended = applyAppends(targets);
    let run: ChildRun;
    try {
      run = await runNode(scanArgs(db), { env, tmpDir: work });
    } finally {
      restoreAppends(targets);
    }
    ensureOk(run, 'append scan');
    last = parseJson<ScanJson>(run, 'append scan');
    samples.push(sampleOf(run, last.durationMs));
  }
  const s = last as ScanJson;
  if (s.appended !== targets.length)
    notes.push(`Append re-scan: expected ${targets.length} appended files, the scan reported ${s.appended} (read in full: ${s.reread}).`);
  const m: Measurement = {
    name: 'append',
    label: `re-scan after appending ${(appended / 1e6).toFixed(2)} MB to ${targets.length} files`,
    command: 'skillpulse scan (same store, 10 files grown)',
    samples,
    median: medianSample(samples),
    bytes: null,
    detail: {
      ...s,
      appendedBytes: appended,
      summary: `${s.appended} appended, ${(s.stats.bytes / 1e6).toFixed(2)} MB read, ${s.stats.parsed} lines parsed`,
    },
  };
  m.profile = await profileOnce(
    'append',
    scanArgs(db),
    () => {
      copyDb(base, db);
      applyAppends(targets);
    },
    () => restoreAppends(targets),
  );
  removeDb(db);
  measurements.push(m);
}

// 4. `skillpulse report` over the store.
{
  const help = await runNode([cli.cli, 'report', '--help'], { env, tmpDir: work });
  const usesDb = help.stdout.includes('--db');
  const args = [cli.cli, 'report', '--json', ...(usesDb ? ['--db', base] : []), '--sessions', projects];
  if (!usesDb)
    notes.push(
      '`skillpulse report` has no `--db` yet: it re-reads the transcripts instead of the store, so its time is a full read, not a store query.',
    );
  const samples: Sample[] = [];
  let skills = 0;
  for (let i = 0; i < runs; i++) {
    const run = await runNode(args, { env, tmpDir: work });
    ensureOk(run, 'report');
    skills = (parseJson<{ skills?: unknown[] }>(run, 'report').skills ?? []).length;
    samples.push(sampleOf(run, null));
  }
  const m: Measurement = {
    name: 'report',
    label: 'skillpulse report --json',
    command: `skillpulse ${args.slice(1).join(' ').replaceAll(REPO_ROOT, '.')}`,
    samples,
    median: medianSample(samples),
    bytes: usesDb ? null : manifest.bytes,
    detail: { skills, fromStore: usesDb, summary: `${skills} skills${usesDb ? '' : ', read from the transcripts'}` },
  };
  m.profile = await profileOnce('report', args);
  measurements.push(m);
}

// 5. Store write rate: the cold scan's rows into a fresh store, one transaction per file.
{
  const fresh = join(work, 'write.db');
  removeDb(fresh);
  const run = await runNode(['--import', 'tsx', join(REPO_ROOT, 'bench', 'store-write.ts'), cli.dist, base, fresh], { env, tmpDir: work });
  ensureOk(run, 'store write');
  const w = parseJson<{ rows: number; transactions: number; ms: number; rowsPerSecond: number }>(run, 'store write');
  removeDb(fresh);
  measurements.push({
    name: 'store-write',
    label: 'store writes (upserts, 1 transaction per file)',
    command: 'bench/store-write.ts',
    samples: [{ wallMs: w.ms, cpuMs: null, maxRssMB: null, selfMs: w.ms }],
    median: { wallMs: w.ms, cpuMs: null, maxRssMB: null, selfMs: w.ms },
    bytes: null,
    detail: {
      ...w,
      summary: `${w.rows} rows in ${w.transactions} transactions: ${Math.round(w.rowsPerSecond).toLocaleString('en-US')} rows/s`,
    },
  });
}

// 6. The engine alone: read every file in order, 0 and 2 worker threads.
for (const workers of [0, 2]) {
  const samples: Sample[] = [];
  let last: Record<string, number> = {};
  for (let i = 0; i < Math.min(runs, 3); i++) {
    const run = await runNode(['--import', 'tsx', join(REPO_ROOT, 'bench', 'read-throughput.ts'), corpusDir, String(workers), cli.dist], {
      env,
      tmpDir: work,
    });
    ensureOk(run, 'read throughput');
    last = parseJson<Record<string, number>>(run, 'read throughput');
    samples.push(sampleOf(run, (last.seconds ?? 0) * 1000));
  }
  measurements.push({
    name: `read-${workers}`,
    label: workers === 0 ? 'engine only: read all files, main thread' : `engine only: read all files, ${workers} workers`,
    command: `bench/read-throughput.ts <corpus> ${workers}`,
    samples,
    median: medianSample(samples),
    bytes: manifest.bytes,
    detail: { ...last, summary: `${last.parsed} parsed, ${last.prefiltered} pre-filtered` },
  });
}

// 7. The reference reader.
if (withCcusage) {
  const entry = ensureCcusage(log);
  const ccEnv = { ...env, CLAUDE_CONFIG_DIR: corpusDir };
  const args = [entry, 'daily', '--json', '--offline'];
  const samples: Sample[] = [];
  let days = 0;
  for (let i = 0; i < ccusageRuns; i++) {
    const run = await runNode(args, { env: ccEnv, tmpDir: work });
    ensureOk(run, 'ccusage');
    days = (parseJson<{ daily?: unknown[] }>(run, 'ccusage').daily ?? []).length;
    samples.push(sampleOf(run, null));
    log(`ccusage ${i + 1}/${ccusageRuns}: ${(run.wallMs / 1000).toFixed(1)} s`);
  }
  measurements.push({
    name: 'ccusage',
    label: `ccusage ${CCUSAGE_VERSION} daily --json --offline`,
    command: `CLAUDE_CONFIG_DIR=<corpus> ccusage daily --json --offline`,
    samples,
    median: medianSample(samples),
    bytes: manifest.bytes,
    detail: { days, summary: `${days} days reported` },
  });
}

// Targets (benchmark figures, not assertions).
const get = (name: string) => measurements.find((m) => m.name === name);
const cold = get('cold') as Measurement;
const warm = get('warm') as Measurement;
const append = get('append') as Measurement;
const report = get('report') as Measurement;
const cc = get('ccusage');
const coldMBps = mbps(manifest.bytes, cold.median.wallMs);
const big = manifest.bytes > 200e6;
const peakRss = Math.max(...[cold, warm, append].map((m) => m.median.maxRssMB ?? 0));
const targets: Target[] = [
  {
    name: 'cold scan throughput',
    goal: big ? '≥ 450 MB/s (worker threads, corpus > 200 MB)' : '≥ 300 MB/s',
    measured: `${coldMBps.toFixed(0)} MB/s`,
    met: coldMBps >= (big ? 450 : 300),
  },
  {
    name: 'cold scan vs ccusage 18.0.11',
    goal: '≤ 1/10 of its time',
    measured: cc
      ? `${(cold.median.wallMs / 1000).toFixed(2)} s vs ${(cc.median.wallMs / 1000).toFixed(1)} s (1/${(cc.median.wallMs / cold.median.wallMs).toFixed(1)})`
      : 'not run',
    met: cc ? cold.median.wallMs * 10 <= cc.median.wallMs : null,
  },
  {
    name: `warm re-scan (${manifest.files} files)`,
    goal: '≤ 300 ms',
    measured: `${warm.median.wallMs.toFixed(0)} ms`,
    met: warm.median.wallMs <= 300,
  },
  { name: 'append re-scan', goal: '≤ 500 ms', measured: `${append.median.wallMs.toFixed(0)} ms`, met: append.median.wallMs <= 500 },
  { name: 'peak RSS (cold, warm, append)', goal: '≤ 400 MB', measured: `${peakRss.toFixed(0)} MB`, met: peakRss <= 400 },
  { name: 'skillpulse report', goal: '≤ 300 ms', measured: `${report.median.wallMs.toFixed(0)} ms`, met: report.median.wallMs <= 300 },
];
if (machine.loadavgAtStart[0]! > machine.availableParallelism) {
  notes.push(
    `The machine was busy (load average ${machine.loadavgAtStart[0]} on ${machine.availableParallelism} cores at start): wall times are inflated; CPU times are the steadier figure.`,
  );
}
notes.push('Wall times are whole processes (Node start-up, module loading, SQLite open); "self-timed" is the scan\'s own `durationMs`.');

const results: BenchResults = {
  version: 1,
  date: new Date().toISOString(),
  mode: smoke ? 'smoke' : 'full',
  commit: cli.commit,
  source: cli.source,
  dirtyWorkingTree: cli.dirty,
  machine: { ...machine, loadavgAtEnd: loadavg().map((x) => Math.round(x * 100) / 100) },
  corpus: {
    dir: relative(REPO_ROOT, corpusDir),
    files: manifest.files,
    bytes: manifest.bytes,
    bigFileBytes: manifest.bigFile.bytes,
    options: { ...manifest.options },
    buildSeconds: built.seconds,
    reused: built.reused,
  },
  runs,
  measurements,
  targets,
  notes,
};
mkdirSync(resolve(outFile, '..'), { recursive: true });
writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
// Keep the committed results file in the repository's format (biome), so `npm run lint` stays clean.
try {
  execFileSync(join(REPO_ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', outFile], { stdio: 'ignore' });
} catch {
  // Formatting is cosmetic; the JSON is valid either way.
}
process.stdout.write(`\n${textTable(rowsOf(results))}\n\n${textTable(targetRows(results))}\n\n`);
for (const n of notes) process.stdout.write(`- ${n}\n`);
process.stdout.write(`\nresults: ${relative(REPO_ROOT, outFile)}\n`);
if (!smoke && !values['no-docs'] && !scaled) {
  updateDocs(join(REPO_ROOT, 'docs', 'performance.md'), results);
  process.stdout.write('docs/performance.md updated\n');
}
if (!values.keep) rmSync(work, { recursive: true, force: true });
// Keep the JSON loadable by tools that read it back.
JSON.parse(readFileSync(outFile, 'utf8'));
