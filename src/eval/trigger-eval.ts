/**
 * The trigger-rate evaluation: every (query, run index) pair is one isolated run; runs go through
 * a bounded worker pool in rounds (run 0 of every query, then run 1, …) so a budget stop leaves
 * every query with some runs. Output is a superset of skill-creator's run_eval JSON, in eval-set
 * order, with errors kept apart from "not triggered" (reference §12, E1–E7).
 */
import { SkillpulseError } from '../errors.js';
import type { BudgetTracker } from './budget.js';
import type { CacheKeyParts, TriggerCache } from './cache.js';
import type { DetectPolicy } from './detection.js';
import type { EvalItem } from './eval-set.js';
import type { TriggerRunner } from './runners/types.js';
import { classificationScores, wilsonInterval } from './stats.js';

export interface TriggerEvalConfig {
  skillName: string;
  description: string;
  /** SKILL.md text installed for every run (its description is the candidate). */
  skillMd: string;
  items: readonly EvalItem[];
  runsPerQuery: number;
  numWorkers: number;
  threshold: number;
  timeoutSec: number;
  model: string | undefined;
  policy: DetectPolicy;
  runner: TriggerRunner;
  /** null: no caching (`--no-cache`). */
  cache: TriggerCache | null;
  /** Shared across evaluations (the optimiser's iterations share one budget). */
  budget: BudgetTracker;
  signal?: AbortSignal | undefined;
  onRun?: ((event: RunEvent) => void) | undefined;
  /** Reported in `meta` (a same-name user skill that would shadow the candidate). */
  userSkillConflict?: string | null | undefined;
  now?: () => number;
}

export type RunStatus = 'triggered' | 'not_triggered' | 'error' | 'skipped';

export interface RunDetail {
  run: number;
  status: RunStatus;
  cached: boolean;
  stopped_early: boolean;
  duration_ms: number;
  cost_usd: number | null;
  cost_estimated: boolean;
  error: string | null;
  other_skills: string[];
  tools: string[];
  text: string;
}

export interface RunEvent {
  done: number;
  total: number;
  query: string;
  detail: RunDetail;
  spentUsd: number;
}

export interface TriggerQueryResult {
  query: string;
  should_trigger: boolean;
  /** triggers / runs; null when no run succeeded. */
  trigger_rate: number | null;
  triggers: number;
  /** Runs that produced an answer (errors and skipped runs excluded). */
  runs: number;
  /** null when no run produced an answer. */
  pass: boolean | null;
  /** Runs that failed (crash, timeout, API error). */
  errors: number;
  /** Runs not made because the budget ran out or the eval was interrupted. */
  skipped: number;
  /** 95% Wilson interval of the trigger rate; null without runs. */
  ci_95: { low: number; high: number } | null;
  /** The runs disagree (some triggered, some not). */
  flaky: boolean;
  /** The 95% interval straddles the threshold: more runs are needed to be sure of `pass`. */
  uncertain: boolean;
  run_details: RunDetail[];
}

export interface TriggerEvalSummary {
  total: number;
  passed: number;
  failed: number;
  /** Queries whose runs all failed (pass null). */
  errors: number;
  /** Run level, as skill-creator's loop counts them: tp = triggers on positives, fp = on negatives. */
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
  runs: number;
  triggers: number;
  run_errors: number;
  runs_skipped: number;
  runs_cached: number;
  runs_stopped_early: number;
  cost_usd: number;
  cost_estimated_usd: number;
  budget_exhausted: boolean;
  interrupted: boolean;
  duration_ms: number;
}

export interface TriggerEvalResult {
  skill_name: string;
  description: string;
  results: TriggerQueryResult[];
  summary: TriggerEvalSummary;
  meta: {
    runner: string;
    client_version: string;
    model: string | null;
    detect: DetectPolicy;
    runs_per_query: number;
    num_workers: number;
    trigger_threshold: number;
    timeout: number;
    max_budget_usd: number | null;
    user_skill_conflict: string | null;
  };
}

interface Job {
  item: number;
  run: number;
}

const TEXT_SNIPPET = 200;

/** Runs `worker` over `jobs` with at most `limit` in flight; `shouldStart` is asked before each. */
export async function runPool<T>(
  jobs: readonly T[],
  limit: number,
  shouldStart: () => boolean,
  worker: (job: T) => Promise<void>,
): Promise<T[]> {
  const notStarted: T[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, jobs.length)) }, async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (!shouldStart()) {
        notStarted.push(job);
        continue;
      }
      await worker(job);
    }
  });
  await Promise.all(lanes);
  return notStarted;
}

