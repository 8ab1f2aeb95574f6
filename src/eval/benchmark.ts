/**
 * Benchmark aggregation over skill-creator run layouts, writing its `benchmark.json` schema.
 *
 * Layouts (searched in `<dir>/runs/` when it exists, else `<dir>`):
 *   <eval>/<config>/run-<N>/grading.json   (runs)
 *   <eval>/<config>/grading.json           (flat: one run, number 1)
 * Any folder holding such configurations is an eval (not only `eval-*`); the folder itself is
 * one eval when it holds configurations directly. Statistics per configuration are taken over
 * all runs of all evals (mean, sample standard deviation, min, max; 4 decimals, Python rounding).
 * The delta is candidate − baseline, the baseline chosen by name (`without_skill`, `old_skill`)
 * whatever the alphabetical order; other names fall back to the sorted order.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillpulseError } from '../errors.js';
import { type DescriptiveStats, describe, pyRound, pySignedFixed } from './stats.js';

export interface BenchmarkRun {
  eval_id: number;
  eval_name: string;
  configuration: string;
  run_number: number;
  result: {
    pass_rate: number;
    passed: number;
    failed: number;
    total: number;
    time_seconds: number;
    tokens: number;
    tool_calls: number;
    errors: number;
  };
  expectations: unknown[];
  notes: string[];
}

export interface ConfigSummary {
  pass_rate: DescriptiveStats;
  time_seconds: DescriptiveStats;
  tokens: DescriptiveStats;
}

export interface Benchmark {
  metadata: {
    skill_name: string;
    skill_path: string;
    executor_model: string;
    analyzer_model: string;
    timestamp: string;
    evals_run: number[];
    runs_per_configuration: number;
    /** Added: the configuration subtracted in the delta, and the one it is subtracted from. */
    baseline_configuration: string | null;
    candidate_configuration: string | null;
  };
  runs: BenchmarkRun[];
  run_summary: Record<string, ConfigSummary | { pass_rate: string; time_seconds: string; tokens: string }>;
  notes: string[];
}

export interface BenchmarkOptions {
  skillName?: string | undefined;
  skillPath?: string | undefined;
  executorModel?: string | undefined;
  analyzerModel?: string | undefined;
  now?: Date;
  /** Receives one line per skipped or doubtful input. */
  warn?: (message: string) => void;
}

const BASELINE_NAMES = ['without_skill', 'old_skill'];
const CANDIDATE_NAMES = ['with_skill', 'new_skill'];

async function subdirs(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

interface ConfigDir {
  name: string;
  runs: Array<{ number: number; dir: string }>;
}

const RUN_DIR = /^run-(\d+)$/;

/** The configurations inside a folder: subfolders holding `run-N` folders or a `grading.json`. */
async function configsOf(dir: string): Promise<ConfigDir[]> {
  const out: ConfigDir[] = [];
  for (const name of await subdirs(dir)) {
    if (RUN_DIR.test(name)) continue;
    const configDir = path.join(dir, name);
    const runs = (await subdirs(configDir))
      .map((r) => RUN_DIR.exec(r))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ number: Number(m[1]), dir: path.join(configDir, m[0]) }))
      .sort((a, b) => a.number - b.number);
    if (runs.length > 0) out.push({ name, runs });
    else if (existsSync(path.join(configDir, 'grading.json'))) out.push({ name, runs: [{ number: 1, dir: configDir }] });
  }
  return out;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

