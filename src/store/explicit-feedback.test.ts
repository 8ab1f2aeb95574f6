import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import {
  type FeedbackResult,
  analyzeExplicitFeedback,
  clearExplicitFeedback,
  evaluateUpdateRules,
  listExplicitFeedback,
  recordExplicitFeedback,
  windowStart,
} from './explicit-feedback.js';
import { explicitFeedbackSchema } from './explicit-schema.js';
import { sxAnalyzeResponse, sxClearResponse, sxListResponse, sxRecordResponse } from './sx-format.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;

function memoryStore() {
  return openDatabase(':memory:', { modules: [explicitFeedbackSchema] });
}

function seed(db: ReturnType<typeof memoryStore>, skill: string, spec: Partial<Record<FeedbackResult, number>>, at: Date = NOW) {
  for (const result of ['success', 'failure', 'partial'] as const) {
    for (let i = 0; i < (spec[result] ?? 0); i++) recordExplicitFeedback(db, { skillName: skill, result }, { now: at });
  }
}

function analyze(spec: Partial<Record<FeedbackResult, number>>, days?: number) {
  const db = memoryStore();
  seed(db, 'x', spec);
  return sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: 'x', days, now: NOW }));
}

describe('record', () => {
  it('F4/F5: sx id format, tips only for failures, optional keys absent', () => {
    const db = memoryStore();
    const failure = recordExplicitFeedback(db, { skillName: 'x', result: 'failure' }, { now: NOW });
    expect(failure.id).toMatch(/^fb_\d{13}_[0-9a-z]{1,6}$/);
    expect(failure.timestamp).toBe('2026-11-21T12:00:00.000Z');
    const response = sxRecordResponse(failure);
    expect(response.message).toBe('成功记录技能 "x" 的反馈');
    expect(response.data?.tips).toContain('analyze');
    const success = recordExplicitFeedback(db, { skillName: 'x', result: 'success', task: 't' }, { now: NOW });
    expect(success).toEqual({ id: success.id, skillName: 'x', result: 'success', task: 't', timestamp: success.timestamp });
    expect('notes' in success).toBe(false);
    expect('tips' in (sxRecordResponse(success).data ?? {})).toBe(false);
  });

  it('draws a new id suffix when the same millisecond collides', () => {
    const db = memoryStore();
    const values = [0.5, 0.5, 0.25];
    const random = () => values.shift() ?? 0.125;
    const a = recordExplicitFeedback(db, { skillName: 'x', result: 'success' }, { now: NOW, random });
    const b = recordExplicitFeedback(db, { skillName: 'x', result: 'success' }, { now: NOW, random });
    expect(a.id).not.toBe(b.id);
    expect(listExplicitFeedback(db)).toHaveLength(2);
  });

  it('F1/F3: rejects a missing name and an invalid result, writing nothing', () => {
    const db = memoryStore();
    expect(() => recordExplicitFeedback(db, { skillName: '', result: 'success' })).toThrow(/skill name is required/);
    expect(() => recordExplicitFeedback(db, { skillName: 'x', result: 'ok' })).toThrow(/success, failure or partial/);
    expect(listExplicitFeedback(db)).toEqual([]);
  });
});

