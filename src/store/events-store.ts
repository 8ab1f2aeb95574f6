/**
 * Reading and writing ingested invocations and implicit feedback events.
 *
 * Upserts are idempotent and order-independent: the same invocation (uuid + skill) found again
 * replaces the stored row only when it comes from the same transcript file or one that ranks
 * first (main-thread files before subagent files, then by path), so a record replayed into several
 * files — `--continue`, resume, subagent copies — always lands on the same file whatever order
 * files are scanned in; the scan writes events only for invocations their file owns. Imports
 * never replace anything (re-importing changes nothing).
 */
import type { AnalyzedInvocation } from '../feedback/analyze.js';
import type { Classification } from '../feedback/classify.js';
import { eventId } from '../feedback/event.js';
import type { SkillInvocation } from '../invocations/types.js';
import type { SqliteDatabase } from './database.js';
import { cachedStatement } from './statements.js';

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

/** The stored judgement of a windowed invocation (schema v2): its classification, with a redacted snippet instead of the raw text. */
export interface InvocationJudgement extends Omit<Classification, 'snippet_source'> {
  /** Time of the deciding human turn. */
  reaction_at: string | null;
  /** Redacted, ≤200 characters (the only transcript text the store keeps). */
  snippet: string;
}

export function judgementOf(a: AnalyzedInvocation): InvocationJudgement | null {
  const c = a.classification;
  if (!c) return null;
  return {
    outcome: c.outcome,
    correction_type: c.correction_type,
    confidence: c.confidence,
    turns_to_feedback: c.turns_to_feedback,
    dimension_hint: c.dimension_hint,
    rule: c.rule,
    reason: c.reason,
    complete: c.complete,
    reaction_at: a.reaction_at,
    snippet: a.snippet,
  };
}

export interface InvocationRowInput {
  invocation: SkillInvocation;
  line?: number | null;
  /** 0 for a main-thread file, 1 for a subagent file: who owns a record replayed into several files. */
  fileRank?: number;
  /** 0 for the main conversation, else the first line of the inline thread. */
  convOrder?: number;
  /** Rank among the invocations on the same line. */
  lineRank?: number;
  judgement?: InvocationJudgement | null;
}

/**
 * Upserts invocations. A scanned row replaces the stored one when that was imported or when it
 * comes from the same file or one that ranks first (main-thread files before subagent files,
 * then by path): a record replayed into several files always lands on the same file whatever
 * order files are scanned in, with that file's judgement.
 */
export function upsertInvocations(db: SqliteDatabase, rows: ReadonlyArray<InvocationRowInput>, source: RowSource = 'scan'): number {
  if (rows.length === 0) return 0;
  const conflict =
    source === 'import'
      ? 'DO NOTHING'
      : `DO UPDATE SET session_id = excluded.session_id, trigger = excluded.trigger, args = excluded.args, timestamp = excluded.timestamp,
         ts_ms = excluded.ts_ms, failed = excluded.failed, failure_reason = excluded.failure_reason, skill_version = excluded.skill_version,
         file = excluded.file, line = excluded.line, source = excluded.source, file_rank = excluded.file_rank, conv_order = excluded.conv_order,
         line_rank = excluded.line_rank, event_id = excluded.event_id, outcome = excluded.outcome, correction_type = excluded.correction_type,
         confidence = excluded.confidence, turns_to_feedback = excluded.turns_to_feedback, dimension_hint = excluded.dimension_hint,
         rule = excluded.rule, reason = excluded.reason, complete = excluded.complete, reaction_at = excluded.reaction_at,
         reaction_ms = excluded.reaction_ms, snippet = excluded.snippet
         WHERE invocations.source = 'import' OR (excluded.file_rank, excluded.file) <= (invocations.file_rank, invocations.file)`;
  const statement = cachedStatement(
    db,
    `INSERT INTO invocations (invocation_uuid, skill_id, session_id, trigger, args, timestamp, ts_ms, failed,
    failure_reason, skill_version, file, line, source, file_rank, conv_order, line_rank, event_id, outcome, correction_type, confidence,
    turns_to_feedback, dimension_hint, rule, reason, complete, reaction_at, reaction_ms, snippet)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (invocation_uuid, skill_id) ${conflict}`,
  );
  let changed = 0;
  for (const { invocation: inv, line, fileRank, convOrder, lineRank, judgement: j } of rows) {
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
        fileRank ?? 0,
        convOrder ?? 0,
        lineRank ?? 0,
        eventId(inv.invocation_uuid, inv.skill_id),
        j?.outcome ?? null,
        j?.correction_type ?? null,
        j?.confidence ?? null,
        j?.turns_to_feedback ?? null,
        j?.dimension_hint ?? null,
        j?.rule ?? null,
        j?.reason ?? null,
        j ? (j.complete ? 1 : 0) : null,
        j?.reaction_at ?? null,
        j?.reaction_at ? timeMs(j.reaction_at) : null,
        j?.snippet ?? null,
      ).changes,
    );
  }
  return changed;
}

