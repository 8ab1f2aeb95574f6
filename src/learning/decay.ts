/**
 * Confidence decay: an event's influence halves every `halfLifeDays` (90 by default).
 *
 *   decayed = 0.5 ^ (age_days / halfLifeDays),  age_days = max(0, now − timestamp) / 1 day
 *
 * Decay is always measured from each event's own timestamp to `now`; events dated in the future
 * count fully (age 0). A half-life ≤ 0 is treated as 1 day. This is the one decay implementation in
 * skillpulse: criterion weights, pattern maturity and skill health all use it.
 */
import { DEFAULT_LEARNING_CONFIG } from './config.js';
import { type Instant, MS_PER_DAY, toEpochMs } from './time.js';

/**
 * The decay factor (0..1] of an event at `timestamp`, seen at `now`.
 * Multiply an event's raw value by it to get its decayed value.
 *
 * @example calculateDecayedValue('2024-09-08T00:00:00Z', new Date('2024-12-07T00:00:00Z')) // 0.5
 */
export function calculateDecayedValue(
  timestamp: Instant,
  now: Instant = new Date(),
  halfLifeDays: number = DEFAULT_LEARNING_CONFIG.halfLifeDays,
): number {
  const halfLife = halfLifeDays <= 0 || !Number.isFinite(halfLifeDays) ? 1 : halfLifeDays;
  const ageDays = Math.max(0, (toEpochMs(now, 'now') - toEpochMs(timestamp)) / MS_PER_DAY);
  return 0.5 ** (ageDays / halfLife);
}