describe('update rules (every rule that fires, in order)', () => {
  it('F7: no records', () => {
    const r = analyze({});
    expect(r.message).toBe('技能 "x" 暂无反馈记录');
    expect(r.data?.analysis.successRate).toBe('0.0%');
    expect(r.data?.analysis.shouldUpdate).toBe(false);
    expect('updateReason' in (r.data?.analysis ?? {})).toBe(false);
    expect('nextSteps' in (r.data ?? {})).toBe(false);
  });

  it('F8: S5 F3 P2 fires rule 1 only', () => {
    const r = analyze({ success: 5, failure: 3, partial: 2 });
    expect(r.data?.analysis).toMatchObject({
      totalCount: 10,
      successCount: 5,
      failureCount: 3,
      partialCount: 2,
      successRate: '50.0%',
      shouldUpdate: true,
    });
    expect(r.data?.analysis.updateReason).toBe('近期失败 3 次，建议检查技能是否需要更新');
    expect(r.data?.analysis.updateRules).toEqual(['repeated_failures']);
    expect(r.message).toBe('技能 "x" 建议更新: 近期失败 3 次，建议检查技能是否需要更新');
    expect(r.data?.nextSteps).toHaveLength(2);
  });

  it('F9: S2 F2 P1 fires rule 2', () => {
    const r = analyze({ success: 2, failure: 2, partial: 1 });
    expect(r.data?.analysis.updateReason).toBe('成功率仅 40%，建议改进技能');
    expect(r.data?.analysis.successRate).toBe('40.0%');
  });

  it('F10/F14/F15/F18: no update, full-width message and toFixed rounding', () => {
    expect(analyze({ success: 2, failure: 2 }).message).toBe('技能 "x" 运行良好（成功率: 50%）');
    expect(analyze({ success: 3, partial: 3 }).message).toBe('技能 "x" 运行良好（成功率: 50%）');
    const f15 = analyze({ success: 1, failure: 2 });
    expect(f15.message).toBe('技能 "x" 运行良好（成功率: 33%）');
    expect(f15.data?.analysis.successRate).toBe('33.3%');
    const f18 = analyze({ success: 2, failure: 1 });
    expect(f18.data?.analysis.successRate).toBe('66.7%');
    expect(f18.message).toBe('技能 "x" 运行良好（成功率: 67%）');
  });

  it('F11/F13: partial rule at small totals', () => {
    expect(analyze({ partial: 3 }).data?.analysis).toMatchObject({
      updateReason: '部分成功 3 次，技能可能需要扩展功能',
      successRate: '0.0%',
    });
    expect(analyze({ success: 1, partial: 3 }).data?.analysis.updateRules).toEqual(['frequent_partials']);
  });

  it('F12: S2 P3 reports rule 2 first and rule 3 too', () => {
    const r = analyze({ success: 2, partial: 3 });
    expect(r.data?.analysis.updateReason).toBe('成功率仅 40%，建议改进技能');
    expect(r.data?.analysis.updateRules).toEqual(['low_success_rate', 'frequent_partials']);
    expect(r.message).toBe('技能 "x" 建议更新: 成功率仅 40%，建议改进技能；部分成功 3 次，技能可能需要扩展功能');
  });

  it('reports all three rules when all fire', () => {
    // F3 P3 S0: failures ≥ 3, rate 0 < 50% with 6 records, partials 3 > 0 successes.
    expect(evaluateUpdateRules({ total: 6, success: 0, failure: 3, partial: 3 }).map((hit) => hit.rule)).toEqual([
      'repeated_failures',
      'low_success_rate',
      'frequent_partials',
    ]);
  });

  it('F16/F17: default 30-day window versus all time', () => {
    const db = memoryStore();
    seed(db, 'x', { failure: 3 }, new Date(NOW.getTime() - 31 * DAY));
    seed(db, 'x', { success: 1 });
    const recent = sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: 'x', now: NOW }));
    expect(recent.data?.analysis.totalCount).toBe(1);
    expect(recent.message).toBe('技能 "x" 运行良好（成功率: 100%）');
    for (const days of [0, -5]) {
      const all = sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: 'x', days, now: NOW }));
      expect(all.data?.analysis.totalCount).toBe(4);
      expect(all.data?.analysis.updateRules).toEqual(['repeated_failures']);
    }
  });

  it('F25: recentFeedbacks holds the newest 5', () => {
    const db = memoryStore();
    for (let i = 0; i < 8; i++)
      recordExplicitFeedback(db, { skillName: 'x', result: 'success', task: `t${i}` }, { now: new Date(NOW.getTime() - i * 1000) });
    const r = sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: 'x', now: NOW }));
    expect(r.data?.recentFeedbacks.map((f) => f.task)).toEqual(['t0', 't1', 't2', 't3', 't4']);
  });

  it('an unknown skill analyzes as empty, not as an error', () => {
    const db = memoryStore();
    seed(db, 'other', { failure: 5 });
    const r = sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: 'nope', now: NOW }));
    expect(r.message).toBe('技能 "nope" 暂无反馈记录');
  });
});

