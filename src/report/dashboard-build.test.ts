import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkRealClientSubset } from '../../test/support/real-client-subset.js';
import type { StoredFeedbackEvent } from '../store/events-store.js';
import { recordExplicitFeedback } from '../store/explicit-feedback.js';
import { allSkillHealth } from '../store/health.js';
import { scanIntoStore } from '../store/scan.js';
import { openStore } from '../store/store.js';
import { buildDashboardData, weeklySeries } from './dashboard-build.js';

function event(skill: string, timestamp: string, outcome: string): StoredFeedbackEvent {
  return {
    event_id: `${timestamp}-${outcome}`,
    timestamp,
    session_id: 's',
    skill_id: skill,
    invocation_uuid: timestamp,
    outcome,
    confidence: 0.9,
    correction_type: null,
    user_message_snippet: '',
    turns_to_feedback: 1,
    ai_tools_used: [],
    dimension_hint: null,
  };
}

describe('weeklySeries', () => {
  it('buckets events into 7-day weeks ending at now, with a rate and interval per non-empty week', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const events = [
      event('x', '2026-02-28T12:00:00Z', 'correction'),
      event('x', '2026-02-27T12:00:00Z', 'acceptance'),
      event('x', '2026-02-20T00:00:00Z', 'partial'),
      event('x', '2025-01-01T00:00:00Z', 'correction'), // older than the chart
      event('x', '2026-03-02T00:00:00Z', 'correction'), // after now
    ];
    const weeks = weeklySeries('x', events, now, 4);
    expect(weeks.map((w) => w.events)).toEqual([0, 0, 1, 2]);
    expect(weeks[3]).toMatchObject({ from: '2026-02-22T00:00:00.000Z', to: '2026-03-01T00:00:00.000Z', rate: 0.5 });
    expect(weeks[2]?.rate).toBe(0.5);
    expect(weeks[0]).toMatchObject({ rate: null, interval: null });
    expect(weeks[3]?.interval?.low).toBeLessThan(0.5);
    expect(weeks[3]?.interval?.high).toBeGreaterThan(0.5);
  });
});

describe('buildDashboardData', () => {
  it('mirrors the health model and carries events, explicit records and versions for the drill-down', async () => {
    const scratch = mkdtempSync(join(tmpdir(), 'skillpulse-dash-build-'));
    const db = openStore(join(scratch, 'store.db'));
    try {
      // A fixed subset of the real-client fixtures (a whole-folder scan grows with every blind round).
      await scanIntoStore(db, { sessions: [linkRealClientSubset(join(scratch, 'sessions'))] });
      const now = new Date();
      recordExplicitFeedback(db, { skillName: 'commit-msg', result: 'failure', task: 'squash <b>two</b> commits' }, { now });
      const data = buildDashboardData(db, { now, source: 'test store' });
      const health = allSkillHealth(db, { now });
      expect(data.skills.map((s) => s.id)).toEqual(health.map((h) => h.skill_id));
      expect(data.totals.events).toBe(health.reduce((n, h) => n + h.implicit.sample_size, 0));
      for (const [i, skill] of data.skills.entries()) {
        const h = health[i]!;
        expect(skill.invocations).toBe(h.invocations);
        expect(skill.shouldUpdate).toBe(h.should_update);
        expect(skill.reasons).toEqual(h.reasons.map((r) => r.message));
        expect(skill.maturity).toBe(h.maturity.state);
        expect(skill.eventList.filter((e) => e.kind === 'implicit')).toHaveLength(h.implicit.sample_size);
      }
      const implicitEvents = data.skills.flatMap((s) => s.eventList.filter((e) => e.kind === 'implicit'));
      expect(implicitEvents.length).toBeGreaterThan(0);
      // Every judged event says which rule decided it, with the reason.
      for (const e of implicitEvents) expect(e.rule).toMatch(/^[a-z-]+: /);
      const commit = data.skills.find((s) => s.id === 'commit-msg');
      expect(commit?.explicit).toMatchObject({ total: 1, failure: 1 });
      expect(commit?.eventList.find((e) => e.kind === 'explicit')?.snippet).toBe('task: squash <b>two</b> commits');
      expect(commit?.versions.length).toBeGreaterThanOrEqual(2);
      expect(commit?.comparison?.verdict).toBeTruthy();
    } finally {
      db.close();
    }
  });
});
