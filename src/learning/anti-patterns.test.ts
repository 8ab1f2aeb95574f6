import { describe, expect, it } from 'vitest';
import {
  createPattern,
  invertToAntiPattern,
  recordPatternObservation,
  selectSuccessfulPatterns,
  shouldInvertPattern,
} from './anti-patterns.js';
import type { DecompositionPattern } from './types.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const LATER = new Date('2024-12-13T00:00:00.000Z');
const pattern = (success_count: number, failure_count: number, extra: Partial<DecompositionPattern> = {}): DecompositionPattern => ({
  ...createPattern('Split by file type', [], NOW),
  success_count,
  failure_count,
  ...extra,
});

describe('createPattern', () => {
  it('creates a positive pattern with the original id shape', () => {
    const p = createPattern('Bad pattern', ['t'], NOW);
    expect(p.id).toMatch(new RegExp(`^pattern-${NOW.getTime()}-[0-9a-z]{6}$`));
    expect(p).toMatchObject({
      content: 'Bad pattern',
      kind: 'pattern',
      is_negative: false,
      success_count: 0,
      failure_count: 0,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      tags: ['t'],
      example_beads: [],
    });
  });
});

describe('shouldInvertPattern (reference V7)', () => {
  it.each<[string, DecompositionPattern, object | undefined, boolean]>([
    ['3/7', pattern(3, 7), undefined, true],
    ['4/6 (exactly 60%)', pattern(4, 6), undefined, true],
    ['6/4', pattern(6, 4), undefined, false],
    ['41/59', pattern(41, 59), undefined, false],
    ['0/2 (fewer than 3)', pattern(0, 2), undefined, false],
    ['2/1', pattern(2, 1), undefined, false],
    ['1/2', pattern(1, 2), undefined, true],
    ['0/10 anti-pattern', pattern(0, 10, { kind: 'anti_pattern', is_negative: true }), undefined, false],
    ['0/0', pattern(0, 0), undefined, false],
    ['1/4 minObservations 5', pattern(1, 4), { minObservations: 5 }, true],
    ['3/7 threshold 0.8', pattern(3, 7), { failureRatioThreshold: 0.8 }, false],
  ])('%s', (_name, p, config, expected) => {
    expect(shouldInvertPattern(p, config)).toBe(expected);
  });

  it('reads the anti-pattern part of a full learning config', () => {
    expect(shouldInvertPattern(pattern(3, 7), { antiPattern: { failureRatioThreshold: 0.8 } })).toBe(false);
  });
});

