/**
 * Writes the benchmark corpus planned by `corpus-plan.ts` under `<dir>/projects/<encoded-cwd>/…`
 * (the `~/.claude` layout, so `CLAUDE_CONFIG_DIR=<dir>` works for ccusage too). Streams: each
 * part is rewritten and written on its own, so memory stays at one source session however big
 * the output file. A manifest (`bench-corpus.json`) records the options and the result; a corpus
 * whose manifest matches is reused instead of rebuilt.
 *
 *   tsx bench/build-corpus.ts [--dir bench/corpus/full] [--size 1GB] [--files 2000] [--big 650MB] [--seed S]
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CopyRewriter, groupRegex } from './corpus-rewrite.js';
import { type CorpusOptions, type CorpusPlan, encodeCwd, planCorpus, WINDOW_START } from './corpus-plan.js';
import { loadSourceGroups, type SourceFile, type SourceGroup, UUID_TEXT } from './corpus-sources.js';
import { Prng } from './prng.js';

/** Bump when the output for the same options changes. */
export const GENERATOR_VERSION = 3;
export const MANIFEST = 'bench-corpus.json';
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_SOURCES = resolve(REPO_ROOT, '..', 'shared', 'corpus', 'claude-code');

export interface CorpusFileEntry {
  /** Path relative to the corpus dir. */
  path: string;
  bytes: number;
  kind: 'session' | 'subagent';
}

export interface CorpusManifest {
  generator: number;
  options: CorpusOptions;
  sources: { dir: string; files: number; bytes: number; sha1: string };
  files: number;
  bytes: number;
  bigFile: CorpusFileEntry;
  list: CorpusFileEntry[];
}

function keyOf(id: string): string {
  return UUID_TEXT.test(id) ? id : `odd:${id}`;
}

function sourcesFingerprint(dir: string, groups: SourceGroup[]): CorpusManifest['sources'] {
  const hash = createHash('sha1');
  let files = 0;
  let bytes = 0;
  for (const g of groups) {
    for (const f of [g.main, ...g.subagents]) {
      hash.update(`${f.name}\0${f.size}\0`);
      hash.update(f.text, 'latin1');
      files++;
      bytes += f.size;
    }
  }
  return { dir, files, bytes, sha1: hash.digest('hex') };
}

class CorpusWriter {
  readonly list: CorpusFileEntry[] = [];
  private readonly regexes: RegExp[];

  constructor(
    private readonly dir: string,
    private readonly groups: SourceGroup[],
    private readonly plan: CorpusPlan,
  ) {
    this.regexes = groups.map(groupRegex);
  }

  private writeFile(rel: string, kind: CorpusFileEntry['kind'], chunks: Iterable<string>, mtimeMs: () => number): CorpusFileEntry {
    const path = join(this.dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'w');
    let bytes = 0;
    try {
      for (const chunk of chunks) {
        const buf = Buffer.from(chunk, 'latin1');
        writeSync(fd, buf);
        bytes += buf.length;
      }
    } finally {
      closeSync(fd);
    }
    const when = new Date(mtimeMs());
    utimesSync(path, when, when);
    const entry = { path: rel, bytes, kind };
    this.list.push(entry);
    return entry;
  }

  writeUnit(unitIndex: number): CorpusFileEntry {
    const unit = this.plan.units[unitIndex]!;
    const cwd = this.plan.projects[unit.project]!;
    const projectDir = join('projects', encodeCwd(cwd));
    const cwdLiteral = JSON.stringify(cwd).slice(1, -1);
    const first = unit.parts[0]!;
    const firstGroup = this.groups[first.group]!;
    const rewriters = unit.parts.map((part, i) => {
      const fixed = new Map<string, string>();
      return { part, fixed, rw: i === 0 ? new CopyRewriter({ seed: part.seed, shiftMs: part.shiftMs, cwdLiteral }) : null };
    });
    const rw0 = rewriters[0]!.rw!;
    const src = firstGroup.main.sessionId;
    const sessionId = src ? rw0.mapUuid(keyOf(src)) : new Prng(unit.seed).uuid();

    let fileName: string;
    if (firstGroup.orphanAgent && unit.parts.length === 1) {
      fileName = `agent-${rw0.mapAgentId(firstGroup.main.agentId!)}.jsonl`;
    } else {
      fileName = `${sessionId}.jsonl`;
    }
    let lastMs = WINDOW_START;
    const groups = this.groups;
    const regexes = this.regexes;
    function* mainChunks(): Generator<string> {
      let endsWithNewline = true;
      for (let i = 0; i < rewriters.length; i++) {
        const { part, fixed } = rewriters[i]!;
        const g = groups[part.group]!;
        let rw = rewriters[i]!.rw;
        if (rw === null) {
          if (g.main.sessionId) fixed.set(keyOf(g.main.sessionId), sessionId);
          rw = new CopyRewriter({ seed: part.seed, shiftMs: part.shiftMs, cwdLiteral, fixed });
        }
        const text = part.limit === null ? g.main.text : g.main.text.slice(0, part.limit);
        if (text.length === 0) continue;
        if (!endsWithNewline) yield '\n';
        const out = rw.rewrite(text, regexes[g.index]!);
        endsWithNewline = out.endsWith('\n');
        if (g.main.lastMs !== null) lastMs = Math.max(lastMs, g.main.lastMs + part.shiftMs);
        yield out;
      }
    }
    const main = this.writeFile(join(projectDir, fileName), firstGroup.orphanAgent ? 'subagent' : 'session', mainChunks(), () => lastMs);
    if (unit.withSubagents) {
      for (const sub of firstGroup.subagents) this.writeSubagent(projectDir, sessionId, sub, rw0, first.shiftMs, first.group);
    }
    return main;
  }

