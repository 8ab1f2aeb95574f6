/**
 * Round 4 (docs/feedback-rules.md, "Round 4"): mechanisms behind the round-3 held-out misses.
 * Every rule has positive and trap cases; the sentences are written for these tests (the only
 * labeled-set sentences are the ones each describe block names as its motivating miss).
 */
import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../test/support/conversation.js';
import { firstByRules } from '../../test/support/judge.js';
import { classifyWindow } from './classify.js';
import { buildWindows } from './window.js';

function judge(steps: Step[]) {
  const { conversation, located } = buildConversation(steps);
  return buildWindows(conversation, located, { maxTurns: 3 }).map((w) => classifyWindow(w));
}

function verdict(...turns: string[]) {
  const c = judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!;
  return { outcome: c.outcome, rule: c.rule, turn: c.turns_to_feedback, type: c.correction_type, reason: c.reason };
}

const outcome = (...turns: string[]) => verdict(...turns).outcome;

describe('a negated complaint noun is acceptance (miss: "no complaints, …")', () => {
  it.each([
    'no complaints, the edge cases are all there',
    'no notes',
    'zero issues on my side',
    'nothing to add, merge it',
    'I have no objections',
    "can't complain",
  ])('%s → acceptance', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'acceptance', rule: 'explicit-acceptance' });
  });
  it('the opening "no" inside such a phrase is no rejection (containment), but a bare "no" still is', () => {
    expect(outcome('no, the issues are still there')).toBe('correction');
    expect(outcome('no')).toBe('correction');
  });
  it('traps: a question, another noun, a qualifier', () => {
    expect(outcome('no issues? the log shows three errors')).not.toBe('acceptance');
    expect(outcome('there are no tests for the parser')).toBe('none');
    expect(outcome('no complaints about the logic, but the tests are missing')).toBe('partial');
  });
});

describe('"no problem" / "no worries" are acknowledgements; confirmation is acceptance (miss: "no worries, that matches …")', () => {
  it('confirmation that the result matches reality', () => {
    expect(outcome('no worries, that matches what I saw in prod')).toBe('acceptance');
    expect(outcome('that matches the numbers from finance')).toBe('acceptance');
    expect(outcome('works as expected')).toBe('acceptance');
    expect(outcome('the totals add up now')).not.toBe('correction');
  });
  it('an acknowledgement alone is no verdict; with a qualifier it is a partial; it never blocks moving on', () => {
    expect(outcome('no problem')).toBe('none');
    expect(outcome('no worries')).toBe('none');
    expect(outcome('no problem, but next time use tabs')).toBe('partial');
    expect(verdict('no problem, continue')).toMatchObject({ outcome: 'acceptance', rule: 'implicit-acceptance' });
  });
  it('traps: a question, a negated match, a check to run', () => {
    expect(outcome('does that match the spec?')).toBe('none');
    expect(outcome("that doesn't match what I saw in prod")).toBe('correction');
    expect(outcome('check if it matches the schema')).toBe('none');
  });
});

describe('praise after a copula is acceptance, and a concession before a qualifier (miss: "the structure is solid, but …")', () => {
  it('positive', () => {
    expect(outcome('the structure is solid')).toBe('acceptance');
    expect(outcome('the structure is solid, but the examples still call the old v1 endpoints')).toBe('partial');
    expect(outcome('the layout is fine but the colors are off')).toBe('partial');
  });
  it('negated praise is a rejection; a question is none; "good at" is no verdict', () => {
    expect(outcome("the structure isn't solid at all")).toBe('correction');
    expect(outcome('is it good?')).toBe('none');
    expect(outcome('this is good?')).toBe('none');
    expect(outcome('the parser is good at guessing the column types')).toBe('none');
  });
});

describe('praise under an irrealis marker is no acceptance (miss: 一个函数就能搞定的事)', () => {
  it('a modal with a condition, a conditional, a Chinese modal verb', () => {
    expect(outcome('it would be perfect if it handled timezones')).toBe('none');
    expect(outcome("that'd be perfect if it also handled timezones")).toBe('none');
    expect(outcome('太复杂了，一个函数就能搞定的事写了三个类')).toBe('correction');
    expect(verdict('if you are happy with it, merge it')).toMatchObject({ outcome: 'acceptance', rule: 'implicit-acceptance' });
  });
  it('traps: taking up an offer, praise without a modal', () => {
    expect(outcome('that would be great')).toBe('acceptance');
    expect(outcome('thanks, that would be great')).toBe('acceptance');
    expect(outcome('搞定了，谢谢')).toBe('acceptance');
    expect(outcome('这样就能搞定了，谢谢')).toBe('acceptance');
  });
});

describe('polite counter-proposals are corrections (misses: "we should rather …", "would be better to …")', () => {
  it.each([
    'I think we should rather keep the retries in the http client',
    'would be cleaner to put this in a helper',
    'it would be better to lead with the summary, nobody scrolls',
    "I'd prefer a table over bullet points",
    "I'd have used a map here",
    'it makes more sense to validate at the boundary',
    "wouldn't it be simpler to use a regex?",
    'could be better',
  ])('%s → correction', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'correction', type: 'rejection' });
  });
  it('traps: a genuine question, a negated comparison, an unrelated "better to"', () => {
    expect(outcome('would it be better to use a regex?')).toBe('none');
    expect(outcome("it wouldn't be better to split it")).not.toBe('correction');
    expect(outcome('better to be safe: commit it')).toBe('acceptance');
  });
});

