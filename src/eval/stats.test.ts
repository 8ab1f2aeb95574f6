import { describe as suite, expect, it } from 'vitest';
import { classificationScores, codePointLength, describe, pyFixed, pyRound, pySignedFixed, wilsonInterval } from './stats.js';

suite('wilsonInterval (V12)', () => {
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  it.each([
    [2, 3, 0.208, 0.939],
    [0, 3, 0.0, 0.562],
    [10, 10, 0.722, 1.0],
  ])('%i/%i', (k, n, low, high) => {
    const ci = wilsonInterval(k, n)!;
    expect(r3(ci.low)).toBe(low);
    expect(r3(ci.high)).toBe(high);
  });
  it('is null without runs', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

suite('describe (V8)', () => {
  it('matches aggregate_benchmark', () => {
    expect(describe([0.5, 1.0, 0.75])).toEqual({ mean: 0.75, stddev: 0.25, min: 0.5, max: 1.0 });
    expect(describe([0.67, 0.83, 1.0])).toEqual({ mean: 0.8333, stddev: 0.165, min: 0.67, max: 1.0 });
    const a = describe([0.33, 0.33, 0.67]);
    expect([a.mean, a.stddev]).toEqual([0.4433, 0.1963]);
    const b = describe([42.5, 31.2, 58.0]);
    expect([b.mean, b.stddev]).toEqual([43.9, 13.4547]);
    const c = describe([3800, 3200, 4100]);
    expect([c.mean, c.stddev]).toEqual([3700, 458.2576]);
    expect(describe([1.0]).stddev).toBe(0);
    expect(describe([])).toEqual({ mean: 0, stddev: 0, min: 0, max: 0 });
  });
});

suite('Python formatting (V8 deltas)', () => {
  it.each([
    [0.5, 2, '+0.50'],
    [-0.125, 2, '-0.12'],
    [0.005, 2, '+0.01'],
    [-0.0, 2, '-0.00'],
    [0, 2, '+0.00'],
    [13.05, 1, '+13.1'],
    [0.25, 1, '+0.2'],
    [-0.05, 1, '-0.1'],
    [2.5, 0, '+2'],
    [3.5, 0, '+4'],
    [-2.5, 0, '-2'],
    [1700.0, 0, '+1700'],
    [0.375, 2, '+0.38'],
  ])('%d with %i digits → %s', (x, d, s) => {
    expect(pySignedFixed(x, d)).toBe(s);
  });
  it('rounds like Python round()', () => {
    expect(pyRound(2.675, 2)).toBe(2.67);
    expect(pyRound(0.125, 2)).toBe(0.12);
    expect(pyRound(0.135, 2)).toBe(0.14);
    expect(pyRound(-2.5, 0)).toBe(-2);
    expect(pyFixed(0.5, 0)).toBe('0');
    expect(pyFixed(1.5, 0)).toBe('2');
  });
});

suite('classificationScores', () => {
  it('computes precision, recall and F1', () => {
    const s = classificationScores(6, 2, 3);
    expect(s.precision).toBeCloseTo(0.75);
    expect(s.recall).toBeCloseTo(6 / 9);
    expect(s.f1).toBeCloseTo((2 * 0.75 * (6 / 9)) / (0.75 + 6 / 9));
  });
  it('is null when undefined', () => {
    expect(classificationScores(0, 0, 0)).toEqual({ precision: null, recall: null, f1: null });
    expect(classificationScores(0, 0, 4)).toEqual({ precision: null, recall: 0, f1: null });
  });
});

it('counts code points', () => {
  expect(codePointLength('a😀b')).toBe(3);
});
