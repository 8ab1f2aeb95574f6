/**
 * Round 20 (docs/feedback-rules.md, "Round 20"): the classes behind the rules-alone misses of the
 * blind rounds 27 and 28 (half developer work, typed the way developers type; tuning data since
 * they were measured), with what rounds 23-26 still showed of the same classes. Each describe block
 * names its class and motivating misses; the sentences are other ways of saying the same thing
 * (English and Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;
/** `a ⏐ b` = two human turns after the skill. */
const turns = (text: string) => outcome(...text.split(' ⏐ '));

describe('A. lgtm first, then a nit with no decision, is an acceptance (miss: "lgtm. nit: the comment on line 12 says \'concurently\'")', () => {
  it.each([
    "lgtm. nit: the comment on line 12 says 'concurently'",
    'lgtm, one nit: trailing whitespace in the README',
    'LGTM! nit: could use a const here',
    'lgtm. small nit: the log line has a typo',
    'looks good to me. nit: import order',
    'approved. nits: a couple of typos in the docstrings',
    'lgtm, tiny nit on the variable name',
    'lgtm. a few nits, none blocking',
    'lgtm — nit: double space in the help text',
    'lgtm; nitpick: sort the keys alphabetically',
    'lgtm. minor nit, the changelog entry says 1.4 instead of 1.4.0',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'nit: verifySignture -> verifySignature. otherwise lgtm',
    'looks great. nit: the name is off',
    'lgtm. nit: the migration is wrong, it drops the column first',
    'nit: the docs are out of date. lgtm otherwise',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('B. the person\'s own question was answered and they concede it (misses: "why is the windmill last? ⏐ ah fair. that\'s fine then", "why maxUnavailable and not minAvailable? ⏐ makes sense, keep it")', () => {
  it.each([
    "why is the windmill last? ⏐ ah fair. that's fine then",
    'why maxUnavailable and not minAvailable? ⏐ makes sense, keep it',
    'why did you put the bins on the left? ⏐ fair enough, that works',
    'why is the retry count 5? ⏐ ah ok. fine, thanks',
    'why not a cron job? ⏐ fair point, leave it as is',
    'why two vans? ⏐ makes sense. looks good',
    "why is the index on email? ⏐ i see, that's fine then",
    'why 30 seconds? ⏐ gotcha, keep it',
    'why is the vegan table first? ⏐ oh right, perfect',
    '为什么周三排两场？ ⏐ 有道理，那就这样',
    '为什么把缓存放在前面？ ⏐ 明白了，可以',
    'makes sense, keep it',
    'fair enough, leave it as is',
    'ah fair, go with it',
    'that makes sense, stick with it',
  ])('%s → acceptance', (text) => {
    expect(turns(text)).toBe('acceptance');
  });
  it.each([
    'why is the windmill last? ⏐ fair enough, but the date is wrong',
    'why is it last? ⏐ makes sense, but move it first anyway',
    "why is the windmill last? ⏐ that's fine then",
    'makes sense?',
  ])('trap: %s → no acceptance', (text) => {
    expect(turns(text)).not.toBe('acceptance');
  });
});

describe('C. an acceptance built from negatives (miss: "no false positives, nothing missing either. went through all 9 against the raw logs …")', () => {
  it.each([
    'no false positives, nothing missing either. went through all 9 against the raw logs, none hit since february',
    'no errors, no warnings. nice',
    'checked all 40 rows, no duplicates',
    "no clashes anywhere, that's the one",
    'zero regressions in the nightly',
    'checked the whole rota, no double bookings',
    'no conflicts at all',
    'compiled clean, no warnings',
    'no flaky tests this time',
    'no broken links either. send it',
    'ran the whole suite and nothing broke, no failures, no warnings. merging',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['no errors?', 'no errors, but it never wrote the file', 'no tests, no docs', 'no errors shown but the page is blank'])(
    'trap: %s → no acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('D. a resigned acceptance (misses: "ugh fine. not how i\'d have done the tomllib fallback but it works and CI is green on all three", 唉，行吧，跟我自己记的差了 200，估计是我那天记错了，就按你这个)', () => {
  it.each([
    "ugh fine. not how i'd have done the tomllib fallback but it works and CI is green on all three",
    'ugh, fine. ship it',
    'sigh, ok. go with it',
    'meh, fine',
    'urgh alright, it works',
    'oh well, fine',
    '唉，行吧，跟我自己记的差了 200，估计是我那天记错了，就按你这个',
    '行吧，就按你的来',
    '那行吧',
    '唉，行吧',
    '好吧，可能是我算错了，就按你这个',
    '就按你说的办吧',
    '不值得争这个，行吧，合了',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    "ugh, fine, I'll fix the css myself, it's still overlapping on mobile",
    'ugh, the dates are wrong again',
    'ugh fine but the totals are off',
    '行吧，但是日期不对',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('E. revert as a topic is no revert request (misses: 先别合，等产品确认下 … 还要不要回滚用; "feature 部分对的。bugfix 里把已经 revert 掉的两个 MR 也算进去了 …")', () => {
  it.each([
    '先别合，等产品确认下 new-checkout 和 coupon-v2 下个版本还要不要回滚用',
    '先放着，等运维确认需不需要回滚',
    '等老板定了是否回滚再说',
    "don't merge yet, waiting to hear whether we need to roll back",
    'hold off until product decides whether to revert the flag',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'feature 部分对的。bugfix 里把已经 revert 掉的两个 MR 也算进去了，!482 和 !497 要去掉',
    'hotfix 部分没问题。把回滚掉的那次发布也列进去了，删掉',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['已经回滚掉的那次发布也列进去了，删掉', 'the reverted MRs are in the list too, drop them'])('%s → no revert request', (text) => {
    expect(first(text).correction_type).not.toBe('revert');
  });
  it.each(['回滚吧', '这个改坏了，回滚', 'revert it', 'revert the last commit, the totals are wrong', '还是回滚吧'])(
    'trap: %s → revert',
    (text) => {
      expect(first(text).correction_type).toBe('revert');
    },
  );
});

describe('F. a colloquial approval (miss: "thats grand ta, printing it for the mews now")', () => {
  it.each([
    'thats grand ta, printing it for the mews now',
    "that's grand, thanks",
    'all grand, send it',
    'bang on, ta',
    "smashing, that's the lot",
    'cracking, cheers',
    "champion, that'll do",
    'looks grand to me',
    "that's ace, thanks",
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['the grand total is wrong', "that's not grand at all, the dates are off", 'bang on the wrong date, again'])(
    'trap: %s → no acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('G. moving on with "right, now the …" (miss: "right, now the volunteer bar shifts for saturday and sunday, 4 hour slots, 6 people a bar")', () => {
  it.each([
    'right, now the volunteer bar shifts for saturday and sunday, 4 hour slots, 6 people a bar',
    'ok now the one for the cubs',
    'ok, now the invoices for march',
    'right, now the rota for the second week',
    'great, now the seating plan for the reception',
    'cool, now the readme: install steps and usage',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'right, now the dates are wrong',
    'ok now the tests fail on CI',
    'right, now the header is missing',
    'ok now the totals for march?',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('H. thanks, then someone else has to see it first, is a hold (miss: "thanks, margaret has to look at it before it goes in the newsletter, she knows who is away")', () => {
  it.each([
    'thanks, margaret has to look at it before it goes in the newsletter, she knows who is away',
    'thanks, the vicar needs to see it first',
    'cheers, legal has to go over it before we publish',
    "thanks, I'll run it past Sam first",
    'thanks, i need to check with the head first',
    'ok, the client has to approve it first',
    'the treasurer needs to sign off on it before it goes out',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['thanks, looks great', "thanks, that's perfect, margaret will love it"])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it('trap: a hold beside a defect is still a correction', () => {
    expect(outcome('thanks, margaret has to look at it before it goes out. the dates are wrong')).toBe('correction');
  });
});

describe('I. sarcasm: praise, then a mock offer or the trick that got there (misses: "oh brilliant, 40 portions of otoro on a tuesday … i\'ll just throw the rest in the bin shall i", "love that you\'ve put the 2pm right on dead low water. we\'ll just … carry the boat to the seals shall we", "wow 0 warnings, incredible. by switching clippy off for the entire crate")', () => {
  it.each([
    "oh brilliant, 40 portions of otoro on a tuesday. we sell maybe 6. i'll just throw the rest in the bin shall i",
    "love that you've put the 2pm right on dead low water. we'll just get everyone out and carry the boat to the seals shall we",
    "great, 200 flyers for a 30-seat hall. i'll just wallpaper the loo with the rest shall i",
    "lovely, three buses for twelve people. we'll just drive them round empty, shall we",
    "perfect, the launch at 3am. i'll just set an alarm shall i",
    'wow 0 warnings, incredible. by switching clippy off for the entire crate. really saved us a lot of time there',
    'all tests green. by deleting the failing tests',
    'wow, zero type errors. by disabling strict mode',
    'coverage looks amazing, by skipping half the suite',
    'lint passes now. just by turning the rule off',
    '厉害，0 告警，合着是把 lint 整个关了',
    'CI 全绿了，敢情是把失败的用例都注释掉了',
    '测试全过，原来是把断言删了',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    "i'll just print it, shall i?",
    "great, i'll just print them then",
    'fixed the warnings by removing the unused imports, thanks',
  ])('trap: %s → no correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('J. "exactly" as a manner is no approval (miss: "… `flyway validate` fails everywhere … put V12 back exactly as it was")', () => {
  it.each([
    'you edited V12 in place. every env already ran it so `flyway validate` fails everywhere. never touch applied migrations, put V12 back exactly as it was',
    'the header moved and the logo is gone, put it back exactly like it was',
    'you changed the seating and now table 4 is missing. set it up exactly how it was',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['exactly what i wanted', 'exactly as i asked, thanks', 'exactly right'])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('K. zh: one part scheduled right, another not scheduled (miss: 房间都排对了。晚饭你没排啊，…)', () => {
  it.each([
    '房间都排对了。晚饭你没排啊，1 号晚上有 3 桌包席，2 号还有个公司团',
    '日期都排对了，地址你没写',
    '菜单都排对了，饮料你没排',
    '车都安排对了，导游你没安排',
    '前 30 公里这样可以，30 公里以后要每 2.5 公里一个，这段你没加',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['房间都排对了', 'acceptance'],
    ['房间都排对了吗？', 'none'],
    ['晚饭你没排啊', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});
