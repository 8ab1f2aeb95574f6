/**
 * The blind comparator: two outputs shown as A and B in a random order (the model never sees which
 * is which), six 1–5 criteria, section scores as averages, overall = content + structure (1–10,
 * i.e. (content + structure) / 2 × 2). The winner follows skill-creator's rule: higher overall
 * score, then higher expectation pass rate, else TIE. The mapping is revealed only in the file.
 */
import { randomInt } from 'node:crypto';
import type { ModelBackend } from '../backends.js';
import { MersenneTwister } from '../split.js';
import { pyRound } from '../stats.js';
import { callJson, type JsonCallLog } from './json-call.js';
import { ComparatorAnswer } from './schemas.js';
import { readOutputs, renderOutputs } from './sources.js';

export interface CompareInput {
  /** The two outputs (folders or files), in the caller's order. */
  first: { label: string; path: string };
  second: { label: string; path: string };
  /** The task both runs were given. */
  prompt: string;
  expectations?: string[];
  backend: ModelBackend;
  /** Seed for the A/B order (default: random). */
  seed?: number | undefined;
}

type RubricAnswer = ComparatorAnswer['rubric']['A'];

export interface SideRubric extends RubricAnswer {
  content_score: number;
  structure_score: number;
  overall_score: number;
}

export interface Comparison {
  winner: 'A' | 'B' | 'TIE';
  reasoning: string;
  rubric: { A: SideRubric; B: SideRubric };
  output_quality: ComparatorAnswer['output_quality'];
  expectation_results?: { A: ExpectationTally; B: ExpectationTally };
  /** Added: what A and B were (revealed after judging), and the model's own pick. */
  blind_mapping: { A: string; B: string; A_path: string; B_path: string };
  model_winner: 'A' | 'B' | 'TIE';
}

interface ExpectationTally {
  passed: number;
  total: number;
  pass_rate: number;
  details: Array<{ text: string; passed: boolean }>;
}

const mean3 = (a: number, b: number, c: number) => pyRound((a + b + c) / 3, 2);

export function scoreRubric(r: RubricAnswer): SideRubric {
  const content = mean3(r.content.correctness, r.content.completeness, r.content.accuracy);
  const structure = mean3(r.structure.organization, r.structure.formatting, r.structure.usability);
  return { ...r, content_score: content, structure_score: structure, overall_score: pyRound(content + structure, 2) };
}

function tally(details: Array<{ text: string; passed: boolean }>, expectations: string[]): ExpectationTally {
  const fixed = expectations.map((text, i) => ({ text, passed: details[i]?.passed === true }));
  const passed = fixed.filter((d) => d.passed).length;
  return { passed, total: fixed.length, pass_rate: fixed.length > 0 ? pyRound(passed / fixed.length, 2) : 0, details: fixed };
}

/** skill-creator's winner rule: rubric overall first, then expectation pass rate, else TIE. */
export function decideWinner(a: SideRubric, b: SideRubric, ea?: ExpectationTally, eb?: ExpectationTally): 'A' | 'B' | 'TIE' {
  if (a.overall_score !== b.overall_score) return a.overall_score > b.overall_score ? 'A' : 'B';
  if (ea && eb && ea.pass_rate !== eb.pass_rate) return ea.pass_rate > eb.pass_rate ? 'A' : 'B';
  return 'TIE';
}

export function buildComparePrompt(task: string, a: string, b: string, expectations: string[] | undefined): string {
  return [
    'Compare two outputs produced for the same task. You do not know how either was produced; judge only what you see.',
    '',
    '<task>',
    task,
    '</task>',
    '',
    '<output_A>',
    a,
    '</output_A>',
    '',
    '<output_B>',
    b,
    '</output_B>',
    '',
    'Score each output from 1 to 5 on six criteria: content (correctness, completeness, accuracy) and structure (organization, formatting, usability). Adapt what each criterion means to the task.',
    'Give each output an overall quality score from 1 to 10 with its strengths and weaknesses, and pick a winner; ties should be rare.',
    ...(expectations && expectations.length > 0
      ? ['', 'Also check each expectation against each output (true or false), in order:', ...expectations.map((e, i) => `${i + 1}. ${e}`)]
      : []),
    '',
    'Answer with one JSON object only:',
    '{"winner": "A"|"B"|"TIE", "reasoning": "...",',
    ' "rubric": {"A": {"content": {"correctness": 1-5, "completeness": 1-5, "accuracy": 1-5}, "structure": {"organization": 1-5, "formatting": 1-5, "usability": 1-5}}, "B": {…}},',
    ' "output_quality": {"A": {"score": 1-10, "strengths": [], "weaknesses": []}, "B": {…}}' +
      (expectations && expectations.length > 0
        ? ',\n "expectation_results": {"A": [{"text": "...", "passed": true|false}], "B": [...]}}'
        : '}'),
  ].join('\n');
}

export async function compareOutputs(
  input: CompareInput,
): Promise<{ comparison: Comparison; log: JsonCallLog; swapped: boolean; prompt: string }> {
  const swapped = input.seed === undefined ? randomInt(2) === 1 : new MersenneTwister(input.seed).getrandbits(1) === 1;
  const [a, b] = swapped ? [input.second, input.first] : [input.first, input.second];
  const renderedA = renderOutputs(await readOutputs(a.path));
  const renderedB = renderOutputs(await readOutputs(b.path));
  const expectations = input.expectations && input.expectations.length > 0 ? input.expectations : undefined;
  const prompt = buildComparePrompt(input.prompt, renderedA, renderedB, expectations);
  const { value, log } = await callJson(input.backend, prompt, ComparatorAnswer, {
    what: 'comparator',
    check: (answer) => {
      if (!expectations) return [];
      const problems: string[] = [];
      if (!answer.expectation_results) problems.push('expectation_results is missing');
      else
        for (const side of ['A', 'B'] as const) {
          if (answer.expectation_results[side].length !== expectations.length)
            problems.push(`expectation_results.${side} must have ${expectations.length} entries in order`);
        }
      return problems;
    },
  });
  const rubric = { A: scoreRubric(value.rubric.A), B: scoreRubric(value.rubric.B) };
  const expectationResults =
    expectations && value.expectation_results
      ? { A: tally(value.expectation_results.A, expectations), B: tally(value.expectation_results.B, expectations) }
      : undefined;
  const comparison: Comparison = {
    winner: decideWinner(rubric.A, rubric.B, expectationResults?.A, expectationResults?.B),
    reasoning: value.reasoning,
    rubric,
    output_quality: value.output_quality,
    ...(expectationResults ? { expectation_results: expectationResults } : {}),
    blind_mapping: { A: a.label, B: b.label, A_path: a.path, B_path: b.path },
    model_winner: value.winner,
  };
  return { comparison, log, swapped, prompt };
}
