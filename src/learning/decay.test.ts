import { describe, expect, it } from 'vitest';
import { SkillpulseError } from '../errors.js';
import { calculateDecayedValue } from './decay.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * 86_400_000).toISOString();

describe('calculateDecayedValue (reference V2)', () => {
  it.each([
    [0, 1],
    [30, 0.7937005259840998],
    [45, Math.SQRT1_2], // 0.7071067811865476
    [90, 0.5],
    [180, 0.25],
    [270, 0.125],
    [365, 0.06013898980588408],
    [-30, 1],
  ])('age %i days gives %f', (age, expected) => {
    expect(calculateDecayedValue(daysAgo(age), NOW)).toBe(expected);
  });

  it('treats a half-life of 0 as 1 day', () => {
    expect(calculateDecayedValue(daysAgo(1), NOW, 0)).toBe(0.5);
    expect(calculateDecayedValue(daysAgo(1), NOW, -5)).toBe(0.5);
  });

  it('honours another half-life', () => {
    expect(calculateDecayedValue(daysAgo(45), NOW, 45)).toBe(0.5);
  });

  it('is exactly 0.5 across 90 calendar days', () => {
    expect(calculateDecayedValue('2024-09-08T00:00:00Z', new Date('2024-12-07T00:00:00Z'))).toBe(0.5);
  });

  it('is 0.49616 at 91 days', () => {
    expect(calculateDecayedValue(daysAgo(91), NOW)).toBeCloseTo(0.49616, 5);
  });

  it('accepts Date and epoch-ms instants', () => {
    expect(calculateDecayedValue(new Date(daysAgo(90)), NOW.getTime())).toBe(0.5);
  });

  it('rejects an unparsable timestamp with a validation error (fixed L2: the original gave NaN)', () => {
    expect(() => calculateDecayedValue('not-a-date', NOW)).toThrow(SkillpulseError);
    try {
      calculateDecayedValue('not-a-date', NOW);
    } catch (error) {
      expect((error as SkillpulseError).code).toBe('INVALID_INPUT');
      expect((error as SkillpulseError).location.field).toBe('timestamp');
    }
  });
});
