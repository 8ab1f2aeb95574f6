/**
 * Round 6 (docs/feedback-rules.md, "Round 6"): the classes behind the round-6 held-out misses and
 * four false positives. Each describe block names its class and motivating miss; the sentences are
 * other ways of saying the same thing (English and Chinese), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { judgeByRules as judge } from '../../test/support/judge.js';

function verdict(...turns: string[]) {
  const c = judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!;
  return { outcome: c.outcome, rule: c.rule, reason: c.reason };
}

const outcome = (...turns: string[]) => verdict(...turns).outcome;

describe('A. a counter-proposal and a cost or veto are a correction (miss: "can we do this with a nightly cron instead? 90s extra … is a no-go")', () => {
  it.each([
    'can we do this with a nightly cron instead? 90s extra on every deploy is a no-go',
    'could we just use a plain map instead? redis is overkill for this',
    'what if we just shell out to git? this is way too heavy',
    'can you do it with a github action instead? a whole k8s cronjob is a non-starter for us',
    'why not just use the built-in retry? pulling in a library for this is overkill',
    'should we use sqlite instead? postgres in docker adds 40s to every test run',
    'this adds 2 minutes to every build, can we cache it instead?',
    "that's 500 ms extra per request, not acceptable",
    '能不能换成定时任务？这样每次部署都要多等 90 秒，太慢了',
    '要不直接用 map 吧，上 redis 太重了',
    '可以改成懒加载吗？现在每次启动都要多花 3 秒',
    '换成 cron 行不行，每次发版都卡 90 秒受不了',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'can we also add a cron for the cleanup?',
    'could you explain why it uses redis?',
    'should we run it nightly? what do you think',
    '能不能再加一个定时任务？',
  ])('trap, a plain question or request: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(["it's 90s faster now, thanks", 'build went from 10 min to 2 min, nice', 'next: add a 30s extra timeout for the slow endpoint'])(
    'trap, a saving or a new request: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
});

describe('B. the right detail beside the wrong one, "X, not Y" (miss: "the flag is --dry-run, not --dryrun")', () => {
  it.each([
    'the flag is --dry-run, not --dryrun',
    "it's `userId`, not `user_id`",
    'port 8080, not 3000',
    'the env var is DATABASE_URL, not DB_URL',
    'the column should be created_at, not createdAt',
    'the branch is main, not master',
    'the default timeout is 30s, not 60s.',
    'close, the file is src/app.ts, not src/index.ts',
    '是 v2 不是 v1',
    '应该是 A 不是 B',
    '端口是 8080，不是 3000',
    '表名应该是 orders 而不是 order',
    '用的是 pnpm 不是 npm',
    '不是 v1，是 v2',
    '端口不是 3000，是 8080',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
    expect(verdict(text).reason).toMatch(/right detail beside the wrong one/);
  });
  it.each([
    'sorry, my mistake: the version should be 2.1, not 2.0',
    'my bad, I meant PAY-1182, not PAY-1128',
    '我说错了，应该是 v2 不是 v1',
    'is the port 8080, not 3000?',
    '是不是 v2？',
    '这不是 bug 吗',
    '不是我说的，是他',
  ])("trap, the person's own slip or a question: %s → none", (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'next, add a cache layer, not redis but an in-memory LRU',
    'next: write the migration — not a raw sql file but a knex migration',
    'add a --force flag, not a separate command',
    '帮我加个缓存，不是 redis 而是本地 LRU',
    "that's a feature, not a bug. thanks",
  ])('trap, "not X but Y" describing new work, or a plain remark: %s → no correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('C. praise beside an emphatic absence or omission is sarcasm (miss: "very helpful. the form has no labels at all", 厉害了，锁连过期时间都不设)', () => {
  it.each([
    'wow, alt text on a decorative svg. very helpful. the form has no labels at all and the error messages are red-only',
    'great job. there are no tests at all',
    "wow, thanks. it doesn't even compile",
    'very helpful. the readme has no install section whatsoever',
    'love it, not even a single test for the parser',
    "nice, the page doesn't even load now",
    '厉害了，锁连过期时间都不设，服务一挂库存全卡死是吧',
    '厉害了，连测试都不跑',
    '真棒，连个错误处理都没有',
    '好家伙，连日志都没打',
    '太好了，连编译都没过是吧',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'no side effects at all, nice',
    'no errors at all, thanks',
    'not even a single warning, great',
    "I didn't even need to change the config, great",
    '连一个报错都没有，很好',
    '连配置都不用改，直接能跑，赞',
  ])('trap, the absence of a problem is praise: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(["I haven't even tried it yet", 'we have no tests at all for this module, can you write some?'])(
    "trap, the person's own omission or codebase: %s → none",
    (text) => {
      expect(outcome(text)).toBe('none');
    },
  );
});

describe('D. a problem that stopped is acceptance, also with 了 (miss: 没报错了，关单也正常)', () => {
  it.each([
    '没报错了，关单也正常，库存也回来了',
    '不报错了，谢谢',
    '现在不崩了',
    '也不超时了，一切正常',
    '告警没了，数据也正常',
    "it doesn't crash anymore",
    'stopped failing after your change',
    'the flaky test stopped flaking',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    '又报错了',
    '怎么不报错了？应该报错的',
    '还是报错了',
    '不正常，数据对不上',
    'it never stopped crashing',
    "it still doesn't stop crashing",
  ])('trap, the problem is there: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['正常来说这里应该返回 404 吧？', '这样正常吗？'])('trap, a question about what is normal: %s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
});

describe('E. a part that works beside a deficiency is a partial (miss: "retries work but there is no jitter", 消息能收到，不过…)', () => {
  it.each([
    'the unit tests came over fine, but you left every jest.mock in e2e/ untouched so that folder doesnt even start',
    'retries work but there is no jitter, after an outage all of them hit the partner at the same second',
    'ok french looks right. russian is still broken tho',
    'the migrations ran fine, but the seed script is missing',
    'login works, but logout still shows the old session',
    'the api side went through cleanly, but you left the old client calls untouched',
    'ok the german strings look right. polish is still wrong tho',
    "dark mode works now, though the toggle doesn't even remember the choice",
    '消息能收到，不过 @ 人没生效，手机号得放在 at.atMobiles 里',
    '页面能打开，但是样式全乱了',
    '能跑了，不过日志还是太多',
    '接口能返回，但是分页不对',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['the migrations ran fine', 'retries work now'])('alone: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['make it work', 'does the login work?', 'it worked fine before you changed it'])(
    'trap, no praise: %s → no acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
  it('trap: nothing works → correction', () => {
    expect(outcome('nothing works')).toBe('correction');
  });
});

describe('F. an instruction about the workflow is no complaint (miss: 先别提交，暂存区清一下，我晚点自己过一遍; "great. unstage everything though")', () => {
  it.each([
    '先别提交，暂存区清一下，我晚点自己过一遍',
    "don't commit yet, I want to review the diff myself",
    "hold off on merging until I've looked at it",
    '先不要合并，等我看完再合',
    '暂时别提交，我自己过一遍',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    'great. unstage everything though, I want to go through the diff in my editor before committing',
    "looks good, but don't push it yet — I'll review it myself tomorrow",
    "perfect. leave it unstaged though, I'll do the commit myself",
    '好的，不过先别推，我待会自己看一遍',
  ])('praise with a process "though" stays acceptance: %s', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(["don't commit the .env file", '别提交 .env', '先别提交，测试还没过', "don't push yet, the tests fail"])(
    'trap, a prohibition about the content or a failure: %s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});

describe('G. false positives fixed: a genuine 干嘛的, going back to a ticket, a deletion request, 算了 as "counted"', () => {
  it.each([
    '这个参数是干嘛的？',
    '这个函数是干嘛用的？',
    'go back to the original ticket and check the acceptance criteria',
    'go back to the original issue and re-read it',
    '把它给删了',
    '把那个临时文件给删了',
    '我算了一下，差不多 3 秒',
    '跑了两次，结果一样',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    '你干嘛把测试删了',
    'go back to the original',
    "let's go back to the original version",
    '你把它给删了？',
    '直接把它给删了',
    '算了，不用了',
  ])('still a correction: %s', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['运费算了两次', '运费被扣了两次'])('a charge counted twice is a failure report, not a cancel: %s', (text) => {
    expect(verdict(text).rule).toBe('failure-report');
  });
});
