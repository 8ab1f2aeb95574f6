/**
 * Plans the benchmark corpus: which copies of which real sessions go into which files. Pure and
 * deterministic (seeded PRNG, sources sorted by name): the same options and sources give the
 * same plan, hence the same bytes.
 *
 * Shape: one big file (over 600 MB in the full corpus) made of many sessions appended under one
 * session id, as a long-lived session that was resumed again and again; the rest are sessions
 * with sizes drawn from a log-normal distribution (many small ones, a few large), each a whole
 * copy of a real session with its subagent files, a prefix of one (a session that ended early)
 * or several appended (a resumed session).
 */
import { Prng } from './prng.js';
import type { SourceGroup } from './corpus-sources.js';

export interface CorpusOptions {
  seed: string;
  /** Total bytes to aim for. */
  totalBytes: number;
  /** Files to aim for (main sessions plus subagent files plus the big file). */
  files: number;
  /** Minimum size of the one big file. */
  bigBytes: number;
}

export interface PartPlan {
  group: number;
  /** Copy only the first `limit` bytes of the main file (cut at a line end); null = whole file. */
  limit: number | null;
  seed: string;
  shiftMs: number;
}

export interface UnitPlan {
  /** Index of the synthetic project (cwd) the session belongs to. */
  project: number;
  /** Parts appended into the main file; the first part's subagent files are written when `withSubagents`. */
  parts: PartPlan[];
  withSubagents: boolean;
  /** Used for ids that have no source value (files without a sessionId). */
  seed: string;
  big: boolean;
}

export interface CorpusPlan {
  options: CorpusOptions;
  projects: string[];
  units: UnitPlan[];
  /** Estimated from source sizes (ids and cwds change lengths a little). */
  estimatedBytes: number;
  estimatedFiles: number;
}

/** Timestamps land in [2025-06-01, 2026-11-01): months of history. */
export const WINDOW_START = Date.UTC(2025, 5, 1);
export const WINDOW_END = Date.UTC(2026, 10, 1);
const MINUTE = 60_000;
const SIGMA = 1.4;
const PROJECT_COUNT = 48;

const USERS = ['alex', 'sam', 'kim', 'rin', 'jo', 'mika'];
const AREAS = ['src', 'work', 'code', 'projects', 'dev'];
const WORDS = ['atlas', 'beacon', 'cobalt', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'iris', 'juniper', 'kestrel', 'lumen'];

function makeProjects(prng: Prng): string[] {
  const out: string[] = [];
  for (let i = 0; i < PROJECT_COUNT; i++) {
    const name = `${prng.pick(WORDS)}-${prng.pick(WORDS)}${i % 3 === 0 ? '.app' : ''}`;
    out.push(`/home/${prng.pick(USERS)}/${prng.pick(AREAS)}/${name}`);
  }
  return out;
}

/** `<encoded-cwd>`: every character that is not A–Z, a–z or 0–9 becomes `-`. */
export function encodeCwd(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, '-');
}

/** Bytes a copy of `group.main` cut at `limit` will have (cut after the last newline ≤ limit, at least one line). */
export function prefixLength(text: string, limit: number): number {
  if (limit >= text.length) return text.length;
  const cut = text.lastIndexOf('\n', limit - 1);
  if (cut >= 0) return cut + 1;
  const first = text.indexOf('\n');
  return first < 0 ? text.length : first + 1;
}

function duration(group: SourceGroup): number {
  const { firstMs, lastMs } = group.main;
  return firstMs !== null && lastMs !== null ? lastMs - firstMs : 0;
}

/** Sequential shifts for parts appended into one file: each starts after the previous ends. */
function chainShifts(prng: Prng, groups: SourceGroup[], parts: PartPlan[]): void {
  const totalDuration = parts.reduce((n, p) => n + duration(groups[p.group] as SourceGroup), 0);
  const room = Math.max(0, WINDOW_END - WINDOW_START - totalDuration);
  const meanGap = Math.max(MINUTE, room / Math.max(1, parts.length) / 2);
  let cursor = WINDOW_START + prng.next() * Math.min(room / 2, 90 * 24 * 60 * MINUTE);
  for (const part of parts) {
    const g = groups[part.group] as SourceGroup;
    part.shiftMs = Math.round(cursor - (g.main.firstMs ?? WINDOW_START));
    cursor += duration(g) + MINUTE + prng.next() * 2 * meanGap;
  }
}

