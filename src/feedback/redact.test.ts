import { describe, expect, it } from 'vitest';
import { makeSnippet, SNIPPET_MAX } from './redact.js';

describe('makeSnippet maxLength (config snippets.maxLength)', () => {
  it('cuts to maxLength code points after redacting and collapsing whitespace', () => {
    expect(makeSnippet('no,   that is\n wrong entirely', { maxLength: 10 })).toBe('no, that i');
    const emoji = makeSnippet('😀'.repeat(50), { maxLength: 7 });
    expect([...emoji].length).toBe(7);
    expect(emoji.length).toBe(14);
  });

  it('redacts before cutting: a secret at the start is never half kept by a short limit', () => {
    const snippet = makeSnippet(`sk-${'Z'.repeat(40)} is the key`, { maxLength: 12 });
    expect(snippet).toBe('[REDACTED] i');
    expect(snippet).not.toContain('ZZ');
  });

  it('never exceeds 200, and is empty when snippets are disabled whatever the length', () => {
    expect([...makeSnippet('x'.repeat(500), { maxLength: 1000 })].length).toBe(SNIPPET_MAX);
    expect(makeSnippet('wrong', { enabled: false, maxLength: 50 })).toBe('');
    expect(makeSnippet('wrong', { maxLength: 0 })).toBe('');
  });
});
