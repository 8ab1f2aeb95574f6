/**
 * Round 17 (docs/feedback-rules.md, "Round 17"): the classes behind the rules-alone misses of the
 * blind rounds 19–24 (tuning data since they were measured). Each describe block names its class
 * and motivating misses; the sentences are other ways of saying the same thing (English and
 * Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;
const rule = (...turns: string[]) => first(...turns).rule;

describe('A. a revert or a redo with its object between the words (misses: "roll that back to the version we had …", "start that one over. those are order numbers …", "… he cant go there, find him something else in block C")', () => {
  it.each([
    'roll that back to the version we had',
    'put it back how it was',
    'change it back to what it was, the client liked the old one',
    'set them back to the values we had yesterday',
    'turn that back the way it was please',
    'switch the header back to the original layout',
    'move everything back to how it was before',
    'put those back as they were',
    'roll the menu back to the wording we agreed',
    'bring the colours back to the ones we picked',
  ])('%s → revert', (text) => {
    expect(rule(text)).toBe('revert-request');
  });
  it.each([
    'start that one over, the names are the wrong way round',
    'start the rota over from scratch',
    'start this list over. those are invoice numbers',
    'count them again, the summer tab is in there twice',
    'add it up again, you skipped the second page',
    'tally those again please',
    'find him something else, he can not do stairs',
    'pick her somewhere else, that room is booked',
    'get them a different slot, tuesdays are full',
  ])('%s → redo', (text) => {
    expect(rule(text)).toBe('redo');
  });
  it.each([
    "don't roll it back to how it was, the new one is fine",
    "don't start that one over, just fix the names",
    "i'll count them again myself tomorrow",
    'set the clocks back an hour on sunday',
  ])('trap: %s → no revert or redo', (text) => {
    expect(['revert-request', 'redo']).not.toContain(rule(text));
  });
});

describe('B. a hold or "talk later" is no verdict (misses: 先放着吧，下周社区要重新分场地，到时候再说, 等张老师把报名表发过来再定吧, 先别发群里，等运维经理看完再说, 我先问一下团长…能不能用, "hang on to that for now, …", "will revert with the site manager\'s name …", "I\'ll wait for the registrar … then compare")', () => {
  it.each([
    '先放着吧，下周社区要重新分场地，到时候再说',
    '先搁着，到时候再说',
    '先放一放，过几天再定',
    '回头再说吧',
    '到时候再说',
    '等张老师把报名表发过来再定吧，他班上还有几个没报',
    '等车间主任把请假条汇总给我了再对，现在还不全',
    '等财务把发票寄过来再核对',
    '等天气预报出来再排吧',
    '先别发群里，等运维经理看完再说',
    '先不要打印，等校长过目了再定',
    '我先问一下团长那几个镇的戏台能不能用',
    '我去确认一下场地还能不能订',
    '我问问物业那边周六开不开门',
    'hang on to that for now, the bride might change the venue',
    'hold on to it till the vicar confirms',
    'hang on to the seating plan for a few days',
    "will revert with the site manager's name when I get it",
    "I'll get back to you with the final headcount on monday",
    "we'll revert once the board has met",
    "I'll wait for the registrar to send the photos, then compare",
    'let me wait for the quotes from the other two printers',
    "I'll run it past the night shift foreman tomorrow",
    "I'll check with the head teacher about the date",
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    ['先放着吧，日期全错了，到时候再说', 'correction'],
    ['等老师把表发过来再改，你这版金额错了', 'correction'],
    ['日期、金额等都错了，再改吧', 'correction'],
    ["i'll wait for the fix, the totals are still wrong", 'correction'],
    ['hang on, the totals are wrong', 'correction'],
    ['revert that change, the old one was right', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('C. short acceptances and go-aheads with no usual approval word (misses: "lovely, ta", "grand, thats all I needed", 那就行，按这个去进货, 就按这个来, 一点问题没有, 挑不出错, "that\'s the one", "go with that", "good to publish", "ok good, print the ticket", 跟街道那边的表一模一样, 那就没错了)', () => {
  it.each([
    ['did the overlockers get done too?', 'lovely, ta'],
    ['is the ribbon in there?', "grand, that's all I needed"],
    ['is the waste in the count', 'lovely, order it from the merchants then'],
    ['what stock did it go for', 'ok good, print the ticket'],
    ['双人被的都算进去了吗？', '那就行，按这个去进货'],
    ['二中那批是多少本', '嗯对，那就没错了，辛苦'],
  ])('%s ⏐ %s → acceptance', (question, answer) => {
    expect(outcome(question, answer)).toBe('acceptance');
  });
  it.each([
    'ta. printed and pinned up',
    'grand, the flyer will do nicely',
    "that's the one. sending it to the committee",
    "right, that's the one, export it",
    'ran the numbers, 600 a day is about right. go with that',
    'ok, go with this one',
    'checked the biggest ten against the feed, they match. good to publish',
    'the totals tie to the ledger, good to send to the accountant',
    'not a thing wrong with it',
    'not a word out of place',
    'no double bookings this time, great',
    'no wrong teeth this time. send it to the lab',
    "that's just what I needed",
    'looks grate, sending it now',
    '嗯，就按这个来，明天一早发群里',
    '没意见，按这个来',
    '照这个办吧',
    '那就按这版发',
    '一点问题没有，就这么记',
    '一点毛病都没有',
    '挑不出错，不用改了',
    '找不出什么问题来',
    '对过了，68位，跟街道那边的表一模一样',
    '逐行比了，跟原表完全一致，交吧',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['go with that instead?', 'not acceptance'],
    ["don't go with that, the dates are wrong", 'not acceptance'],
    ["that's the one that's broken", 'not acceptance'],
    ['it would be good to send a reminder too', 'not acceptance'],
    ['别按这个来，预算超了', 'not acceptance'],
    ['家长照这个去孩子就赶不上车了', 'not acceptance'],
    ['按这个来的话会超预算吗？', 'not acceptance'],
    ['改成周五就行了', 'not acceptance'],
    ['一点问题没有？', 'not acceptance'],
    ['第三页跟第二页一模一样', 'not acceptance'],
    ['跟上周的表一模一样，根本没改', 'not acceptance'],
    ['where did you get the span numbers from? ⏐ thanks for explaining', 'not acceptance'],
  ])('trap: %s → %s', (text, _want) => {
    expect(outcome(...text.split(' ⏐ '))).not.toBe('acceptance');
  });
});

describe('D. a new request with 再…个 is no redo (miss: 帮我再写个通知发群里，下周二上午打兔瘟疫苗 …)', () => {
  it.each(['帮我再写个通知发群里，周五开会', '好，再写个发布公告', '可以了，再做个封面', '帮我再写个圣诞聚会的'])(
    '%s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(['再写个吧', '再来个新的', '再做个不一样的，这个太丑', '再写一遍'])('trap: %s → redo', (text) => {
    expect(rule(text)).toBe('redo');
  });
});

describe('E. one part right, another missing or wrong → partial (misses: 肉粽这两样数量都对，豆沙粽你漏了, 名字形制都对，缴费那一栏全是空的, 私教课都对，团课的时间一节都没排进去, 余氯那列对了，pH 还是空着的, "great and swell are right. pedal isnt there at all")', () => {
  it.each([
    '肉粽这两样数量都对，豆沙粽你漏了',
    '名字形制都对，缴费那一栏全是空的',
    '私教课都对，团课的时间一节都没排进去',
    '早班都对，夜班漏了两个人',
    '一楼的房号都对，二楼的全是空的',
    '收入那页对得上，支出那页少了一半',
    '余氯那列对了，pH 还是空着的',
    '日期那栏对了，金额还空着呢',
    '卫生这两项没问题，消防那项漏了',
    'great and swell are right. pedal isnt there at all',
    'the names are right. the phone numbers are not in there at all',
    'the mains are fine. the desserts are not on the menu at all',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['都对，辛苦了', 'acceptance'],
    ['the bug is not there anymore', 'none'],
    ["isn't there a shorter way?", 'none'],
    ['垃圾桶那项也查了，没问题', 'acceptance'],
    ['第一天就 5 万？新 IP 这么发直接进垃圾箱了', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('F. sarcasm: praise, a stated fact, then a stock ironic tail (misses: "oh brilliant, mancozeb on block 7 … the winery will love that", "… can\'t wait to reprint 120 invites", "… what could possibly go wrong", "… they can fight over the same three kids i suppose", "lovely. so … both turn up at 11. that\'ll go down well", 厉害了，…是打算让我捞虾苗去卖吗, 厉害了，…我们班子会分身是吧, 厉害了，…评委要笑死)', () => {
  it.each([
    'oh brilliant, spraying two days before harvest. the buyers will love that',
    'oh great, 37 duplicate tickets for one outage. the on-call person is going to love me',
    'great, the greenhouse goes to 35 at midnight. the seedlings will love that',
    'oh perfect, both buses at the same stop at 8. they can share i suppose',
    'lovely. so both families turn up at 11. that will go down well',
    'signed off with his name spelled wrong. cannot wait to reprint 120 cards',
    "can't wait to explain this to the auditors",
    'sure, the ex at the top table, what could possibly go wrong',
    'sure, hardcode the prod password, what could go wrong',
    'lovely, the weekend slots are all gone 🙃',
    '厉害了，周六全员加班，我们会分身是吧',
    '厉害了，3 月才播的种，4 月就让收，是打算卖苗吗',
    '厉害了，每日一次的药排了两次，这是想让她晕倒？',
    '厉害，倒数第一的分数比第一还高，评委要笑死',
    '厉害了，最忙那天备料最少，等着客人排队吧',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(["can't wait to show the team", '名字都对，日期也都对'])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
  it.each([
    'oh brilliant, the kids will love that',
    'great, thanks. the kids are going to love this',
    'lovely, thanks',
    'oh lovely, much easier to read',
    '厉害了，一次就过了',
    '厉害，这么快就排好了',
  ])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('G. a doubt conceded before "but" (miss: "wasn\'t sure about doing the whole cave in one night but the plan works. go with it")', () => {
  it.each([
    "wasn't sure about the two-week split but it works. go with it",
    'was not convinced about the colours at first but it reads well',
    "wasn't sure if the order made sense but the kids got it, keep it",
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(["wasn't sure about the colours but it's still wrong", "wasn't convinced about it but the totals are wrong"])(
    'trap: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});
