/**
 * Timestamps at the learning system's edges. Records hold ISO 8601 strings (UTC); functions accept
 * an ISO string, a Date or epoch milliseconds. An unparsable timestamp is rejected with a
 * validation error naming the field (the original silently produced NaN weights).
 */
import { SkillpulseError } from '../errors.js';

/** Anything that names an instant: an ISO 8601 string, a Date, or epoch milliseconds. */
export type Instant = string | Date | number;

export const MS_PER_DAY = 86_400_000;

/** Epoch milliseconds of an instant; throws INVALID_INPUT for an unparsable or non-finite one. */
export function toEpochMs(value: Instant, field = 'timestamp'): number {
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') ms = value.trim() === '' ? Number.NaN : Date.parse(value);
  else ms = Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new SkillpulseError('INVALID_INPUT', `invalid timestamp ${JSON.stringify(String(value))} (expected an ISO 8601 date-time)`, {
      field,
    });
  }
  return ms;
}

/** The instant as an ISO 8601 UTC string (`2024-12-12T10:30:00.000Z`). */
export function toIsoString(value: Instant, field = 'timestamp'): string {
  return new Date(toEpochMs(value, field)).toISOString();
}
