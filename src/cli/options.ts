import { InvalidArgumentError } from 'commander';

/** Commander argument parser for a whole number within bounds, with a clear message. */
export function intOption(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value: string) => {
    const trimmed = value.trim();
    if (!/^-?\d+$/.test(trimmed)) throw new InvalidArgumentError(`expected a whole number, got "${value}".`);
    const n = Number(trimmed);
    if (n < min || n > max) {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `expected a number ≥ ${min}, got ${n}.` : `expected a number from ${min} to ${max}, got ${n}.`,
      );
    }
    return n;
  };
}

/** Commander argument parser for a finite decimal number within bounds. */
export function numberOption(min: number, max = Number.POSITIVE_INFINITY): (value: string) => number {
  return (value: string) => {
    const n = Number(value.trim());
    if (value.trim() === '' || !Number.isFinite(n)) throw new InvalidArgumentError(`expected a number, got "${value}".`);
    if (n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}, got ${n}.`);
    return n;
  };
}

/** Commander argument parser for an ISO 8601 date or date-time; returns a Date. */
export function dateOption(value: string): Date {
  const trimmed = value.trim();
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso);
  const date = new Date(hasZone ? iso : `${iso}Z`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(trimmed) || Number.isNaN(date.getTime())) {
    throw new InvalidArgumentError(`expected an ISO date such as 2026-11-21 or 2026-11-21T10:00:00Z, got "${value}".`);
  }
  return date;
}

/** Commander accumulator for repeatable options (`--x a --x b`), also accepting variadic values. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Commander parser restricting a value to a fixed set. */
export function choiceOption<T extends string>(choices: readonly T[]): ((value: string) => T) & { choices: readonly T[] } {
  const parse = (value: string): T => {
    if ((choices as readonly string[]).includes(value)) return value as T;
    throw new InvalidArgumentError(`expected one of ${choices.join(', ')}, got "${value}".`);
  };
  // Shell completion (`skillpulse completion`) offers these values.
  return Object.assign(parse, { choices });
}
