import { describe, expect, it } from 'vitest';
import { SkillpulseError } from '../errors.js';
import { calculateCriterionWeight } from './criteria.js';
import { classifyFailure, normalizeOutcome, outcomeToFeedbackEvents, scoreImplicitFeedback, scoreOutcome } from './outcome-scoring.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const daysAgo = (days: number): string => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const score = (success: boolean, duration_ms: number, error_count: number, retry_count: number) =>
  scoreImplicitFeedback({ bead_id: 'b', success, duration_ms, error_count, retry_count }, undefined, NOW);

describe('scoreImplicitFeedback (reference V1)', () => {
  it.each<[boolean, number, number, number, number, string, string?]>([
    [true, 60000, 0, 0, 1, 'helpful', 'Fast completion (60s), 0 errors, 0 retries, succeeded'],
    [true, 299999, 0, 0, 1, 'helpful'],
    [true, 300000, 0, 0, 0.9199999999999999, 'helpful'],
    [true, 1800000, 0, 0, 0.9199999999999999, 'helpful'],
    [true, 1800001, 0, 0, 0.8400000000000001, 'helpful', 'Fast completion (1800s), 0 errors, 0 retries, succeeded'],
    [true, 900000, 1, 1, 0.78, 'helpful'],
    [true, 900000, 2, 2, 0.7, 'helpful'],
    [true, 60000, 3, 2, 0.7000000000000002, 'helpful'],
    [true, 3600000, 0, 2, 0.7000000000000002, 'helpful'],
    [true, 3600000, 1, 1, 0.7000000000000001, 'helpful'],
    [true, 900000, 3, 1, 0.7000000000000001, 'helpful'],
    [true, 60000, 1, 1, 0.8600000000000001, 'helpful'],
    [true, 3600000, 3, 2, 0.54, 'neutral', 'Mixed signals: 3600s, 3 errors, 2 retries'],
    [false, 60000, 0, 0, 0.6000000000000001, 'neutral'],
    [false, 60000, 0, 1, 0.54, 'neutral'],
    [false, 60000, 1, 0, 0.52, 'neutral'],
    [false, 60000, 3, 0, 0.44000000000000006, 'neutral'],
    [false, 900000, 0, 0, 0.52, 'neutral'],
    [false, 900000, 1, 1, 0.38, 'harmful', 'Slow completion (900s), 1 errors, 1 retries, failed'],
    [false, 3600000, 5, 3, 0.14, 'harmful'],
  ])('success=%s %i ms %i errors %i retries → %f %s', (success, duration, errors, retries, raw, type, reasoning) => {
    const scored = score(success, duration, errors, retries);
    expect(scored.raw_score).toBe(raw);
    expect(scored.type).toBe(type);
    expect(scored.decayed_value).toBe(raw); // age 0
    if (reasoning) expect(scored.reasoning).toBe(reasoning);
  });

  it('decays the score from the outcome timestamp (age 90 d → half)', () => {
    const scored = scoreImplicitFeedback({ bead_id: 'b', success: true, duration_ms: 60000, timestamp: daysAgo(90) }, undefined, NOW);
    expect(scored.raw_score).toBe(1);
    expect(scored.decayed_value).toBe(0.5);
  });

  it('rounds reasoning seconds half up', () => {
    expect(score(true, 1500, 0, 0).reasoning).toContain('(2s)');
    expect(score(true, 2500, 0, 0).reasoning).toContain('(3s)');
  });

  it('honours overridden thresholds', () => {
    const scored = scoreImplicitFeedback(
      { bead_id: 'b', success: true, duration_ms: 400_000, error_count: 3, retry_count: 0 },
      { fastCompletionThresholdMs: 600_000, maxErrorsForHelpful: 3 },
      NOW,
    );
    expect(scored.raw_score).toBeCloseTo(0.4 + 0.2 + 0.12 + 0.2, 12);
  });

  it('defaults missing counts to 0 and the timestamp to now', () => {
    const signals = normalizeOutcome({ bead_id: 'b', success: true, duration_ms: 1 }, NOW);
    expect(signals).toEqual({
      bead_id: 'b',
      duration_ms: 1,
      error_count: 0,
      retry_count: 0,
      success: true,
      files_touched: [],
      timestamp: NOW.toISOString(),
    });
  });

  it('rejects bad input naming the field', () => {
    const field = (fn: () => unknown): string | undefined => {
      try {
        fn();
      } catch (error) {
        expect(error).toBeInstanceOf(SkillpulseError);
        return (error as SkillpulseError).location.field;
      }
      return undefined;
    };
    expect(field(() => score(true, -1, 0, 0))).toBe('duration_ms');
    expect(field(() => score(true, 1, 1.5, 0))).toBe('error_count');
    expect(field(() => score(true, 1, 0, -1))).toBe('retry_count');
    expect(field(() => scoreImplicitFeedback({ bead_id: '', success: true, duration_ms: 1 }, undefined, NOW))).toBe('bead_id');
    expect(
      field(() => scoreImplicitFeedback({ bead_id: 'b', success: true, duration_ms: 1, timestamp: 'not-a-date' }, undefined, NOW)),
    ).toBe('timestamp');
  });

  it('scoreOutcome gives type, decayed score and reasoning', () => {
    expect(scoreOutcome({ bead_id: 'b', success: true, duration_ms: 60000 }, undefined, NOW)).toEqual({
      type: 'helpful',
      score: 1,
      reasoning: 'Fast completion (60s), 0 errors, 0 retries, succeeded',
    });
  });
});

