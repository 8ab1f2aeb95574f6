/**
 * Round 5 (docs/feedback-rules.md, "Round 5"): the classes behind the round-4/round-5 held-out
 * misses. Each describe block names its class and motivating miss; the sentences are other ways
 * of saying the same thing (English and Chinese), plus traps the other way.
 */
import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../test/support/conversation.js';
import { SkillpulseError } from '../errors.js';
import { classifyWindow } from './classify.js';
import { compileLexicon } from './lexicon.js';
import { analyzeText } from './matcher.js';
import { buildWindows } from './window.js';

function judge(steps: Step[]) {
  const { conversation, located } = buildConversation(steps);
  // Rules alone: these tests pin the rules, not the second stage.
  return buildWindows(conversation, located, { maxTurns: 3 }).map((w) => classifyWindow(w, { secondStage: false }));
}

function verdict(...turns: string[]) {
  const c = judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!;
  return { outcome: c.outcome, rule: c.rule, turn: c.turns_to_feedback, type: c.correction_type, reason: c.reason };
}

const outcome = (...turns: string[]) => verdict(...turns).outcome;

describe('A. a problem word that is gone or absent is acceptance (miss: "bug is gone", 报错没了)', () => {
  it.each([
    'bug is gone. good catch',
    'the error is gone now',
    'zero failures across the whole suite',
    'no more warnings in the build log',
    'that flaky timeout no longer shows up',
    "the crash doesn't happen anymore",
    'the 500s are gone',
    "haven't seen a single error since the deploy",
    'ran the suite and nothing broke',
    "it didn't break anything",
    'apart from the expected 404s, no other errors',
  ])('en: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    '刚压测了一轮，报错没了',
    '问题解决了',
    '警告也消失了',
    '那个异常再也没出现过',
    '跑了三遍，没有任何报错',
    '一个错误都没有',
    '之前的告警不再出现了',
    '除了预期的 404 没有别的错误',
  ])('zh: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'the error is not gone',
    'the bug is still there',
    "I don't think the bug is fixed",
    'the warning is back',
    'the same error again',
    'I thought the bug was fixed, but the crash is back',
    '以为解决了，结果报错还在',
    '报错还在',
    '问题还是没解决',
    '一点用都没有',
  ])('trap, still a correction: %s', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(["there's no error handling for timeouts", 'no errors?', 'no problem', '没有错误处理', '报错没了吗？', '没有问题'])(
    'trap, no acceptance: %s',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('A. surprise, help and "good enough" are acceptance (miss: "can\'t believe that worked first try", "a massive help", 牛, 先这样吧)', () => {
  it.each([
    "can't believe that worked first try lol",
    "couldn't believe it passed on the first run",
    'worked on the first try',
    'no worries, that was a huge help',
    'that helps a lot',
    'good enough for now',
    "that'll do",
    '1.2G 到 180M，牛',
    '太牛了',
    '明白了，多谢',
    '先这样吧，回头再细化',
    '这样就行',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['not good enough', 'correction'],
    ['it would be helpful if it handled timezones', 'none'],
    ['牛肉面的图片放哪了', 'none'],
    ['先这样改一下试试', 'none'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
  it('trap: 吹牛 is no 牛', () => {
    expect(outcome('他在吹牛')).toBe('none');
    expect(outcome('别吹牛')).not.toBe('acceptance');
  });
  it('a thanks on turn 2 after a neutral question decides', () => {
    expect(verdict('预发环境的配置放哪了？', '明白了，多谢')).toMatchObject({ outcome: 'acceptance', turn: 2 });
    expect(verdict('where is the staging config?', 'got it, thanks')).toMatchObject({ outcome: 'acceptance', turn: 2 });
  });
});

describe('A/D. a measured change of a cost: grown is a regression, fallen is an improvement (miss: 从 2 秒变成 20 秒, 1.2G 到 180M)', () => {
  it.each([
    '厉害了，优化完从 2 秒变成 20 秒',
    '耗时从 5 分钟变成 1 小时',
    '内存从 200M 涨到 2G 了',
    'great, p95 went from 200ms to 2s',
    'bundle went from 300kb to 1.2mb',
  ])('%s → correction', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'correction', rule: 'failure-report' });
  });
  it.each(['镜像从 900M 降到 120M', 'build went from 10 min to 2 min', 'image 1.2G -> 180M'])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['can you get it from 2s to 200ms?', '把耗时从 5 秒降到 1 秒', '能不能把它从 2 秒降到 200ms？', 'what changed from 1.2 to 1.3'])(
    'trap, a wanted change or no unit: %s → none',
    (text) => {
      expect(outcome(text)).toBe('none');
    },
  );
});

describe('round-5 lexicon machinery', () => {
  it('numbers without a unit are no measurement: a version bump stays a new request', () => {
    expect(verdict('upgrade node from 18 to 20')).toMatchObject({ outcome: 'acceptance', rule: 'implicit-acceptance' });
  });
  it('word classes expand into patterns; an unknown class is a lexicon error naming the field', () => {
    const base = { language: 'xx', name: 'X', mode: 'word', signals: {}, dimensions: {} };
    const lx = compileLexicon({
      ...base,
      word_classes: { fault: ['oops', 'glitch(?:es)?'] },
      signal_patterns: { acceptance: ['\\bno {fault}\\b'] },
    });
    expect(analyzeText('no glitches', [lx]).hits.map((h) => h.category)).toEqual(['acceptance']);
    let error: unknown;
    try {
      compileLexicon({ ...base, signal_patterns: { failure: ['{nope}'] } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SkillpulseError);
    expect((error as SkillpulseError).message).toMatch(/unknown word class \{nope\}/);
    expect((error as SkillpulseError).location.field).toBe('signal_patterns.failure.0');
  });
});

describe('B. a deficiency graded as minor is a partial (miss: "LGTM with nits", "one small thing:", "nit: …", 整体 LGTM，nit)', () => {
  it.each([
    'LGTM with a couple of nits — the enum should be sorted',
    'nit: trailing comma in the enum',
    "nice. one small thing: the log line says 'recieved'",
    'small suggestion: call it retryCount',
    'minor point, the docstring is stale',
    '整体 LGTM，nit: props 里的 usr 改成 user',
    '整体不错，有个小问题：日期格式不对',
    '小建议：变量名改成 userId',
    '挑个刺：注释里有错别字',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['no nits, ship it', 'acceptance'],
    ["it's a small thing, ship it", 'acceptance'],
    ['the service is back, thanks', 'acceptance'],
    ['any nits?', 'none'],
    ['没什么小问题，合了吧', 'acceptance'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
});

describe('B. an acceptance scoped to a part beside a deficiency is a partial (miss: "mostly fine. … is missing", "Added is right. Fixed needs …", 新增那块没问题)', () => {
  it.each([
    'mostly fine. DELETE is missing from the table',
    'overall good. the README is outdated',
    'Added is right. Fixed needs the two bug fixes as well',
    'auth looks good. the tests are missing',
    'the intro section is fine. the examples are outdated',
    '新增那块没问题，修复少了两条',
    '这部分没问题，那部分漏了两个字段',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['mostly fine', 'overall good, merge it', 'Added is right', '这部分没问题'])(
    'trap, nothing against it: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it('the concession 还凑合 with 就是 is a partial, not a correction', () => {
    expect(outcome('还凑合，就是没处理上传失败的情况')).toBe('partial');
    expect(outcome('马马虎虎，不过缺了分页')).toBe('partial');
  });
});

describe('B/D. a complaint about the whole result is not softened by a qualifier (miss: "thanks, but that was supposed to go on hotfix/…, not main", "that\'s not what I asked")', () => {
  it.each([
    'thanks, but that was supposed to go on hotfix/cart-total, not main',
    "thanks, but that's not what I asked for",
    'nice, but it was meant to go in docs/, not the repo root',
    'ok but you pushed to the wrong branch',
    'looks good but the build does not compile',
    'cool, but nothing compiles now',
    "that's not what I asked. I wanted keys that exist in en but are missing in de",
    '好的，不过这不是我要的',
    '可以，但是推错分支了',
    '好的……不过你把 .env 也一起提交上去了',
    '应该提交到 hotfix 分支，不是 main',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'close, but the dates are wrong',
    'thanks, but rename it to userId',
    'ok but you put them under Unreleased',
    'nice and tidy, but that caches it for the test job only. build and lint still install from scratch',
  ])('trap, a qualified part: %s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it('a description that mentions "from scratch" asks for no redo; a request still does', () => {
    expect(outcome('they still rebuild from scratch every time')).not.toBe('correction');
    expect(verdict('redo it from scratch')).toMatchObject({ outcome: 'correction', type: 'redo' });
    expect(verdict('start from scratch please')).toMatchObject({ outcome: 'correction', type: 'redo' });
  });
});

describe('B/D. a qualifier with no concession only joins complaints (the strong one decides)', () => {
  it.each([
    'I thought the bug was fixed, but the crash is back',
    'I ran it but it still fails',
    'tried it on staging, but the same error shows up',
    '试了一下，但是还是报错',
    '我跑了一遍，不过还是失败',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('a message opening with the qualifier refers back to the reply before: a partial (reference #29)', () => {
    expect(verdict('可以', '但是命名不对')).toMatchObject({ outcome: 'partial', turn: 2 });
    expect(verdict('ok', "but it's still failing on windows")).toMatchObject({ outcome: 'partial', turn: 2 });
  });
});

describe('C. an aside ends what judges the result (miss: "thanks! unrelated, but does pnpm …?", "separately: revert the last commit")', () => {
  it.each([
    'thanks! unrelated, but does pnpm support the workspace protocol?',
    'perfect. separately: the staging db is down again',
    'great work. side question: is there a way to skip hooks?',
    'love it. on another note, revert my last commit on main, it broke the csv export',
    '好的，题外话，这个仓库的 CI 是谁维护的？',
    '谢谢！顺便问一下，那个失败的任务是什么原因？',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['unrelated changes everywhere, revert them', 'correction'],
    ['thanks, but the tests fail', 'partial'],
    ['you touched unrelated files, undo that', 'correction'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
  it('an assistant revert asked for only as an aside is no reaction to the skill', () => {
    const [c] = judge([
      { skill: 's' },
      { user: 'love it. separately: revert the last commit, that one broke the export' },
      { bash: 'git revert HEAD --no-edit' },
    ]);
    expect(c?.outcome).toBe('acceptance');
    const [d] = judge([{ skill: 's' }, { user: 'please revert that' }, { bash: 'git revert HEAD --no-edit' }]);
    expect(d?.outcome).toBe('correction');
  });
});

describe('C. a headed move-on describes the next task (miss: "next: lint … missing schemas", 好，接下来把失败告警接到飞书群里)', () => {
  it.each([
    'next: lint the openapi spec, I think a couple of responses are missing schemas',
    'next: add tests for the failing edge cases',
    'next up: the broken links in the docs',
    '好，接下来把失败告警接到飞书群里',
    '接下来把报错信息翻译成中文',
    '然后把超时失败的重试也加上',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['跑了一下，然后就失败了', 'next time, the tests are failing', '然后测试挂了'])('trap, a narrative: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('D. corrections without a correction word', () => {
  it.each([
    'can we go back to the old query? the numbers changed',
    "let's switch back to the previous layout",
    'go back to what we had before',
    '还是用回原来的写法吧',
    '改回之前的查询',
  ])('going back to the old version is a revert request: %s', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'correction', type: 'revert' });
  });
  it('trap: going back somewhere else is no revert', () => {
    expect(outcome('go back to the docs and add an example')).not.toBe('correction');
    expect(outcome('go back to the previous ticket and check the acceptance criteria')).not.toBe('correction');
  });
  it.each([
    "fine, whatever. I'll write them myself",
    "whatever, I'll fix it myself",
    "ok I'll just handle it myself",
    '随便吧',
    '算了我自己来吧',
  ])('resignation: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    ["love it, I'll add the docs myself later", 'acceptance'],
    ["I'll update the changelog myself", 'none'],
    ['whatever you think is best', 'none'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
  it.each([
    'great. now nothing compiles, circular imports everywhere',
    'perfect, none of the tests pass',
    'nice. nothing works anymore',
    'the lateral join double counts refunds',
    'the webhook fires twice now',
  ])('praise beside a total failure or a duplication (sarcasm): %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'these mock literally everything. they prove nothing',
    "these tests don't test anything",
    'this change does nothing',
    '什么都没测',
    '等于没改',
    '测了个寂寞',
  ])('a result that achieves nothing: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('trap: "changes nothing else" is no complaint', () => {
    expect(outcome('it changes nothing else, good')).not.toBe('correction');
  });
  it.each([
    'orders has ~40M rows, one UPDATE per id will run all night. batch it',
    'that will take forever on prod',
    'this will time out on the big repos',
    '这样要跑一晚上',
    '这么写会锁表',
  ])('a predicted cost: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it("trap: a cost denied is no complaint: it won't take forever", () => {
    expect(outcome("it won't take forever")).not.toBe('correction');
  });
  it.each([
    '牛，orders 也给我删了？',
    '这啥啊，怎么把 node_modules 也提交了',
    '我说的是测试环境！！你怎么发到生产上去了',
    '你怎么把密钥也推上去了',
    '怎么又把配置改了',
  ])('a rhetorical how-come about a done action or an unwanted extra: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['把 orders 也给我删了', '怎么把它部署到生产？'])('trap, a request or a real question: %s → not a correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('D. a negative question that proposes or reminds is a rejection (caught by the second stage before; miss: "shouldn\'t this be async?", 不是说了不要 axios 吗)', () => {
  it.each([
    "shouldn't this be async? appendFileSync on every webhook is going to block the loop",
    "shouldn't the handler return 404 here?",
    "doesn't this need a lock?",
    "didn't I say no new dependencies?",
    'I thought I said tabs',
    '不是说了不要 axios 吗',
    '不是让你用 fetch 吗？',
    '我不是告诉你别动配置吗',
  ])('%s → correction', (text) => {
    expect(verdict(text, 'ok')).toMatchObject({ outcome: 'correction', turn: 1 });
  });
  it.each(["shouldn't take long, thanks", 'should this be async?', '不是很懂这个参数'])('trap: %s → not a correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('E. an opening interjection yields to a self-correction (miss: "ugh, my bad, I meant PAY-1182")', () => {
  it.each([
    'ugh, my bad, I meant PAY-1182 — I mistyped the number',
    'wait, I meant the staging bucket',
    "hold on, my mistake — it's the v2 endpoint",
    "ugh, I mistyped the id, it's 4412",
    '等等，我说错了，是测试环境',
    '等一下，我打错了，应该是 v2',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['wait, you used the wrong bucket', 'ugh, this is wrong', 'no, I meant the other file', '等等，你改错文件了'])(
    'trap, the person objects: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});
