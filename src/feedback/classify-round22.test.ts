/**
 * Round 22 (docs/feedback-rules.md, "Round 22"): the classes behind the false corrections/partials
 * of the blind rounds 31–33 (tuning data since they were measured). Each describe block names its
 * class and motivating miss; the sentences are other ways of saying the same thing, plus traps the
 * other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. zh: a hold with a bare 上 ("don\'t ship it yet") is no verdict like 先别上线 (miss: 先别上，运维说日志盘下周才扩容，等扩完再说)', () => {
  it.each([
    '先别上，运维说日志盘下周才扩容，等扩完再说',
    '先别上，等扩完再说',
    '暂时别上，DBA 说主库下周才换，换完再说',
    '先不要上，等压测做完',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    ['先别上，接口报错了', 'correction'],
    ['先别上，这个版本有 bug', 'correction'],
    ['先别上，你把字段名写错了', 'correction'],
    ['先别上色，先把线稿改对', 'correction'],
    ['先别上！怎么又把配置改了', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});
