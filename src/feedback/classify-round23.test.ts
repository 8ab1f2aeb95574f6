/**
 * Round 23 (docs/feedback-rules.md, "Round 23"): the classes behind the false corrections/partials
 * of the blind rounds 23–42 (tuning data since each was measured once). Each describe block names
 * its class and motivating miss; the sentences are other ways of saying the same thing, plus traps
 * the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first, judgeByRules } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;
/** The verdict on one question turn and the assistant's answer to it (then, optionally, more turns). */
const answered = (question: string, answer: string, ...more: string[]) =>
  judgeByRules([{ skill: 's' }, { user: question }, { say: answer }, ...more.map((user) => ({ user }))])[0]!;

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

describe('D. an explain question: nothing but a why-question, answered without a concession or a change, is no verdict (miss: 为啥用 toThrow 不用 toThrowError？ ⏐ 两者是同一个匹配器)', () => {
  it.each([
    [
      'why is the sort key compound and not interleaved?',
      'Most queries filter on tenant_id first and then on created_at, which a compound key serves best.',
    ],
    ['why does the partition column have to be in the group by?', 'A partitioned view must be partitioned on a column it outputs.'],
    ['为啥用 toThrow 不用 toThrowError？', '两者是同一个匹配器，toThrowError 是别名。'],
    ['为什么要 spawn，直接 seed+i 不行吗？', 'seed+i 得到的流之间没有独立性保证。'],
  ])('%s ⏐ %s → none', (question, answer) => {
    expect(outcome(question)).toBe('correction');
    const c = answered(question, answer);
    expect(c.outcome).toBe('none');
    expect(c.reason).toContain('an explain question');
  });
  it.each([
    ['why did you delete the tests?', "Sorry — I shouldn't have. Restored them from git."],
    ['why is it using the prod database??', "You're right, it shouldn't. Switched it to staging."],
    ['为什么把 node_modules 也提交了？', '抱歉，已经撤回这个提交并加到 .gitignore。'],
    ['why is the total 0 for every row?', 'The join dropped the prices; fixed it so totals come from order_items.'],
    [
      'hmm I might be wrong but is the gorilla not back since tuesday?',
      'The return scan was missing. It is now marked returned on Tuesday.',
    ],
    ["hmm I might be wrong but I don't think 30s helps much?", 'That makes sense. With 10 minutes of lateness the window closes later.'],
    ['why is the y axis starting at 0.2?', 'matplotlib autoscaled it; I can pin ylim to 0.'],
  ])('trap: %s ⏐ %s → correction (the answer concedes or changes)', (question, answer) => {
    expect(answered(question, answer).outcome).toBe('correction');
  });
  it('trap: with no answer in words the question stays a complaint; a statement beside it keeps it', () => {
    expect(outcome('为啥用 toThrow 不用 toThrowError？')).toBe('correction');
    expect(answered('this is the wrong table. why?', 'It reads users_archive because the spec said so.').outcome).toBe('correction');
  });
  it('the acceptance after an answered question decides (miss: 为什么桃树放到苹果后面剪？ ⏐ 懂了，那就这么安排)', () => {
    expect(answered('为什么桃树放到苹果后面剪？', '桃树耐寒性差，剪得早伤口容易受冻。', '懂了，那就这么安排').outcome).toBe('acceptance');
    expect(answered('水电为啥要排在瓦工前面？', '水电管线要埋进墙里，瓦工会把它们盖住。', '懂了，那就按这个排').outcome).toBe('acceptance');
  });
});

describe('E. a question with its reason beside it, answered without a concession, then accepted: the acceptance decides (miss: "why 50 and not 40? 20% of 200 is 40" ⏐ "ah, grossed up. got it, thanks")', () => {
  it.each([
    [
      'why 50 and not 40? 20% of 200 is 40',
      'Relief at source grosses the 200 up to 250; 20% of 250 is 50.',
      'ah, grossed up. got it, thanks',
    ],
    [
      'why maxUnavailable 0 and not 1? we have 6 replicas',
      'With 0, a pod only goes once its replacement is ready.',
      'ok makes sense, keep it',
    ],
    ['周三奶奶能来吗？她不是腰不好', '她说周三可以，只接不走路。', '哦对，她说过。好的就这样'],
    ['没有身体对抗吧？有几个之前完全没运动过的', '腰旗橄榄球没有冲撞，扯旗代替擒抱。', '那就好，挺合适的'],
  ])('%s ⏐ %s ⏐ %s → acceptance', (question, answer, then) => {
    expect(answered(question, answer, then).outcome).toBe('acceptance');
  });
  it.each([
    ['why 50 and not 40? 20% of 200 is 40', 'You are right, fixed it to 40.', 'ok thanks'],
    ['为什么是 50？应该是 40', '抱歉，已改成 40。', '好的'],
  ])('trap: %s ⏐ %s ⏐ %s → correction (the answer conceded)', (question, answer, then) => {
    expect(answered(question, answer, then).outcome).toBe('correction');
  });
  it('trap: 要是能再快一点那就好了 is a wish, not 那就好', () => {
    expect(outcome('要是能再快一点那就好了')).not.toBe('acceptance');
  });
});

describe("F. a hold: don't … yet, 先别改，等…再说 (miss: \"don't submit it yet, wait till I've got the photos from Dave\")", () => {
  it.each([
    "don't submit it yet, wait till I've got the photos from Dave, he's back sunday",
    "don't send it yet, I want to run it past the committee",
    '先别改，等安全部周五评审完再说',
    '先别发，等老板回来再定',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    ["don't deploy it yet, the tests fail", 'correction'],
    ["don't merge yet, the date is wrong", 'correction'],
    ["they don't work yet", 'correction'],
    ['先别动', 'correction'],
    ['先别改，这个是错的', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('G. a weak flaw conceded before `but`, a go-ahead after it: the clause after `but` decides (hand-written: "the error message is a bit long but it tells the user what to do. keep it")', () => {
  it.each([
    'the error message is a bit long but it tells the user what to do. keep it',
    'not my favourite colour scheme but the client likes it, leave it',
    "wouldn't win any prizes but it does the job, keep it",
    "can't argue with that, leave it as it is",
    'ha, that is clever. keep it',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ["it works but it's slow. keep it", 'partial'],
    ['the date is wrong, but keep it', 'correction'],
    ['whatever. leave it, I will clean it up tomorrow', 'correction'],
    ['leave it for now, we will regenerate the docs after the rename is merged', 'none'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('H. more resigned acceptances (misses of rounds 43-45: "eh, I\'d have gone with checks … but it does the job. fine, leave it")', () => {
  it.each([
    "eh, I'd have gone with checks instead of abortOnFail but it does the job. fine, leave it",
    "meh, not the version I'd have picked but it builds. fine",
    "meh, bit grovelling, but I can't be bothered arguing with a 2 star. post it",
    'rough around the edges but it covers every case I threw at it, fine',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['eh, the date is wrong', 'correction'],
    ["it's a bit slow, but the rest is fine", 'partial'],
    ['the date is wrong. fine', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});