const num = (v: unknown, fallback = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

async function evalIdentity(dir: string, index: number, warn: (m: string) => void): Promise<{ id: number; name: string }> {
  const base = path.basename(dir);
  const metaFile = path.join(dir, 'eval_metadata.json');
  if (existsSync(metaFile)) {
    try {
      const meta = obj(await readJson(metaFile));
      const name = typeof meta.eval_name === 'string' && meta.eval_name ? meta.eval_name : base;
      if (typeof meta.eval_id === 'number') return { id: meta.eval_id, name };
      return { id: idFromName(base) ?? index, name };
    } catch (error) {
      warn(`${metaFile}: invalid JSON (${(error as Error).message}); using the position as eval id`);
      return { id: index, name: base };
    }
  }
  return { id: idFromName(base) ?? index, name: base };
}

function idFromName(name: string): number | null {
  const dash = name.indexOf('-');
  if (dash === -1) return null;
  const match = /^\d+/.exec(name.slice(dash + 1));
  return match ? Number(match[0]) : null;
}

async function readRun(
  runDir: string,
  warn: (m: string) => void,
): Promise<Omit<BenchmarkRun, 'eval_id' | 'eval_name' | 'configuration' | 'run_number'> | null> {
  const gradingFile = path.join(runDir, 'grading.json');
  let grading: Record<string, unknown>;
  try {
    grading = obj(await readJson(gradingFile));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    warn(`${gradingFile}: ${code === 'ENOENT' ? 'missing' : `invalid (${(error as Error).message})`}; run skipped`);
    return null;
  }
  const summary = obj(grading.summary);
  const metrics = obj(grading.execution_metrics);
  let time = num(obj(grading.timing).total_duration_seconds);
  let tokens = num(metrics.output_chars);
  const timingFile = path.join(runDir, 'timing.json');
  if (existsSync(timingFile)) {
    try {
      const timing = obj(await readJson(timingFile));
      if (time === 0) time = num(timing.total_duration_seconds);
      if (typeof timing.total_tokens === 'number') tokens = timing.total_tokens;
    } catch (error) {
      warn(`${timingFile}: invalid JSON (${(error as Error).message}); ignored`);
    }
  }
  const expectations = Array.isArray(grading.expectations) ? grading.expectations : [];
  expectations.forEach((e, i) => {
    const x = obj(e);
    if (!('text' in x) || !('passed' in x)) warn(`${gradingFile}: expectations[${i}] lacks "text" or "passed"`);
  });
  const notesSummary = obj(grading.user_notes_summary);
  return {
    result: {
      pass_rate: num(summary.pass_rate),
      passed: num(summary.passed),
      failed: num(summary.failed),
      total: num(summary.total),
      time_seconds: time,
      tokens,
      tool_calls: num(metrics.total_tool_calls),
      errors: num(metrics.errors_encountered),
    },
    expectations,
    notes: [...strings(notesSummary.uncertainties), ...strings(notesSummary.needs_review), ...strings(notesSummary.workarounds)],
  };
}

/** Chooses (candidate, baseline) among the configurations, in insertion order. */
export function deltaPair(configs: readonly string[]): { candidate: string | null; baseline: string | null } {
  const baseline = BASELINE_NAMES.find((b) => configs.includes(b));
  if (baseline) {
    const others = configs.filter((c) => c !== baseline);
    const candidate = CANDIDATE_NAMES.find((c) => others.includes(c)) ?? others[0] ?? null;
    return { candidate, baseline };
  }
  return { candidate: configs[0] ?? null, baseline: configs[1] ?? null };
}

/** Reads a benchmark folder and computes `benchmark.json`. */
export async function aggregateBenchmark(dir: string, options: BenchmarkOptions = {}): Promise<Benchmark> {
  const warn = options.warn ?? (() => {});
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new SkillpulseError('NOT_FOUND', 'not a folder', { file: dir });
  const runsDir = path.join(dir, 'runs');
  const searchDir = existsSync(runsDir) ? runsDir : dir;
  const evalDirs: Array<{ dir: string; configs: ConfigDir[] }> = [];
  for (const name of await subdirs(searchDir)) {
    const configs = await configsOf(path.join(searchDir, name));
    if (configs.length > 0) evalDirs.push({ dir: path.join(searchDir, name), configs });
  }
  if (evalDirs.length === 0) {
    const own = await configsOf(searchDir);
    if (own.length > 0) evalDirs.push({ dir: searchDir, configs: own });
  }
  if (evalDirs.length === 0) {
    throw new SkillpulseError('NOT_FOUND', 'no runs found (expected <eval>/<config>/run-N/grading.json or <eval>/<config>/grading.json)', {
      file: searchDir,
    });
  }
  const runs: BenchmarkRun[] = [];
  const configOrder: string[] = [];
  const runCounts: number[] = [];
  for (const [index, e] of evalDirs.entries()) {
    const identity = await evalIdentity(e.dir, index, warn);
    for (const config of e.configs) {
      if (!configOrder.includes(config.name)) configOrder.push(config.name);
      let count = 0;
      for (const run of config.runs) {
        const read = await readRun(run.dir, warn);
        if (!read) continue;
        count++;
        runs.push({ eval_id: identity.id, eval_name: identity.name, configuration: config.name, run_number: run.number, ...read });
      }
      runCounts.push(count);
    }
  }
  const summary: Benchmark['run_summary'] = {};
  const means: Record<string, ConfigSummary> = {};
  for (const config of configOrder) {
    const of = runs.filter((r) => r.configuration === config);
    means[config] = {
      pass_rate: describe(of.map((r) => r.result.pass_rate)),
      time_seconds: describe(of.map((r) => r.result.time_seconds)),
      tokens: describe(of.map((r) => r.result.tokens)),
    };
    summary[config] = means[config]!;
  }
  const { candidate, baseline } = deltaPair(configOrder);
  const mean = (config: string | null, key: keyof ConfigSummary) => (config ? means[config]![key].mean : 0);
  const d = (key: keyof ConfigSummary) => pyRound(mean(candidate, key), 4) - pyRound(mean(baseline, key), 4);
  summary.delta = {
    pass_rate: pySignedFixed(d('pass_rate'), 2),
    time_seconds: pySignedFixed(d('time_seconds'), 1),
    tokens: pySignedFixed(d('tokens'), 0),
  };
  const now = options.now ?? new Date();
  return {
    metadata: {
      skill_name: options.skillName ?? '<skill-name>',
      skill_path: options.skillPath ?? '<path/to/skill>',
      executor_model: options.executorModel ?? '<model-name>',
      analyzer_model: options.analyzerModel ?? '<model-name>',
      timestamp: now.toISOString().replace(/\.\d+Z$/, 'Z'),
      evals_run: [...new Set(runs.map((r) => r.eval_id))].sort((a, b) => a - b),
      runs_per_configuration: runCounts.length > 0 ? Math.max(...runCounts) : 0,
      baseline_configuration: baseline,
      candidate_configuration: candidate,
    },
    runs,
    run_summary: summary,
    notes: [],
  };
}
