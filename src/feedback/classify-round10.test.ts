/**
 * Round 10 (docs/feedback-rules.md, "Round 10"): the classes behind the round-10 held-out misses.
 * Each describe block names its class and motivating miss; the sentences are other ways of saying
 * the same thing (English, Chinese, German where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. sarcasm by grandiose praise (miss: "… truly visionary stuff")', () => {
  it.each([
    '40 microservices for a todo app. truly groundbreaking',
    'a factory for a factory for one constant. real galaxy-brained stuff',
    'three layers of caching on a static page, absolutely revolutionary',
    'galaxy brain move wrapping every call in a retry loop',
    'disable auth on staging, what could possibly go wrong',
    'this will scale, said no one ever',
    '一个常量搞了三层工厂，真有你的',
    '把所有测试都 skip 掉，神操作',
    '好一个优化，直接把缓存关了',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['thanks, truly helpful', 'this is a real step forward, thanks', '好，一个一个来', '高，实在是高，谢谢'])(
    'trap: %s → not a correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('B. an off-topic factual question opened by btw is an aside (miss: "btw do you know if the office is open on friday? holiday calendar is confusing")', () => {
  it.each([
    'btw do you know if the canteen is open today? the menu app is confusing',
    'by the way, do you know when the standup moved? the invite is a mess',
    'random question: does anyone know how long the vpn token lasts? the docs are outdated',
    'btw does anyone know where the parking passes are? the wiki is useless',
    'off-topic: do you know what time the release train leaves? the calendar looks broken',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'btw do you know if this handles unicode? the output is confusing',
    'btw do you know why the build is still failing?',
    'btw the tests are failing',
    'btw, do you know if the deploy still fails on arm?',
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('C. a status report of a failure, and a rhetorical "is it even" (miss: "curl … gives me 404. is it even mounted")', () => {
  it.each([
    ['is it on the same port? ⏐ ok, hitting /healthz gives me 404'],
    ['which url should I use? ⏐ tried /api/v2/users and I get a 401'],
    ["where does it log? ⏐ ok I'm getting 403 on every upload"],
    ['does it need a token? ⏐ hm, the webhook still gives me a 502'],
    ['is the route registered? ⏐ is it even wired into the router'],
    ['did you even run the migration'],
    ['are the tests even running in ci'],
    ['every request 403s since the deploy'],
    ['the webhook endpoint still 502s'],
  ])('%s → correction', (turns) => {
    expect(outcome(...turns.split(' ⏐ '))).toBe('correction');
  });
  it.each([
    'unknown ids give me 404 now, as expected. thanks',
    'is it even possible to do this in css?',
    'does it even matter which order they run in?',
    'it handles 404s gracefully now, thanks',
  ])('trap: %s → not a correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('D. praise overridden by a later recurrence report (miss: "looks great, thanks! ⏐ … the banner is back. every single time. its not remembering anything")', () => {
  it.each([
    ['looks good! ⏐ after a hard refresh the old avatar is back'],
    ['nice, thanks ⏐ after restarting the app the dark mode toggle is back to light'],
    ['perfect ⏐ the popup is back every single time'],
    ["great ⏐ it's not saving anything, the form clears on submit"],
    ['thanks! ⏐ the settings page is not persisting anything between sessions'],
    ['works ⏐ the cart is not remembering anything after login'],
  ])('%s → correction', (turns) => {
    expect(outcome(...turns.split(' ⏐ '))).toBe('correction');
  });
  it.each([
    'after the restart the service is back up, thanks',
    "after the restart everything's back to normal, great",
    'perfect, the migration is not changing anything else',
    'the old button is back where it belongs, perfect',
  ])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('E. moving on after a neutral question, with an imperative (miss: "will this need a restart …? ⏐ ok. route pooler alerts to #db-oncall")', () => {
  it.each([
    'does it pick up new hosts automatically? ⏐ ok. forward the audit logs to the siem',
    'is the cron idempotent? ⏐ alright. schedule it for 2am',
    'will it need a migration? ⏐ ok. enable the flag in staging',
    'can it run in parallel? ⏐ ok, hook up the slack notifier next',
    'is this safe to rerun? ⏐ ok. ping the data team when it lands',
    'does it need a restart? ⏐ ok. wire up the metrics exporter',
  ])('%s → acceptance', (turns) => {
    expect(outcome(...turns.split(' ⏐ '))).toBe('acceptance');
  });
  it.each(['where is the output? ⏐ ok. route the logs to stdout', 'why is it so slow? ⏐ ok. enable the cache'])(
    'trap: %s → not acceptance (a wh-question hints at a gap)',
    (turns) => {
      expect(outcome(...turns.split(' ⏐ '))).not.toBe('acceptance');
    },
  );
  it('trap: a route that is wrong stays a correction', () => {
    expect(outcome('route is wrong, it should be /v2')).toBe('correction');
  });
});

describe('F. two of three parts work (miss: "GET and POST work. DELETE returns 500 …")', () => {
  it.each([
    'login and signup work. password reset returns 500',
    'create and update work. delete still fails with a 409',
    'the csv and json exports work, the xlsx one is still empty',
    'mac and linux work. windows still crashes on startup',
    'list and detail work, search still returns 500',
    '列表页可以了，详情页还是 404',
    '登录可以了，注册还是白屏',
    '导出可以了，导入还是乱码',
    'iOS 行了，安卓还是闪退',
    '首页好了，设置页还是空白',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['DELETE returns 500 for any id', 'correction'],
    ['详情页还是白屏', 'correction'],
    ['login and signup work now, thanks', 'acceptance'],
    ['列表页可以了，谢谢', 'acceptance'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
});

describe('G. a correction in German, from a small data-only lexicon (miss: "nee, das stimmt nicht — DE is 19% …")', () => {
  it.each([
    'nee, das stimmt nicht, the rate is 7%',
    'nein, der Steuersatz ist falsch',
    'das passt so nicht, bitte nochmal',
    'funktioniert nicht, the import still throws',
    'du hast die Tests vergessen',
    'der Build ist kaputt',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    ['perfekt, danke', 'acceptance'],
    ['passt, aber die Tests fehlen', 'partial'],
    ['das ist nicht falsch, danke', 'acceptance'],
    // English words that look German stay English.
    ['die tests are green now, thanks', 'acceptance'],
    ['was that the last one? nice', 'acceptance'],
    ['the knee brace nee thing is fine, thanks', 'acceptance'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
});

describe('H. acceptance with a process instruction after an emoji (miss: "works 👍 unstage the lockfile for now though, …")', () => {
  it.each([
    'looks good 👍 unstage the generated files though',
    'perfect 🎉 unstage the snapshots for now though',
    'nice 🙌 unstage the env file though, I will add it later',
    'works 👍 unstage the lockfile though',
    'great ✅ unstage the migrations for now though',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['works 👍 but the footer is off', 'looks good 🎉 though the tests are red'])('trap: %s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
});

describe('I. a move-on whose task is to investigate why something fails (miss: 接下来帮我看下 nginx 的 gzip 配置为什么不生效)', () => {
  it.each([
    '接下来帮我看下 redis 的过期策略为什么不生效',
    '然后帮我查一下定时任务为什么没跑',
    '另外帮忙排查一下 kafka 消费为什么失败',
    '顺便看看 CI 缓存为什么不生效',
    '下一步帮我分析一下日志为什么丢了',
    'next, look into why the cron job never fires',
    'now figure out why the webhook is not working on staging',
    'also check why the nightly export fails on sundays',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['接下来帮我看下为什么还是不生效', '帮我看下这个配置为什么不生效', 'next, figure out why it still fails', 'gzip 为什么不生效'])(
    'trap: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});

describe('J. a stated defect: a value hard-coded in the wrong place (miss: 这个 PR 先别 merge，timeout hard code 在注解里了，要放到 config 里)', () => {
  it.each([
    '先别合并，超时时间写死在代码里了，要放到配置中心',
    '重试次数硬编码在注解里了，应该读配置',
    '这个先别提交，域名写死在前端里了',
    "don't merge yet, the timeout is hardcoded in the decorator, it belongs in config",
    'the api url is hard-coded into the component, pull it from env',
    'the retry count is baked into the client, make it configurable',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    ['别写死在代码里，放配置里就好，谢谢', 'acceptance'],
    ["it's no longer hardcoded in the handler, thanks", 'acceptance'],
    ['先别合并，我自己过一遍', 'none'],
  ])('trap: %s → %s', (text, expected) => {
    expect(outcome(text)).toBe(expected);
  });
});
