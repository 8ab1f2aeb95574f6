/**
 * Round 8 (docs/feedback-rules.md, "Round 8"): the classes behind the round-8 held-out misses. Each
 * describe block names its class and motivating miss; the sentences are other ways of saying the
 * same thing (English and Chinese), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { judgeByRules as judge } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!.outcome;

describe('A. a universal statement of degenerate content is a failure, so praise beside it is sarcasm (miss: "every single one is expect(true)…")', () => {
  it.each([
    'wow, 20 tests and every single one is expect(true).toBe(true). very thorough',
    'amazing work, all of them are placeholders',
    'great job, each one is just a TODO',
    'impressive. every single function is a stub',
    'love it, every one of them is hardcoded',
    '12 个测试全是 expect(true)，真全面',
    '厉害，每一个都是写死的',
    '不错，全都是空实现',
    '每个接口都是 TODO，辛苦了',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['all of them are green now, great job', 'every single one passes, great', '全都是绿的，很好'])(
    'trap, a universal good state: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
});

describe('B. a status list with a failing part is a partial (miss: "db + redis + api ok. worker exits 1 on boot")', () => {
  it.each([
    'db + redis + api ok. worker exits 1 on boot',
    'frontend and backend ok, the gateway crashes on startup',
    'auth + billing fine. search returns 500',
    'web & worker up. the scheduler dies on boot',
    'rows are in, but the dates are all shifted by a day',
    'the users are there, but the emails got lowercased',
    'files are imported, but the ids are wrong',
    '第一个接口快了很多，第二个还是慢',
    '第一个快多了，第二个没变化，还是 3 秒多',
    'json 格式是对了，但是 traceId 没带上',
    '字段是对的，但是顺序反了',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    'the api returns a 502 now',
    'worker crashes on boot',
    'the container exited with code 1',
    '服务一启动就挂',
    '前端和后端都 OK 了，网关启动就崩',
    '接口返回 500',
    '退出码是 1',
    '单测还是失败',
  ])('a failing part alone: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'build job 跑通了 👍 deploy job 还是 fail，permission denied (publickey)',
    'lint job 过了 👍 test job 还是红的',
    'unit test job 通过了 e2e job 还是超时',
    'api service 没问题 worker service 启动就挂',
  ])('another named part in the same clause scopes the complaint: %s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['make it exit 1 when the config is missing', 'next: return a 503 when the db is down'])(
    'trap, a request that names the status: %s → not a partial',
    (text) => {
      expect(outcome(text)).not.toBe('partial');
    },
  );
});

describe('C. the wrong value written, then the right one, is a correction (miss: 文档里 3 写成已退款了，3 是已取消)', () => {
  it.each([
    "you wrote the status as paid, it's refunded",
    'you labeled 3 as cancelled, the right one is refunded',
    "that's the staging URL, prod is api.example.com",
    "that's the old bucket, the new one is data-v2",
    'you put the timeout as 30s, it should be 60s',
    '文档里 3 写成已退款了，3 是已取消',
    '你把状态写成了 paid，应该是 refunded',
    '接口名写成 getUser 了，其实是 fetchUser',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['把 3 写成已取消，4 是已退款', "please write the status as paid, it's what the API expects"])(
    'trap, an instruction to write it so: %s → not a correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('D. disbelief is a challenge (miss: 缓存不过期？？… 你认真的吗)', () => {
  it.each([
    '缓存不过期？？改价格之后怎么办，你认真的吗',
    '认真的？这也能上线',
    '你在开玩笑吧，密码明文存',
    'are you serious? the cache never expires',
    'seriously? the password is logged in plain text',
    "you can't be serious, this logs the password",
    'r u kidding me, it retries forever',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['我是认真的，接下来加导出', "I'm serious about the deadline, next add the export"])(
    'trap, the person is serious: %s → acceptance (moves on)',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
});

describe('E. a suggestion to go another way with a reason is a correction (miss: 要不还是用中文写 summary 吧？)', () => {
  it.each([
    '要不还是用中文写 summary 吧？这个文档是给产品看的',
    '要不我们还是用 REST 吧，团队没人懂 gRPC',
    '我觉得还是用 pnpm 吧，仓库里已经有 lock 文件了',
    "maybe just use a plain map instead? it's only 10 entries",
    'maybe stick with postgres instead, we already run it',
    "let's just stick with the stdlib instead, it's one function",
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it('going back stays a revert request: 还是用回原来的写法吧', () => {
    const [c] = judge([{ skill: 's' }, { user: '还是用回原来的写法吧' }]);
    expect(c!.correction_type).toBe('revert');
  });
});

describe('F. acceptances: a clean scan, a typo\'d praise, a speed-up factor, a request to investigate after 行 (misses: "clean. good, …", "perfecct ty", "4x faster", 行。接下来帮我看看为啥…)', () => {
  it.each([
    'clean. good, nothing to rotate then',
    'clean, nothing leaked',
    'perfecct ty',
    'awsome thx',
    'exellent',
    'well damn. 4x faster. who knew',
    '3x smaller bundle, nice',
    'p99 is 2.5x faster now',
    '快了 3 倍，可以',
    '有 5 倍的提速',
    '行。接下来帮我看看为啥 Jenkins 上单测老超时',
    '好的，帮我查一下为什么 CI 这么慢',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['it should be 4x faster', 'needs to be 10x faster', 'is it 4x faster?', '要快 3 倍才行', 'clean up the imports'])(
    'trap, a wish or a question: %s → none',
    (text) => {
      expect(outcome(text)).toBe('none');
    },
  );
  it.each(['为啥还超时？', '4x slower. what happened'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('G. praise + a non-blocking nit or a workflow step is acceptance (misses: "approved. nit: … not blocking", "good. put it on a branch though")', () => {
  it.each([
    'approved. nit: fix that comment typo, not blocking',
    'lgtm. nit: rename the var, optional',
    'looks great. nit: trailing space, not a blocker',
    'good. put it on a branch though, main is protected',
    'nice. push it to a feature branch though, master is protected',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['looks great. nit: the name is off', 'nice, but the name is off'])(
    'trap, a nit without the non-blocking mark stays a partial: %s',
    (text) => {
      expect(outcome(text)).toBe('partial');
    },
  );
  it('a workflow step alone is no verdict: put it on a branch', () => {
    expect(outcome('put it on a branch')).toBe('none');
  });
});