/** The stored judgement of an invocation `file` owns, when it had a reaction (outcome other than none). */
export function storedJudgement(db: SqliteDatabase, invocation: SkillInvocation, file: string): InvocationJudgement | null {
  const row = cachedStatement(
    db,
    `SELECT outcome, correction_type, confidence, turns_to_feedback, dimension_hint, rule, reason, complete, reaction_at, snippet
       FROM invocations WHERE invocation_uuid = ? AND skill_id = ? AND file = ? AND outcome IS NOT NULL AND outcome <> 'none'`,
  ).all(invocation.invocation_uuid, invocation.skill_id, file)[0] as
    | (Omit<InvocationJudgement, 'complete'> & { complete: number | null })
    | undefined;
  if (!row) return null;
  return {
    outcome: row.outcome,
    correction_type: row.correction_type,
    confidence: row.confidence === null ? null : Number(row.confidence),
    turns_to_feedback: row.turns_to_feedback === null ? null : Number(row.turns_to_feedback),
    dimension_hint: row.dimension_hint,
    rule: row.rule,
    reason: row.reason,
    complete: Number(row.complete) === 1,
    reaction_at: row.reaction_at,
    snippet: row.snippet ?? '',
  };
}

/** Event ids of the scanned invocations `file` owns. */
export function ownedEventIds(db: SqliteDatabase, file: string): Set<string> {
  const rows = cachedStatement(db, "SELECT event_id FROM invocations WHERE file = ? AND source = 'scan'").all(file) as Array<{
    event_id: string;
  }>;
  return new Set(rows.map((r) => r.event_id));
}

export function upsertFeedbackEvents(
  db: SqliteDatabase,
  events: readonly StoredFeedbackEvent[],
  options: { file: string | null; source?: RowSource; replace?: boolean },
): number {
  if (events.length === 0) return 0;
  const source = options.source ?? 'scan';
  // `replace`: the caller already decided ownership (the scan writes only events of invocations its file owns).
  const unless = options.replace
    ? ''
    : " WHERE feedback_events.source = 'import' OR feedback_events.file IS NULL OR excluded.file <= feedback_events.file";
  const conflict =
    source === 'import'
      ? 'DO NOTHING'
      : `DO UPDATE SET timestamp = excluded.timestamp, ts_ms = excluded.ts_ms, session_id = excluded.session_id, skill_id = excluded.skill_id,
         invocation_uuid = excluded.invocation_uuid, outcome = excluded.outcome, confidence = excluded.confidence,
         correction_type = excluded.correction_type, dimension_hint = excluded.dimension_hint, turns_to_feedback = excluded.turns_to_feedback,
         event_json = excluded.event_json, file = excluded.file, source = excluded.source${unless}`;
  const statement = cachedStatement(
    db,
    `INSERT INTO feedback_events (event_id, timestamp, ts_ms, session_id, skill_id, invocation_uuid, outcome,
    confidence, correction_type, dimension_hint, turns_to_feedback, event_json, file, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (event_id) ${conflict}`,
  );
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

/** The WHERE clause (` WHERE …` or '') and parameters of a query on `skill_id` and `ts_ms`. */
function whereOf(query: EventQuery): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (query.skillId !== undefined) {
    clauses.push('skill_id = ?');
    params.push(query.skillId);
  }
  if (query.since) {
    clauses.push('ts_ms >= ?');
    params.push(query.since.getTime());
  }
  return { where: clauses.length ? ` WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Stored feedback events, oldest first (timestamp, then event_id), exactly as they were produced. */
export function loadStoredFeedbackEvents(db: SqliteDatabase, query: EventQuery = {}): StoredFeedbackEvent[] {
  const { where, params } = whereOf(query);
  const rows = db.prepare(`SELECT event_json FROM feedback_events${where} ORDER BY ts_ms, timestamp, event_id`).all(...params) as Array<{
    event_json: string;
  }>;
  return rows.map((row) => JSON.parse(row.event_json) as StoredFeedbackEvent);
}

/** An `invocations` table row, as the invocation columns come back from SQLite. */
export interface InvocationRow {
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
  const { where, params } = whereOf(query);
  const rows = db
    .prepare(
      `SELECT invocation_uuid, session_id, skill_id, trigger, args, timestamp, failed, failure_reason, skill_version, file FROM invocations${where} ORDER BY ts_ms, timestamp, invocation_uuid, skill_id`,
    )
    .all(...params) as InvocationRow[];
  return rows.map(invocationFromRow);
}

/** An invocation row in the `skillpulse invocations --json` shape. */
export function invocationFromRow(row: InvocationRow): SkillInvocation {
  return {
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
  };
}

/** Invocation counts per skill (all triggers; failed ones counted separately). */
export function invocationCountsBySkill(db: SqliteDatabase): Map<string, { invocations: number; failed: number; lastUsed: string | null }> {
  const rows = db
    .prepare('SELECT skill_id, COUNT(*) AS n, SUM(failed) AS failed, MAX(timestamp) AS last FROM invocations GROUP BY skill_id')
    .all() as Array<{ skill_id: string; n: number; failed: number | null; last: string | null }>;
  return new Map(rows.map((row) => [row.skill_id, { invocations: Number(row.n), failed: Number(row.failed ?? 0), lastUsed: row.last }]));
}
