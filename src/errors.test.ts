import { describe, expect, it } from 'vitest';
import { EXIT_CODES, SkillpulseError, exitCodeFor, formatError } from './errors.js';

describe('errors', () => {
  it('formats location, field and hint on one line', () => {
    const error = new SkillpulseError('INVALID_INPUT', 'expected a boolean\nfor should_trigger', {
      file: 'evals.json',
      line: 3,
      field: '[2].should_trigger',
      hint: 'see skill-creator eval format',
    });
    expect(formatError(error)).toBe(
      'evals.json:3: [2].should_trigger: expected a boolean for should_trigger (see skill-creator eval format)',
    );
  });

  it('maps codes to exit codes in one table, unknown errors to INTERNAL', () => {
    expect(exitCodeFor(new SkillpulseError('USAGE', 'x'))).toBe(2);
    expect(exitCodeFor(new SkillpulseError('STORE_VERSION', 'x'))).toBe(EXIT_CODES.STORE_VERSION);
    expect(exitCodeFor(new Error('boom'))).toBe(EXIT_CODES.INTERNAL);
    expect(formatError(new Error('boom'))).toBe('internal error: boom');
  });

  it('uses distinct exit codes per error code', () => {
    const codes = Object.values(EXIT_CODES);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
