/** `benchmark.md`, as skill-creator's aggregate_benchmark writes it (candidate column first). */
import type { Benchmark, ConfigSummary } from './benchmark.js';
import { pyFixed } from './stats.js';

/** Python's str.title() on the folder name with `_` as spaces (`with_skill` → `With Skill`). */
export function configTitle(name: string): string {
  return name.replace(/_/g, ' ').replace(/[A-Za-z]+/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase());
}

export function renderBenchmarkMd(benchmark: Benchmark): string {
  const m = benchmark.metadata;
  const configs = Object.keys(benchmark.run_summary).filter((k) => k !== 'delta');
  const ordered = [m.candidate_configuration, m.baseline_configuration, ...configs].filter(
    (c, i, all): c is string => c !== null && all.indexOf(c) === i && configs.includes(c),
  );
  const delta = benchmark.run_summary.delta as { pass_rate: string; time_seconds: string; tokens: string };
  const s = (c: string) => benchmark.run_summary[c] as ConfigSummary;
  const lines = [
    `# Skill Benchmark: ${m.skill_name}`,
    '',
    `**Model**: ${m.executor_model}`,
    `**Date**: ${m.timestamp}`,
    `**Evals**: ${m.evals_run.join(', ')} (${m.runs_per_configuration} runs each per configuration)`,
    '',
    `| Metric | ${ordered.map(configTitle).join(' | ')} | Delta |`,
    `|--------|${ordered.map(() => '---').join('|')}|-------|`,
    `| Pass Rate | ${ordered.map((c) => `${pyFixed(s(c).pass_rate.mean * 100, 0)}% ± ${pyFixed(s(c).pass_rate.stddev * 100, 0)}%`).join(' | ')} | ${delta.pass_rate} |`,
    `| Time | ${ordered.map((c) => `${pyFixed(s(c).time_seconds.mean, 1)}s ± ${pyFixed(s(c).time_seconds.stddev, 1)}s`).join(' | ')} | ${delta.time_seconds}s |`,
    `| Tokens | ${ordered.map((c) => `${pyFixed(s(c).tokens.mean, 0)} ± ${pyFixed(s(c).tokens.stddev, 0)}`).join(' | ')} | ${delta.tokens} |`,
  ];
  if (benchmark.notes.length > 0) lines.push('', '## Notes', '', ...benchmark.notes.map((n) => `- ${n}`));
  return `${lines.join('\n')}\n`;
}