describe('list and the days window', () => {
  it('F19/F20: stats over all, 20 newest returned, hasMore; unknown skill has 0', () => {
    const db = memoryStore();
    for (let i = 0; i < 25; i++)
      recordExplicitFeedback(db, { skillName: 'x', result: i % 2 ? 'failure' : 'success' }, { now: new Date(NOW.getTime() - i * 60_000) });
    const records = listExplicitFeedback(db, { skillName: 'x', now: NOW });
    const r = sxListResponse(records, { skillName: 'x' });
    expect(r.data?.stats).toEqual({ total: 25, success: 13, failure: 12, partial: 0 });
    expect(r.data?.feedbacks).toHaveLength(20);
    expect(r.data?.hasMore).toBe(true);
    expect(r.data?.feedbacks[0]?.timestamp).toBe(NOW.toISOString());
    expect(sxListResponse(listExplicitFeedback(db, { skillName: 'y' }), { skillName: 'y' }).message).toBe('技能 "y" 共有 0 条反馈记录');
  });

  it('keeps a record exactly at the window start and drops one a millisecond earlier', () => {
    const db = memoryStore();
    const start = windowStart(7, NOW) as Date;
    recordExplicitFeedback(db, { skillName: 'x', result: 'success', task: 'edge' }, { now: start });
    recordExplicitFeedback(db, { skillName: 'x', result: 'failure', task: 'before' }, { now: new Date(start.getTime() - 1) });
    recordExplicitFeedback(db, { skillName: 'x', result: 'partial', task: 'future' }, { now: new Date(NOW.getTime() + DAY) });
    expect(listExplicitFeedback(db, { days: 7, now: NOW }).map((f) => f.task)).toEqual(['future', 'edge']);
    expect(listExplicitFeedback(db, { days: 0, now: NOW })).toHaveLength(3);
    expect(listExplicitFeedback(db, { days: -1, now: NOW })).toHaveLength(3);
    expect(listExplicitFeedback(db, { now: NOW })).toHaveLength(3);
  });

  it('counts days as local calendar days (the wall-clock time is kept)', () => {
    const start = windowStart(30, NOW) as Date;
    const expected = new Date(NOW.getTime());
    expected.setDate(expected.getDate() - 30);
    expect(start.getTime()).toBe(expected.getTime());
    expect(start.getHours()).toBe(NOW.getHours());
    expect(windowStart(0, NOW)).toBeUndefined();
    expect(windowStart(-3, NOW)).toBeUndefined();
  });

  it('equal timestamps keep insertion order; newer first otherwise', () => {
    const db = memoryStore();
    for (const task of ['a', 'b', 'c']) recordExplicitFeedback(db, { skillName: 'x', result: 'success', task }, { now: NOW });
    recordExplicitFeedback(db, { skillName: 'x', result: 'success', task: 'old' }, { now: new Date(NOW.getTime() - 1) });
    recordExplicitFeedback(db, { skillName: 'x', result: 'success', task: 'new' }, { now: new Date(NOW.getTime() + 1) });
    expect(listExplicitFeedback(db).map((f) => f.task)).toEqual(['new', 'a', 'b', 'c', 'old']);
  });

  it('an empty store lists nothing', () => {
    const r = sxListResponse(listExplicitFeedback(memoryStore()));
    expect(r).toEqual({
      success: true,
      message: '共有 0 条反馈记录',
      data: { stats: { total: 0, success: 0, failure: 0, partial: 0 }, feedbacks: [], hasMore: false },
    });
  });
});

describe('clear', () => {
  it('F21/F22: one skill or everything', () => {
    const db = memoryStore();
    seed(db, 'x', { success: 2 });
    seed(db, 'y', { failure: 3 });
    const cleared = clearExplicitFeedback(db, { skillName: 'x' });
    expect(sxClearResponse(cleared, 'x', 'global').message).toBe('已清除技能 "x" 的 2 条反馈记录');
    expect(listExplicitFeedback(db)).toHaveLength(3);
    expect(clearExplicitFeedback(db, { skillName: 'unknown' })).toBe(0);
    expect(sxClearResponse(clearExplicitFeedback(db), undefined, 'global')).toEqual({
      success: true,
      message: '已清除 3 条反馈记录',
      data: { clearedCount: 3, skillName: 'all', scope: 'global' },
    });
    expect(clearExplicitFeedback(db)).toBe(0);
  });
});
