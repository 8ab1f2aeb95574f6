import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../test/support/conversation.js';
import { buildWindows, REPLY_CHARS } from './window.js';

function windowOf(steps: Step[]) {
  const { conversation, located } = buildConversation(steps);
  const [w] = buildWindows(conversation, located, { maxTurns: 3 });
  return w!;
}

describe('window turns keep the opening of the assistant answer (reply)', () => {
  it('the text the assistant says after a turn, before the next one, is that turn reply; the skill result is no reply', () => {
    const w = windowOf([
      { skill: 's' },
      { say: 'Here is the report.' },
      { user: 'the totals are off' },
      { say: 'You are right, fixed the totals.' },
      { user: 'thanks' },
    ]);
    expect(w.turns.map((t) => t.reply)).toEqual(['You are right, fixed the totals.', undefined]);
  });

  it('joins several messages with a newline, trims each, skips blank and API-error text, and stops at REPLY_CHARS', () => {
    const w = windowOf([
      { skill: 's' },
      { user: 'redo it' },
      { say: '  Sure.  ' },
      { bash: 'ls' },
      { say: '   ' },
      { say: 'API Error: overloaded', apiError: true },
      { say: 'Done again.' },
    ]);
    expect(w.turns[0]!.reply).toBe('Sure.\nDone again.');
    const long = windowOf([{ skill: 's' }, { user: 'go on' }, { say: 'a'.repeat(REPLY_CHARS + 50) }, { say: 'more' }]);
    expect(long.turns[0]!.reply).toBe('a'.repeat(REPLY_CHARS));
  });

  it('a turn the assistant did not answer in words has no reply', () => {
    const w = windowOf([{ skill: 's' }, { user: 'ok' }, { bash: 'git status' }, { user: 'and now the docs' }]);
    expect(w.turns.map((t) => t.reply)).toEqual([undefined, undefined]);
  });
});
