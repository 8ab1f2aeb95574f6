/**
 * Round 7 (docs/feedback-rules.md, "Round 7"): the classes behind the round-7 held-out misses. Each
 * describe block names its class and motivating miss; the sentences are other ways of saying the
 * same thing (English and Chinese), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { judgeByRules as judge } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!.outcome;

describe('A. a standing rule, a workflow step or a pause is no verdict (miss: "in this repo always run `make lint` …")', () => {
  it.each([
    'fyi in this repo always run `make lint` after you touch files, the pre-commit hook is off',
    'pls never push anything without asking me first, on any repo',
    'from now on always run the formatter before you commit',
    'going forward, never force-push to shared branches',
    'always rebase on main before opening a PR here, the merge queue is strict',
    'brb, lunch',
    'hold on, I have a meeting. back in 30',
    '等下，我先去开个会',
    '稍等，我先去吃个饭',
    '先别单独提交，我要跟另一个改动合成一个 commit，你 reset --soft 一下',
    '以后提交前记得先跑一下 mvn spotless:apply',
    '今后每个接口都要先写测试',
    '每次改完记得跑一下 lint',
    '先别 push，我还要 review 一下',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    "great split. uncommit the last one but keep it staged, I'll write that message myself",
    "nice work. keep it staged, I'll write the commit message myself",
    '不错。先别 add，我还要 review 一下',
    '很好，先别合并，我自己过一遍',
  ])('praise beside a workflow step: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['never do that again', 'why did you push?', 'you pushed to main?! never push that again', '先别提交，测试还没过'])(
    'trap, a reproach after harm: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});

describe('B. the person\'s own wrong pointer is a self-correction (miss: "I gave you the wrong folder … my mistake")', () => {
  it.each([
    'ah sorry, I gave you the wrong folder, the new checkout lives in src/features/checkout. my mistake',
    'oops, I sent you the wrong file, it is config/prod.yaml',
    'sorry, I pointed you at the wrong branch, use release/2.3',
    'I pasted the wrong link, here is the right one',
    'my bad, I typed the wrong ticket number, it is PAY-22',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['you used the wrong folder', 'wait, you edited the wrong file'])('trap, the agent’s mistake: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('C. a problem that is gone, and green CI, are acceptance (miss: "no more failing snapshots, CI is green"; 终于不 404 了)', () => {
  it.each([
    'no more failing snapshots, CI is green',
    'no more flaky tests, thanks',
    'no more timeouts',
    'the pipeline is green now',
    'all green',
    'tests are green',
    '终于不 404 了',
    '终于不报错了',
    '不 500 了',
    '终于没有 502 了',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['CI is still not green', 'is CI green?', 'still 404', '还是 404', '怎么不 404 了？'])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('D. a concession, then an unfinished part, is a partial (miss: 差不多了，按钮级的权限还没做)', () => {
  it.each([
    '差不多了，按钮级的权限还没做',
    '手机号脱敏 OK，身份证号没处理啊',
    '接口都列出来了，就是返回值示例全是 "string"，前端看了等于没看',
    '基本可以，分页还没做',
    '列表页没问题，详情页没处理',
    '字段都加上了，就是校验没写',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['按钮级的权限还没做', '身份证号没处理啊', '还没好', '分页没做'])('trap, no concession: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('E. a defect stated plainly, then "fix that" or "already exists" (miss: "v2.4.0 already exists on the remote")', () => {
  it.each([
    'v2.4.0 already exists on the remote, this is 2.4.1',
    'that migration already exists, see V12',
    'the user `deploy` already exists on the box',
    'hmm the dates come out as ISO strings, OrderDto.createdAt is a Date. fix that and add tests for the mapper',
    'the ids are strings, the column is an int. fix that',
    'two of the links 404. fix those please',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['does v2.4.0 already exist?', 'can you fix that typo in the readme too?'])('trap, a question: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
});

describe('F. a review label that blocks is a correction (miss: "blocking: this logs the full request body …")', () => {
  it.each([
    'blocking: this logs the full request body, which includes plaintext passwords on /login. needs an allow-list of fields',
    'blocker: the migration drops the column before copying it',
    'must fix: the token ends up in the url',
    'request changes: the retry loop never backs off',
    '-1: this swallows every exception',
    '阻塞：这里把完整请求体打到日志里了',
    '必须改：密码明文写进了日志',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['is this blocking?', 'add a blocking: true flag to the job config'])('trap, not a label: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('G. a fragment contrast of two parallel phrases is a correction (miss: "per api key, not per IP")', () => {
  it.each([
    'per api key, not per IP. half our customers sit behind one corporate NAT',
    'by tenant, not by user',
    'in the worker, not in the request handler',
    'via the gateway, not via direct calls',
    'under src/lib, not under src/utils',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['next: shard it per tenant, not per region', 'is it per key, not per IP?'])(
    'trap, new work or a question: %s → not correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('H. "still" + a present bug verb, and a rhetorical who-for, are corrections (miss: "groundbreaking. the list still rerenders")', () => {
  it.each([
    'wow, useMemo around a string literal. groundbreaking. the list still rerenders on every keystroke btw',
    'cool cool. the modal still flickers on open',
    'the socket still leaks on reconnect',
    'the effect still loops forever',
    'nice. it still refetches on every focus',
    '文档里字段说明全是英文，给谁看的？改成中文',
    '这注释谁看得懂？',
    '这是给人看的吗',
    "who's supposed to read this?",
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['the list no longer rerenders on every keystroke', 'still works after the refactor, nice', 'this is for whom? just curious'])(
    'trap, a question: %s → not correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('I. the result\'s premise does not hold in our environment (miss: "that port isn\'t open in any of our envs")', () => {
  it.each([
    "that port isn't open in any of our envs. everything goes through the collector sidecar on 4318",
    "redis isn't available in our staging cluster",
    "that flag isn't supported on our ci runners",
    '这个端口我们环境里都没开',
    '我们生产上根本没装 redis',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['where does it export to?', 'is port 4318 open in our envs?'])('trap, a neutral question: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it('a correction after a neutral question decides the window', () => {
    expect(outcome('where does it export to?', "that port isn't open in any of our envs, use the sidecar on 4318")).toBe('correction');
  });
});

describe('J. round 6 leftovers: a conceded imperfection is acceptance; 先别管这个 changes the topic', () => {
  it.each([
    "it's fine, not perfect, ship it",
    'good enough, not pretty',
    'not perfect but it works',
    '不完美，但能用',
    '不够优雅，但是先这样',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['not perfect', 'this is not ideal'])('trap, no concession: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['先别管这个，帮我看下登录页', '先不管这个，看看那个报警', '这个先放一放，帮我查下日志'])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
});

describe('K. a permission after a self-correction is no verdict (miss: "I said demo but I meant the sandbox tenant, sorry. same data is fine")', () => {
  it.each([
    'oh wait, I said demo but I meant the sandbox tenant, sorry. same data is fine',
    'my bad, I meant staging. either branch is fine',
    'sorry, I said v2 but meant v3. the same config is fine',
    '不好意思我说错了，是测试环境，数据用一样的就行',
    '我打错了，是 order_v2 表，字段用一样的就可以',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['the rest is fine', 'my bad, I meant staging. looks great otherwise'])('trap, praise of the result: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('L. "needs …" after a stated defect is a negative evaluation; a re-verb after a determiner is a noun, no redo', () => {
  it.each([
    'this leaks the token into the logs. needs a redaction step',
    'the handler swallows errors. still needs proper logging',
    'the upload has no size cap. needs a limit',
    'it parses dates as strings. needs to be a Date',
    'the migration locks the table. it needs an online strategy',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['the retry logic looks great', 'the rework is much cleaner, thanks', 'retry count looks right, nice'])(
    'trap, a noun: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(['redo it', 'please rewrite this', 'retry'])('a re-verb as a request: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('trap, a question: "the cache is cold. needs a warmup step?" → not correction', () => {
    expect(outcome('the cache is cold. needs a warmup step?')).not.toBe('correction');
  });
});

describe('M. guards on the round-7 patterns', () => {
  it.each(["I never run this locally, it's fine", 'we always deploy on fridays, looks good'])(
    'a habit, not a rule: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(['这样不 OK，换个方式', "that's not ok, the tests fail"])('a negated ok is no concession: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});
