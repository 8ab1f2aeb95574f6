/**
 * Round 13 (docs/feedback-rules.md, "Round 13"): the classes behind the round-13 rules-alone
 * misses. Each describe block names its class and motivating miss; the sentences are other ways of
 * saying the same thing (English and Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a move-on headed by the next item, or with a postposed "next", describes the next task (misses: "next one is the date picker: keyboard users get stuck …", "wire it into the repl next so … instead of …", "other thing: … keeps dying")', () => {
  it.each([
    'next one is the settings page: the save button does nothing on safari',
    'next up is the export: it times out on big workspaces and the csv is missing headers',
    'ok, next task is the login form: screen readers skip the error messages',
    'the next bug is the cart badge: it shows a stale count after checkout',
    'other thing: the staging deploy keeps failing with "no space left on device". can you check the runner',
    'something else: the nightly report is broken since monday, have a look',
    'hook the parser up to the cli next so --check prints errors instead of a stack trace',
    'wire the new client into the dashboard next, so the charts use it instead of the old fetch',
    'great, add pagination next so the list does not load everything instead of 50 rows',
    'merging this. the admin emails still build links by hand, can you switch those over too',
    'shipping it. the other two services still build urls by hand, convert those as well',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'does it show up on focus with the normal outline or did you restyle it',
    'is it using the shared retry helper or did you write a new one',
  ])('a question typed without "?" then a headed move-on: %s ⏐ next one … → acceptance in turn 2', (question) => {
    const c = first(question, 'next one is the modal: focus escapes to the page behind it');
    expect(c.outcome).toBe('acceptance');
    expect(c.turns_to_feedback).toBe(2);
  });
  it.each([
    'other thing: you forgot the migration for the new column',
    'next one is the form: but you broke the header here too',
    'do it properly next time, the dates are wrong',
    'next one is the form: the header you changed is still broken',
    'merging this is not possible, the build is failing',
    'deploying it fails with a 502',
    'do the rest the same way next, you got the first one wrong',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
  it('trap: a statement that starts like a question stays no move-on gate ("do it like …" is an imperative)', () => {
    expect(outcome('do it like the other module', 'next one is the modal: focus escapes')).not.toBe('acceptance');
  });
});

describe('B. a partial: concession + qualifier, a rename is a revision, an elliptic "X is not" (misses: 看着都挺合理…但是…不对, 抽得挺全的…但…重新命名一下, "pt-BR … is exactly right. zh-HK → zh-CN is not")', () => {
  it.each([
    '字段映射看着都挺合理，但是时间那列时区不对，要用 UTC',
    '分组挺合理的，不过排序那步错了，要按创建时间倒序',
    '结果跟线上对得上。但是日志级别不对，要改成 info',
    '用例覆盖得挺全的，但是文件名按 模块_功能 重新命名一下',
    '抽得挺全的，我看了一遍没漏。但是变量名看不懂，重新命名一下',
    '接口测得很全，就是返回字段重新排序一下',
    'the en fallback is exactly right. the fr one is not, it has to go fr-CA → fr → en',
    'the unit tests are fine, the integration ones are not.',
    'web works, mobile does not.',
    'the api part is correct, the worker isn’t.',
    'the summary reads well, the table isn’t, it drops the last row',
    'A 模块是对的，B 模块则不然，要换成新接口',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['抽得挺全的，没漏，辛苦', '这个分组挺合理', '数据都对得上'])('acceptance alone stays acceptance: %s', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['重新写一遍，这个完全不对', '重新生成一下吧，格式全乱了'])('trap: 重新 + a making verb stays a redo: %s', (text) => {
    expect(first(text).correction_type).toBe('redo');
  });
  it.each(['is it not?', 'the fix works, doesn’t it?', 'is this correct or is it not'])(
    'trap: a negated auxiliary in a question is no split: %s → not partial',
    (text) => {
      expect(outcome(text)).not.toBe('partial');
    },
  );
});

describe('C. a soft 只是 after 也/不 is no qualifier (miss: 👌 help 输出很清楚，--dry-run … 也只是打印不执行)', () => {
  it.each([
    '👌 文档写得很清楚，dry run 跑了一下也只是打印不执行',
    '很好，删除命令试了一下也只是提示不真删',
    '可以，不只是能跑，日志也清楚',
    '谢谢，预演模式也只是生成计划',
    '挺好，删除那步也只是标记不物理删除',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['可以，只是日志太多了', '挺好，只是变量名要改一下'])(
    'trap: 只是 after a concession stays the qualifier: %s → partial',
    (text) => {
      expect(outcome(text)).toBe('partial');
    },
  );
});

describe('D. a correction stated as a measured share, a stale state, a missing reset, an omission (misses: "38% of checkouts get a 409", "still carrying the old rigidbody velocity", "OnGet never zeroes", "leaves out … entirely … meaningless")', () => {
  it.each([
    'ran the load test: 12% of requests get a 503 and p99 is 9s',
    'half of the uploads fail with a 413 on files over 10mb',
    'most of the webhooks come back with a 401 after the rotation',
    '3 out of 10 logins time out on the first try',
    'a third of the jobs crash on startup with the new image',
    'recycled sockets are still holding the old session token',
    'the edit form is still showing the previous value after save',
    'the worker still points at the old queue url',
    'the pool never resets the connection state, so the next borrower sees a half-open transaction',
    'the modal never closes after submit',
    'the report leaves out refunds, so the totals are meaningless',
    'that benchmark omits the warmup, the numbers are bogus',
    '压测下来 30% 的请求返回 503',
    '一半的回调都是 401',
    '复用的对象还带着上次的状态，所以偶尔会串单',
    '重连之后还用着旧的 token',
    '这个连接池从来不重置事务状态',
    '这个对比没有意义，基准都不一样',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'if 10% of requests fail, what happens?',
    'most of the tests pass now, thanks',
    'a few of the requests get a 404 as expected since the ids are fake',
    'is it still using the old endpoint?',
    'it never crashes now, great work',
    'the cache never expires?',
    'does the pool reset the state between borrows?',
    '如果 30% 的请求返回 503 怎么办？',
    '这个接口 10% 的请求返回 404，符合预期',
  ])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('E. pasted compiler output with a bracketed code (miss: rustc "error[E0463]: can\'t find crate for `core`")', () => {
  it.each([
    'error[E0308]: mismatched types',
    'error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:3:5',
    'error CS0246: The type or namespace name could not be found',
    '[E::hts_open_format] Failed to open file "reads.bam"',
    '跑了一下：error[E0599]: no method named `foo` found',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['no more error[E0308] after the fix, thanks'])(
    'trap: the code named as gone is still pasted output (strong) — documented limit: %s',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
});

describe('F. a third party who can abuse the result; a "？？" echo in Chinese (miss: 回调里没验签就直接改状态？？那谁都能伪造…)', () => {
  it.each([
    '接口没鉴权，谁都能调用删除',
    'token 放在前端，任何人都能拿到',
    '签名没校验，攻击者可以伪造回调',
    '没限流就直接放开了？？',
    '密码明文存库？？',
    '上传不校验类型就直接存？？',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['好了吗？？', '真的？？太好了', '谁都能用这个脚本了，谢谢', '这个能上线吗？？', '真的吗？？'])(
    'trap: %s → not correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('G. a later correction after an early "ok nice": something happens twice (miss: "respawn happens twice on lethal hits")', () => {
  it.each([
    ['ok nice', 'hm, tried it. the toast happens twice when you save quickly'],
    ['looks good', 'played a bit more, the sound plays twice on every hit'],
    ['thanks', 'the webhook gets called twice per order'],
    ['好的', '再看了一下，the event is triggered twice on reconnect'],
    ['great', 'the job executes twice after a deploy'],
  ])('%s ⏐ %s → correction in turn 2', (a, b) => {
    const c = first(a, b);
    expect(c.outcome).toBe('correction');
    expect(c.turns_to_feedback).toBe(2);
  });
  it.each(['it runs twice as fast now, thanks', 'happens twice a year at most, fine by me'])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('H. a process deferral: the person runs it elsewhere later (miss: "not running that here, it\'d take all night. i\'ll submit it on the cluster later")', () => {
  it.each([
    "not running that here, it'd take all night. i'll kick it off on the cluster tomorrow",
    "not running it locally, it would take hours. i'll run it on the gpu box later",
    "can't run this here, it'd need all day. will check back",
    "i'm not running the whole suite now, it would take forever",
    '本地先不跑了，要跑一晚上，我晚点丢到集群上',
    '这台机器上不跑了，得跑一整天',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    "this will run all night, it's way too slow",
    'the script is serial, it would take all night. parallelise it',
    '这个要跑一晚上，太慢了',
    "not running that here, it's broken",
  ])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('I. a failure asked about as a case is no report (miss: 双写期间如果新集群写失败了怎么处理？ ⏐ 明白了，这个方案可以)', () => {
  it.each([
    ['如果新集群写失败了怎么处理？', '明白了，这个方案可以，就按这个来'],
    ['万一迁移中途失败了会怎样？', '懂了，可以'],
    ['what happens if the write to the replica fails?', 'got it, looks good'],
    ['in case the upload times out halfway, do we resume?', 'ok makes sense, ship it'],
    ['if the token is invalid does it fail closed?', 'great, thanks'],
  ])('%s ⏐ %s → acceptance', (q, a) => {
    expect(outcome(q, a)).toBe('acceptance');
  });
  it.each([['如果新集群写失败了怎么处理？'], ['what happens if the write fails?']])('the question alone is no verdict: %s', (q) => {
    expect(outcome(q)).toBe('none');
  });
  it.each([
    'why does it fail if the input is empty?',
    'it fails when the input is empty, did you test that?',
    '为什么失败了？',
    '还是失败，怎么回事？',
  ])('trap: a failure reported in a question still counts: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('J. adopting the result: "so it stays" (miss: "makes sense. ran it over the 400 test programs … so it stays")', () => {
  it.each([
    ['how is the cache keyed, by path?', 'makes sense. ran the whole suite against it, all green, so it stays'],
    ['ok', 'checked it against prod, this one stays'],
    ['how does it pick the region', 'fine, that change stays'],
    ["it's a keeper"],
    ['tried it on the big repo, this is a keeper'],
  ])('%s … → acceptance', (...turns) => {
    expect(outcome(...turns)).toBe('acceptance');
  });
  it.each(['the bug stays', 'the error stays even after a restart', 'does this change stay if i reboot?'])(
    'trap: %s → not acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});
