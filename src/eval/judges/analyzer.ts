/**
 * The analyzer. Post-hoc mode: after a blind comparison, the mapping is revealed and the model
 * explains why the winner won (skill-creator's analysis.json). Benchmark mode: the expectation
 * patterns across configurations are computed here (facts, not model opinion) and the model turns
 * them into observations (a JSON array of strings, as upstream).
 */
import { readFile } from 'node:fs/promises';
import { SkillpulseError } from '../../errors.js';
import type { ModelBackend } from '../backends.js';
import type { Benchmark } from '../benchmark.js';
import { callJson, type JsonCallLog } from './json-call.js';
import { AnalyzerAnswer, BenchmarkNotes } from './schemas.js';
import type { Comparison } from './comparator.js';
import { readOptionalText } from './sources.js';

export interface PostHocInput {
  comparison: Comparison;
  /** SKILL.md (or folder notes) of each side, keyed by the labels in `blind_mapping`. */
  skills: Record<string, string | null>;
  transcripts: Record<string, string | null>;
  backend: ModelBackend;
}

export async function analyzeComparison(input: PostHocInput): Promise<{ analysis: AnalyzerAnswer; log: JsonCallLog; prompt: string }> {
  const c = input.comparison;
  const winnerSide = c.winner === 'TIE' ? 'A' : c.winner;
  const loserSide = winnerSide === 'A' ? 'B' : 'A';
  const winner = c.blind_mapping[winnerSide];
  const loser = c.blind_mapping[loserSide];
  const section = (label: string) =>
    [
      `<skill name="${label}">`,
      input.skills[label] ?? '(skill text not given)',
      '</skill>',
      `<transcript name="${label}">`,
      input.transcripts[label] ?? '(no transcript)',
      '</transcript>',
    ].join('\n');
  const prompt = [
    'A blind comparison of two runs is finished. It is now unblinded: explain why the winner won and how the losing skill could improve.',
    '',
    `Result: ${c.winner === 'TIE' ? 'a tie' : `${winnerSide} won`}. A was "${c.blind_mapping.A}", B was "${c.blind_mapping.B}".`,
    `Rubric overall scores: A ${c.rubric.A.overall_score}, B ${c.rubric.B.overall_score}.`,
    `Comparator reasoning: ${c.reasoning}`,
    '',
    `Winner: "${winner}"`,
    section(winner),
    '',
    `Loser: "${loser}"`,
    section(loser),
    '',
    'Answer with one JSON object only:',
    `{"comparison_summary": {"winner": "${c.winner}", "winner_skill": "${winner}", "loser_skill": "${loser}", "comparator_reasoning": "..."},`,
    ' "winner_strengths": [], "loser_weaknesses": [],',
    ' "instruction_following": {"winner": {"score": 1-10, "issues": []}, "loser": {"score": 1-10, "issues": []}},',
    ' "improvement_suggestions": [{"priority": "high"|"medium"|"low", "category": "instructions"|"tools"|"examples"|"error_handling"|"structure"|"references", "suggestion": "...", "expected_impact": "..."}],',
    ' "transcript_insights": {"winner_execution_pattern": "...", "loser_execution_pattern": "..."}}',
  ].join('\n');
  const { value, log } = await callJson(input.backend, prompt, AnalyzerAnswer, {
    what: 'analyzer',
    check: (a) =>
      a.comparison_summary.winner !== c.winner
        ? [`comparison_summary.winner must be "${c.winner}" (the comparison's result), got "${a.comparison_summary.winner}"`]
        : [],
  });
  return { analysis: value, log, prompt };
}

export interface ExpectationPattern {
  text: string;
  /** Pass rate per configuration over all its runs. */
  pass_rates: Record<string, number>;
  runs: Record<string, number>;
  kind: 'non_discriminating' | 'always_fails' | 'favours_candidate' | 'favours_baseline' | 'inconsistent' | 'other';
}

