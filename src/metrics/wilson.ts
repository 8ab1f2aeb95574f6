/**
 * The Wilson score interval of a proportion, unrounded: the one implementation behind the
 * correction-rate interval (`wilsonInterval` in correction-rate.ts: proportion in, rounded to 4
 * decimals, z = 1.959963…) and the trigger-rate interval (`wilsonInterval` in eval/stats.ts:
 * k of n in, z = 1.96 as skill-creator). Each caller keeps its own z and rounding.
 */
export function wilsonBounds(p: number, n: number, z: number): { low: number; high: number } | null {
  if (n <= 0) return null;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
