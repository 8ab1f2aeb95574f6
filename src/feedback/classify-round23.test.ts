/**
 * Round 23 (docs/feedback-rules.md, "Round 23"): the classes behind the false corrections/partials
 * of the blind rounds 23–42 (tuning data since each was measured once). Each describe block names
 * its class and motivating miss; the sentences are other ways of saying the same thing, plus traps
 * the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a report of absences with an acceptance: the opening `no` is a determiner, complaint words name what is absent (miss: "no diff, no destroys, nothing weird in the policies either. cant fault it")', () => {
  it.each([
    'no diff, no destroys, nothing weird in the policies either. cant fault it',
    'nobody is missing, no allergy left off. not changing anything',
    'no lint warnings, no broken imports, nothing to change',
    'no flaky runs this week, nothing odd in the logs. not touching it',
    'no one left off the rota, no clashes. cheers',
    'no missing rows, not one rounding difference. not bad at all',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['no, that is the wrong file', 'correction'],
    ['no. use the staging db', 'correction'],
    ['no tests, nothing happens when I click it. thanks', 'correction'],
    ['no lowercase please', 'correction'],
    ['no docs, no tests, and the build is broken. thanks', 'correction'],
    ["no errors, but it's the wrong branch. cheers", 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe("B. can't fault it, not touching it, not changing anything: accepting the result in negative words", () => {
  it.each(["can't fault it", 'honestly cant fault that', 'ran the suite twice. not touching it', 'read it through, not changing anything'])(
    '%s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(["you're not changing anything, the file is the same", 'it is not touching the config, the flag is still off'])(
    'trap: %s → not acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('C. a resigned acceptance: a flaw let go with a go-ahead and no change asked for (miss: "fine. not how I\'d word the highlights but we are out of time. ship it")', () => {
  it.each([
    "fine. not how I'd word the highlights but we are out of time. ship it",
    "fine. I'd have gone for a remote cache but 3m10 is 3m10. leave it",
    "meh. hoped for a smaller file but it fits now. keep it, I'll live with it",
    "eh, it'll do. nobody reads the footer anyway",
    'eh, fine. they will change it anyway, send it round',
    'fine, the cheaper flour it is then. not ideal but nobody will know',
    'ok, not my favourite layout, but we have no time. go with that',
    '行吧，边缘有点糊，但是没时间了，就这样吧',
    '时间有点紧，不过人就这么多，行吧，就按这个走',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['out of time, ship it but fix the date first', 'partial'],
    ['fine, but the date is wrong anyway', 'partial'],
    ['ok, the export is still broken, whatever, I will do it by hand anyway', 'correction'],
    ['anyway, the totals are wrong', 'correction'],
    ['no time, redo it tomorrow and ship it then', 'correction'],
    ['行吧，但是这里要改成按月', 'partial'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});
