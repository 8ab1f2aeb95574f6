/**
 * Description optimisation with a held-out test set (skill-creator's run_loop, made sturdier).
 *
 * - The eval set is split once, stratified and seeded (`split.ts` documents the seed mapping).
 * - Every candidate is evaluated on train and test together, then the results are split back.
 * - The rewriter sees train results only: candidates are handed to it as `BlindedAttempt`s,
 *   which have no test fields, and parents are chosen by train score only.
 * - Stop when every train query passes, at the iteration limit, when the budget is spent, or on
 *   interrupt. The best candidate is the one with the highest test score (earliest on ties); the
 *   train score decides when there is no test set.
 * - Beyond the greedy original: each failed train query's run outcomes (what Claude did instead)
 *   go to the rewriter, and with `beam > 1` the best few candidates by train score each get a
 *   rewrite per round (beam 1 rewrites the latest candidate, as upstream).
 */
import { SkillpulseError } from '../errors.js';
import type { ModelBackend } from './backends.js';
import type { EvalItem } from './eval-set.js';
import { type BlindedAttempt, type RewriteLog, rewriteDescription, type TrainQueryView } from './rewriter.js';
import { splitEvalSet } from './split.js';
import { runTriggerEval, type RunEvent, type TriggerEvalConfig, type TriggerQueryResult } from './trigger-eval.js';

export interface OptimizeConfig {
  skillName: string;
  skillText: string;
  originalDescription: string;
  items: readonly EvalItem[];
  maxIterations: number;
  holdout: number;
  seed: number;
  beam: number;
  backend: ModelBackend;
  /** Trigger-eval configuration for a candidate over some items (shares one budget). */
  configFor(description: string, items: readonly EvalItem[]): TriggerEvalConfig;
  signal?: AbortSignal | undefined;
  onProgress?: ((message: string) => void) | undefined;
  onRun?: ((event: RunEvent) => void) | undefined;
}

export interface QueryScore {
  query: string;
  should_trigger: boolean;
  trigger_rate: number | null;
  triggers: number;
  runs: number;
  errors: number;
  pass: boolean | null;
}

export interface HistoryEntry {
  iteration: number;
  /** Position in `history` (0-based). */
  index: number;
  /** History index of the candidate this one was rewritten from; null for the original. */
  parent: number | null;
  description: string;
  train_passed: number;
  train_failed: number;
  train_total: number;
  train_results: QueryScore[];
  test_passed: number | null;
  test_failed: number | null;
  test_total: number | null;
  test_results: QueryScore[] | null;
  /** Train values again, for skill-creator compatibility. */
  passed: number;
  failed: number;
  total: number;
  results: QueryScore[];
  cost_usd: number;
}

export interface OptimizeResult {
  exit_reason: string;
  original_description: string;
  best_description: string;
  best_score: string;
  best_train_score: string;
  best_test_score: string | null;
  best_iteration: number;
  /** Position of the best candidate in `history`. */
  best_index: number;
  final_description: string;
  iterations_run: number;
  holdout: number;
  seed: number;
  beam: number;
  train_size: number;
  test_size: number;
  split: { train: string[]; test: string[] };
  history: HistoryEntry[];
  rewrites: Array<RewriteLog & { iteration: number; parent: number }>;
  cost_usd: number;
  budget_exhausted: boolean;
}

function score(r: TriggerQueryResult): QueryScore {
  return {
    query: r.query,
    should_trigger: r.should_trigger,
    trigger_rate: r.trigger_rate,
    triggers: r.triggers,
    runs: r.runs,
    errors: r.errors,
    pass: r.pass,
  };
}

/** The index of the best entry: highest test_passed (null as 0), else train_passed; earliest on ties. */
export function bestIndex(history: readonly Pick<HistoryEntry, 'test_passed' | 'train_passed'>[], hasTest: boolean): number {
  let best = 0;
  history.forEach((h, i) => {
    const value = hasTest ? (h.test_passed ?? 0) : h.train_passed;
    const current = hasTest ? (history[best]!.test_passed ?? 0) : history[best]!.train_passed;
    if (value > current) best = i;
  });
  return best;
}

