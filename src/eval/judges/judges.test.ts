import { describe, expect, it } from 'vitest';
import type { Benchmark } from '../benchmark.js';
import { expectationPatterns } from './analyzer.js';
import { decideWinner, scoreRubric } from './comparator.js';
import { gradingProblems, quotedParts } from './grader.js';
import { extractJson } from './json-call.js';

describe('extractJson', () => {
  it('finds JSON in fences, in prose, or bare', () => {
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ a: 1 });
    expect(extractJson('Sure! {"a": [1, {"b": 2}]} hope this helps')).toEqual({ a: [1, { b: 2 }] });
    expect(extractJson('["x", "y"]')).toEqual(['x', 'y']);
    expect(() => extractJson('no json here')).toThrow(/holds no valid JSON/);
  });
});

describe('grader checks', () => {
  const sources = 'Report\nTotal:   42 EUR\n“smart” quotes';
  const answer = (evidence: string, passed = true) => ({ expectations: [{ text: 't', passed, evidence }], claims: [] });
  it('a PASS must quote the sources (whitespace and quote style insensitive)', () => {
    expect(gradingProblems(answer('The report says "Total: 42 EUR"'), ['t'], sources)).toEqual([]);
    expect(gradingProblems(answer('Total: 42 EUR'), ['t'], sources)).toEqual([]);
    expect(gradingProblems(answer('It says \u201cTotal: 42 EUR\u201d'), ['t'], sources)).toEqual([]);
    expect(gradingProblems(answer('It says "Total: 43 EUR"'), ['t'], sources)).toHaveLength(1);
    expect(gradingProblems(answer('about forty-two euros'), ['t'], sources)[0]).toMatch(/does not quote/);
    expect(gradingProblems(answer('nothing about it', false), ['t'], sources)).toEqual([]);
  });
  it('the verdict count must match', () => {
    expect(gradingProblems(answer('x', false), ['a', 'b'], sources)[0]).toMatch(/exactly 2/);
  });
  it('quotedParts', () => {
    expect(quotedParts('says "Total: 42" and `npm test` and “curly one”, not "ab"')).toEqual(['Total: 42', 'npm test', 'curly one']);
  });
});

describe('comparator scoring', () => {
  const r = (c: number[], s: number[]) => ({
    content: { correctness: c[0]!, completeness: c[1]!, accuracy: c[2]! },
    structure: { organization: s[0]!, formatting: s[1]!, usability: s[2]! },
  });
  it('section scores are averages and overall is their sum on 1–10', () => {
    expect(scoreRubric(r([5, 4, 3], [2, 2, 2]))).toMatchObject({ content_score: 4, structure_score: 2, overall_score: 6 });
    expect(scoreRubric(r([5, 5, 5], [4, 4, 5]))).toMatchObject({ content_score: 5, structure_score: 4.33, overall_score: 9.33 });
  });
  it('winner: overall first, then expectation pass rate, else TIE', () => {
    const a = scoreRubric(r([5, 5, 5], [5, 5, 5]));
    const b = scoreRubric(r([4, 4, 4], [4, 4, 4]));
    expect(decideWinner(a, b)).toBe('A');
    expect(decideWinner(b, a)).toBe('B');
    const t = (pass_rate: number) => ({ passed: 0, total: 1, pass_rate, details: [] });
    expect(decideWinner(a, a, t(0.5), t(1))).toBe('B');
    expect(decideWinner(a, a, t(1), t(1))).toBe('TIE');
  });
});

describe('expectationPatterns', () => {
  it('classifies expectations across configurations', () => {
    const run = (configuration: string, results: Record<string, boolean>) => ({
      eval_id: 0,
      eval_name: 'e',
      configuration,
      run_number: 1,
      result: { pass_rate: 0, passed: 0, failed: 0, total: 0, time_seconds: 0, tokens: 0, tool_calls: 0, errors: 0 },
      expectations: Object.entries(results).map(([text, passed]) => ({ text, passed, evidence: '' })),
      notes: [],
    });
    const benchmark = {
      metadata: { candidate_configuration: 'with_skill', baseline_configuration: 'without_skill' },
      runs: [
        run('with_skill', { always: true, never: false, helps: true, hurts: false, wobbly: true }),
        run('with_skill', { always: true, never: false, helps: true, hurts: false, wobbly: false }),
        run('without_skill', { always: true, never: false, helps: false, hurts: true, wobbly: true }),
        run('without_skill', { always: true, never: false, helps: false, hurts: true, wobbly: false }),
      ],
    } as unknown as Benchmark;
    expect(Object.fromEntries(expectationPatterns(benchmark).map((p) => [p.text, p.kind]))).toEqual({
      always: 'non_discriminating',
      never: 'always_fails',
      helps: 'favours_candidate',
      hurts: 'favours_baseline',
      wobbly: 'inconsistent',
    });
  });
});