/** Per-expectation patterns across a benchmark's configurations (pure). */
export function expectationPatterns(benchmark: Benchmark): ExpectationPattern[] {
  const candidate = benchmark.metadata.candidate_configuration;
  const baseline = benchmark.metadata.baseline_configuration;
  const byText = new Map<string, Map<string, { passed: number; runs: number }>>();
  for (const run of benchmark.runs) {
    for (const raw of run.expectations) {
      const e = raw as { text?: unknown; passed?: unknown };
      if (typeof e.text !== 'string' || typeof e.passed !== 'boolean') continue;
      const configs = byText.get(e.text) ?? new Map();
      const slot = configs.get(run.configuration) ?? { passed: 0, runs: 0 };
      slot.runs++;
      if (e.passed) slot.passed++;
      configs.set(run.configuration, slot);
      byText.set(e.text, configs);
    }
  }
  return [...byText.entries()].map(([text, configs]) => {
    const pass_rates: Record<string, number> = {};
    const runs: Record<string, number> = {};
    for (const [config, slot] of configs) {
      pass_rates[config] = slot.passed / slot.runs;
      runs[config] = slot.runs;
    }
    const rates = Object.values(pass_rates);
    let kind: ExpectationPattern['kind'] = 'other';
    const c = candidate ? pass_rates[candidate] : undefined;
    const b = baseline ? pass_rates[baseline] : undefined;
    if (rates.length >= 2 && rates.every((r) => r === 1)) kind = 'non_discriminating';
    else if (rates.length >= 2 && rates.every((r) => r === 0)) kind = 'always_fails';
    else if (c !== undefined && b !== undefined && c - b >= 0.5) kind = 'favours_candidate';
    else if (c !== undefined && b !== undefined && b - c >= 0.5) kind = 'favours_baseline';
    else if (rates.some((r) => r > 0 && r < 1)) kind = 'inconsistent';
    return { text, pass_rates, runs, kind };
  });
}

export async function analyzeBenchmark(
  benchmarkFile: string,
  backend: ModelBackend,
): Promise<{ notes: string[]; patterns: ExpectationPattern[]; benchmark: Benchmark; log: JsonCallLog; prompt: string }> {
  let benchmark: Benchmark;
  try {
    benchmark = JSON.parse(await readFile(benchmarkFile, 'utf8')) as Benchmark;
  } catch (error) {
    throw new SkillpulseError('INVALID_INPUT', `cannot read benchmark: ${(error as Error).message}`, { file: benchmarkFile });
  }
  if (!Array.isArray(benchmark.runs) || typeof benchmark.run_summary !== 'object') {
    throw new SkillpulseError('INVALID_INPUT', 'not a benchmark.json (runs and run_summary expected)', { file: benchmarkFile });
  }
  const patterns = expectationPatterns(benchmark);
  const prompt = [
    'Here are the aggregated results of a skill benchmark: the same evals run with and without a skill (or with two versions).',
    `Candidate configuration: ${benchmark.metadata?.candidate_configuration ?? 'unknown'}; baseline: ${benchmark.metadata?.baseline_configuration ?? 'unknown'}.`,
    '',
    '<run_summary>',
    JSON.stringify(benchmark.run_summary, null, 2),
    '</run_summary>',
    '',
    'Per-expectation pass rates by configuration, with the pattern each shows (computed):',
    ...patterns.map(
      (p) =>
        `- [${p.kind}] "${p.text}": ${Object.entries(p.pass_rates)
          .map(([c, r]) => `${c} ${(r * 100).toFixed(0)}% of ${p.runs[c]} runs`)
          .join(', ')}`,
    ),
    '',
    'Write short observations (not suggestions) a skill author needs: expectations that never discriminate, ones that always fail, ones where the skill adds value or seems to hurt, high variance, and time or token trade-offs. Ground every note in the numbers above.',
    'Answer with a JSON array of strings only.',
  ].join('\n');
  const { value, log } = await callJson(backend, prompt, BenchmarkNotes, { what: 'benchmark analyzer' });
  return { notes: value, patterns, benchmark, log, prompt };
}

export { readOptionalText };