export async function runTriggerEval(config: TriggerEvalConfig): Promise<TriggerEvalResult> {
  const now = config.now ?? Date.now;
  const started = now();
  const clientVersion = await config.runner.clientVersion();
  const details: RunDetail[][] = config.items.map(() => []);
  const jobs: Job[] = [];
  for (let run = 0; run < config.runsPerQuery; run++) for (let item = 0; item < config.items.length; item++) jobs.push({ item, run });
  let done = 0;
  const keyOf = (job: Job): CacheKeyParts => ({
    runner: config.runner.name,
    model: config.model,
    description: config.description,
    query: config.items[job.item]!.query,
    runIndex: job.run,
    clientVersion,
    skillName: config.skillName,
    policy: config.policy,
  });

  const worker = async (job: Job) => {
    const item = config.items[job.item]!;
    const key = keyOf(job);
    const cached = config.cache ? await config.cache.get(key) : undefined;
    let detail: RunDetail;
    if (cached) {
      detail = {
        run: job.run,
        status: cached.triggered ? 'triggered' : 'not_triggered',
        cached: true,
        stopped_early: false,
        duration_ms: 0,
        cost_usd: 0,
        cost_estimated: false,
        error: null,
        other_skills: cached.otherSkills,
        tools: cached.toolsCalled,
        text: cached.text,
      };
    } else {
      const outcome = await config.runner.run({
        query: item.query,
        skillName: config.skillName,
        skillMd: config.skillMd,
        model: config.model,
        timeoutMs: config.timeoutSec * 1000,
        policy: config.policy,
        signal: config.signal,
      });
      const obs = outcome.observation;
      let verdict = outcome.verdict;
      if (verdict.kind === 'not_triggered' && obs.loadedSkills !== undefined && !obs.loadedSkills.includes(config.skillName)) {
        verdict = { kind: 'error', message: `the client did not load the candidate skill "${config.skillName}"` };
      }
      const charge = config.budget.record(obs.costUsd, outcome.tokens);
      detail = {
        run: job.run,
        status: verdict.kind,
        cached: false,
        stopped_early: outcome.stoppedEarly,
        duration_ms: outcome.durationMs,
        cost_usd: charge.costUsd,
        cost_estimated: charge.estimated,
        error: verdict.kind === 'error' ? verdict.message : null,
        other_skills: obs.otherSkills,
        tools: obs.toolsCalled,
        text: obs.text.slice(0, TEXT_SNIPPET),
      };
      if (config.cache && verdict.kind !== 'error') {
        await config.cache.put(key, {
          triggered: verdict.kind === 'triggered',
          costUsd: charge.costUsd,
          durationMs: outcome.durationMs,
          otherSkills: obs.otherSkills,
          toolsCalled: obs.toolsCalled,
          text: detail.text,
          createdAt: new Date(now()).toISOString(),
        });
      }
    }
    details[job.item]!.push(detail);
    done++;
    config.onRun?.({ done, total: jobs.length, query: item.query, detail, spentUsd: config.budget.spentUsd });
  };

  const skippedJobs = await runPool(jobs, config.numWorkers, () => !config.budget.exhausted && !config.signal?.aborted, worker);
  for (const job of skippedJobs) {
    details[job.item]!.push({
      run: job.run,
      status: 'skipped',
      cached: false,
      stopped_early: false,
      duration_ms: 0,
      cost_usd: null,
      cost_estimated: false,
      error: config.signal?.aborted ? 'interrupted' : 'budget exhausted',
      other_skills: [],
      tools: [],
      text: '',
    });
  }
  const result = aggregate(config, details, clientVersion);
  result.summary.budget_exhausted = skippedJobs.length > 0 && !config.signal?.aborted;
  result.summary.interrupted = config.signal?.aborted === true;
  result.summary.duration_ms = now() - started;
  return result;
}

