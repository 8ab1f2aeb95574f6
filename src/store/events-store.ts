/**
 * Reading and writing ingested invocations and implicit feedback events.
 *
 * Upserts are idempotent and order-independent: the same invocation (uuid + skill) or event
 * (event_id) found again replaces the stored row only when it comes from the same transcript
 * file or one whose path sorts first (a record replayed into several files — `--continue`,
 * resume — thus always lands on the same file whatever order files are scanned in), or when the
 * stored row was imported. Imports never replace anything (re-importing changes nothing).
 */
import type { SkillInvocation } from '../invocations/types.js';
import type { SqliteDatabase } from './database.js';

/** An implicit feedback event in the feedback.jsonl schema (extra fields are kept verbatim). */
export interface StoredFeedbackEvent {
  event_id: string;
  timestamp: string;
  session_id: string;
  skill_id: string;
  invocation_uuid: string;
  outcome: string;
  confidence: number;
  correction_type: string | null;
  user_message_snippet: string;
  turns_to_feedback: number;
  ai_tools_used: string[];
  dimension_hint: string | null;
  [extra: string]: unknown;
}

export type RowSource = 'scan' | 'import';

function timeMs(timestamp: string): number | null {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(timestamp);
  const ms = Date.parse(hasZone ? timestamp : `${timestamp}Z`);
  return Number.isNaN(ms) ? null : ms;
}

export function upsertInvocations(
  db: SqliteDatabase,
  rows: ReadonlyArray<{ invocation: SkillInvocation; line?: number | null }>,
  source: RowSource = 'scan',
): number {
  if (rows.length === 0) return 0;
  const conflict =
    source === 'import'
      ? 'DO NOTHING'
      : `DO UPDATE SET session_id = excluded.session_id, trigger = excluded.trigger, args = excluded.args, timestamp = excluded.timestamp,
         ts_ms = excluded.ts_ms, failed = excluded.failed, failure_reason = excluded.failure_reason, skill_version = excluded.skill_version,
         file = excluded.file, line = excluded.line, source = excluded.source
         WHERE invocations.source = 'import' OR excluded.file <= invocations.file`;
  const statement = db.prepare(`INSERT INTO invocations (invocation_uuid, skill_id, session_id, trigger, args, timestamp, ts_ms, failed,
    failure_reason, skill_version, file, line, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (invocation_uuid, skill_id) ${conflict}`);
  let changed = 0;
  for (const { invocation: inv, line } of rows) {
    changed += Number(
      statement.run(
        inv.invocation_uuid,
        inv.skill_id,
        inv.session_id,
        inv.trigger,
        inv.args,
        inv.timestamp,
        timeMs(inv.timestamp),
        inv.failed ? 1 : 0,
        inv.failure_reason,
        inv.skill_version,
        inv.file,
        line ?? null,
        source,
      ).changes,
    );
  }
  return changed;
}

export function upsertFeedbackEvents(
  db: SqliteDatabase,
  events: readonly StoredFeedbackEvent[],
  options: { file: string | null; source?: RowSource },
): number {
  if (events.length === 0) return 0;
  const source = options.source ?? 'scan';
  const conflict =
    source === 'import'
      ? 'DO NOTHING'
      : `DO UPDATE SET timestamp = excluded.timestamp, ts_ms = excluded.ts_ms, session_id = excluded.session_id, skill_id = excluded.skill_id,
         invocation_uuid = excluded.invocation_uuid, outcome = excluded.outcome, confidence = excluded.confidence,
         correction_type = excluded.correction_type, dimension_hint = excluded.dimension_hint, turns_to_feedback = excluded.turns_to_feedback,
         event_json = excluded.event_json, file = excluded.file, source = excluded.source
         WHERE feedback_events.source = 'import' OR feedback_events.file IS NULL OR excluded.file <= feedback_events.file`;
  const statement = db.prepare(`INSERT INTO feedback_events (event_id, timestamp, ts_ms, session_id, skill_id, invocation_uuid, outcome,
    confidence, correction_type, dimension_hint, turns_to_feedback, event_json, file, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (event_id) ${conflict}`);
  let changed = 0;
  for (const event of events) {
    changed += Number(
      statement.run(
        event.event_id,
        event.timestamp,
        timeMs(event.timestamp),
        event.session_id,
        event.skill_id,
        event.invocation_uuid,
        event.outcome,
        event.confidence,
        event.correction_type,
        event.dimension_hint,
        event.turns_to_feedback,
        JSON.stringify(event),
        options.file,
        source,
      ).changes,
    );
  }
  return changed;
}

export interface EventQuery {
  skillId?: string | undefined;
  /** Only events at or after this instant. */
  since?: Date | undefined;
}

/** Stored feedback events, oldest first (timestamp, then event_id), exactly as they were produced. */
export function loadStoredFeedbackEvents(db: SqliteDatabase, query: EventQuery = {}): StoredFeedbackEvent[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.skillId !== undefined) {
    where.push('skill_id = ?');
    params.push(query.skillId);
  }
  if (query.since) {
    where.push('ts_ms >= ?');
    params.push(query.since.getTime());
  }
  const rows = db
    .prepare(
      `SELECT event_json FROM feedback_events${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY ts_ms, timestamp, event_id`,
    )
    .all(...params) as Array<{ event_json: string }>;
  return rows.map((row) => JSON.parse(row.event_json) as StoredFeedbackEvent);
}

interface InvocationRow {
  invocation_uuid: string;
  skill_id: string;
  session_id: string;
  trigger: SkillInvocation['trigger'];
  args: string | null;
  timestamp: string;
  failed: number;
  failure_reason: string | null;
  skill_version: string | null;
  file: string;
}

/** Stored invocations, oldest first, in the `skillpulse invocations --json` shape. */
export function loadStoredInvocations(db: SqliteDatabase, query: EventQuery = {}): SkillInvocation[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (query.skillId !== undefined) {
    where.push('skill_id = ?');
    params.push(query.skillId);
  }
  if (query.since) {
    where.push('ts_ms >= ?');
    params.push(query.since.getTime());
  }
  const rows = db
    .prepare(
      `SELECT invocation_uuid, session_id, skill_id, trigger, args, timestamp, failed, failure_reason, skill_version, file FROM invocations${
        where.length ? ` WHERE ${where.join(' AND ')}` : ''
      } ORDER BY ts_ms, timestamp, invocation_uuid, skill_id`,
    )
    .all(...params) as InvocationRow[];
  return rows.map((row) => ({
    invocation_uuid: row.invocation_uuid,
    session_id: row.session_id,
    skill_id: row.skill_id,
    trigger: row.trigger,
    args: row.args,
    timestamp: row.timestamp,
    failed: Number(row.failed) === 1,
    failure_reason: row.failure_reason,
    skill_version: row.skill_version,
    file: row.file,
  }));
}

/** Invocation counts per skill (all triggers; failed ones counted separately). */
export function invocationCountsBySkill(db: SqliteDatabase): Map<string, { invocations: number; failed: number; lastUsed: string | null }> {
  const rows = db
    .prepare('SELECT skill_id, COUNT(*) AS n, SUM(failed) AS failed, MAX(timestamp) AS last FROM invocations GROUP BY skill_id')
    .all() as Array<{ skill_id: string; n: number; failed: number | null; last: string | null }>;
  return new Map(rows.map((row) => [row.skill_id, { invocations: Number(row.n), failed: Number(row.failed ?? 0), lastUsed: row.last }]));
}
