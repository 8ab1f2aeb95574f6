/**
 * Numbers for evaluation results: the 95% Wilson interval of a trigger rate, descriptive
 * statistics as skill-creator's aggregate_benchmark computes them (sample standard deviation,
 * rounded to 4 decimals), classification scores, and Python-compatible number formatting.
 *
 * Python's `round(x, n)` and `format(x, '+.nf')` round the exact binary value of `x` and send
 * exact ties to the even digit; JavaScript's `toFixed` sends exact ties away from zero. The
 * helpers here format the exact decimal expansion (BigInt, metrics/rounding.ts) and round ties half
 * to even, so delta strings match skill-creator's byte for byte (`-0.125` → `-0.12`, `2.5` → `+2`).
 */
import { pyFixed } from '../metrics/rounding.js';
import { wilsonBounds } from '../metrics/wilson.js';

/** z for a two-sided 95% interval. */
export const Z_95 = 1.96;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for k successes in n trials; `null` when n is 0. */
export function wilsonInterval(k: number, n: number, z = Z_95): Interval | null {
  return n <= 0 ? null : wilsonBounds(k / n, n, z);
}

export interface DescriptiveStats {
  mean: number;
  stddev: number;
  min: number;
  max: number;
}

/**
 * Mean, sample standard deviation (n − 1; 0 for a single value), min and max, each rounded to
 * 4 decimals the way Python's `round` does. An empty list gives all zeros (as upstream).
 */
export function describe(values: readonly number[]): DescriptiveStats {
  if (values.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0 };
  const n = values.length;
  let sum = 0;
  for (const v of values) sum += v;
  const mean = sum / n;
  let sq = 0;
  for (const v of values) sq += (v - mean) ** 2;
  const stddev = n > 1 ? Math.sqrt(sq / (n - 1)) : 0;
  return { mean: pyRound(mean, 4), stddev: pyRound(stddev, 4), min: pyRound(Math.min(...values), 4), max: pyRound(Math.max(...values), 4) };
}

export interface ClassificationScores {
  /** tp / (tp + fp); null when nothing was predicted positive. */
  precision: number | null;
  /** tp / (tp + fn); null when there were no positives. */
  recall: number | null;
  /** Harmonic mean of precision and recall; null when either is null or both are 0. */
  f1: number | null;
}

export function classificationScores(tp: number, fp: number, fn: number): ClassificationScores {
  const precision = tp + fp > 0 ? tp / (tp + fp) : null;
  const recall = tp + fn > 0 ? tp / (tp + fn) : null;
  const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : null;
  return { precision, recall, f1 };
}

/** Python's `format(x, '.{digits}f')` (unsigned unless negative): the one implementation in metrics/rounding.ts. */
export { pyFixed };

/** Python's `round(x, digits)` (a negative value that rounds to zero stays -0, as in Python). */
export function pyRound(x: number, digits: number): number {
  if (!Number.isFinite(x)) return x;
  const value = Number(pyFixed(Math.abs(x), digits));
  return x < 0 || Object.is(x, -0) ? -value : value;
}

/** Python's `format(x, '+.{digits}f')`: always signed, `-0.00` for negative zero. */
export function pySignedFixed(x: number, digits: number): string {
  const text = pyFixed(x, digits);
  return text.startsWith('-') ? text : `+${text}`;
}

/** Length in Unicode code points (Python's `len` on str), not UTF-16 units. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points of `text`. */
export function codePointSlice(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}
