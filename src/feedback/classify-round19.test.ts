/**
 * Round 19 (docs/feedback-rules.md, "Round 19"): the classes behind the rules-alone misses of the
 * blind rounds 26 and 27 (tuning data since they were measured). Each describe block names its
 * class and motivating misses; the sentences are other ways of saying the same thing (English and
 * Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a nit with a merge or ship decision is an acceptance (miss: "nit: \\"amout\\" typo in the Money description, otherwise lgtm, merging")', () => {
  it.each([
    'nit: "amout" typo in the Money description, otherwise lgtm, merging',
    'nit: trailing comma in the enum, merging',
    'nit: the docstring says recieve. merging anyway',
    'lgtm, one naming nit you can ignore. merging',
    'couple of nits on the wording, ship it',
    'nit: could be a const. approving',
    'nits in the readme but merge it',
    'nit: extra blank line at the end, going ahead and merging',
    'small nit on the log message, otherwise fine, merging',
    'nit: rename tmp to buffer, then merge it',
    'nitpick: the import order. approved',
    'nit: missing period in the help text. landing it',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'nit: verifySignture -> verifySignature. otherwise lgtm',
    'nit: rename tmp, not merging until the tests pass',
    'looks great. nit: the name is off',
    'nit: the constant is wrong, can you fix it before merging?',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('B. a resigned acceptance: a concern, then "but <no choice>", then a closing shrug (misses: "meh. friday\'s tight … but i suppose it\'s doable … go with it", "fine. i\'d argue for … but that\'s what the spec says, so it matches. leave it", "fine. not ideal … but there\'s no other slot, it\'ll have to do")', () => {
  it.each([
    "meh. friday's tight with one van but i suppose it's doable if they're out by 8. go with it",
    "fine. i'd argue for something shorter than 7 days on sess:* but that's what the spec says, so it matches. leave it",
    "fine. not ideal having two on the tuesday evening but there's no other slot, it'll have to do",
    'tight on the monday but i guess we can manage, go with it',
    "the timeout is long but that's what the client asked for. leave it",
    "not my favourite layout but there's no other way to fit it on one page, it'll have to do",
    "a bit cramped but i suppose it works, that'll have to do",
    "two shifts back to back but there's nothing else free, we'll live with it",
    "the retry count is high but it's what ops wants, so leave it as is",
    "three buses is a lot but we can't get a coach that day, so go with it",
    "slow but it can't be helped with that api, ship it",
    "the font is small but i guess that's the template. keep it",
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'tight on the monday but the tuesday is wrong, redo it',
    "but i suppose it's doable?",
    'fine but the totals are off',
    "meh. friday's tight with one van",
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('C. a hold or a plan to regenerate later is no complaint (misses: "hold off committing that, priya\'s renaming … we\'ll regenerate after it lands", "hang on to that for now, don\'t text anyone yet")', () => {
  it.each([
    "hold off committing that, priya's renaming half the exports in her refactor PR this week. we'll regenerate after it lands",
    "hang on to that for now, don't text anyone yet",
    "don't send the letters yet, legal has to go over the wording first",
    "don't tell the band yet, the promoter is still negotiating",
    "don't print the tickets yet, the venue might change",
    "don't email the parents yet",
    "we'll rerun it once the migration lands",
    "leave it for now, we'll regenerate the docs after the rename is merged",
    "i'll rebuild it when sam's branch goes in",
    'we can redo this after the freeze is over',
    "don't book anything yet, the dates aren't confirmed",
    "don't ping anyone yet, i want to check the totals myself",
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['this is wrong, regenerate it', "don't text anyone, the times are all wrong", 'redo it after lunch, the order is wrong'])(
    'trap: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});

describe('D. a question about what is expected to fail is no failure report (miss: 切的时候写请求大概会失败多久？要不要提前把定时任务停了？)', () => {
  it.each([
    '切的时候写请求大概会失败多久？要不要提前把定时任务停了？',
    '对账在什么情况下会失败？我想知道要盯哪些',
    '迁移的时候接口会报错吗？',
    '主从切换时读请求会超时吗？',
    '发布期间会不会失败？',
    'how long will writes fail during the switch?',
    'will the job fail if the bucket is empty?',
    'is it going to time out on the big tenants?',
    'roughly how many requests would fail during the cutover?',
    'could the import crash on the old files?',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    '为什么会失败？',
    '怎么又失败了？',
    'why will it fail on the second run?',
    "I might be missing something, but doesn't this break anyone still on the old token format?",
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('E. a typo\'d approval (miss: "lokos good ta, stick 9 and 10 on charge overnight")', () => {
  it.each(['lokos good ta, stick 9 and 10 on charge overnight', 'loks good', 'lokks great, thanks', 'all lookz fine'])(
    '%s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(['loks wrong to me', 'lokos off, the dates are swapped'])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});
