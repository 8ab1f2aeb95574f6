import { describe, expect, it } from 'vitest';
import type { EvalItem } from './eval-set.js';
import { MersenneTwister, splitEvalSet } from './split.js';

function evalSet(pos: number, neg: number): EvalItem[] {
  return [
    ...Array.from({ length: pos }, (_, i) => ({ query: `p${i}`, should_trigger: true })),
    ...Array.from({ length: neg }, (_, i) => ({ query: `n${i}`, should_trigger: false })),
  ];
}

describe('MersenneTwister', () => {
  it('matches CPython random.seed(42)', () => {
    expect(new MersenneTwister(42).nextUint32()).toBe(2746317213);
  });
});

describe('splitEvalSet (V6, CPython 3.11, seed 42, holdout 0.4)', () => {
  it.each([
    [10, 10, 'p5,p6,p9,p4,p0,p1,n1,n8,n7,n0,n6,n9', 'p7,p3,p2,p8,n3,n5,n2,n4'],
    [5, 3, 'p2,p4,p0,n2,n0', 'p3,p1,n1'],
    [2, 1, 'p0', 'p1,n0'],
    [4, 0, 'p1,p3,p0', 'p2'],
  ])('%i/%i', (pos, neg, train, test) => {
    const split = splitEvalSet(evalSet(pos, neg), 0.4, 42);
    expect(split.train.map((i) => i.query).join(',')).toBe(train);
    expect(split.test.map((i) => i.query).join(',')).toBe(test);
  });

  it('holdout 0 keeps everything in train, in order', () => {
    const items = evalSet(3, 2);
    expect(splitEvalSet(items, 0, 42)).toEqual({ train: items, test: [] });
  });

  it('another seed gives another split, deterministically', () => {
    const a = splitEvalSet(evalSet(10, 10), 0.4, 7);
    const b = splitEvalSet(evalSet(10, 10), 0.4, 7);
    expect(a).toEqual(b);
    expect(a.test.map((i) => i.query)).not.toEqual(splitEvalSet(evalSet(10, 10), 0.4, 42).test.map((i) => i.query));
  });
});