  private writeSubagent(projectDir: string, sessionId: string, sub: SourceFile, rw: CopyRewriter, shiftMs: number, group: number): void {
    const name = `agent-${rw.mapAgentId(sub.agentId!)}.jsonl`;
    const rel = sub.nested ? join(projectDir, sessionId, 'subagents', name) : join(projectDir, name);
    const mtime = sub.lastMs !== null ? sub.lastMs + shiftMs : WINDOW_START;
    this.writeFile(rel, 'subagent', [rw.rewrite(sub.text, this.regexes[group]!)], () => mtime);
  }
}

function readManifest(dir: string): CorpusManifest | null {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as CorpusManifest;
  } catch {
    return null;
  }
}

/** True when `dir` holds a complete corpus for these options (sizes checked, contents not re-hashed). */
export function corpusIsCurrent(dir: string, options: CorpusOptions, sources: CorpusManifest['sources']): CorpusManifest | null {
  const m = readManifest(dir);
  if (!m || m.generator !== GENERATOR_VERSION || JSON.stringify(m.options) !== JSON.stringify(options)) return null;
  if (m.sources.sha1 !== sources.sha1) return null;
  for (const f of m.list) {
    const p = join(dir, f.path);
    if (!existsSync(p) || statSync(p).size !== f.bytes) return null;
  }
  return m;
}

export interface BuildResult {
  manifest: CorpusManifest;
  reused: boolean;
  seconds: number;
}

export function buildCorpus(dir: string, options: CorpusOptions, sourcesDir = DEFAULT_SOURCES, force = false): BuildResult {
  const started = performance.now();
  const groups = loadSourceGroups(sourcesDir);
  const sources = sourcesFingerprint(relative(REPO_ROOT, sourcesDir) || sourcesDir, groups);
  if (!force) {
    const current = corpusIsCurrent(dir, options, sources);
    if (current) return { manifest: current, reused: true, seconds: (performance.now() - started) / 1000 };
  }
  if (existsSync(dir) && readdirSync(dir).length > 0 && !readManifest(dir)) {
    throw new Error(`${dir} is not empty and holds no ${MANIFEST}; refusing to overwrite it`);
  }
  rmSync(join(dir, 'projects'), { recursive: true, force: true });
  rmSync(join(dir, MANIFEST), { force: true });
  mkdirSync(dir, { recursive: true });
  const plan = planCorpus(groups, options);
  const writer = new CorpusWriter(dir, groups, plan);
  let bigFile: CorpusFileEntry | null = null;
  for (let i = 0; i < plan.units.length; i++) {
    const entry = writer.writeUnit(i);
    if (plan.units[i]!.big) bigFile = entry;
  }
  const list = [...writer.list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const manifest: CorpusManifest = {
    generator: GENERATOR_VERSION,
    options,
    sources,
    files: list.length,
    bytes: list.reduce((n, f) => n + f.bytes, 0),
    bigFile: bigFile ?? list.reduce((a, b) => (b.bytes > a.bytes ? b : a)),
    list,
  };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
  return { manifest, reused: false, seconds: (performance.now() - started) / 1000 };
}

/** `50MB`, `1GB`, `650mb`, `200KB`, `12345` (decimal units: 1 MB = 10^6 bytes). */
export function parseSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(text);
  if (!m) throw new Error(`not a size: ${JSON.stringify(text)} (use e.g. 50MB, 1GB)`);
  const unit = (m[2] ?? 'b').toLowerCase();
  const factor = unit === 'gb' ? 1e9 : unit === 'mb' ? 1e6 : unit === 'kb' ? 1e3 : 1;
  return Math.round(Number(m[1]) * factor);
}

export const FULL_CORPUS: CorpusOptions = { seed: 'skillpulse-bench-1', totalBytes: 1e9, files: 2000, bigBytes: 650e6 };
export const SMOKE_CORPUS: CorpusOptions = { seed: 'skillpulse-bench-1', totalBytes: 20e6, files: 120, bigBytes: 8e6 };

/** The big file takes 65% of the total unless set, so a scaled-down corpus keeps the shape. */
export function corpusOptions(size?: string, files?: string, big?: string, seed?: string): CorpusOptions {
  const totalBytes = size ? parseSize(size) : FULL_CORPUS.totalBytes;
  return {
    seed: seed ?? FULL_CORPUS.seed,
    totalBytes,
    files: files ? Number.parseInt(files, 10) : FULL_CORPUS.files,
    bigBytes: big ? parseSize(big) : Math.round(totalBytes * 0.65),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dir: { type: 'string' },
      size: { type: 'string' },
      files: { type: 'string' },
      big: { type: 'string' },
      seed: { type: 'string' },
      sources: { type: 'string' },
      force: { type: 'boolean', default: false },
    },
  });
  const dir = resolve(values.dir ?? join(REPO_ROOT, 'bench', 'corpus', 'full'));
  const options = corpusOptions(values.size, values.files, values.big, values.seed);
  const result = buildCorpus(dir, options, values.sources ? resolve(values.sources) : DEFAULT_SOURCES, values.force);
  const m = result.manifest;
  process.stdout.write(
    `${result.reused ? 'reused' : 'built'} ${dir}: ${m.files} files, ${(m.bytes / 1e6).toFixed(1)} MB ` +
      `(largest ${(m.bigFile.bytes / 1e6).toFixed(1)} MB) in ${result.seconds.toFixed(1)} s\n`,
  );
}
