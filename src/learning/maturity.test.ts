import { describe, expect, it } from 'vitest';
import {
  assessMaturity,
  calculateDecayedCounts,
  calculateMaturityState,
  createPatternMaturity,
  deprecatePattern,
  getMaturityMultiplier,
  type MaturitySignal,
  promotePattern,
  resetPatternMaturity,
  updatePatternMaturity,
} from './maturity.js';
import type { PatternMaturity } from './types.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const LATER = new Date('2024-12-13T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const H = (count: number, age = 0, weight = 1): MaturitySignal[] =>
  Array.from({ length: count }, () => ({ type: 'helpful' as const, timestamp: daysAgo(age), weight }));
const X = (count: number, age = 0, weight = 1): MaturitySignal[] =>
  Array.from({ length: count }, () => ({ type: 'harmful' as const, timestamp: daysAgo(age), weight }));

describe('calculateMaturityState (reference V5)', () => {
  it.each<[string, MaturitySignal[], string]>([
    ['no feedback', [], 'candidate'],
    ['2H', H(2), 'candidate'],
    ['3H', H(3), 'established'],
    ['2H 1X (ratio 0.333, total 3)', [...H(2), ...X(1)], 'deprecated'],
    ['2H 3X', [...H(2), ...X(3)], 'deprecated'],
    ['6H 1X (1/7 < 0.15)', [...H(6), ...X(1)], 'proven'],
    ['5H 1X (0.1667)', [...H(5), ...X(1)], 'established'],
    ['4H 1X', [...H(4), ...X(1)], 'established'],
    ['5H 2X', [...H(5), ...X(2)], 'established'],
    ['17H 3X (ratio exactly 0.15 is not < 0.15)', [...H(17), ...X(3)], 'established'],
    ['7H 3X (0.3 is not > 0.3)', [...H(7), ...X(3)], 'established'],
    ['10H 8X', [...H(10), ...X(8)], 'deprecated'],
    ['10H 1X', [...H(10), ...X(1)], 'proven'],
    ['10H at 90 d (decayed 5.0 ≥ 4.99)', H(10, 90), 'proven'],
    ['10H at 91 d (4.9616)', H(10, 91), 'established'],
    ['3H at 90 d (1.5 < 2.99)', H(3, 90), 'candidate'],
    ['3H at 180 d + 1X fresh (≈1.75)', [...H(3, 180), ...X(1)], 'candidate'],
    ['3H 1X (ratio 0.25)', [...H(3), ...X(1)], 'established'],
    ['2H weight 0.5 + 2X (deprecated checked first)', [...H(2, 0, 0.5), ...X(2)], 'deprecated'],
  ])('%s → %s', (_name, events, state) => {
    expect(calculateMaturityState(events, undefined, NOW)).toBe(state);
  });

  it('honours a custom maturity config', () => {
    expect(calculateMaturityState(H(3), { minFeedback: 2, minHelpful: 3, maxHarmful: 0.2, deprecationThreshold: 0.4 }, NOW)).toBe('proven');
    // the same overrides nested in a learning config
    expect(calculateMaturityState(H(3), { maturity: { minFeedback: 2, minHelpful: 3 } }, NOW)).toBe('proven');
  });

  it('counts a weight-less event as 1 and anything not helpful as harmful', () => {
    expect(
      calculateDecayedCounts(
        [
          { type: 'helpful', timestamp: NOW },
          { type: 'harmful', timestamp: daysAgo(90) },
        ],
        undefined,
        NOW,
      ),
    ).toEqual({
      decayedHelpful: 1,
      decayedHarmful: 0.5,
    });
  });
});

