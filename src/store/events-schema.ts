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
 */
import type { SchemaModule } from './database.js';

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
  ],
};
