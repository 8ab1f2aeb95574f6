import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeSessions } from '../feedback/analyze.js';
import { analyzeWithStore } from './analysis.js';
import type { ExplicitFeedback } from './explicit-feedback.js';
import { skillHealth } from './health.js';
import { buildHealthReports } from './health-report.js';
import { openStore } from './store.js';

const SESSION = 'bbbbbbbb-2222-4222-8222-222222222222';
let root: string;
let dir: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'skillpulse-health-report-'));
  dir = join(root, 'projects', '-repo');
  mkdirSync(dir, { recursive: true });
  // The invocation on Jan 1st; the person reacts ("wrong") only on July 1st, when they come back to it.
  const lines = [
    {
      type: 'assistant',
      uuid: 'A1',
      parentUuid: null,
      sessionId: SESSION,
      timestamp: '2026-01-01T10:00:00Z',
      message: {
        id: 'm1',
        role: 'assistant',
        model: 'c',
        content: [{ type: 'tool_use', id: 't1', name: 'Skill', input: { skill: 'slow-skill' } }],
      },
    },
    {
      type: 'user',
      uuid: 'U1',
      parentUuid: 'A1',
      sessionId: SESSION,
      userType: 'external',
      timestamp: '2026-07-01T10:00:00Z',
      message: { role: 'user', content: 'this is wrong' },
    },
  ];
  writeFileSync(join(dir, `${SESSION}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const now = new Date('2026-07-02T10:00:00Z');

describe('skill health at reaction time', () => {
  it('decays implicit evidence from the deciding human turn, not from the invocation (report and health agree)', async () => {
    const analysis = await analyzeSessions({ sessionDirs: [dir] });
    expect(analysis.invocations[0]!.reaction_at).toBe('2026-07-01T10:00:00Z');
    const [report] = buildHealthReports(analysis, [], { now });
    // One day old: 0.9 × 0.5^(1/90); from the invocation (182 days) it would be about 0.22.
    expect(report!.maturity.decayed_harmful).toBeCloseTo(0.9 * 0.5 ** (1 / 90), 6);
    const db = openStore(':memory:');
    await analyzeWithStore(db, { sessionDirs: [dir] });
    const health = skillHealth(db, 'slow-skill', { now });
    expect(health.maturity.decayed_harmful).toBeCloseTo(report!.maturity.decayed_harmful, 10);
    // The correction rate and trend still count the event at the invocation (the feedback.jsonl timestamp).
    expect(report!.trend.recent_sample).toBe(0);
    db.close();
  });

  it('lists skills with only explicit feedback, filters by skill, and sorts worst first', async () => {
    const analysis = await analyzeSessions({ sessionDirs: [dir] });
    const record = (skillName: string, result: ExplicitFeedback['result'], timestamp: string): ExplicitFeedback => ({
      id: `${skillName}-${timestamp}`,
      skillName,
      result,
      timestamp,
    });
    const explicit = [
      record('fine-skill', 'success', '2026-07-01T00:00:00Z'),
      record('bad-skill', 'failure', '2026-06-30T00:00:00Z'),
      record('bad-skill', 'failure', '2026-06-29T00:00:00Z'),
      record('bad-skill', 'failure', '2026-06-28T00:00:00Z'),
    ];
    const reports = buildHealthReports(analysis, explicit, { now });
    expect(reports.map((r) => r.skill_id)).toEqual(['bad-skill', 'slow-skill', 'fine-skill']);
    expect(reports[0]).toMatchObject({ invocations: 0, should_update: true, explicit: { total: 3, failure: 3, success_rate: 0 } });
    expect(reports[2]).toMatchObject({ should_update: false, explicit: { success_rate: 1 }, reasons: [] });
    expect(buildHealthReports(analysis, explicit, { now, skill: 'fine-skill' }).map((r) => r.skill_id)).toEqual(['fine-skill']);
  });
});
