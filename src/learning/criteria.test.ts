import { describe, expect, it } from 'vitest';
import { applyWeights, calculateCriterionWeight, calculateCriterionWeights, shouldDeprecateCriterion } from './criteria.js';
import type { FeedbackEvent, FeedbackType } from './types.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * 86_400_000).toISOString();
let n = 0;
const ev = (type: FeedbackType, age = 0, raw = 1, criterion = 'type_safe'): FeedbackEvent => ({
  id: `e${n++}`,
  criterion,
  type,
  timestamp: daysAgo(age),
  raw_value: raw,
});
const times = (count: number, make: () => FeedbackEvent): FeedbackEvent[] => Array.from({ length: count }, make);

describe('calculateCriterionWeight (reference V3)', () => {
  it('weighs 1.0 with no events, criterion unknown', () => {
    expect(calculateCriterionWeight([], undefined, NOW)).toEqual({
      criterion: 'unknown',
      weight: 1,
      helpful_count: 0,
      harmful_count: 0,
      half_life_days: 90,
    });
  });

  it('ignores neutral events entirely', () => {
    const w = calculateCriterionWeight([ev('neutral', 0, 1, 'readable'), ev('neutral')], undefined, NOW);
    expect(w.weight).toBe(1);
    expect(w.criterion).toBe('readable');
    expect(w.helpful_count).toBe(0);
    expect(w.harmful_count).toBe(0);
    expect(w.last_validated).toBeUndefined();
  });

  it.each<[string, FeedbackEvent[], number]>([
    ['one harmful → floor', [ev('harmful')], 0.1],
    ['H + X same age', [ev('helpful'), ev('harmful')], 0.5],
    ['old H, fresh X', [ev('helpful', 180), ev('harmful')], 0.2],
    ['H raw 0.5', [ev('helpful', 0, 0.5), ev('harmful')], 0.3333333333333333],
    ['H + X both 90 d', [ev('helpful', 90), ev('harmful', 90)], 0.5],
    ['1H + 9X', [ev('helpful'), ...times(9, () => ev('harmful'))], 0.1],
    ['1H + 20X (floor)', [ev('helpful'), ...times(20, () => ev('harmful'))], 0.1],
  ])('%s', (_name, events, weight) => {
    expect(calculateCriterionWeight(events, undefined, NOW).weight).toBe(weight);
  });

  it('decays each event from its own timestamp', () => {
    const w = calculateCriterionWeight([ev('helpful', 0), ev('harmful', 1), ev('helpful', 2)], undefined, NOW);
    expect(w.weight).toBe(0.6666732571452603);
    expect(w.helpful_count).toBe(2);
    expect(w.harmful_count).toBe(1);
  });

  it('re-validates on the newest helpful event only', () => {
    const events: FeedbackEvent[] = [
      { id: 'a', criterion: 'c', type: 'helpful', timestamp: '2024-01-02T00:00:00.000Z', raw_value: 1 },
      { id: 'b', criterion: 'c', type: 'helpful', timestamp: '2024-01-10T00:00:00.000Z', raw_value: 1 },
      { id: 'c', criterion: 'c', type: 'harmful', timestamp: '2024-02-01T00:00:00.000Z', raw_value: 1 },
    ];
    expect(calculateCriterionWeight(events, undefined, NOW).last_validated).toBe('2024-01-10T00:00:00.000Z');
  });

  it('honours an overridden half-life and floor', () => {
    const w = calculateCriterionWeight([ev('helpful', 30), ev('harmful', 0)], { halfLifeDays: 30, criterionWeightFloor: 0.4 }, NOW);
    expect(w.weight).toBe(0.4); // 0.5 / 1.5 = 0.333 → floor 0.4
    expect(w.half_life_days).toBe(30);
  });

  it('groups a mixed list by criterion', () => {
    const weights = calculateCriterionWeights(
      [ev('helpful', 0, 1, 'a'), ev('harmful', 0, 1, 'b'), ev('helpful', 0, 1, 'b')],
      undefined,
      NOW,
    );
    expect(weights.map((w) => [w.criterion, w.weight])).toEqual([
      ['a', 1],
      ['b', 0.5],
    ]);
  });
});

describe('shouldDeprecateCriterion (reference V4)', () => {
  it.each([
    [1, 1, false],
    [2, 1, true],
    [7, 3, false],
    [1, 4, true],
    [0, 2, false],
    [8, 2, false],
  ])('%i helpful, %i harmful → %s', (helpful, harmful, expected) => {
    expect(shouldDeprecateCriterion({ helpful_count: helpful, harmful_count: harmful })).toBe(expected);
  });

  it('honours minFeedbackForAdjustment and maxHarmfulRatio', () => {
    expect(shouldDeprecateCriterion({ helpful_count: 1, harmful_count: 1 }, { minFeedbackForAdjustment: 2 })).toBe(true);
    expect(shouldDeprecateCriterion({ helpful_count: 2, harmful_count: 1 }, { maxHarmfulRatio: 0.5 })).toBe(false);
  });
});

describe('applyWeights (reference V14)', () => {
  it('multiplies raw scores by weights, 1.0 when unknown', () => {
    const result = applyWeights({ a: 0.8, b: 0.9, c: 0.7, d: 0.6 }, { a: { weight: 1 }, b: { weight: 0.5 }, c: { weight: 0.8 } });
    expect(result.a).toEqual({ raw: 0.8, weighted: 0.8, weight: 1 });
    expect(result.b).toEqual({ raw: 0.9, weighted: 0.45, weight: 0.5 });
    expect(result.c?.weighted).toBeCloseTo(0.56, 10);
    expect(result.d).toEqual({ raw: 0.6, weighted: 0.6, weight: 1 });
  });
});