/** Pure aggregation of run details into query results and the summary (eval-set order). */
export function aggregate(
  config: Pick<
    TriggerEvalConfig,
    | 'skillName'
    | 'description'
    | 'items'
    | 'threshold'
    | 'budget'
    | 'runner'
    | 'model'
    | 'policy'
    | 'runsPerQuery'
    | 'numWorkers'
    | 'timeoutSec'
    | 'userSkillConflict'
  >,
  details: RunDetail[][],
  clientVersion: string,
): TriggerEvalResult {
  let tp = 0;
  let fn = 0;
  let fp = 0;
  let tn = 0;
  const summary: TriggerEvalSummary = {
    total: config.items.length,
    passed: 0,
    failed: 0,
    errors: 0,
    precision: null,
    recall: null,
    f1: null,
    accuracy: null,
    runs: 0,
    triggers: 0,
    run_errors: 0,
    runs_skipped: 0,
    runs_cached: 0,
    runs_stopped_early: 0,
    cost_usd: 0,
    cost_estimated_usd: 0,
    budget_exhausted: false,
    interrupted: false,
    duration_ms: 0,
  };
  const results = config.items.map((item, i): TriggerQueryResult => {
    const runs = [...details[i]!].sort((a, b) => a.run - b.run);
    const answered = runs.filter((r) => r.status === 'triggered' || r.status === 'not_triggered');
    const triggers = answered.filter((r) => r.status === 'triggered').length;
    const errors = runs.filter((r) => r.status === 'error').length;
    const skipped = runs.filter((r) => r.status === 'skipped').length;
    const n = answered.length;
    const rate = n > 0 ? triggers / n : null;
    const pass = rate === null ? null : item.should_trigger ? rate >= config.threshold : rate < config.threshold;
    const ci = wilsonInterval(triggers, n);
    summary.runs += n;
    summary.triggers += triggers;
    summary.run_errors += errors;
    summary.runs_skipped += skipped;
    summary.runs_cached += runs.filter((r) => r.cached).length;
    summary.runs_stopped_early += runs.filter((r) => r.stopped_early).length;
    for (const r of runs) {
      if (r.cached || r.cost_usd === null) continue;
      if (r.cost_estimated) summary.cost_estimated_usd += r.cost_usd;
      else summary.cost_usd += r.cost_usd;
    }
    if (pass === null) summary.errors++;
    else if (pass) summary.passed++;
    else summary.failed++;
    if (item.should_trigger) {
      tp += triggers;
      fn += n - triggers;
    } else {
      fp += triggers;
      tn += n - triggers;
    }
    return {
      query: item.query,
      should_trigger: item.should_trigger,
      trigger_rate: rate,
      triggers,
      runs: n,
      pass,
      errors,
      skipped,
      ci_95: ci,
      flaky: triggers > 0 && triggers < n,
      uncertain: ci !== null && ci.low < config.threshold && ci.high >= config.threshold,
      run_details: runs,
    };
  });
  const scores = classificationScores(tp, fp, fn);
  summary.precision = scores.precision;
  summary.recall = scores.recall;
  summary.f1 = scores.f1;
  summary.accuracy = summary.runs > 0 ? (tp + tn) / summary.runs : null;
  return {
    skill_name: config.skillName,
    description: config.description,
    results,
    summary,
    meta: {
      runner: config.runner.name,
      client_version: clientVersion,
      model: config.model ?? null,
      detect: config.policy,
      runs_per_query: config.runsPerQuery,
      num_workers: config.numWorkers,
      trigger_threshold: config.threshold,
      timeout: config.timeoutSec,
      max_budget_usd: config.budget.maxUsd ?? null,
      user_skill_conflict: config.userSkillConflict ?? null,
    },
  };
}

export interface TriggerPlan {
  runs_total: number;
  runs_cached: number;
  runs_to_make: number;
  estimated_cost_usd: number;
  /** How the per-run estimate was obtained. */
  estimate_basis: string;
  per_run_estimate_usd: number;
}

/** The dry run: how many runs an evaluation makes, how many the cache answers, and an estimate. */
export async function planTriggerEval(
  config: Pick<
    TriggerEvalConfig,
    'items' | 'runsPerQuery' | 'runner' | 'model' | 'description' | 'skillName' | 'policy' | 'cache' | 'budget'
  >,
): Promise<TriggerPlan> {
  if (config.items.length === 0) throw new SkillpulseError('INVALID_INPUT', 'the eval set is empty');
  const clientVersion = await config.runner.clientVersion();
  let cached = 0;
  const total = config.items.length * config.runsPerQuery;
  if (config.cache) {
    for (const item of config.items) {
      for (let run = 0; run < config.runsPerQuery; run++) {
        const hit = await config.cache.get({
          runner: config.runner.name,
          model: config.model,
          description: config.description,
          query: item.query,
          runIndex: run,
          clientVersion,
          skillName: config.skillName,
          policy: config.policy,
        });
        if (hit) cached++;
      }
    }
  }
  const history = config.cache ? await config.cache.meanCost(config.runner.name, config.model) : null;
  const perRun = history ? history.mean : config.budget.estimateRun();
  const basis = history
    ? `mean cost of ${history.n} earlier runs with this runner and model`
    : 'default assumption (no earlier runs recorded)';
  return {
    runs_total: total,
    runs_cached: cached,
    runs_to_make: total - cached,
    estimated_cost_usd: (total - cached) * perRun,
    estimate_basis: basis,
    per_run_estimate_usd: perRun,
  };
}