describe('recordPatternObservation (reference V8)', () => {
  it('inverts after the third failure of a new pattern', () => {
    let p = createPattern('Bad pattern', [], NOW);
    const first = recordPatternObservation(p, false, 'b1', undefined, LATER);
    expect([first.pattern.success_count, first.pattern.failure_count]).toEqual([0, 1]);
    expect(first.inversion).toBeUndefined();
    expect(first.pattern.updated_at).toBe(LATER.toISOString());
    const second = recordPatternObservation(first.pattern, false, 'b2', undefined, LATER);
    expect(second.pattern.failure_count).toBe(2);
    expect(second.inversion).toBeUndefined();
    const third = recordPatternObservation(second.pattern, false, 'b3', undefined, LATER);
    p = third.pattern;
    expect(p.failure_count).toBe(3);
    expect(p.kind).toBe('pattern'); // the returned pattern is not inverted
    expect(third.inversion?.reason).toBe('Failed 3/3 times (100% failure rate)');
    expect(third.inversion?.inverted.content).toBe('AVOID: Bad pattern. Failed 3/3 times (100% failure rate)');
    expect(third.inversion?.inverted.id).toBe(`anti-${p.id}`);
    expect(third.inversion?.inverted.example_beads).toEqual(['b1', 'b2', 'b3']);
    expect(third.inversion?.inverted).toMatchObject({
      kind: 'anti_pattern',
      is_negative: true,
      created_at: NOW.toISOString(),
      success_count: 0,
    });
    expect(third.inversion?.original).toBe(p);
  });

  it.each<[number, number, boolean, object | undefined, string | null, [number, number]]>([
    [1, 1, false, undefined, 'Failed 2/3 times (67% failure rate)', [1, 2]],
    [2, 2, false, undefined, 'Failed 3/5 times (60% failure rate)', [2, 3]],
    [2, 1, false, undefined, null, [2, 2]],
    [2, 4, false, undefined, 'Failed 5/7 times (71% failure rate)', [2, 5]],
    [3, 6, false, undefined, 'Failed 7/10 times (70% failure rate)', [3, 7]],
    [5, 2, true, undefined, null, [6, 2]],
    [5, 2, false, undefined, null, [5, 3]],
    [2, 3, false, { failureRatioThreshold: 0.7 }, null, [2, 4]],
  ])('%i/%i then success=%s', (s, f, success, config, reason, counts) => {
    const result = recordPatternObservation(pattern(s, f), success, undefined, config, NOW);
    expect([result.pattern.success_count, result.pattern.failure_count]).toEqual(counts);
    expect(result.inversion?.reason ?? null).toBe(reason);
  });

  it('keeps the newest 10 example beads', () => {
    const beads = Array.from({ length: 10 }, (_, i) => `bd-${i + 1}`);
    const result = recordPatternObservation(pattern(5, 0, { example_beads: beads }), true, 'bd-11', undefined, NOW);
    expect(result.pattern.example_beads).toHaveLength(10);
    expect(result.pattern.example_beads[0]).toBe('bd-2');
    expect(result.pattern.example_beads[9]).toBe('bd-11');
    const one = recordPatternObservation(pattern(5, 0, { example_beads: ['a'] }), true, 'b', { maxExampleBeads: 1 }, NOW);
    expect(one.pattern.example_beads).toEqual(['b']);
  });

  it('updates an anti-pattern but never inverts it again', () => {
    const anti = pattern(0, 5, { kind: 'anti_pattern', is_negative: true });
    const result = recordPatternObservation(anti, false, 'x', undefined, NOW);
    expect(result.pattern.failure_count).toBe(6);
    expect(result.inversion).toBeUndefined();
  });

  it('does not mutate its input', () => {
    const p = pattern(1, 1);
    recordPatternObservation(p, false, 'b', undefined, NOW);
    expect([p.success_count, p.failure_count, p.example_beads]).toEqual([1, 1, []]);
  });
});

describe('invertToAntiPattern prefix cleaning (reference V8)', () => {
  it.each([
    ['avoid: x', 'AVOID: x. R'],
    ['AVOID: NEVER: x', 'AVOID: x. R'],
    ['NEVER: AVOID: x', 'AVOID: AVOID: x. R'],
    ['DO NOT: x', 'AVOID: x. R'],
  ])('%s → %s', (content, inverted) => {
    expect(invertToAntiPattern(pattern(0, 3, { content }), 'R', undefined, NOW).inverted.content).toBe(inverted);
  });

  it('does not double the prefix', () => {
    const inverted = invertToAntiPattern(pattern(0, 3, { content: 'AVOID: Split by file type' }), 'R', undefined, NOW).inverted;
    expect(inverted.content.startsWith('AVOID: Split by file type.')).toBe(true);
  });

  it('uses the configured prefix', () => {
    const inverted = invertToAntiPattern(
      pattern(2, 5, { content: '按文件类型拆分' }),
      '失败5/7次(71%失败率)',
      { antiPatternPrefix: '避免:' },
      NOW,
    );
    expect(inverted.inverted.content).toBe('避免:按文件类型拆分. 失败5/7次(71%失败率)');
  });
});

describe('selectSuccessfulPatterns (reference V10 filter)', () => {
  it('keeps ≥ 70% over ≥ 2 uses, never anti-patterns', () => {
    const cases: Array<[number, number]> = [
      [8, 2],
      [5, 5],
      [69, 31],
      [1, 9],
      [1, 0],
    ];
    const kept = selectSuccessfulPatterns(cases.map(([s, f]) => pattern(s, f)));
    expect(kept.map((p) => [p.success_count, p.failure_count])).toEqual([[8, 2]]);
    expect(selectSuccessfulPatterns([pattern(6, 4)], 0.5)).toHaveLength(1);
    expect(selectSuccessfulPatterns([pattern(9, 1, { kind: 'anti_pattern' })])).toHaveLength(0);
  });
});
