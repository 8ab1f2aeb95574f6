/**
 * The judges end to end against the scripted Messages API: grading through `claude -p` (the real
 * client), comparison and analysis through the Messages API backend (@anthropic-ai/sdk), and the
 * whole pipeline grade → benchmark → analyze on a skill-creator workspace.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeClient, clientEnv } from '../../../test/support/claude-client.js';
import { runCliCaptured } from '../../../test/support/cli.js';
import { type RequestContext, type ScriptedApi, say, startScriptedApi } from '../../../test/support/scripted-api/index.js';

const EXPECTATIONS = ['The report states the invoice total', 'The total is in EUR'];

function graderReply(prompt: string, attempt: number): string {
  const good = prompt.includes('Total: 42 EUR');
  if (prompt.includes('ALWAYS-BAD')) return 'I think it mostly passes.';
  const expectations = EXPECTATIONS.map((text) =>
    good
      ? // The first attempt paraphrases instead of quoting: the grader must retry.
        {
          text,
          passed: true,
          evidence: attempt === 0 ? 'the report mentions a total of forty-two euros' : 'The report says "Total: 42 EUR"',
        }
      : { text, passed: false, evidence: 'The outputs only say the total could not be computed.' },
  );
  return `Here is my grading:\n\`\`\`json\n${JSON.stringify({
    expectations,
    claims: [{ claim: 'The total was computed', type: 'factual', verified: good, evidence: good ? '"Total: 42 EUR"' : 'not computed' }],
    eval_feedback: {
      suggestions: [{ assertion: EXPECTATIONS[1], reason: 'Weak: any mention of EUR passes.' }],
      overall: 'Add a check of the amount.',
    },
  })}\n\`\`\``;
}

function rubric(strong: boolean) {
  const s = strong ? 5 : 2;
  return {
    content: { correctness: s, completeness: s, accuracy: s },
    structure: { organization: 4, formatting: 4, usability: strong ? 5 : 3 },
  };
}

function comparatorReply(prompt: string): string {
  const a = /<output_A>([\s\S]*?)<\/output_A>/.exec(prompt)?.[1] ?? '';
  const aStrong = a.includes('Total: 42 EUR');
  return JSON.stringify({
    winner: aStrong ? 'A' : 'B',
    reasoning: 'One output computes the total; the other gives up.',
    rubric: { A: rubric(aStrong), B: rubric(!aStrong) },
    output_quality: {
      A: { score: aStrong ? 9 : 3, strengths: [], weaknesses: [] },
      B: { score: aStrong ? 3 : 9, strengths: [], weaknesses: [] },
    },
    expectation_results: {
      A: EXPECTATIONS.map((text) => ({ text, passed: aStrong })),
      B: EXPECTATIONS.map((text) => ({ text, passed: !aStrong })),
    },
  });
}

function analyzerReply(prompt: string): string {
  if (prompt.includes('Answer with a JSON array of strings only.')) {
    return JSON.stringify([
      '"The report states the invoice total" passes with the skill in every run and never without it: the skill adds value.',
    ]);
  }
  const winner = /"winner": "(A|B|TIE)"/.exec(prompt)?.[1] ?? 'A';
  const winnerSkill = /Winner: "([^"]+)"/.exec(prompt)?.[1] ?? '';
  const loserSkill = /Loser: "([^"]+)"/.exec(prompt)?.[1] ?? '';
  return JSON.stringify({
    comparison_summary: { winner, winner_skill: winnerSkill, loser_skill: loserSkill, comparator_reasoning: 'computed vs gave up' },
    winner_strengths: ['Reads the invoice lines and sums them'],
    loser_weaknesses: ['No instructions for totals'],
    instruction_following: { winner: { score: 9, issues: [] }, loser: { score: 4, issues: ['stopped early'] } },
    improvement_suggestions: [
      {
        priority: 'high',
        category: 'instructions',
        suggestion: 'Tell the agent how to total invoices.',
        expected_impact: 'Totals computed',
      },
    ],
    transcript_insights: { winner_execution_pattern: 'read → sum → report', loser_execution_pattern: 'read → give up' },
  });
}

describe.skipIf(!claudeClient)('judges against the scripted API (e2e)', () => {
  let api: ScriptedApi;
  let root = '';
  let env: NodeJS.ProcessEnv = {};
  const prompts: Array<{ kind: string; text: string }> = [];
  const attempts = new Map<string, number>();

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sp-judges-'));
    const home = path.join(root, 'home');
    await mkdir(home, { recursive: true });
    api = await startScriptedApi({
      side: (ctx: RequestContext) => {
        const text = ctx.lastUserText;
        if (text.includes('You are grading one run')) {
          const key = text.slice(0, text.indexOf('\n\n---\n\n') === -1 ? undefined : text.indexOf('\n\n---\n\n'));
          const n = attempts.get(key) ?? 0;
          attempts.set(key, n + 1);
          prompts.push({ kind: 'grade', text });
          return say(graderReply(text, n));
        }
        if (text.includes('Compare two outputs')) {
          prompts.push({ kind: 'compare', text });
          return say(comparatorReply(text));
        }
        if (text.includes('unblinded') || text.includes('skill benchmark')) {
          prompts.push({ kind: 'analyze', text });
          return say(analyzerReply(text));
        }
        return say('Scripted session');
      },
    });
    env = { ...clientEnv(home, api.url), TMPDIR: root, NO_COLOR: '1' };
    const ws = path.join(root, 'ws', 'eval-1');
    await mkdir(path.join(ws, 'with_skill', 'outputs'), { recursive: true });
    await mkdir(path.join(ws, 'without_skill', 'outputs'), { recursive: true });
    await writeFile(
      path.join(ws, 'eval_metadata.json'),
      JSON.stringify({ eval_id: 1, eval_name: 'total', prompt: 'Total the invoice in invoice.csv', assertions: EXPECTATIONS }),
    );
    await writeFile(path.join(ws, 'with_skill', 'outputs', 'report.md'), '# Invoice\n\nLines: 3\n\nTotal: 42 EUR\n');
    await writeFile(
      path.join(ws, 'with_skill', 'transcript.md'),
      '## Eval Prompt\n\nTotal the invoice\n\nRead invoice.csv, summed 3 lines.\n',
    );
    await writeFile(
      path.join(ws, 'with_skill', 'timing.json'),
      JSON.stringify({ total_tokens: 3100, total_duration_seconds: 21.5, executor_duration_seconds: 20 }),
    );
    await writeFile(path.join(ws, 'without_skill', 'outputs', 'report.md'), '# Invoice\n\nThe total could not be computed.\n');
    await writeFile(path.join(ws, 'without_skill', 'transcript.md'), '## Eval Prompt\n\nTotal the invoice\n\nGave up.\n');
    await writeFile(path.join(ws, 'without_skill', 'timing.json'), JSON.stringify({ total_tokens: 1400, total_duration_seconds: 9.5 }));
  });
  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('grade → benchmark → compare → analyze, with retries on non-conforming answers', async () => {
    const ws = path.join(root, 'ws');
    const meta = path.join(ws, 'eval-1', 'eval_metadata.json');
    // Grade both runs through `claude -p` (the real client).
    for (const config of ['with_skill', 'without_skill']) {
      const run = await runCliCaptured(
        [
          'eval',
          'grade',
          '--outputs',
          path.join(ws, 'eval-1', config, 'outputs'),
          '--expectations',
          meta,
          '--claude-bin',
          claudeClient!,
          '--json',
        ],
        {
          env,
          cwd: root,
        },
      );
      expect(run.stderr).not.toMatch(/internal error/);
      expect(run.code).toBe(0);
    }
    const withGrading = JSON.parse(await readFile(path.join(ws, 'eval-1', 'with_skill', 'grading.json'), 'utf8'));
    expect(withGrading.expectations).toEqual(
      EXPECTATIONS.map((text) => ({ text, passed: true, evidence: 'The report says "Total: 42 EUR"' })),
    );
    expect(withGrading.summary).toEqual({ passed: 2, failed: 0, total: 2, pass_rate: 1 });
    expect(withGrading.timing.executor_duration_seconds).toBe(20);
    expect(withGrading.eval_feedback.overall).toBe('Add a check of the amount.');
    // The paraphrased first answer was rejected and retried.
    const withPrompts = prompts.filter((p) => p.kind === 'grade' && p.text.includes('Total: 42 EUR'));
    expect(withPrompts).toHaveLength(2);
    expect(withPrompts[1]!.text).toContain('evidence does not quote the transcript or outputs verbatim');
    const withoutGrading = JSON.parse(await readFile(path.join(ws, 'eval-1', 'without_skill', 'grading.json'), 'utf8'));
    expect(withoutGrading.summary).toEqual({ passed: 0, failed: 2, total: 2, pass_rate: 0 });

    // Benchmark over the flat layout written by the grader.
    const bench = await runCliCaptured(['eval', 'benchmark', ws, '--skill-name', 'invoice', '--json'], { env, cwd: root });
    expect(bench.code).toBe(0);
    const benchmark = JSON.parse(bench.stdout);
    // Time comes from grading.json (executor + grader seconds), tokens from timing.json.
    expect(benchmark.run_summary.delta).toMatchObject({ pass_rate: '+1.00', tokens: '+1700' });
    expect(Number(benchmark.run_summary.delta.time_seconds)).toBeGreaterThan(9);

    // Blind comparison through the Messages API backend; the order depends on the seed, the verdict does not.
    const winners = new Set<string>();
    const orders = new Set<string>();
    for (const seed of [1, 2, 3, 4]) {
      const out = path.join(root, `comparison-${seed}.json`);
      const cmp = await runCliCaptured(
        [
          'eval',
          'compare',
          path.join(ws, 'eval-1', 'with_skill', 'outputs'),
          path.join(ws, 'eval-1', 'without_skill', 'outputs'),
          '--prompt-file',
          meta,
          '--expectations',
          meta,
          '--seed',
          String(seed),
          '--backend',
          'api',
          '--model',
          'claude-judge',
          '-o',
          out,
          '--json',
        ],
        { env, cwd: root },
      );
      expect(cmp.stderr).not.toMatch(/internal error/);
      expect(cmp.code).toBe(0);
      const c = JSON.parse(await readFile(out, 'utf8'));
      winners.add(c.blind_mapping[c.winner]);
      orders.add(c.blind_mapping.A);
      const strong = c.blind_mapping.A.includes('with_skill/') ? 'A' : 'B';
      expect(c.rubric[strong]).toMatchObject({ content_score: 5, structure_score: 4.33, overall_score: 9.33 });
      expect(c.expectation_results[strong]).toMatchObject({ passed: 2, total: 2, pass_rate: 1 });
    }
    expect([...winners]).toEqual([path.join(ws, 'eval-1', 'with_skill', 'outputs')]);
    expect(orders.size).toBe(2);
    for (const p of prompts.filter((x) => x.kind === 'compare')) {
      expect(p.text).not.toContain('with_skill');
      expect(p.text).not.toContain('without_skill');
    }
    const apiCalls = api.requests.filter((r) => r.kind === 'side' && r.stream === false);
    expect(apiCalls.length).toBeGreaterThanOrEqual(4);
    expect(apiCalls.every((r) => r.model === 'claude-judge')).toBe(true);

    // Post-hoc analysis (unblinded) and benchmark analysis.
    const analysis = await runCliCaptured(
      ['eval', 'analyze', '--comparison', path.join(root, 'comparison-1.json'), '--backend', 'api', '--json'],
      { env, cwd: root },
    );
    expect(analysis.code).toBe(0);
    const a = JSON.parse(await readFile(path.join(root, 'analysis.json'), 'utf8'));
    expect(a.comparison_summary.winner_skill).toContain('with_skill');
    expect(a.improvement_suggestions[0]).toMatchObject({ priority: 'high', category: 'instructions' });
    const notes = await runCliCaptured(
      ['eval', 'analyze', '--benchmark', path.join(ws, 'benchmark.json'), '--backend', 'api', '--write-notes', '--json'],
      { env, cwd: root },
    );
    expect(notes.code).toBe(0);
    const out = JSON.parse(notes.stdout);
    expect(out.patterns).toEqual([
      {
        text: EXPECTATIONS[0],
        pass_rates: { with_skill: 1, without_skill: 0 },
        runs: { with_skill: 1, without_skill: 1 },
        kind: 'favours_candidate',
      },
      {
        text: EXPECTATIONS[1],
        pass_rates: { with_skill: 1, without_skill: 0 },
        runs: { with_skill: 1, without_skill: 1 },
        kind: 'favours_candidate',
      },
    ]);
    expect(JSON.parse(await readFile(path.join(ws, 'analysis.json'), 'utf8'))).toHaveLength(1);
    expect(await readFile(path.join(ws, 'benchmark.md'), 'utf8')).toContain('## Notes');
  }, 120_000);

  it('an answer that never fits the schema is reported after the retries (exit 8)', async () => {
    const outputs = path.join(root, 'bad', 'outputs');
    await mkdir(outputs, { recursive: true });
    await writeFile(path.join(outputs, 'x.md'), 'ALWAYS-BAD');
    const run = await runCliCaptured(['eval', 'grade', '--outputs', outputs, '--expectation', 'anything', '--backend', 'api', '--json'], {
      env,
      cwd: root,
    });
    expect(run.code).toBe(8);
    expect(run.stderr).toMatch(/the grader answer did not fit the schema after 3 attempts: the answer holds no valid JSON/);
  });
});
