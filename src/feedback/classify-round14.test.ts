/**
 * Round 14 (docs/feedback-rules.md, "Round 14"): the classes behind the round-14 rules-alone
 * misses. Each describe block names its class and motivating miss; the sentences are other ways of
 * saying the same thing (English and Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. the absence of a defect is no complaint (misses: "… nothing else got worse 👌", 正常词也没被改坏，nice)', () => {
  it.each([
    'ran the full suite, nothing else got worse 👍',
    'checked the dashboards, nothing else moved 👌',
    'replayed yesterday’s traffic and nothing regressed 🎉',
    'none of the old reports changed 👍',
    'nothing broke on staging 🙌',
    '老数据也没被改坏，nice',
    '别的页面也没被弄乱，不错',
    '线上跑了一晚，没出错，挺好',
    '跑了 20 遍，一次都没报错，稳',
    '正常请求也没被误杀，可以',
    '历史订单一条都没丢，👍',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'it still doesn’t work 👍',
    'you broke the login page 👌',
    '你把正常词改坏了',
    '回调没被触发',
    '旧数据被改坏了',
    '订单数据都改错了',
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('B. a failure asked about as a case, and a revert asked about as behaviour (misses: "what happens when the nightly refresh fails …?", "does the second schedule just revert?")', () => {
  it.each([
    'what happens when the upload fails halfway?',
    'how does it handle a batch where one write fails?',
    'what do we do when the cache is stale, serve it or block?',
    'what happens after the token expires and the refresh fails?',
    'how do we handle it when the queue is full and publishes fail?',
    'redis 挂了的时候怎么办？',
    'token 刷新失败的话会怎样？',
    '写入失败的时候会回滚吗？',
    '下游崩了的话会降级吗？',
    '同步失败之后会重试吗？',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'does the second call just revert?',
    'will the tx revert if the allowance is too low?',
    'would the migration revert on error?',
    'does it revert when the nonce is reused?',
    'and does the whole batch revert if one transfer fails?',
  ])('a revert the system does: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'can you revert that?',
    'should we revert?',
    'could you revert the last commit?',
    'why does it fail when the input is empty?',
    'the upload fails halfway',
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('an acceptance after the case question decides', () => {
    const c = first('what happens when the nightly job fails, do we keep the stale data?', "ok that's exactly what we need. merge it");
    expect(c.outcome).toBe('acceptance');
    expect(c.turns_to_feedback).toBe(2);
  });
});

describe('C. a heading that names the next item, a URL query and a topic change after a question (misses: "next one: … instead of …", "now a leaderboard endpoint: GET /ladder?season=2025 …", "what dpi did you assume? ⏐ … ok different thing: …")', () => {
  it.each([
    'next one: the invoice export writes amounts as text instead of numbers',
    'next up: the login page is slow on mobile, can you look',
    'next task: the csv import drops rows with quotes',
    'next bug: the badge count is stale after logout',
    'ok, next one: the pdf footer is missing the page numbers',
    'now a search endpoint: GET /search?q=term&page=2, paginated, 20 per page',
    'now add GET /users?active=true to the admin api',
    'next: wire up /export?format=csv for admins',
    '接下来：导出接口 /export?format=csv 要支持筛选',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['which port did you pick?', '8080 is fine. different thing: the login page flickers on reload, look at auth.tsx'],
    ['how big is the cache?', 'got it. other thing: the export job times out on big tenants'],
    ['what dpi did you assume?', 'ok, something else: the returns portal rejects photos over 5mb'],
    ['用的哪个端口？', '好。另外：登录页刷新会闪一下，看下 auth.tsx'],
    ['缓存多大？', '知道了。接下来：导出任务在大租户上超时'],
  ])('a topic change after a wh-question: %s ⏐ %s → acceptance in turn 2', (q, next) => {
    const c = first(q, next);
    expect(c.outcome).toBe('acceptance');
    expect(c.turns_to_feedback).toBe(2);
  });
  it.each(['next one: you broke the header', 'next one: still failing on ci', 'why does /search?q=x return 500?'])(
    'trap: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
  it('trap: a bare new request after a wh-question stays no signal', () => {
    expect(outcome('where is the output?', 'next up, add a health endpoint')).toBe('none');
  });
  it('trap: a complaint after the heading that blames the agent stays a correction', () => {
    expect(outcome('what dpi did you assume?', 'different thing: you forgot the labels')).toBe('correction');
  });
});

describe('D. a shrug waives the concern it follows (misses: "I\'d have put X first but honestly it\'s fine as is", "… a bit cryptic as a name but not worth another round")', () => {
  it.each([
    'the name is a bit long but honestly it’s fine as is',
    'I’d have split the function but not worth another round, merge it',
    'a bit verbose but I can live with it',
    'not how I’d write it but that’s just taste',
    'slightly odd ordering but it doesn’t matter',
    'the comment is redundant but no need to change it',
    '命名有点怪，不过无所谓',
    '日志多了点，但问题不大',
    '顺序我会换一下，不过不改也行',
    '写法有点绕，但可以接受',
    '样式有点丑，但不影响使用',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['it’s a bit slow, but the rest is fine', 'the naming is off but the rest is fine', '可以，但是这里还要改一下'])(
    'trap: a concession with a live concern stays a partial: %s',
    (text) => {
      expect(outcome(text)).toBe('partial');
    },
  );
  it.each(['is it fine as is?', '这样可以接受吗？'])('trap: asked, not waived: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it('trap: a complaint in a later sentence is not waived', () => {
    expect(outcome('the name is odd but not worth another round. the tests fail though')).not.toBe('acceptance');
  });
});

describe('E. praise scoped to a named part beside a defect of another (misses: "worst case is right. the RSS double counts …", "the exact-match ones are all good … come out #N/A", 顺丰和中通都没问题，圆通的…一直 401, 普通员工这套没问题，…这块改一下就行)', () => {
  it.each([
    'the exact-match ones are all good, the fuzzy ones come back #N/A',
    'the unit tests are fine. the integration ones fail on ci',
    'worst case is right. the average case double counts the fixed cost',
    'the summary sheet is good. the monthly tabs show #REF! everywhere',
    'the first two charts are right, the third one is plotting cumulative instead of daily',
    '顺丰和中通都没问题，圆通一直 401',
    '安卓的没问题，iOS 的一直返回 500',
    '老用户这套没问题，新用户那块改一下',
    '单机版的没问题，集群的一直报 503',
    '普通员工这套没问题，弹性的要按 10 点算，这块改一下就行',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['the whole thing is fine', 'worst case latency is fine', 'worst case is right and the rest is ok', '这套没问题'])(
    'trap: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it.each(['the lookups all come out #N/A now', '接口一直返回 500', '回调一直 401'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('F. approving by confirming the rule, by committing on a branch, or by a bare "works" (misses: "right, …, that is the policy. put it on a branch … and commit", "`candump can0` is showing frames … works")', () => {
  it.each([
    'right, that is the policy. put it on a branch and commit',
    'yes, 30 days then hard delete, that’s exactly the policy',
    'that’s the spec.',
    'looks right. put it on a new branch and open a pr',
    'put it on a branch and push',
    'deployed to the pi. works',
    'ran it on staging. works now',
    'flashed the board and tried the button. it works',
    '对，这就是我们的规定。',
    '按月清零，这是规则，没错',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['put it on a branch, don’t merge yet', 'that is the policy?', 'it works?'])('trap: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['nothing works', 'it works on my machine but not in ci'])('trap: %s is no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
  it('a bare "works" after two neutral questions decides in turn 3', () => {
    const c = first('which clock does it use?', 'and the edge is what the datasheet says?', 'candump shows frames from the ecu. works');
    expect(c.outcome).toBe('acceptance');
    expect(c.turns_to_feedback).toBe(3);
  });
});

describe('G. a why without a verb, argued (miss: "why bilinear for precip? it doesn\'t conserve the totals")', () => {
  it.each([
    'why sha1 for the signatures? it has been broken for years',
    'why floats for money? we lose cents on every invoice',
    'why a cron job here? the queue already retries on its own',
    'why polling instead of the webhook? it hammers their api every second',
    'why bicubic on the rainfall grid? it invents negative precipitation at the edges',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'why a bloom filter and not a plain set? is it about memory?',
    'why bilinear? just curious',
    'why sha1 for the signatures? asking for the docs',
    'why bilinear for precip?',
    'why a dead letter queue and not a retry counter?',
  ])('trap: a curious why stays no signal: %s', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it('trap: praise beside it wins (weak)', () => {
    expect(outcome('why a trie here? clever, it makes the prefix search instant. love it')).toBe('acceptance');
  });
});

describe('H. who told you to, and acting unasked (misses: 谁让你绕过频率限制的？？…, "I didn\'t ask you to edit any gcode …")', () => {
  it.each([
    'who told you to delete the fixtures?',
    'who asked you to bump the major version',
    'who said you could turn off the csrf check??',
    'I didn’t ask you to touch the css',
    'I never asked for a new dependency',
    'that skill shouldn’t have kicked in at all',
    '谁让你改 package.json 的',
    '谁叫你把日志删了',
    '谁允许你直接推 main 的？？',
    '我没让你格式化整个文件',
    '我没叫你动配置',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['who told you about the bug?', '谁让你们来测的？'])('trap: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
});

describe('I. sarcastic praise of the agent with an irony emoji (miss: 省了18%的gas，顺便把溢出检查也省了，真是高手😅)', () => {
  it.each([
    'cut the bundle by 30% and dropped the safari polyfills with it. genius 🙃',
    'saved a query and lost the audit log. impressive 😅',
    'faster, and the auth check is gone too. well done 🙄',
    '真是天才😅 把鉴权也优化掉了',
    '快是快了，锁也没了，不愧是高手🙃',
    '你可真能干😅 把测试全删了',
    '省了一次查询，顺便把日志也省了，真厉害🙄',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['genius, thanks!', 'impressive, 30% faster 🎉', '真厉害，学到了'])('trap: plain praise → acceptance: %s', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('J. right maths, wrong requirement; other correction shapes (misses: "the maths is fine but policy is accrual per hour worked, not FTE", "I\'ll just do it in the spreadsheet", "that +4.1% doesn\'t mean anything", 一按键就报 BUG)', () => {
  it.each([
    'the maths is fine but policy is accrual per hour worked, not FTE',
    'the code is fine but the spec says per seat, not per account',
    'query looks right but the requirement is calendar days, not business days',
    '数学没问题，但规定是按实际工时算，不是按 FTE',
    '代码没问题，不过需求是按自然日，不是按工作日',
  ])('%s → correction (not a partial)', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('trap: a concession with a detail, not the requirement, stays a partial', () => {
    expect(outcome('the code is fine but the name is off')).toBe('partial');
  });
  it.each([
    'I’ll just do it in the spreadsheet like last month',
    'I’ll just do it by hand',
    'that +4% doesn’t mean anything, it was measured on the training set',
    'those numbers don’t mean much',
    'oh nice, the test is green because it never awaits the promise 👏',
    'tests pass only because they mock the database',
    '上板了，一按键就报 BUG',
    '一启动就崩',
    '测试能过是因为根本没断言',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['that doesn’t mean anything is broken, just curious', 'that doesn’t mean anything to me, can you explain?'])(
    'trap: %s is no correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});
