/**
 * Schema module `events`: what scanning transcripts produces, kept so that usage and feedback
 * history survive Claude Code deleting transcripts after 30 days.
 *
 * - `invocations`: every skill invocation found (classified or not, nested and failed ones too),
 *   keyed by (invocation_uuid, skill_id).
 * - `feedback_events`: implicit feedback events in the feedback.jsonl schema, keyed by event_id
 *   (upserted, so re-judging an open window or re-reading a file never duplicates). `event_json`
 *   keeps the event exactly as produced, so fields added later survive a round trip.
 * - `scan_cursors`: one row per transcript file: identity (dev, ino), size and mtime at the last
 *   read, the byte offset up to which lines were consumed, a hash of the bytes before that offset,
 *   and the resumable state (open influence windows, tool names) as JSON.
 *
 * Version 2 keeps each invocation's judgement beside it, so reports read the store instead of
 * re-reading transcripts: outcome (`none` included), correction type, confidence, deciding turn,
 * dimension, the rule and reason that decided, whether the window is complete, the time of the
 * deciding human turn (`reaction_at`, the time maturity evidence counts from) and the redacted
 * ≤200-character snippet — never any other transcript text. It also records where an invocation
 * sits (file rank, conversation, order on its line) so the store reproduces the order of a direct
 * read, and whether each scanned file holds a main-thread session. Upgrading a v1 store fills the
 * judgement from its stored events (rule `unrecorded`) and invalidates every cursor, so the next
 * scan re-reads the transcripts that still exist and judges them fully; rows of deleted
 * transcripts keep the v1 facts.
 */
import { dirname } from 'node:path';
import { eventId } from '../feedback/event.js';
import { classifyTranscriptPath } from '../transcripts/discovery.js';
import type { SchemaModule, SqliteDatabase } from './database.js';

/** Rank of a transcript file when the same record was replayed into several: main threads first. */
export function fileRank(kind: 'session' | 'subagent'): number {
  return kind === 'subagent' ? 1 : 0;
}

function pathKind(file: string): 'session' | 'subagent' {
  return classifyTranscriptPath(file, dirname(file)).kind;
}

function migrateToV2(db: SqliteDatabase): void {
  const columns = [
    'file_rank INTEGER NOT NULL DEFAULT 0',
    'conv_order INTEGER NOT NULL DEFAULT 0',
    'line_rank INTEGER NOT NULL DEFAULT 0',
    'event_id TEXT',
    'outcome TEXT',
    'correction_type TEXT',
    'confidence REAL',
    'turns_to_feedback INTEGER',
    'dimension_hint TEXT',
    'rule TEXT',
    'reason TEXT',
    'complete INTEGER',
    'reaction_at TEXT',
    'reaction_ms INTEGER',
    'snippet TEXT',
  ];
  for (const column of columns) db.exec(`ALTER TABLE invocations ADD COLUMN ${column}`);
  db.exec('ALTER TABLE scan_cursors ADD COLUMN main_thread INTEGER NOT NULL DEFAULT 1');
  const rows = db.prepare('SELECT rowid AS id, invocation_uuid, skill_id, file FROM invocations').all() as Array<{
    id: number;
    invocation_uuid: string;
    skill_id: string;
    file: string;
  }>;
  const setKey = db.prepare('UPDATE invocations SET event_id = ?, file_rank = ? WHERE rowid = ?');
  for (const row of rows) setKey.run(eventId(row.invocation_uuid, row.skill_id), fileRank(pathKind(row.file)), row.id);
  const cursors = db.prepare('SELECT path FROM scan_cursors').all() as Array<{ path: string }>;
  const setMain = db.prepare('UPDATE scan_cursors SET main_thread = ? WHERE path = ?');
  for (const cursor of cursors) setMain.run(pathKind(cursor.path) === 'session' ? 1 : 0, cursor.path);
  // What v1 knew: the event of every judged invocation; windowed invocations without one had no reaction.
  db.exec(`UPDATE invocations SET outcome = fe.outcome, correction_type = fe.correction_type, confidence = fe.confidence,
    turns_to_feedback = fe.turns_to_feedback, dimension_hint = fe.dimension_hint,
    snippet = json_extract(fe.event_json, '$.user_message_snippet')
    FROM feedback_events AS fe WHERE fe.event_id = invocations.event_id`);
  db.exec(`UPDATE invocations SET outcome = 'none' WHERE outcome IS NULL AND trigger <> 'nested' AND failed = 0`);
  db.exec(`UPDATE invocations SET rule = 'unrecorded', reason = 'judged by an older skillpulse (store schema v1) that did not record the rule',
    complete = 1, snippet = coalesce(snippet, '') WHERE outcome IS NOT NULL`);
  // Every cursor is invalidated (window setting 0 never matches), so files that still exist are re-read in full.
  db.exec(`UPDATE scan_cursors SET state = json_set(state, '$.windowTurns', 0)`);
  db.exec('CREATE INDEX invocations_event ON invocations (event_id)');
}

export const eventsSchema: SchemaModule = {
  name: 'events',
  migrations: [
    {
      version: 1,
      description: 'invocations, feedback_events and scan_cursors',
      up(db) {
        db.exec(`CREATE TABLE invocations (
          invocation_uuid TEXT NOT NULL,
          skill_id TEXT NOT NULL,
          session_id TEXT NOT NULL,
          trigger TEXT NOT NULL,
          args TEXT,
          timestamp TEXT NOT NULL,
          ts_ms INTEGER,
          failed INTEGER NOT NULL DEFAULT 0,
          failure_reason TEXT,
          skill_version TEXT,
          file TEXT NOT NULL,
          line INTEGER,
          source TEXT NOT NULL DEFAULT 'scan',
          PRIMARY KEY (invocation_uuid, skill_id)
        )`);
        db.exec('CREATE INDEX invocations_skill_ts ON invocations (skill_id, ts_ms)');
        db.exec('CREATE INDEX invocations_file ON invocations (file)');
        db.exec(`CREATE TABLE feedback_events (
          event_id TEXT PRIMARY KEY,
          timestamp TEXT NOT NULL,
          ts_ms INTEGER,
          session_id TEXT NOT NULL,
          skill_id TEXT NOT NULL,
          invocation_uuid TEXT NOT NULL,
          outcome TEXT NOT NULL,
          confidence REAL NOT NULL,
          correction_type TEXT,
          dimension_hint TEXT,
          turns_to_feedback INTEGER,
          event_json TEXT NOT NULL,
          file TEXT,
          source TEXT NOT NULL DEFAULT 'scan'
        )`);
        db.exec('CREATE INDEX feedback_events_skill_ts ON feedback_events (skill_id, ts_ms)');
        db.exec(`CREATE TABLE scan_cursors (
          path TEXT PRIMARY KEY,
          dev INTEGER NOT NULL,
          ino INTEGER NOT NULL,
          size INTEGER NOT NULL,
          mtime_ms REAL NOT NULL,
          offset INTEGER NOT NULL,
          next_line INTEGER NOT NULL,
          tail_hash TEXT NOT NULL,
          state TEXT NOT NULL,
          scanned_at TEXT NOT NULL
        )`);
      },
    },
    {
      version: 2,
      description:
        'judgement of every windowed invocation (outcome incl. none, rule, reason, reaction time, snippet), order keys, main-thread files',
      up: migrateToV2,
    },
  ],
};