export async function optimizeDescription(config: OptimizeConfig): Promise<OptimizeResult> {
  const split = splitEvalSet(config.items, config.holdout, config.seed);
  const all = [...split.train, ...split.test];
  const trainQueries = new Set(split.train.map((i) => i.query));
  const hasTest = split.test.length > 0;
  const history: HistoryEntry[] = [];
  const trainViews = new Map<number, TrainQueryView[]>();
  const rewrites: OptimizeResult['rewrites'] = [];
  let exitReason = 'unknown';
  let iterationsRun = 0;
  let rewriteCost = 0;
  let round: Array<{ description: string; parent: number | null }> = [{ description: config.originalDescription, parent: null }];
  const budgetOf = () => config.configFor(config.originalDescription, []).budget;
  const stopReason = (iteration: number): string | null => {
    if (config.signal?.aborted) return `interrupted (iteration ${iteration})`;
    if (budgetOf().exhausted) return `budget_exhausted (iteration ${iteration})`;
    return null;
  };

  outer: for (let iteration = 1; iteration <= config.maxIterations; iteration++) {
    iterationsRun = iteration;
    for (const candidate of round) {
      const stop = stopReason(iteration);
      if (stop) {
        exitReason = stop;
        break outer;
      }
      config.onProgress?.(
        `iteration ${iteration}: evaluating ${candidate.parent === null ? 'the original description' : `a rewrite of candidate ${candidate.parent + 1}`}`,
      );
      const evalConfig = { ...config.configFor(candidate.description, all), signal: config.signal, onRun: config.onRun };
      const result = await runTriggerEval(evalConfig);
      const train = result.results.filter((r) => trainQueries.has(r.query));
      const test = result.results.filter((r) => !trainQueries.has(r.query));
      const trainPassed = train.filter((r) => r.pass === true).length;
      const testPassed = test.filter((r) => r.pass === true).length;
      const entry: HistoryEntry = {
        iteration,
        index: history.length,
        parent: candidate.parent,
        description: candidate.description,
        train_passed: trainPassed,
        train_failed: train.length - trainPassed,
        train_total: train.length,
        train_results: train.map(score),
        test_passed: hasTest ? testPassed : null,
        test_failed: hasTest ? test.length - testPassed : null,
        test_total: hasTest ? test.length : null,
        test_results: hasTest ? test.map(score) : null,
        passed: trainPassed,
        failed: train.length - trainPassed,
        total: train.length,
        results: train.map(score),
        cost_usd: result.summary.cost_usd + result.summary.cost_estimated_usd,
      };
      history.push(entry);
      trainViews.set(
        entry.index,
        train.map((r) => ({ ...score(r), run_details: r.run_details })),
      );
      config.onProgress?.(
        `iteration ${iteration}: train ${trainPassed}/${train.length}${hasTest ? `, test ${testPassed}/${test.length}` : ''}`,
      );
      if (result.summary.interrupted) {
        exitReason = `interrupted (iteration ${iteration})`;
        break outer;
      }
      if (entry.train_failed === 0) {
        exitReason = `all_passed (iteration ${iteration})`;
        break outer;
      }
    }
    if (iteration === config.maxIterations) {
      exitReason = `max_iterations (${iteration})`;
      break;
    }
    // Parents by train score only (the test set must not steer the search).
    const parents =
      config.beam <= 1
        ? history.length > 0
          ? [history[history.length - 1]!]
          : []
        : [...history].sort((a, b) => b.train_passed - a.train_passed || a.index - b.index).slice(0, config.beam);
    const blinded = history.map((h) => blind(h, trainViews.get(h.index)!));
    const seen = new Set(history.map((h) => h.description));
    round = [];
    for (const parent of parents) {
      const stop = stopReason(iteration);
      if (stop) {
        exitReason = stop;
        break outer;
      }
      config.onProgress?.(
        `iteration ${iteration}: rewriting candidate ${parent.index + 1} (train ${parent.train_passed}/${parent.train_total})`,
      );
      const log = await rewriteDescription(config.backend, {
        skillName: config.skillName,
        skillText: config.skillText,
        current: blind(parent, trainViews.get(parent.index)!),
        history: blinded,
      });
      rewriteCost += log.cost_usd;
      if (log.cost_usd > 0) budgetOf().record(log.cost_usd, 0);
      rewrites.push({ ...log, iteration, parent: parent.index });
      if (log.final_description === null) {
        config.onProgress?.(`iteration ${iteration}: the rewrite was refused (${log.problems.join('; ')}) after one retry`);
        continue;
      }
      if (seen.has(log.final_description)) continue;
      seen.add(log.final_description);
      round.push({ description: log.final_description, parent: parent.index });
    }
  }

  if (history.length === 0) {
    throw new SkillpulseError(exitReason.startsWith('interrupted') ? 'ABORTED' : 'BUDGET', `nothing was evaluated: ${exitReason}`);
  }
  const best = history[bestIndex(history, hasTest)]!;
  const final = history[history.length - 1] ?? best;
  return {
    exit_reason: exitReason,
    original_description: config.originalDescription,
    best_description: best.description,
    best_score: hasTest ? `${best.test_passed}/${best.test_total}` : `${best.train_passed}/${best.train_total}`,
    best_train_score: `${best.train_passed}/${best.train_total}`,
    best_test_score: hasTest ? `${best.test_passed}/${best.test_total}` : null,
    best_iteration: best.iteration,
    best_index: best.index,
    final_description: final.description,
    iterations_run: iterationsRun,
    holdout: config.holdout,
    seed: config.seed,
    beam: config.beam,
    train_size: split.train.length,
    test_size: split.test.length,
    split: { train: split.train.map((i) => i.query), test: split.test.map((i) => i.query) },
    history,
    rewrites,
    cost_usd: history.reduce((s, h) => s + h.cost_usd, 0) + rewriteCost,
    budget_exhausted: exitReason.startsWith('budget_exhausted'),
  };
}

/** A history entry as the rewriter may see it: train values only. */
function blind(entry: HistoryEntry, views: TrainQueryView[]): BlindedAttempt {
  return { description: entry.description, passed: entry.train_passed, total: entry.train_total, results: views };
}
