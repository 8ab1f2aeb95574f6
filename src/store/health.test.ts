import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import type { StoredFeedbackEvent } from './events-store.js';
import { upsertFeedbackEvents, upsertInvocations } from './events-store.js';
import type { ExplicitFeedback } from './explicit-feedback.js';
import { recordExplicitFeedback } from './explicit-feedback.js';
import { allSkillHealth, computeSkillHealth, skillHealth } from './health.js';
import { findInstalledSkills } from './installed-skills.js';
import { openStore } from './store.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
const explicit = (result: ExplicitFeedback['result'], days = 0, i = 0): ExplicitFeedback => ({
  id: `fb_${i}`,
  skillName: 's',
  result,
  timestamp: ago(days),
});
const event = (outcome: string, days: number, i: number, confidence = 0.9): StoredFeedbackEvent => ({
  event_id: i.toString(16).padStart(16, '0'),
  timestamp: ago(days),
  session_id: 'sess',
  skill_id: 's',
  invocation_uuid: `inv-${i}`,
  outcome,
  confidence,
  correction_type: outcome === 'correction' ? 'rejection' : null,
  user_message_snippet: '',
  turns_to_feedback: 1,
  ai_tools_used: [],
  dimension_hint: outcome === 'acceptance' ? null : 'accuracy',
});
const health = (records: ExplicitFeedback[], events: StoredFeedbackEvent[] = []) =>
  computeSkillHealth('s', { usage: null, events, explicit: records }, { now: NOW });

describe('skill health maturity (learning thresholds through the learning module)', () => {
  it('maps explicit records onto the reference maturity vectors', () => {
    expect(health([]).maturity.state).toBe('candidate');
    expect(health([explicit('success'), explicit('success')]).maturity.state).toBe('candidate');
    expect(health([1, 2, 3].map((i) => explicit('success', 0, i))).maturity).toMatchObject({ state: 'established', multiplier: 1 });
    const deprecated = health([explicit('success', 0, 1), explicit('success', 0, 2), explicit('failure', 0, 3)]);
    expect(deprecated.maturity).toMatchObject({ state: 'deprecated', multiplier: 0 });
    expect(deprecated.reasons.map((r) => r.code)).toContain('maturity_deprecated');
    const proven = health([...[1, 2, 3, 4, 5, 6].map((i) => explicit('success', 0, i)), explicit('failure', 0, 7)]);
    expect(proven.maturity).toMatchObject({ state: 'proven', multiplier: 1.5 });
    // 10 successes 90 days old decay to exactly 5.0 helpful → proven; at 91 days → established.
    expect(health([...Array(10).keys()].map((i) => explicit('success', 90, i))).maturity.state).toBe('proven');
    expect(health([...Array(10).keys()].map((i) => explicit('success', 91, i))).maturity.state).toBe('established');
  });

  it('decays each signal from its own timestamp and floors the helpful weight at 0.1', () => {
    const h = health([explicit('success', 90, 1), explicit('failure', 0, 2)]);
    expect(h.maturity.decayed_helpful).toBeCloseTo(0.5, 12);
    expect(h.maturity.decayed_harmful).toBeCloseTo(1, 12);
    expect(h.maturity.helpful_weight).toBeCloseTo(1 / 3, 12);
    expect(health([explicit('failure')]).maturity.helpful_weight).toBe(0.1);
    expect(health([]).maturity.helpful_weight).toBe(1);
  });

  it('weights implicit events by confidence (partials half) and reports every should-update reason', () => {
    const events = [event('acceptance', 1, 1, 0.8), event('correction', 2, 2, 0.9), event('partial', 3, 3, 0.7)];
    const h = health([explicit('failure', 1, 1), explicit('failure', 2, 2), explicit('failure', 3, 3)], events);
    expect(h.maturity.decayed_helpful).toBeCloseTo(0.8 * 0.5 ** (1 / 90), 12);
    expect(h.maturity.decayed_harmful).toBeCloseTo(
      0.9 * 0.5 ** (2 / 90) + 0.35 * 0.5 ** (3 / 90) + 0.5 ** (1 / 90) + 0.5 ** (2 / 90) + 0.5 ** (3 / 90),
      12,
    );
    expect(h.implicit.corrections).toBe(1);
    expect(h.explicit).toMatchObject({ total: 3, failure: 3, success_rate: 0 });
    expect(h.reasons.map((r) => r.code)).toEqual(['explicit_repeated_failures', 'maturity_deprecated']);
    expect(h.should_update).toBe(true);
  });

  it('explicit rules look at the last 30 days only', () => {
    const old = health([explicit('failure', 40, 1), explicit('failure', 41, 2), explicit('failure', 42, 3)]);
    expect(old.explicit.rules).toEqual([]);
    expect(old.explicit.window_total).toBe(0);
  });

  it('reads the store: usage, events and explicit records; all skills worst first', () => {
    const db = openStore(':memory:');
    upsertInvocations(db, [
      {
        invocation: {
          invocation_uuid: 'inv-1',
          session_id: 'sess',
          skill_id: 's',
          trigger: 'model',
          args: null,
          timestamp: ago(1),
          failed: false,
          failure_reason: null,
          skill_version: null,
          file: '/t.jsonl',
        },
      },
      {
        invocation: {
          invocation_uuid: 'inv-2',
          session_id: 'sess',
          skill_id: 'good',
          trigger: 'nested',
          args: null,
          timestamp: ago(1),
          failed: false,
          failure_reason: null,
          skill_version: null,
          file: '/t.jsonl',
        },
      },
    ]);
    upsertFeedbackEvents(db, [event('correction', 1, 1)], { file: '/t.jsonl' });
    for (let i = 0; i < 3; i++)
      recordExplicitFeedback(db, { skillName: 's', result: 'failure' }, { now: new Date(NOW.getTime() - i * 1000) });
    const s = skillHealth(db, 's', { now: NOW });
    expect(s).toMatchObject({ invocations: 1, should_update: true, explicit: { failure: 3 } });
    expect(allSkillHealth(db, { now: NOW }).map((h) => h.skill_id)).toEqual(['s', 'good']);
    expect(skillHealth(db, 'unknown', { now: NOW })).toMatchObject({
      invocations: 0,
      should_update: false,
      maturity: { state: 'candidate' },
    });
  });
});

