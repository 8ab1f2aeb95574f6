import { describe, expect, it } from 'vitest';
import type { SkillInvocation } from '../invocations/types.js';
import {
  loadStoredFeedbackEvents,
  loadStoredInvocations,
  type StoredFeedbackEvent,
  upsertFeedbackEvents,
  upsertInvocations,
} from './events-store.js';
import { openStore } from './store.js';

const invocation = (uuid: string, skill: string, timestamp: string): SkillInvocation => ({
  invocation_uuid: uuid,
  session_id: 's1',
  skill_id: skill,
  trigger: 'model',
  args: null,
  timestamp,
  failed: false,
  failure_reason: null,
  skill_version: null,
  file: '/p/s1.jsonl',
});

const event = (id: string, skill: string, timestamp: string): StoredFeedbackEvent => ({
  event_id: id,
  timestamp,
  session_id: 's1',
  skill_id: skill,
  invocation_uuid: `inv-${id}`,
  outcome: 'acceptance',
  confidence: 0.8,
  correction_type: null,
  user_message_snippet: '',
  turns_to_feedback: 1,
  ai_tools_used: [],
  dimension_hint: null,
});

describe('stored events and invocations, filtered by skill and time', () => {
  const db = openStore(':memory:');
  upsertInvocations(db, [
    { invocation: invocation('a', 'pdf', '2026-11-01T10:00:00Z') },
    { invocation: invocation('b', 'pdf', '2026-11-20T10:00:00Z') },
    { invocation: invocation('c', 'deploy', '2026-11-21T10:00:00Z') },
  ]);
  upsertFeedbackEvents(
    db,
    [event('e1', 'pdf', '2026-11-01T10:00:05Z'), event('e2', 'pdf', '2026-11-20T10:00:05Z'), event('e3', 'deploy', '2026-11-21T10:00:05Z')],
    { file: '/p/s1.jsonl' },
  );
  const since = new Date('2026-11-20T10:00:00Z');

  it('invocations: all oldest first, by skill, since an instant (inclusive), and both', () => {
    const ids = (q: Parameters<typeof loadStoredInvocations>[1]) => loadStoredInvocations(db, q).map((i) => i.invocation_uuid);
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ skillId: 'pdf' })).toEqual(['a', 'b']);
    expect(ids({ since })).toEqual(['b', 'c']);
    expect(ids({ skillId: 'pdf', since })).toEqual(['b']);
  });

  it('events: the same filters', () => {
    const ids = (q: Parameters<typeof loadStoredFeedbackEvents>[1]) => loadStoredFeedbackEvents(db, q).map((e) => e.event_id);
    expect(ids({})).toEqual(['e1', 'e2', 'e3']);
    expect(ids({ skillId: 'pdf' })).toEqual(['e1', 'e2']);
    expect(ids({ since })).toEqual(['e2', 'e3']);
    expect(ids({ skillId: 'deploy', since })).toEqual(['e3']);
  });
});