function singleShift(prng: Prng, group: SourceGroup): number {
  const span = Math.max(0, WINDOW_END - WINDOW_START - duration(group));
  const start = WINDOW_START + prng.next() * span;
  return Math.round(start - (group.main.firstMs ?? WINDOW_START));
}

export function planCorpus(groups: SourceGroup[], options: CorpusOptions): CorpusPlan {
  if (groups.length === 0) throw new Error('no source groups');
  const prng = new Prng(`plan:${options.seed}`);
  const projects = makeProjects(prng);
  const units: UnitPlan[] = [];
  const nonEmpty = groups.filter((g) => g.main.size > 0 && !g.orphanAgent);
  let unitNo = 0;
  const partSeed = (u: number, p: number) => `${options.seed}:u${u}:p${p}`;

  // The small and medium sessions.
  let bytesLeft = Math.max(0, options.totalBytes - options.bigBytes);
  let filesLeft = Math.max(0, options.files - 1);
  let estimatedBytes = 0;
  let estimatedFiles = 0;
  while (filesLeft > 0) {
    const mean = Math.max(2_000, bytesLeft / filesLeft);
    const target = mean * Math.exp(SIGMA * prng.normal() - (SIGMA * SIGMA) / 2);
    const group = prng.pick(groups);
    const u = unitNo++;
    const unit: UnitPlan = {
      project: prng.int(0, PROJECT_COUNT - 1),
      parts: [],
      withSubagents: false,
      seed: `${options.seed}:u${u}`,
      big: false,
    };
    let bytes = 0;
    let files = 1;
    if (target < group.main.size * 0.9) {
      const limit = prefixLength(group.main.text, Math.max(1, Math.round(target)));
      unit.parts.push({ group: group.index, limit, seed: partSeed(u, 0), shiftMs: singleShift(prng, group) });
      bytes = limit;
    } else {
      unit.parts.push({ group: group.index, limit: null, seed: partSeed(u, 0), shiftMs: 0 });
      unit.withSubagents = group.subagents.length > 0 && filesLeft > group.subagents.length;
      bytes = unit.withSubagents ? group.totalSize : group.main.size;
      files += unit.withSubagents ? group.subagents.length : 0;
      // A long, resumed session: append more sessions until the drawn size is reached.
      while (!group.orphanAgent && bytes < target * 0.9 && unit.parts.length < 400) {
        const extra = prng.pick(nonEmpty);
        const need = Math.round(target - bytes);
        const limit = extra.main.size > need ? prefixLength(extra.main.text, need) : null;
        unit.parts.push({ group: extra.index, limit, seed: partSeed(u, unit.parts.length), shiftMs: 0 });
        bytes += (limit ?? extra.main.size) + 1;
      }
      if (unit.parts.length > 1) chainShifts(prng, groups, unit.parts);
      else (unit.parts[0] as PartPlan).shiftMs = singleShift(prng, group);
    }
    units.push(unit);
    bytesLeft -= bytes;
    filesLeft -= files;
    estimatedBytes += bytes;
    estimatedFiles += files;
  }

  // The big file takes what is left, and at least `bigBytes`.
  const bigTarget = Math.max(options.bigBytes, options.totalBytes - estimatedBytes);
  if (bigTarget > 0) {
    const u = unitNo++;
    const big: UnitPlan = {
      project: prng.int(0, PROJECT_COUNT - 1),
      parts: [],
      withSubagents: false,
      seed: `${options.seed}:u${u}`,
      big: true,
    };
    let bytes = 0;
    while (bytes < bigTarget) {
      const g = prng.pick(nonEmpty);
      big.parts.push({ group: g.index, limit: null, seed: partSeed(u, big.parts.length), shiftMs: 0 });
      bytes += g.main.size + 1;
    }
    chainShifts(prng, groups, big.parts);
    units.push(big);
    estimatedBytes += bytes;
    estimatedFiles += 1;
  }
  return { options, projects, units, estimatedBytes, estimatedFiles };
}