describe('outcomeToFeedbackEvents (reference V13)', () => {
  it('emits one event per default criterion with the reasoning as context', () => {
    const events = outcomeToFeedbackEvents(score(true, 60000, 0, 0), {}, NOW);
    expect(events.map((e) => e.criterion)).toEqual(['type_safe', 'no_bugs', 'patterns', 'readable']);
    for (const e of events) {
      expect(e.type).toBe('helpful');
      expect(e.raw_value).toBeCloseTo(1.0, 12);
      expect(e.context).toBe('Fast completion (60s), 0 errors, 0 retries, succeeded');
      expect(e.bead_id).toBe('b');
      expect(e.timestamp).toBe(NOW.toISOString());
      expect(e.id.startsWith(`b-${e.criterion}-${NOW.getTime()}-`)).toBe(true);
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
  });

  it('appends the strategy and the error counts by type', () => {
    const scored = scoreImplicitFeedback({ bead_id: 'b', success: true, duration_ms: 60000, strategy: 'file-based' }, undefined, NOW);
    const [event] = outcomeToFeedbackEvents(
      scored,
      { errorStats: { total: 3, unresolved: 3, by_type: { validation: 2, timeout: 1 } } },
      NOW,
    );
    expect(event?.context).toBe(
      'Fast completion (60s), 0 errors, 0 retries, succeeded [strategy: file-based] [errors: validation:2, timeout:1]',
    );
  });

  it('scores a long failing run as harmful and honours custom criteria', () => {
    const events = outcomeToFeedbackEvents(score(false, 3_600_000, 10, 5), { criteria: ['x'] }, NOW);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('harmful');
  });

  it('creates neutral events (kept, weightless)', () => {
    const events = outcomeToFeedbackEvents(score(false, 60000, 0, 0), {}, NOW);
    expect(events.every((e) => e.type === 'neutral')).toBe(true);
    expect(calculateCriterionWeight(events, undefined, NOW).weight).toBe(1);
  });

  it('stores the undecayed score, so an old outcome is decayed once, not twice (fixed)', () => {
    // A harmful outcome and a helpful one, both 90 days old; the harmful one scored 0.38.
    const old = scoreImplicitFeedback({ bead_id: 'h', success: true, duration_ms: 60000, timestamp: daysAgo(90) }, undefined, NOW);
    const bad = scoreImplicitFeedback(
      { bead_id: 'x', success: false, duration_ms: 900000, error_count: 1, retry_count: 1, timestamp: daysAgo(90) },
      undefined,
      NOW,
    );
    const events = [...outcomeToFeedbackEvents(old, { criteria: ['c'] }, NOW), ...outcomeToFeedbackEvents(bad, { criteria: ['c'] }, NOW)];
    expect(events[0]?.raw_value).toBe(1); // the original stored 0.5 here
    // H = 1 × 0.5, X = 0.38 × 0.5 → weight 1 / 1.38
    expect(calculateCriterionWeight(events, undefined, NOW).weight).toBeCloseTo(1 / 1.38, 12);
  });
});

describe('classifyFailure', () => {
  it.each([
    ['Request TIMEOUT after 30s', 'timeout'],
    ['file reservation conflict', 'conflict'],
    ['Schema mismatch', 'validation'],
    ['token limit exceeded', 'context_overflow'],
    ['blocked on dependency', 'dependency_blocked'],
    ['user cancelled', 'user_cancelled'],
    ['failed to execute npm', 'tool_failure'],
    ['the command crashed', 'tool_failure'],
    ['something odd', 'unknown'],
    ['timeout while validating schema', 'timeout'],
  ])('%s → %s', (details, mode) => {
    expect(classifyFailure(details)).toBe(mode);
  });

  it('classifies failure details when no mode is given, and only on failure', () => {
    expect(normalizeOutcome({ bead_id: 'b', success: false, duration_ms: 1, failure_details: 'merge conflict' }, NOW).failure_mode).toBe(
      'conflict',
    );
    expect(
      normalizeOutcome({ bead_id: 'b', success: true, duration_ms: 1, failure_details: 'merge conflict' }, NOW).failure_mode,
    ).toBeUndefined();
    expect(
      normalizeOutcome({ bead_id: 'b', success: false, duration_ms: 1, failure_mode: 'timeout', failure_details: 'conflict' }, NOW)
        .failure_mode,
    ).toBe('timeout');
  });
});
