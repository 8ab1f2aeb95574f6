import { describe, expect, it } from 'vitest';
import { editDistance } from './edit-distance.js';

describe('editDistance', () => {
  it('counts inserts, deletes and substitutions', () => {
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('report', 'report')).toBe(0);
    expect(editDistance('reprot', 'report')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('scan', 'scans')).toBe(1);
    expect(editDistance('hooks', 'hook')).toBe(1);
  });

  it('is symmetric', () => {
    for (const [a, b] of [
      ['window', 'windwo'],
      ['minInvocations', 'minInvocation'],
      ['flaw', 'lawn'],
    ] as const)
      expect(editDistance(a, b)).toBe(editDistance(b, a));
  });
});
