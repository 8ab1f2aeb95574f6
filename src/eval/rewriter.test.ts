import { describe, expect, it } from 'vitest';
import type { Completion, ModelBackend } from './backends.js';
import { bestIndex } from './optimizer.js';
import { buildRewritePrompt, describeRun, parseRewrite, rewriteDescription, type TrainQueryView } from './rewriter.js';
import type { RunDetail } from './trigger-eval.js';

/** A backend answering from a list, recording prompts. */
function backendOf(answers: string[]): ModelBackend & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    name: 'api',
    prompts,
    async complete(prompt: string): Promise<Completion> {
      prompts.push(prompt);
      return { text: answers.shift() ?? '', costUsd: 0.001 };
    },
  };
}

const detail = (over: Partial<RunDetail>): RunDetail => ({
  run: 0,
  status: 'not_triggered',
  cached: false,
  stopped_early: false,
  duration_ms: 1,
  cost_usd: 0,
  cost_estimated: false,
  error: null,
  other_skills: [],
  tools: [],
  text: '',
  ...over,
});

const view = (query: string, should: boolean, triggers: number, pass: boolean, details: RunDetail[] = []): TrainQueryView => ({
  query,
  should_trigger: should,
  triggers,
  runs: 3,
  errors: 0,
  pass,
  run_details: details,
});

describe('parseRewrite (V7)', () => {
  it.each([
    ['Sure.\n<new_description>\n "Use this skill when X." \n</new_description>', 'Use this skill when X.'],
    ['"Use this skill for Y"\n', 'Use this skill for Y'],
    ['<new_description>first</new_description> and <new_description>second</new_description>', 'first'],
  ])('%j', (response, expected) => {
    expect(parseRewrite(response)).toBe(expected);
  });
});

describe('rewriteDescription: the length guard', () => {
  const input = {
    skillName: 's',
    skillText: '---\nname: s\n---\n',
    current: { description: 'd', passed: 1, total: 2, results: [] },
    history: [],
  };

  it('1024 characters: no retry', async () => {
    const b = backendOf([`<new_description>${'x'.repeat(1024)}</new_description>`]);
    const log = await rewriteDescription(b, input);
    expect(b.prompts).toHaveLength(1);
    expect(log.final_description).toHaveLength(1024);
    expect(log.over_limit).toBe(false);
  });

  it('1025 characters: exactly one retry whose answer is accepted when valid', async () => {
    const b = backendOf([`<new_description>${'x'.repeat(1025)}</new_description>`, '<new_description>short one</new_description>']);
    const log = await rewriteDescription(b, input);
    expect(b.prompts).toHaveLength(2);
    expect(b.prompts[1]).toContain('1025 characters, over the hard limit of 1024');
    expect(b.prompts[1]!.startsWith(b.prompts[0]!)).toBe(true);
    expect(log).toMatchObject({ over_limit: true, char_count: 1025, retry_description: 'short one', final_description: 'short one' });
    expect(log.cost_usd).toBeCloseTo(0.002);
  });

  it('still too long after the retry: refused (fixed; upstream accepted any length)', async () => {
    const b = backendOf([
      `<new_description>${'x'.repeat(1100)}</new_description>`,
      `<new_description>${'y'.repeat(1030)}</new_description>`,
    ]);
    const log = await rewriteDescription(b, input);
    expect(b.prompts).toHaveLength(2);
    expect(log.final_description).toBeNull();
    expect(log.retry_char_count).toBe(1030);
  });

  it('code points, not UTF-16 units, count', async () => {
    const b = backendOf([`<new_description>${'😀'.repeat(1000)}</new_description>`]);
    expect((await rewriteDescription(b, input)).over_limit).toBe(false);
  });

  it('angle brackets are retried too', async () => {
    const b = backendOf(['<new_description>use for <xml> files</new_description>', '<new_description>use for XML files</new_description>']);
    expect((await rewriteDescription(b, input)).final_description).toBe('use for XML files');
  });
});

describe('buildRewritePrompt', () => {
  it('lists failed train queries with what Claude did instead, and previous attempts with train scores only', () => {
    const current = {
      description: 'Use for invoices.',
      passed: 2,
      total: 4,
      results: [
        view('total my receipts', true, 0, false, [
          detail({ run: 0, other_skills: ['expenses'], tools: ['Skill'] }),
          detail({ run: 1, tools: ['Bash'], text: 'Let me   look at\nthe files' }),
          detail({ run: 2, status: 'error', error: 'timed out after 30 s with no answer' }),
        ]),
        view('write a poem', false, 2, false, [detail({ status: 'triggered' })]),
        view('sum the invoice', true, 3, true),
        view('what time is it', false, 0, true),
      ],
    };
    const prompt = buildRewritePrompt({ skillName: 'inv', skillText: 'SKILL TEXT', current, history: [current] });
    expect(prompt).toContain('Current scores (Train: 2/4):');
    expect(prompt).not.toMatch(/Test/);
    expect(prompt).toContain('FAILED TO TRIGGER (should have triggered but did not):\n  - "total my receipts" (triggered 0/3 times)');
    expect(prompt).toContain('run 1: invoked other skill(s) expenses');
    expect(prompt).toContain('run 2: used tools Bash; answered: "Let me look at the files"');
    expect(prompt).toContain('run 3: error (timed out after 30 s with no answer)');
    expect(prompt).toContain('FALSE TRIGGERS (triggered but should not have):\n  - "write a poem" (triggered 2/3 times)');
    expect(prompt).toContain('<attempt train=2/4>');
    expect(prompt).toContain('  [PASS] "sum the invoice" (triggered 3/3)');
    expect(prompt).toContain('<skill_content>\nSKILL TEXT\n</skill_content>');
  });

  it('describeRun', () => {
    expect(describeRun(detail({}))).toBe('did not invoke the skill');
    expect(describeRun(detail({ status: 'triggered' }))).toBe('invoked this skill');
  });
});

describe('bestIndex (V4)', () => {
  const h = (tests: Array<number | null>) => tests.map((t) => ({ test_passed: t, train_passed: 0 }));
  it('earliest maximum, null as 0', () => {
    expect(bestIndex(h([3, 5, 5, 4]), true)).toBe(1);
    expect(bestIndex(h([null, null]), true)).toBe(0);
  });
  it('by train without a test set', () => {
    expect(
      bestIndex(
        [
          { test_passed: null, train_passed: 1 },
          { test_passed: null, train_passed: 4 },
          { test_passed: null, train_passed: 4 },
        ],
        false,
      ),
    ).toBe(1);
  });
});