describe('installed skills', () => {
  it('finds user, project and plugin skills, and `skills` shows never-used ones beside usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skillpulse-skills-'));
    try {
      const home = join(dir, 'home');
      const make = (folder: string) => {
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'SKILL.md'), '---\nname: x\ndescription: y\n---\n');
      };
      make(join(home, '.claude', 'skills', 'pdf'));
      make(join(home, '.claude', 'skills', 'unused'));
      const project = join(dir, 'proj');
      mkdirSync(join(project, '.git'), { recursive: true });
      make(join(project, '.claude', 'skills', 'local-only'));
      const plugin = join(home, '.claude', 'plugins', 'marketplaces', 'm', 'plugins', 'superpowers');
      mkdirSync(join(plugin, '.claude-plugin'), { recursive: true });
      writeFileSync(join(plugin, '.claude-plugin', 'plugin.json'), '{"name":"superpowers"}');
      make(join(plugin, 'skills', 'writing-plans'));
      mkdirSync(join(plugin, 'skills', 'not-a-skill'), { recursive: true });
      const found = findInstalledSkills({ home, projectRoot: project });
      expect(found.map((s) => `${s.scope}:${s.id}`)).toEqual([
        'user:pdf',
        'user:unused',
        'project:local-only',
        'plugin:superpowers:writing-plans',
      ]);

      const dbPath = join(dir, 'store.db');
      const db = openStore(dbPath);
      upsertInvocations(db, [
        {
          invocation: {
            invocation_uuid: 'a',
            session_id: 's',
            skill_id: 'pdf',
            trigger: 'model',
            args: null,
            timestamp: ago(1),
            failed: false,
            failure_reason: null,
            skill_version: null,
            file: '/f',
          },
        },
        {
          invocation: {
            invocation_uuid: 'b',
            session_id: 's',
            skill_id: 'gone',
            trigger: 'user-slash',
            args: null,
            timestamp: ago(2),
            failed: false,
            failure_reason: null,
            skill_version: null,
            file: '/f',
          },
        },
      ]);
      db.close();
      const r = await runCliCaptured(['--json', 'skills', '--db', dbPath], { env: { HOME: home, NO_COLOR: '1' }, cwd: project });
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.stdout) as Array<{ id: string; installed: boolean; invocations: number }>;
      expect(rows.map((row) => [row.id, row.installed, row.invocations])).toEqual([
        ['local-only', true, 0],
        ['superpowers:writing-plans', true, 0],
        ['unused', true, 0],
        ['pdf', true, 1],
        ['gone', false, 1],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
