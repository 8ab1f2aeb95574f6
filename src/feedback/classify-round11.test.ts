/**
 * Round 11 (docs/feedback-rules.md, "Round 11"): the classes behind the round-11 held-out misses.
 * Each describe block names its class and motivating miss; the sentences are other ways of saying
 * the same thing (English and Chinese), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a topic switch or a reuse of the approach moves on (misses: "switching gears: …", "next: …, make it …", 换个事，…, 也按这个套路改一下)', () => {
  it.each([
    'switching gears: the ci cache keeps missing since monday, find out which step invalidates it',
    'shifting gears, set up a nightly job that prunes old artifacts',
    'changing topics: the onboarding email goes out twice, look into the queue consumer',
    'new topic: write a script that exports the audit log to csv',
    'different topic. add a health check endpoint to the gateway',
    'next: the invite link is valid forever, make it expire after 7 days',
    'next: the export button is hidden on mobile, make it visible below 600px',
    'next up: the session cookie lives 30 days, make it expire after 12 hours',
    'apply the same approach to the orders endpoint',
    'same pattern for the invoices table please',
    'do the same thing for the admin routes',
    '换个事，日志目录现在有 30G，帮我写个清理脚本',
    '换个话题，帮我看看 nginx 的 gzip 怎么配',
    '说个别的，帮我把 README 里的安装步骤补一下',
    '另一件事，接下来把监控告警接到钉钉',
    '订单导出也按这个思路改一下',
    '退款接口也照这个套路来一遍',
    '其他几个 service 也按这个方式处理一下',
    '商品列表同样按这个写法改一下',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'next: make it shorter',
    'switching gears: this still fails on arm, the build is broken',
    '换个方式写吧，这个太复杂了',
    '换个思路，这个方案不行',
    '按这个套路改一下：先校验参数，再写库',
    'switching gears: the upload still returns a 500',
    '下一步：导出依然失败',
    'new topic? the tests are red',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
  it('a redo in the same words stays a redo: 换个写法', () => {
    expect(first('换个写法').correction_type).toBe('redo');
  });
});

describe('B. plain approvals the lexicon lacked (misses: "looks right to me", 写得挺清楚的，…就用这版, 测过了，…就这么用)', () => {
  it.each([
    'looks right to me, open the PR',
    'seems right to me',
    'reads fine to me, ship it tomorrow',
    'looks good to us',
    "let's go with this version",
    "we'll go with this one for the review",
    'works for me',
    'clearly written, thanks for the summary',
    'nicely written, I will send it to the team',
    '写得很清晰，就用这版',
    '整理得挺清楚的，周会就用这个',
    '总结得非常到位',
    '嗯，试过了，能登录了，就这么用',
    '就用这版吧',
    '改得挺好，就这么定了',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'is this right to me? I cannot tell',
    'write it more clearly',
    '写得清楚一点',
    '要写得很清楚才行吗？',
    '写得挺清楚的，但是例子不对',
    'right to left languages are broken',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('C. a correction stated as a consequence or a denial, without a failure word (misses: "keying on ip is going to hurt us", "none of these are real", AccessKey 怎么直接明文写进…还 commit 了？？, "hm, hold on. every event … 400")', () => {
  it.each([
    'caching per user is going to hurt us, the hit rate will be near zero',
    "that retry loop will bite us when the upstream is down, it'll hammer them",
    "this is gonna come back to bite us, we can't audit anything",
    'storing it in the session is going to cause problems behind the load balancer',
    'none of these findings are real, the input does have a label',
    'none of those are valid, the links all resolve',
    'these are all false positives, the scanner ignores our config',
    'the api token is stored in plaintext in the repo',
    'you committed the api keys to the public repo',
    'hm, hold on. the checkout page is blank now',
    'oh wait, every request to /login returns a 403 since the change',
    'every single call to the billing api gets a 401 now',
    '这个锁粒度迟早会出问题，高峰期全卡住',
    '按 ip 限流会坑死我们，客户都在一个出口后面',
    '这几个问题都不是真的问题，按钮有 aria-label',
    '都是误报，这个规则我们早就关了',
    '数据库密码怎么直接写进配置文件还推上去了？',
    '密码明文存在表里，这个不能上线',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('a later hold-on after an early "ok nice" decides', () => {
    const c = first('ok nice', 'hm, hold on. every webhook in the dashboard shows a 401 from us now');
    expect(c.outcome).toBe('correction');
    expect(c.turns_to_feedback).toBe(2);
  });
  it.each([
    "it won't hurt to add a test",
    'would it cause problems if we cached this?',
    'none of these are failing now, thanks',
    'every request returns a 200 now, thanks',
    "don't store it in plaintext, otherwise looks great",
    'hm, hold on, I have a meeting',
    '这样就不会出问题了，谢谢',
    '别明文存密码，其他都挺好',
    '我们有个规则是误报率要低于 1%，下一步把这个加到 README',
  ])('trap: %s → not a correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('D. irony marked by an emoji makes the complaint beside praise meant (misses: "love that the region is hardcoded … 🙃", 厉害了，…大了 180k 😅)', () => {
  it.each([
    'love how the timeout is hardcoded to 5s in the one place that needs to be configurable 🙃',
    'great, the token is hardcoded in the client 🙃',
    'nice, three nested ternaries, so readable 🙃',
    'amazing, it only takes forever to load 😅',
    'thanks, truly groundbreaking 🤡',
    'perfect, the button is too small to tap now 😅',
    '厉害了，包体积直接大了 2MB 😅',
    '牛，启动慢了 3 秒 🙃',
    '太棒了，首页直接多了 400ms 😅',
    '好，接口又慢了 2 倍 🙃',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'thanks, works now 😅 sorry for the confusion',
    'perfect 😅 I should have said that earlier',
    '谢谢，终于好了 😅',
    '可以了，小了 180k',
    '内存多了 10%，可以接受，合吧',
  ])('trap: %s → not a correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('E. partials: keep one and drop the others; a part right and another revised; 都对，就是… (misses: "keep X, drop the other two", "mostly there … but it ignores Retry-After", "A and B are exactly right. C should …", 前两个没问题，X 那个…, 导出的列都对，就是…)', () => {
  it.each([
    'keep the composite index, drop the other two',
    'keep users(email), remove the others, the planner never uses them',
    'keep only the first migration and delete the rest',
    'keep the retry wrapper, ditch the other ones',
    'mostly there. the parser is fine but it ignores Retry-After on 503s',
    'the Retry-After handling is fine but the jitter is missing',
    'web and api are exactly right. the worker dashboard should show queue depth',
    'login and signup look good. the reset page should use the same layout',
    'the header is fine. the footer should list the support email',
    '前两个没问题，第三个脚本要每周跑一次，你写的是每天',
    '登录和注册没问题，找回密码那个你写的跳转是首页',
    '表头都对，就是日期格式不对',
    '字段都对，就是金额没四舍五入',
    '接口都对，就是分页没处理',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['drop the other two', 'none'],
    ['keep going', 'acceptance'],
    ['web and api are exactly right', 'acceptance'],
    ['auth looks good. should we also add rate limiting?', 'acceptance'],
    ['都对，谢谢', 'acceptance'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
  it('a redo word inside a hyphenated name is no redo (Retry-After, rewrite-rules)', () => {
    expect(first('the Retry-After header is ignored').correction_type).not.toBe('redo');
    expect(first('the rewrite-rules file looks good').outcome).toBe('acceptance');
    expect(first('retry').correction_type).toBe('redo');
  });
});

describe('F. an approval with a non-blocking nit stays acceptance (miss: "lgtm. nit, not blocking: …, but whatever, merge it")', () => {
  it.each([
    "lgtm. nit, not blocking: I'd name it fetchUser, but whatever, ship it",
    'approved. non-blocking nit: the constant could be uppercase, but fine either way',
    'looks good. optional nit: move the helper into utils, but up to you',
    'nit (not blocking): the log line is a bit noisy, but merge it',
    'LGTM，有个小建议不阻塞：变量名可以再短一点，不过无所谓，合吧',
    '整体没问题，小建议不影响合并：注释可以补一句，但随你',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['lgtm. nit: the name is off, but the tests are red', 'looks great. nit: the name is off', '整体 LGTM，nit: 变量名不对'])(
    'trap: %s → not acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('G. no verdict: a compatibility question with the own environment; a deferral (misses: 这个 starter 在 Spring Boot 2.7 下能用吗？我们还有几个老服务没升 3, 等我…再说，先别往下写代码)', () => {
  it.each([
    '这个插件在 JDK 8 上能跑吗？我们还有几个项目没升级',
    '这个 SDK 支持 Python 3.7 吗？我们有几台机器没升',
    '能兼容 MySQL 5.6 吗？我们这边还是老版本',
    'does this work on node 16? we still have a few boxes on it',
    'will it run on postgres 12? some of our clusters have not been upgraded',
    '等我跟后端对完接口再说，先别往下写',
    '先别继续写了，等我问完产品',
    '等我明天确认需求再继续',
    "let me check with design first, don't write any more code yet",
    'hold off until I talk to the PM',
    "don't go further until we agree on the schema",
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    '这个接口没返回分页信息',
    '我们的服务还有两个测试没过',
    '先别往下写了，这个方向不对',
    "don't write any more code yet, the approach is wrong",
    '还是老版本的写法，没改',
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});
