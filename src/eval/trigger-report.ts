/**
 * Renderings of a trigger evaluation: plain text lines for the terminal and a small,
 * self-contained HTML page (no scripts, no external resources; every value escaped).
 */
import { codePointSlice } from './stats.js';
import type { TriggerEvalResult, TriggerPlan, TriggerQueryResult } from './trigger-eval.js';

const pct = (x: number | null) => (x === null ? 'n/a' : `${(x * 100).toFixed(0)}%`);
const usd = (x: number) => `$${x.toFixed(x < 0.01 && x > 0 ? 4 : 2)}`;

function status(r: TriggerQueryResult): 'PASS' | 'FAIL' | 'ERROR' {
  return r.pass === null ? 'ERROR' : r.pass ? 'PASS' : 'FAIL';
}

function interval(r: TriggerQueryResult): string {
  return r.ci_95 ? `[${r.ci_95.low.toFixed(2)}, ${r.ci_95.high.toFixed(2)}]` : '[n/a]';
}

/** Terminal lines: one per query (as skill-creator's verbose output, plus errors and interval), then the summary. */
export function renderTriggerText(result: TriggerEvalResult): string[] {
  const s = result.summary;
  const lines = [
    `Skill: ${result.skill_name}`,
    `Results: ${s.passed}/${s.total} passed${s.errors > 0 ? `, ${s.errors} without an answer` : ''}`,
  ];
  for (const r of result.results) {
    const extra = [r.errors > 0 ? `errors=${r.errors}` : '', r.skipped > 0 ? `skipped=${r.skipped}` : '', r.flaky ? 'flaky' : '']
      .filter(Boolean)
      .join(' ');
    lines.push(
      `  [${status(r)}] rate=${r.triggers}/${r.runs} ci95=${interval(r)} expected=${r.should_trigger}${extra ? ` ${extra}` : ''}: ${codePointSlice(r.query, 70)}`,
    );
  }
  lines.push(
    `Runs: ${s.runs} answered, ${s.run_errors} errors, ${s.runs_skipped} skipped, ${s.runs_cached} cached, ${s.runs_stopped_early} stopped early`,
    `Precision ${pct(s.precision)}  recall ${pct(s.recall)}  F1 ${pct(s.f1)}  accuracy ${pct(s.accuracy)} (run level)`,
    `Cost: ${usd(s.cost_usd)} reported${s.cost_estimated_usd > 0 ? ` + ${usd(s.cost_estimated_usd)} estimated for runs stopped early` : ''}; ${(s.duration_ms / 1000).toFixed(1)} s`,
  );
  if (s.budget_exhausted) lines.push(`Budget of ${usd(result.meta.max_budget_usd ?? 0)} reached: ${s.runs_skipped} runs were not made.`);
  if (s.interrupted) lines.push('Interrupted: the remaining runs were not made.');
  if (result.meta.user_skill_conflict) {
    lines.push(
      `Note: a skill with the same name is installed for the user (${result.meta.user_skill_conflict}); runs use project settings only, so it was kept out.`,
    );
  }
  return lines;
}

export function renderPlanText(plan: TriggerPlan): string[] {
  return [
    `Dry run: ${plan.runs_total} runs (${plan.runs_cached} answered by the cache, ${plan.runs_to_make} to make).`,
    `Estimated cost: ${usd(plan.estimated_cost_usd)} (${usd(plan.per_run_estimate_usd)} per run; ${plan.estimate_basis}).`,
  ];
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A standalone HTML page for one trigger evaluation. */
export function renderTriggerHtml(result: TriggerEvalResult): string {
  const e = escapeHtml;
  const s = result.summary;
  const rows = result.results
    .map((r) => {
      const cls = r.pass === null ? 'error' : r.pass ? 'pass' : 'fail';
      const errs = r.run_details
        .filter((d) => d.error)
        .map((d) => e(d.error ?? ''))
        .join('<br>');
      return `<tr class="${cls}"><td>${status(r)}</td><td>${e(r.query)}</td><td>${r.should_trigger ? 'yes' : 'no'}</td><td>${r.triggers}/${r.runs}</td><td>${e(interval(r))}</td><td>${r.errors}</td><td>${r.flaky ? 'yes' : ''}</td><td class="err">${errs}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(result.skill_name)}: trigger evaluation</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
tr.pass td:first-child{background:#d9f2d9}tr.fail td:first-child{background:#f8d7d7}tr.error td:first-child{background:#eee}
.err{color:#900;font-size:12px}.desc{white-space:pre-wrap;background:#f6f6f6;padding:8px}
</style></head><body>
<h1>${e(result.skill_name)}: trigger evaluation</h1>
<p class="desc">${e(result.description)}</p>
<p>${s.passed}/${s.total} passed, ${s.failed} failed, ${s.errors} without an answer. Runs: ${s.runs} answered, ${s.run_errors} errors, ${s.runs_skipped} skipped.
Precision ${pct(s.precision)}, recall ${pct(s.recall)}, F1 ${pct(s.f1)}. Cost ${e(usd(s.cost_usd + s.cost_estimated_usd))}.</p>
<p>Runner ${e(result.meta.runner)} ${e(result.meta.client_version)}, model ${e(result.meta.model ?? 'default')}, detection ${e(result.meta.detect)}, threshold ${result.meta.trigger_threshold}.</p>
<table><thead><tr><th>Result</th><th>Query</th><th>Should trigger</th><th>Triggers/runs</th><th>95% interval</th><th>Errors</th><th>Flaky</th><th>Error messages</th></tr></thead>
<tbody>
${rows}
</tbody></table>
</body></html>
`;
}
