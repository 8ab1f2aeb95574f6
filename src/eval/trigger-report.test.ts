import { describe, expect, it } from 'vitest';
import { BudgetTracker } from './budget.js';
import { aggregate, type RunDetail } from './trigger-eval.js';
import { escapeHtml, renderTriggerHtml, renderTriggerText } from './trigger-report.js';

const runner = { name: 'claude-cli' as const, clientVersion: async () => '2.1.330', run: async () => Promise.reject(new Error('unused')) };
const d = (run: number, status: RunDetail['status'], error: string | null = null): RunDetail => ({
  run,
  status,
  cached: false,
  stopped_early: false,
  duration_ms: 5,
  cost_usd: 0.01,
  cost_estimated: false,
  error,
  other_skills: [],
  tools: [],
  text: '',
});

const result = aggregate(
  {
    skillName: 'x<y>',
    description: 'Use for </script><script>alert(1)</script> & "quotes"',
    items: [
      { query: '<img src=x onerror=alert(1)>', should_trigger: true },
      { query: 'plain', should_trigger: false },
    ],
    threshold: 0.5,
    budget: new BudgetTracker(undefined),
    runner,
    model: undefined,
    policy: 'whole-turn',
    runsPerQuery: 2,
    numWorkers: 2,
    timeoutSec: 30,
    userSkillConflict: '/home/u/.claude/skills/x/SKILL.md',
  },
  [
    [d(0, 'triggered'), d(1, 'error', 'timed out after 30 s <b>')],
    [d(0, 'not_triggered'), d(1, 'not_triggered')],
  ],
  '2.1.330',
);

describe('trigger report', () => {
  it('HTML escapes every value and has no script', () => {
    const html = renderTriggerHtml(result);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('timed out after 30 s &#60;b&#62;');
    expect(escapeHtml(`&<>"'\``)).toBe('&#38;&#60;&#62;&#34;&#39;&#96;');
  });
  it('text lines: per query status, rate, interval, errors; summary; the user-skill note', () => {
    const lines = renderTriggerText(result);
    expect(lines).toContain('  [PASS] rate=1/1 ci95=[0.21, 1.00] expected=true errors=1: <img src=x onerror=alert(1)>');
    expect(lines).toContain('  [PASS] rate=0/2 ci95=[0.00, 0.66] expected=false: plain');
    expect(lines.some((l) => l.startsWith('Runs: 3 answered, 1 errors'))).toBe(true);
    expect(lines.at(-1)).toContain('/home/u/.claude/skills/x/SKILL.md');
  });
});
