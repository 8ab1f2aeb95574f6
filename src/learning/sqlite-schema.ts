/**
 * The learning system's tables in the skillpulse store (schema module `learning`).
 * Rows keep insertion order through SQLite's rowid; upserts keep the row (and so its position).
 */
import type { SchemaModule } from '../store/database.js';

export const LEARNING_SCHEMA: SchemaModule = {
  name: 'learning',
  migrations: [
    {
      version: 1,
      description: 'feedback events, errors, decomposition patterns, pattern maturity and maturity feedback',
      up(db) {
        db.exec(`
          CREATE TABLE learning_feedback (
            id TEXT NOT NULL UNIQUE,
            criterion TEXT NOT NULL,
            type TEXT NOT NULL CHECK (type IN ('helpful', 'harmful', 'neutral')),
            timestamp TEXT NOT NULL,
            raw_value REAL NOT NULL,
            bead_id TEXT,
            context TEXT
          );
          CREATE INDEX learning_feedback_criterion ON learning_feedback (criterion);
          CREATE INDEX learning_feedback_bead ON learning_feedback (bead_id);

          CREATE TABLE learning_errors (
            id TEXT NOT NULL UNIQUE,
            bead_id TEXT NOT NULL,
            error_type TEXT NOT NULL CHECK (error_type IN ('validation', 'timeout', 'conflict', 'tool_failure', 'unknown')),
            message TEXT NOT NULL,
            stack_trace TEXT,
            tool_name TEXT,
            context TEXT,
            timestamp TEXT NOT NULL,
            resolved INTEGER NOT NULL DEFAULT 0 CHECK (resolved IN (0, 1))
          );
          CREATE INDEX learning_errors_bead ON learning_errors (bead_id);

          CREATE TABLE learning_patterns (
            id TEXT NOT NULL UNIQUE,
            content TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('pattern', 'anti_pattern')),
            is_negative INTEGER NOT NULL CHECK (is_negative IN (0, 1)),
            success_count INTEGER NOT NULL CHECK (success_count >= 0),
            failure_count INTEGER NOT NULL CHECK (failure_count >= 0),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            reason TEXT,
            tags TEXT NOT NULL DEFAULT '[]',
            example_beads TEXT NOT NULL DEFAULT '[]'
          );

          CREATE TABLE learning_maturity (
            pattern_id TEXT NOT NULL UNIQUE,
            state TEXT NOT NULL CHECK (state IN ('candidate', 'established', 'proven', 'deprecated')),
            helpful_count INTEGER NOT NULL,
            harmful_count INTEGER NOT NULL,
            last_validated TEXT NOT NULL,
            promoted_at TEXT,
            deprecated_at TEXT,
            deprecation_reason TEXT
          );
          CREATE INDEX learning_maturity_state ON learning_maturity (state);

          CREATE TABLE learning_maturity_feedback (
            pattern_id TEXT NOT NULL,
            type TEXT NOT NULL CHECK (type IN ('helpful', 'harmful')),
            timestamp TEXT NOT NULL,
            weight REAL NOT NULL CHECK (weight >= 0 AND weight <= 1)
          );
          CREATE INDEX learning_maturity_feedback_pattern ON learning_maturity_feedback (pattern_id);
        `);
      },
    },
  ],
};