describe('"again" in a question about something else is no redo (miss: "thanks! how do i run this locally again?")', () => {
  it('an auxiliary "do" and a wh-question', () => {
    expect(outcome('thanks! how do i run this locally again?')).toBe('acceptance');
    expect(outcome('how do i run this again?')).toBe('none');
    expect(outcome('how do i make it again?')).toBe('none');
    expect(outcome('what was the command again?')).toBe('none');
  });
  it('traps: real redo requests, also as a yes/no question', () => {
    expect(verdict('can you try again?')).toMatchObject({ outcome: 'correction', type: 'redo' });
    expect(verdict('do it again with tabs')).toMatchObject({ outcome: 'correction', type: 'redo' });
    expect(verdict('could you do it again, shorter?')).toMatchObject({ outcome: 'correction', type: 'redo' });
  });
});

describe('short thanks (misses: "ty!", "cheers")', () => {
  it.each(['ty!', 'ty', 'tysm', 'cheers', 'cheers mate', 'much appreciated', 'appreciate it'])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it('traps: "ty" or "cheers" inside a clause, a word containing them, are no thanks', () => {
    // The point is the word boundary. Typed right after a result, a bare statement of fact can be a
    // correction, and the second stage has read this one so since the round-16 training data.
    expect(outcome('the type is a union of ty and tx')).not.toBe('acceptance');
    expect(firstByRules('the type is a union of ty and tx').outcome).toBe('none');
    expect(outcome('the cheerleader page')).toBe('none');
  });
});

describe('keeping one part and revising another is a partial (miss: "keep the index, drop the trigger")', () => {
  it('positive, with and without a qualifier', () => {
    expect(verdict('keep the index, drop the trigger')).toMatchObject({ outcome: 'partial', rule: 'partial' });
    expect(outcome('keep the tests but rename the file')).toBe('partial');
    expect(outcome('保留索引，去掉触发器')).toBe('partial');
  });
  it('traps: keeping or revising alone, keep going, keep it short, drop it', () => {
    expect(outcome('keep the index')).toBe('none');
    expect(outcome('drop the trigger')).toBe('none');
    expect(outcome('keep going')).toBe('acceptance');
    expect(outcome('keep it short')).toBe('none');
    expect(outcome('drop it')).toBe('correction');
  });
});

describe('a part-scoped acceptance beside a complaint is a partial (miss: 前面两个接口没问题，第三个…不对)', () => {
  it('positive', () => {
    expect(outcome('前面两个接口没问题，第三个的返回类型不对，应该是分页对象')).toBe('partial');
    expect(outcome('the first two endpoints are fine, the third returns the wrong type')).toBe('partial');
    expect(verdict('the rest looks good, the header is wrong')).toMatchObject({ outcome: 'partial', rule: 'partial' });
  });
  it('traps: an unscoped thanks before a complaint stays a correction; a scoped acceptance alone is acceptance', () => {
    expect(outcome('thanks. you forgot the index')).toBe('correction');
    expect(outcome('the rest is fine, thanks')).toBe('acceptance');
    expect(outcome('其他都没问题了，谢谢')).toBe('acceptance');
  });
});

describe('"just …" / 就是 after a concession is a qualifier (miss: 大部分可以，就是日期格式要改成 …)', () => {
  it('positive', () => {
    expect(outcome('大部分可以，就是日期格式要改成 YYYY-MM-DD')).toBe('partial');
    expect(outcome('almost, just the dates are wrong')).toBe('partial');
  });
  it('traps: no concession before it, 就是这个, "just push it", "just the way I like it"', () => {
    expect(outcome('就是日期格式不对')).toBe('correction');
    expect(outcome('just the dates are wrong')).toBe('correction');
    expect(outcome('就是这个，谢谢')).toBe('acceptance');
    expect(outcome('好的，就是这样')).toBe('acceptance');
    expect(outcome('great, just push it')).toBe('acceptance');
    expect(outcome('perfect, just the way I like it')).toBe('acceptance');
  });
});

describe('X是X is a grudging concession, not praise (miss: 好是好，但是完全没按我说的模板来)', () => {
  it('the complaint after it decides', () => {
    expect(outcome('好是好，但是完全没按我说的模板来')).toBe('correction');
    expect(outcome('对是对，不过有点慢')).toBe('correction');
  });
  it('traps: 是是是 is no X是X; 好 alone at the start is still acceptance', () => {
    expect(outcome('是是是，你说得对')).not.toBe('partial');
    expect(outcome('好，部署吧')).toBe('acceptance');
  });
});

describe('a destructive outcome told as a fact is a failure report, also after praise (miss: 厉害了，直接把测试库的表全删了 👏)', () => {
  it('positive (sarcasm included)', () => {
    expect(verdict('厉害了，直接把测试库的表全删了 👏')).toMatchObject({ outcome: 'correction', rule: 'failure-report' });
    expect(outcome('你把我的配置覆盖了')).toBe('correction');
    expect(outcome('great, you deleted the whole prod table')).toBe('correction');
    expect(outcome('nice, it wiped everything in my home dir')).toBe('correction');
  });
  it('traps: the same verbs as a request', () => {
    expect(outcome('把临时文件删了吧')).toBe('none');
    expect(outcome('把日志目录删了')).toBe('none');
    expect(outcome('delete all the temp files')).toBe('none');
  });
});

describe('a verb with 得/了 describes the result; compressing is a revision (miss: 写得太长了, … 压缩到五行以内)', () => {
  it('positive', () => {
    expect(verdict('写得太长了, nobody reads that much，压缩到五行以内')).toMatchObject({
      outcome: 'correction',
      rule: 'negative-evaluation',
    });
    expect(outcome('写得太长了，压缩到五行以内')).toBe('correction');
  });
  it('traps: the verb as a new task, praise with 得, a revision alone', () => {
    expect(outcome('写一个部署脚本')).toBe('acceptance');
    expect(outcome('写得很好，谢谢')).toBe('acceptance');
    expect(outcome('压缩到五行以内')).toBe('none');
  });
});
