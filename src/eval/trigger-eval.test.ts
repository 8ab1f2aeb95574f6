import { describe, expect, it } from 'vitest';
import { BudgetTracker } from './budget.js';
import type { EvalItem } from './eval-set.js';
import { aggregate, type RunDetail, runPool } from './trigger-eval.js';

const runner = { name: 'claude-cli' as const, clientVersion: async () => '2.1.330', run: async () => Promise.reject(new Error('unused')) };

function detail(run: number, status: RunDetail['status'], cost = 0.01): RunDetail {
  return {
    run,
    status,
    cached: false,
    stopped_early: status === 'triggered',
    duration_ms: 10,
    cost_usd: status === 'skipped' ? null : cost,
    cost_estimated: status === 'triggered',
    error: status === 'error' ? 'boom' : null,
    other_skills: [],
    tools: [],
    text: '',
  };
}

function agg(items: EvalItem[], details: RunDetail[][], threshold = 0.5) {
  return aggregate(
    {
      skillName: 's',
      description: 'd',
      items,
      threshold,
      budget: new BudgetTracker(undefined),
      runner,
      model: undefined,
      policy: 'whole-turn',
      runsPerQuery: 3,
      numWorkers: 10,
      timeoutSec: 30,
      userSkillConflict: null,
    },
    details,
    '2.1.330',
  );
}

const runsOf = (triggers: number, runs: number) =>
  Array.from({ length: runs }, (_, i) => detail(i, i < triggers ? 'triggered' : 'not_triggered'));

describe('aggregate: pass rule (V1)', () => {
  it.each([
    [true, 3, 0, false],
    [true, 3, 1, false],
    [true, 3, 2, true],
    [true, 3, 3, true],
    [false, 3, 0, true],
    [false, 3, 1, true],
    [false, 3, 2, false],
    [true, 2, 1, true],
    [false, 2, 1, false],
  ])('should_trigger=%s runs=%i triggers=%i → pass %s', (should, runs, triggers, pass) => {
    const out = agg([{ query: 'q', should_trigger: should }], [runsOf(triggers, runs)]);
    expect(out.results[0]).toMatchObject({ runs, triggers, trigger_rate: triggers / runs, pass });
  });

  it('a failed run is an error, not a negative (V1 last row, fixed)', () => {
    const out = agg(
      [{ query: 'q', should_trigger: false }],
      [[detail(0, 'not_triggered'), detail(1, 'error'), detail(2, 'not_triggered')]],
    );
    expect(out.results[0]).toMatchObject({ runs: 2, errors: 1, triggers: 0, pass: true });
    expect(out.summary).toMatchObject({ run_errors: 1, errors: 0, passed: 1 });
  });

  it('a query whose runs all failed has pass null and counts in summary.errors', () => {
    const out = agg([{ query: 'q', should_trigger: true }], [[detail(0, 'error'), detail(1, 'error'), detail(2, 'skipped')]]);
    expect(out.results[0]).toMatchObject({ runs: 0, trigger_rate: null, pass: null, errors: 2, skipped: 1, ci_95: null, flaky: false });
    expect(out.summary).toMatchObject({ total: 1, passed: 0, failed: 0, errors: 1, runs_skipped: 1 });
  });
});

describe('aggregate: output (V3)', () => {
  it('matches skill-creator values, in eval-set order, with the added fields', () => {
    const items = [
      { query: 'q1', should_trigger: true },
      { query: 'q2', should_trigger: false },
    ];
    // Details arrive out of order (completion order); the output is still eval-set and run order.
    const out = agg(items, [[detail(2, 'not_triggered'), detail(0, 'triggered'), detail(1, 'triggered')], runsOf(0, 3)]);
    expect(
      out.results.map(({ query, should_trigger, trigger_rate, triggers, runs, pass }) => ({
        query,
        should_trigger,
        trigger_rate,
        triggers,
        runs,
        pass,
      })),
    ).toEqual([
      { query: 'q1', should_trigger: true, trigger_rate: 0.6666666666666666, triggers: 2, runs: 3, pass: true },
      { query: 'q2', should_trigger: false, trigger_rate: 0, triggers: 0, runs: 3, pass: true },
    ]);
    expect(out.results[0]!.run_details.map((d) => d.run)).toEqual([0, 1, 2]);
    expect(out.summary).toMatchObject({ total: 2, passed: 2, failed: 0, errors: 0 });
    expect(out.results[0]!.flaky).toBe(true);
    expect(out.results[0]!.uncertain).toBe(true);
    expect(out.results[1]!.ci_95!.high).toBeCloseTo(0.5615, 3);
    // Run level: tp 2, fn 1, fp 0.
    expect(out.summary.precision).toBe(1);
    expect(out.summary.recall).toBeCloseTo(2 / 3);
    expect(out.summary.f1).toBeCloseTo(0.8);
    expect(out.summary.accuracy).toBeCloseTo(5 / 6);
    // Reported and estimated costs are kept apart.
    expect(out.summary.cost_estimated_usd).toBeCloseTo(0.02);
    expect(out.summary.cost_usd).toBeCloseTo(0.04);
  });
});

describe('runPool', () => {
  it('never exceeds the limit and stops starting jobs when told', async () => {
    let inFlight = 0;
    let peak = 0;
    let started = 0;
    const skipped = await runPool(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      () => started < 12,
      async () => {
        started++;
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
      },
    );
    expect(peak).toBe(4);
    expect(started).toBe(12);
    expect(skipped).toHaveLength(8);
  });
});

describe('BudgetTracker', () => {
  it('charges stopped runs at the observed cost per token', () => {
    const b = new BudgetTracker(1);
    expect(b.record(0.1, 1000)).toEqual({ costUsd: 0.1, estimated: false });
    expect(b.record(undefined, 500).costUsd).toBeCloseTo(0.05);
    expect(b.spentUsd).toBeCloseTo(0.15);
    expect(b.exhausted).toBe(false);
    b.record(0.9, 1000);
    expect(b.exhausted).toBe(true);
  });
  it('uses the fallback estimate before any cost was reported', () => {
    const b = new BudgetTracker(undefined, 0.03);
    expect(b.record(undefined, 400).costUsd).toBe(0.03);
    expect(b.exhausted).toBe(false);
  });
});
