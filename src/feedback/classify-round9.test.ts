/**
 * Round 9 (docs/feedback-rules.md, "Round 9"): the classes behind the round-9 held-out misses. Each
 * describe block names its class and motivating miss; the sentences are other ways of saying the
 * same thing (English and Chinese), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. sarcasm carried by a bad consequence, and a refused approval (miss: "… nobody will notice until prod. love that")', () => {
  it.each([
    'oh cool, none of the handlers are validated anymore. love that',
    'great, so now none of the inputs are checked anymore',
    'love that nobody will notice until prod',
    "amazing, no one's going to catch this until the release",
    'nice, none of the errors get logged any more',
    'LGTM 是不可能 LGTM 的，索引直接废了',
    '这个是不可能通过的，查询全废了',
    '不错，缓存直接废了',
    '很好，这下索引彻底废了',
    '合并是不可能合并的',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['love that, none of the warnings are shown now', '这个功能不可能出错，很好'])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('B/C. a hedge that defeats the point, and a broken convention (miss: 索引名不符合规范，要 idx_ 开头)', () => {
  it.each([
    'kinda defeats the point of the chart',
    'that sort of defeats the purpose of caching',
    "the table name doesn't follow our naming convention",
    "these files are not following the repo's naming convention",
    "the branch name doesn't match our convention",
    '索引名不符合规范，要 idx_ 开头',
    '表名不符合我们的命名规范',
    '这个字段不符合约定',
    '接口路径不遵守团队规范',
    '代码风格不符合项目的规范',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['it follows our naming convention now, thanks', '符合规范了，谢谢'])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('D. a self-correction opened by a hold word is no complaint (miss: "oh wait, I said de-DE but … I meant de-AT. my bad")', () => {
  it.each([
    'oh wait, I said de-DE but the client is in Vienna, I meant de-AT. my bad',
    'hmm, I said port 8080 earlier, I meant 8081. my mistake',
    'I said staging but the box is prod, I meant prod. sorry, my bad',
    'wait, I said monday, my bad, it is tuesday',
    'I said v2 but I meant v3, my mistake',
    '哦我刚才说错了，慢的是 order_item 表不是 order 表',
    '我刚刚说错了，是 utf8mb4 不是 utf8',
    '我之前说错了，端口是 8081',
    '啊我刚才写错了，应该是 user_id',
    '刚才说错了，要改的是 b 表',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['I said de-AT, not de-DE', 'I said no mocks', '你说错了，是 order_item 表'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('E. a pause in mixed language is process (miss: "hold on，我去开个会")', () => {
  it.each(['hold on，我去开个会', 'wait，我先去吃个饭', 'one sec，我接个电话', 'hold on, 我有个会', '等下，我去开个会'])(
    '%s → none',
    (text) => {
      expect(outcome(text)).toBe('none');
    },
  );
  it.each(['hold on, this is wrong', 'wait, 这不对'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('F. a move-on whose task holds a failure word, and a problem that stayed absent (miss: 下一个：后台登录失败五次要锁账号)', () => {
  it.each([
    '下一个：后台登录失败五次要锁账号',
    '下一件事：支付超时要重试',
    '下一项：导出失败时发邮件',
    '跑了一下，五万条也没超时，提交吧',
    '压了十分钟，一次都没报错，合并吧',
    '都没超时，提交吧',
    'next: lock the account after five failed logins',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['下一个还是报错', '下一个也不对', '还是超时', '五万条还是超时'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('G. a move-on after a neutral question; 好多了 is praise (miss: "does it also handle bulk imports?" ⏐ "ok. next thing, …")', () => {
  it.each([
    [['does it also handle bulk imports?', 'ok. next thing, the admin csv export times out for big shops']],
    [['is the retry limit configurable?', 'next up, add a health endpoint']],
    [['这个支持批量导入吗？', '接下来把导出做成异步的']],
    [['缓存会过期吗？', '顺便给 pay_flow 表建个索引']],
  ])('%j → acceptance', (turns) => {
    expect(outcome(...turns)).toBe('acceptance');
  });
  it.each([['好多了'], ['好多了', '顺便给 pay_flow 表建个索引'], ['舒服多了'], ['好太多了，提交吧']])(
    '%j → acceptance at turn 1',
    (...turns) => {
      const c = first(...turns);
      expect(c.outcome).toBe('acceptance');
      expect(c.turns_to_feedback).toBe(1);
    },
  );
  it('trap: a wh-question hints at a gap, so moving on after it stays no signal', () => {
    expect(outcome('where is the output?', 'next up, add a health endpoint')).toBe('none');
  });
  it('trap: a move-on after a statement, not a question, stays no signal at turn 2', () => {
    expect(outcome('I looked at the diff', 'next up, add a health endpoint')).toBe('none');
  });
  it('trap: a complaint after a question stays a correction', () => {
    expect(outcome('does it handle bulk imports?', 'it crashes on bulk imports')).toBe('correction');
  });
});

describe('H. a part accepted, another still defective, is a partial (miss: 参数校验的提示可以了，业务异常抛出来的还是写死的中文)', () => {
  it.each([
    '参数校验的提示可以了，业务异常抛出来的还是写死的中文',
    '列表页可以了，详情页还是硬编码',
    '登录页好了，注册页仍然是占位',
    'test 都 pass 了，但 coverage 才 40%，取消订单和退款的分支一个都没测',
    '用例都通过了，但是异常分支没测',
    '接口都跑通了，但是没写文档',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['还是写死的', '详情页还是硬编码'])('trap, no concession: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});
