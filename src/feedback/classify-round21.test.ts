/**
 * Round 21 (docs/feedback-rules.md, "Round 21"): the classes behind the rules-alone misses of the
 * blind rounds 29 and 30 (tuning data since they were measured). Each describe block names its
 * class and motivating misses; the sentences are other ways of saying the same thing (English and
 * Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;
/** `a ⏐ b` = two human turns after the skill. */
const turns = (text: string) => outcome(...text.split(' ⏐ '));

describe('A. an acceptance built from negatives: nobody in the wrong X, no gaps, couldn\'t ask for more (misses: "no problems at all, nobody ended up in the wrong size this time", "no gaps, nobody on two schools at once, nothing left uncovered. couldn\'t ask for more")', () => {
  it.each([
    'no problems at all, nobody ended up in the wrong size this time',
    "no gaps, nobody on two schools at once, nothing left uncovered. couldn't ask for more",
    'checked every table, nobody in the wrong seat',
    'no one got put in the wrong group this time',
    'none of them ended up on the wrong bus',
    'nothing in the wrong column, thanks',
    'checked the whole rota, no gaps anywhere',
    "couldn't ask for more, thanks",
    "honestly couldn't have asked for more",
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'half the kids ended up in the wrong size',
    'three people are in the wrong group',
    'did nobody end up in the wrong room?',
    'no gaps? there are two empty slots on friday',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('B. a resigned acceptance: "it\'ll do" / "but fine" + a closing, ach/och (misses: "not the hooks I\'d have picked but they\'ll do. go with it", "meh, ProtectHome will bite someone eventually but fine, keep it", "ach, it\'ll do. … order them", 算了，先这样吧，…至少能报出来)', () => {
  it.each([
    "not the hooks I'd have picked but they'll do. go with it",
    'meh, ProtectHome will bite someone eventually but fine, keep it',
    "not the colour i wanted but it'll do, keep it",
    'the names are a bit long but fine, leave it',
    'ach, it’ll do. Margaret will moan about the colour whatever we pick. order them',
    "och, that'll do",
    "ach, they'll do.",
    '算了，先这样吧，阈值以后再慢慢调，至少能报出来',
    '算了，就这样吧',
    '算了吧，先凑合用',
    '算了，先这么着，下周再说',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    "it'll do but the header is still broken",
    'fine but the totals are off',
    "ach, it'll do, but the dates are still wrong",
    '算了，我自己来',
    '算了，别弄了',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('C. the person forgot the reason and concedes, then a closing (miss: "why only 8 on the 6th? ⏐ ah right, forgot about the weir. leave it as it is")', () => {
  it.each([
    'why only 8 on the 6th? ⏐ ah right, forgot about the weir. leave it as it is',
    'ah right, forgot about the weir. leave it as it is',
    'oh right, i forgot about the replica lag. keep it',
    'ah yes, forgot the hall is shut on mondays. leave it then',
    "oh of course, didn't think of the bank holiday. keep it as is",
  ])('%s → acceptance', (text) => {
    expect(turns(text)).toBe('acceptance');
  });
  it.each([
    'ah right, forgot about the weir. move it to the 7th',
    'ah right, forgot about the weir. but the 9th is still wrong, leave it as it is otherwise',
    'you forgot about the weir. leave it as it is?',
  ])('trap: %s → no acceptance', (text) => {
    expect(turns(text)).not.toBe('acceptance');
  });
});

describe('D. zh: a metric unchanged against the old version, then a sign-off, is good news (miss: 跑了一小时，5xx 0.02%，和老版本一样，p99 也没变化，可以了)', () => {
  it.each([
    '跑了一小时，5xx 0.02%，和老版本一样，p99 也没变化，可以了',
    '灰度半天，跟之前一样，延迟也没变化，没问题',
    '和旧版本持平，错误率没变，可以放量',
    '压了一轮，和线上一致，内存也没涨，稳了',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['改完和之前一样，还是没变化', '优化了半天，和之前一样，p99 也没变化', '跑了一下，没变化'])(
    'trap: %s → no acceptance',
    (text) => {
      expect(outcome(text)).not.toBe('acceptance');
    },
  );
});

describe('E. zh: 慢慢 (gradually) in an either-or question is no "still slow" (miss: ramp-up 60 秒是啥意思，200 个线程是一起启动还是慢慢加？)', () => {
  it.each(['ramp-up 60 秒是啥意思，200 个线程是一起启动还是慢慢加？', '副本是一次全换还是慢慢滚动？', '这些数据是一次导完还是慢慢补？'])(
    '%s → none',
    (text) => {
      expect(outcome(text)).toBe('none');
    },
  );
  it.each(['改完了还是慢', '页面还是慢，要十几秒', '接口还是卡'])('trap: %s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
});

describe('F. a redo request with "again" is no "do X the same way" move-on (miss: "do the groups again please, year 3 and year 6 cant be in the same group …")', () => {
  it.each([
    'do the groups again please, year 3 and year 6 cant be in the same group, the ribbons are set at different heights. B and D are mixed',
    'do the tables again, the two families cant be in the same room',
    'redo the pairs please, the twins shouldnt be in the same team',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['great, now do the invoices the same way', 'nice. handle the other two endpoints the same way'])(
    'trap: %s → acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
});

describe('G. "isn\'t right" is a rejection like "not right" (miss: "Sorry to be a pain, but this isn’t right. Under 16s aren’t allowed …")', () => {
  it.each([
    'Sorry to be a pain, but this isn’t right. Under 16s aren’t allowed on the main runs',
    "this isn't right, the totals are off",
    "the dates aren't right",
    "sorry, that wasn't right either",
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(["isn't it right that the hall closes at 9?", 'that looks right'])('trap: %s → no correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});
