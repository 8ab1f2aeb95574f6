/** Terminal rendering of an optimisation run. */
import type { OptimizeResult } from './optimizer.js';
import { codePointSlice } from './stats.js';

export function renderOptimizeText(result: OptimizeResult): string[] {
  const lines = [
    `Exit: ${result.exit_reason}; ${result.iterations_run} iterations, ${result.history.length} candidates evaluated, ${result.rewrites.length} rewrites.`,
  ];
  lines.push(`Split (seed ${result.seed}, holdout ${result.holdout}): ${result.train_size} train, ${result.test_size} test.`);
  for (const h of result.history) {
    const test = h.test_passed === null ? '' : `  test ${h.test_passed}/${h.test_total}`;
    const mark = h.index === result.best_index ? ' *' : '';
    lines.push(
      `  #${h.index + 1} iter ${h.iteration}  train ${h.train_passed}/${h.train_total}${test}${mark}  ${codePointSlice(h.description.replace(/\s+/g, ' '), 80)}`,
    );
  }
  const refused = result.rewrites.filter((r) => r.final_description === null).length;
  if (refused > 0) lines.push(`${refused} rewrite(s) refused after a retry (too long or invalid).`);
  lines.push(
    `Best (${result.best_test_score !== null ? 'test' : 'train'} ${result.best_score}, iteration ${result.best_iteration}):`,
    result.best_description,
  );
  lines.push(`Cost: $${result.cost_usd.toFixed(4)}${result.budget_exhausted ? ' (budget reached)' : ''}`);
  return lines;
}
