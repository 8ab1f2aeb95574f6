/**
 * Round 12 (docs/feedback-rules.md, "Round 12"): the classes behind the round-12 rules-alone
 * misses. Each describe block names its class and motivating miss; the sentences are other ways of
 * saying the same thing (English and Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a rhetorical "really?" or a "??" echo of the result (misses: "money as floats, really?", "QoS 0 on the alarm topic??", "thsoe are seconds??")', () => {
  it.each([
    'passwords in plain sha1, really? use argon2id',
    'a cron job every minute for a daily report, really?',
    'sleep(5) in a retry loop, really? use backoff',
    'dates stored as strings, really?? use timestamptz',
    'a global mutable singleton for the db pool? really?',
    'retries on a non-idempotent POST?? that double-charges people',
    'timeout of 0 on the payment call?? that waits forever',
    'polling every 50ms?? the battery will be gone by lunch',
    'three nested for loops over the whole table??',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'oh really? cool, thanks',
    'really? that was fast. thanks',
    'is it done??',
    'any update??',
    'does it handle the empty case??',
    'wow really?? amazing, thanks',
    'ready??',
  ])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('B. a consequence the result causes, without a failure word (misses: "thats exactly how we lose bytes", "which was the whole point", "anyone with a backup can read it", "anyone following this gets …", "we absolutely cannot lose")', () => {
  it.each([
    "logging inside the signal handler, that's exactly how we deadlock",
    'you retry on every 409, which is exactly how we double charge customers',
    'the cache key ignores the tenant. that is precisely how users end up with each other’s data',
    'so the seed is only set in the main process. then the runs are not comparable, which was the whole point',
    'it no longer streams, and that was the entire point of the rewrite',
    'the api key is in the frontend bundle, anyone with devtools can read it',
    'the bucket policy is public, anybody with the url can download the backups',
    'anyone following the readme gets an error on step 2',
    'every user running the installer on windows hits a 500 from the license server',
    'the queue acks before processing. those are jobs we cannot lose',
    'you set the topic to at-most-once, we absolutely cannot afford to lose these events',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    "that's exactly how we want it, thanks",
    "that's exactly what I wanted",
    'which was the whole point, nice',
    'anyone with the link can now view the dashboard, great',
    'anyone following the readme gets a running cluster in 5 minutes, nice work',
    'we never lose a message now, thanks',
  ])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('C. a defect stated as domain knowledge (misses: userdefaults … unencrypted, token goes in the keychain; 48k rows means dupes; $30.000000000000004; the warehouse is on fire; the rebuild counter goes crazy; 金额和税额你弄反了; 对账对不平)', () => {
  it.each([
    'the session secret is sitting in the repo unencrypted',
    'the backups are stored on s3 unencrypted',
    'the refresh token goes in the keychain',
    'that config belongs in the environment, not in the image',
    'the api secret should live in vault',
    'you made a cross join, the report has duplicates for every order',
    'the import created dupes for every customer with two addresses',
    'the total shows 0.30000000000000004 on the invoice',
    'the average comes out as 2.9999999999999996',
    'prod is on fire since the deploy',
    'the db cpu went through the roof after this',
    'the retry counter goes haywire when the network drops',
    '你把开始时间和结束时间弄反了',
    '经纬度写反了，地图上点都在海里',
    'key 和 value 搞反了',
    '三个月的账加起来对不平',
    '退款拆完合不上总额',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'the token goes in the keychain now, nice',
    'now add a settings page, the theme toggle goes in the header',
    'next: a job that removes duplicates from the users table',
    'the file is not stored unencrypted anymore, thanks',
    'version 1.0000001 is out',
    '别弄反了，开始时间在前，谢谢',
    '账对上了，谢谢',
    "you're on fire today, thanks",
    "nothing's on fire, so that's a win",
    '我消息里端口写反了，API 在 8081',
    'the sum shows 0.30000000000000004 in the console, which is expected',
  ])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('D. moving on or approving without the known words (misses: "do the cart store and the wishlist store the same way", "put this on a branch … commit it there, then lets look at …", "Now write a .env.example … sandbox keys and the webhook secret", 这次对了，辛苦)', () => {
  it.each([
    'do the orders table and the invoices table the same way',
    'migrate the settings screen the same way',
    'ok, now handle the admin routes likewise',
    'convert the remaining two services the same way',
    'also update the staging config the same way',
    'push this to a branch called fix/login and open a draft, then lets look at the signup flow',
    'commit it on a feature branch, then we can do the exports',
    'Now write a migration for the orders table with indexes for the customer id and the status column.',
    'Next, add a rate limiter for the login route and the password reset route.',
    'Also write a docs page for the auth flow and the token refresh.',
    '购物车和收藏夹也这样改一下',
    '其他三个接口也照样处理',
    '这回对了，谢谢',
    '总算对了',
    '辛苦，下一个看看导出',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'why didn’t you do the cart store the same way?',
    'do the cart store the same way again, it is still broken',
    'you did not handle the admin routes the same way',
    'put it on a branch, the tests are failing',
    'now write tests, the token refresh is broken',
    '别的几张也一样',
    '这次对了吗？',
    '对了，还有一个问题：导出还是失败',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('E. a rollback reported as the tested behaviour is no revert request (misses: "… which rolled back like it should", 故意抛异常也回滚了)', () => {
  it.each([
    'works, the failed migration rolled back as expected',
    'tested the bad deploy and it rolled back cleanly, nice',
    'killed the process mid-write and the transaction rolled back properly. good',
    'the canary failed and reverted automatically, as designed. great',
    '测过了，出错的时候事务也回滚了，没问题',
    '故意让第二步失败，都回滚了，可以',
    '断电测试回滚成功，谢谢',
  ])('%s → not a revert', (text) => {
    expect(first(text).correction_type).not.toBe('revert');
  });
  it.each(['roll it back', 'please revert this', 'rolled back? no, roll it back now', '回滚一下', '帮我回滚到上个版本', '先回滚吧'])(
    'trap: %s → revert',
    (text) => {
      expect(first(text).correction_type).toBe('revert');
    },
  );
  it('a part tested and a part missing is a partial, not a revert (积分服务没加入全局事务)', () => {
    const c = first('下单和支付这两步测过了没问题，抛异常也回滚了。库存服务你没动，压根没加入事务');
    expect(c.outcome).toBe('partial');
  });
});

describe('F. a non-blocking nit holds its sentence across dotted names (miss: "lgtm. tiny nit, the cache key could include matrix.node but not blocking, merging")', () => {
  it.each([
    'lgtm. tiny nit, the key could use config.region but not blocking, merging',
    'ship it. nit: utils.ts could export the type, but not blocking',
    'approved. small nit, package.json sorts oddly but non-blocking',
    'looks good. nit, I would rename app.config.ts but optional',
    'great. nit: the log in worker.py could be debug level, not blocking',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['lgtm but the cache key in ci.yml is wrong', 'nit: utils.ts exports the wrong type'])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('G. a wasted run rejects the whole result, beating a concession and an earlier ok (miss: 好的 👌 ⏐ 跑完了，文档数也对上了，但是 alias 根本没切，…等于白跑一晚上)', () => {
  it.each([
    ['好的', '跑完了，数据量也对，但是索引没建，等于白跑'],
    ['ok', 'finished, the counts match, but nothing was switched over. that was a waste of a night'],
    ['好', '迁移完了，行数对上了，但是没切流量，白折腾一晚上'],
    ['sounds good', 'the backfill ran but wrote to the wrong partition, wasted the whole night'],
    ['行', '编译通过了，但是包没上传，前功尽弃'],
  ])('%s ⏐ %s → correction', (a, b) => {
    const c = first(a, b);
    expect(c.outcome).toBe('correction');
    expect(c.turns_to_feedback).toBe(2);
  });
  it.each([['没白跑，数据都对上了，谢谢'], ['it was not a waste of time, thanks']])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('H. a learning question with the person’s own inexperience is neutral (miss: "can you walk me through …? never touched webauthn before")', () => {
  it.each([
    'how does the refresh work? never used oauth before',
    'can you explain the saga part? never worked with seata',
    'what does the dma config do exactly? never touched stm32 before',
    'walk me through the migration? never done one on postgres',
    'never seen this pattern before, where do I read more?',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each(['never touch prod again', 'never use floats for money', 'never hardcode the region'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});
