/**
 * Decomposition patterns and their inversion into anti-patterns.
 *
 * A pattern observed at least `minObservations` (3) times whose failure share is at least
 * `failureRatioThreshold` (0.6, inclusive) inverts into an anti-pattern:
 * `AVOID: <content>. Failed f/t times (N% failure rate)`.
 */
import { randomBytes } from 'node:crypto';
import { type AntiPatternConfigInput, antiPatternConfigOf } from './config.js';
import { type Instant, toEpochMs, toIsoString } from './time.js';
import type { DecompositionPattern } from './types.js';

/** A new (positive) pattern with no observations; id `pattern-<epoch ms>-<6 base-36 chars>`. */
export function createPattern(content: string, tags: readonly string[] = [], now: Instant = new Date()): DecompositionPattern {
  const stamp = toIsoString(now, 'now');
  return {
    id: `pattern-${toEpochMs(now, 'now')}-${randomBase36(6)}`,
    content,
    kind: 'pattern',
    is_negative: false,
    success_count: 0,
    failure_count: 0,
    created_at: stamp,
    updated_at: stamp,
    tags: [...tags],
    example_beads: [],
  };
}

function randomBase36(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += (byte % 36).toString(36);
  return out;
}

/** Whether a pattern's track record turns it into an anti-pattern (anti-patterns never invert again). */
export function shouldInvertPattern(pattern: DecompositionPattern, config?: AntiPatternConfigInput): boolean {
  if (pattern.kind === 'anti_pattern') return false;
  const cfg = antiPatternConfigOf(config);
  const total = pattern.success_count + pattern.failure_count;
  if (total < cfg.minObservations) return false;
  return pattern.failure_count / total >= cfg.failureRatioThreshold;
}

/** `Failed f/t times (N% failure rate)`, N rounded half up. */
export function inversionReason(pattern: Pick<DecompositionPattern, 'success_count' | 'failure_count'>): string {
  const total = pattern.success_count + pattern.failure_count;
  const percent = Math.round((pattern.failure_count / total) * 100);
  return `Failed ${pattern.failure_count}/${total} times (${percent}% failure rate)`;
}

/** Removes, once each and in this order, a leading `AVOID:`, `DO NOT:` and `NEVER:` (case-insensitive). */
export function cleanPatternContent(content: string): string {
  return content
    .replace(/^AVOID:\s*/i, '')
    .replace(/^DO NOT:\s*/i, '')
    .replace(/^NEVER:\s*/i, '');
}

export interface PatternInversion {
  original: DecompositionPattern;
  inverted: DecompositionPattern;
  reason: string;
}

/** The anti-pattern copy of a pattern: id `anti-<id>`, content `<prefix><cleaned>. <reason>`. Counts, tags and examples are kept. */
export function invertToAntiPattern(
  pattern: DecompositionPattern,
  reason: string,
  config?: AntiPatternConfigInput,
  now: Instant = new Date(),
): PatternInversion {
  const cfg = antiPatternConfigOf(config);
  const inverted: DecompositionPattern = {
    ...pattern,
    id: `anti-${pattern.id}`,
    content: `${cfg.antiPatternPrefix}${cleanPatternContent(pattern.content)}. ${reason}`,
    kind: 'anti_pattern',
    is_negative: true,
    reason,
    updated_at: toIsoString(now, 'now'),
    tags: [...pattern.tags],
    example_beads: [...pattern.example_beads],
  };
  return { original: pattern, inverted, reason };
}

export interface PatternObservationResult {
  /** The pattern with its counts updated (not inverted; store it). */
  pattern: DecompositionPattern;
  /** Present when the updated pattern now qualifies as an anti-pattern; store `inversion.inverted` too. */
  inversion?: PatternInversion;
}

/**
 * Records one use of a pattern: success or failure, and the task it was used in (the newest
 * `maxExampleBeads` task ids are kept). Returns the updated pattern and, when it now qualifies, its
 * inversion into an anti-pattern.
 */
export function recordPatternObservation(
  pattern: DecompositionPattern,
  success: boolean,
  beadId?: string,
  config?: AntiPatternConfigInput,
  now: Instant = new Date(),
): PatternObservationResult {
  const cfg = antiPatternConfigOf(config);
  const updated: DecompositionPattern = {
    ...pattern,
    success_count: pattern.success_count + (success ? 1 : 0),
    failure_count: pattern.failure_count + (success ? 0 : 1),
    updated_at: toIsoString(now, 'now'),
    tags: [...pattern.tags],
    example_beads: beadId ? [...keepNewest(pattern.example_beads, cfg.maxExampleBeads - 1), beadId] : [...pattern.example_beads],
  };
  if (!shouldInvertPattern(updated, cfg)) return { pattern: updated };
  return { pattern: updated, inversion: invertToAntiPattern(updated, inversionReason(updated), cfg, now) };
}

function keepNewest<T>(items: readonly T[], count: number): T[] {
  return count > 0 ? items.slice(-count) : [];
}

/** Patterns worth recommending: not anti-patterns, at least `minObservationsForSuccess` uses and a success rate ≥ `minSuccessRate`. */
export function selectSuccessfulPatterns(
  patterns: readonly DecompositionPattern[],
  minSuccessRate?: number,
  config?: AntiPatternConfigInput,
): DecompositionPattern[] {
  const cfg = antiPatternConfigOf(config);
  const minRate = minSuccessRate ?? cfg.minSuccessRate;
  return patterns.filter((p) => {
    if (p.kind === 'anti_pattern') return false;
    const total = p.success_count + p.failure_count;
    return total >= cfg.minObservationsForSuccess && p.success_count / total >= minRate;
  });
}