describe('maturity lifecycle', () => {
  const fresh = createPatternMaturity('p1', NOW);

  it('creates a candidate stamped now', () => {
    expect(fresh).toEqual({ pattern_id: 'p1', state: 'candidate', helpful_count: 0, harmful_count: 0, last_validated: NOW.toISOString() });
  });

  it('updates with raw counts and stamps a transition into proven', () => {
    const updated = updatePatternMaturity(fresh, [...H(6), ...X(1)], undefined, NOW);
    expect(updated.state).toBe('proven');
    expect(updated.helpful_count).toBe(6);
    expect(updated.harmful_count).toBe(1);
    expect(updated.promoted_at).toBe(NOW.toISOString());
    // staying proven keeps the first stamp
    const again = updatePatternMaturity(updated, [...H(7), ...X(1)], undefined, LATER);
    expect(again.promoted_at).toBe(NOW.toISOString());
    expect(again.last_validated).toBe(LATER.toISOString());
  });

  it('is not sticky: a deprecated record becomes proven when feedback supports it (V5)', () => {
    const deprecated: PatternMaturity = {
      ...fresh,
      state: 'deprecated',
      deprecated_at: NOW.toISOString(),
      deprecation_reason: 'conflicts',
    };
    const updated = updatePatternMaturity(deprecated, [...H(6), ...X(1)], undefined, LATER);
    expect(updated.state).toBe('proven');
    expect(updated.promoted_at).toBe(LATER.toISOString());
    expect(updated.deprecated_at).toBe(NOW.toISOString());
    expect(updated.deprecation_reason).toBeUndefined();
  });

  it('stamps a transition into deprecated', () => {
    const updated = updatePatternMaturity(fresh, [...H(2), ...X(3)], undefined, NOW);
    expect(updated.state).toBe('deprecated');
    expect(updated.deprecated_at).toBe(NOW.toISOString());
  });

  it('refuses to promote a deprecated pattern', () => {
    const deprecated = deprecatePattern(fresh, 'causes file conflicts in 80% of cases', NOW);
    expect(() => promotePattern(deprecated, NOW)).toThrow('Cannot promote a deprecated pattern');
  });

  it('returns a proven pattern unchanged, with a warning', () => {
    const proven: PatternMaturity = { ...fresh, state: 'proven' };
    const warnings: string[] = [];
    expect(promotePattern(proven, LATER, (w) => warnings.push(w))).toBe(proven);
    expect(warnings).toHaveLength(1);
  });

  it('promotes a thin candidate with a warning, stamping now', () => {
    const warnings: string[] = [];
    const promoted = promotePattern({ ...fresh, helpful_count: 2 }, LATER, (w) => warnings.push(w));
    expect(promoted.state).toBe('proven');
    expect(promoted.promoted_at).toBe(LATER.toISOString());
    expect(promoted.last_validated).toBe(LATER.toISOString());
    expect(warnings[0]).toContain('2 helpful');
    const established: PatternMaturity = { ...fresh, state: 'established', helpful_count: 4 };
    const quiet: string[] = [];
    expect(promotePattern(established, LATER, (w) => quiet.push(w)).state).toBe('proven');
    expect(quiet).toEqual([]);
  });

  it('deprecates with a kept reason; deprecating twice returns the same object', () => {
    const deprecated = deprecatePattern(fresh, 'causes file conflicts', LATER);
    expect(deprecated).not.toBe(fresh);
    expect(deprecated.state).toBe('deprecated');
    expect(deprecated.deprecated_at).toBe(LATER.toISOString());
    expect(deprecated.deprecation_reason).toBe('causes file conflicts');
    expect(deprecatePattern(deprecated, 'again', LATER)).toBe(deprecated);
  });

  it('resets a deprecated pattern to candidate, after which it can be promoted', () => {
    const deprecated = deprecatePattern({ ...fresh, helpful_count: 4, harmful_count: 1 }, 'bad', NOW);
    const reset = resetPatternMaturity(deprecated, LATER);
    expect(reset).toEqual({
      pattern_id: 'p1',
      state: 'candidate',
      helpful_count: 4,
      harmful_count: 1,
      last_validated: LATER.toISOString(),
    });
    expect(promotePattern(reset, LATER).state).toBe('proven');
  });

  it('has the multipliers 0.5 / 1.0 / 1.5 / 0', () => {
    expect(['candidate', 'established', 'proven', 'deprecated'].map((s) => getMaturityMultiplier(s as PatternMaturity['state']))).toEqual([
      0.5, 1, 1.5, 0,
    ]);
  });
});

describe('assessMaturity', () => {
  it('summarises decayed counts, state, multiplier and ratio', () => {
    const a = assessMaturity([...H(6), ...X(1, 90)], undefined, NOW);
    expect(a.decayedHelpful).toBe(6);
    expect(a.decayedHarmful).toBe(0.5);
    expect(a.state).toBe('proven');
    expect(a.multiplier).toBe(1.5);
    expect(a.harmfulRatio).toBeCloseTo(0.5 / 6.5, 12);
    expect(a.helpfulCount).toBe(6);
    expect(a.harmfulCount).toBe(1);
    expect(a.lastHelpfulAt).toBe(NOW.toISOString());
  });

  it('is a candidate with ratio 0 and no helpful time for no events', () => {
    expect(assessMaturity([], undefined, NOW)).toMatchObject({ state: 'candidate', harmfulRatio: 0, lastHelpfulAt: null, multiplier: 0.5 });
  });
});
