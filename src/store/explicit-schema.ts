/**
 * Schema module `explicit_feedback`: verdicts people (or agents on their behalf) record after
 * using a skill, as the Skillix sx-feedback tool does (`success` / `failure` / `partial`).
 *
 * Timestamps are kept verbatim (`timestamp`, as recorded or imported) and as epoch milliseconds
 * (`ts_ms`) for filtering and ordering. Ties in time keep insertion order (rowid), which is the
 * order of the original's file.
 *
 * v2 adds `source`: `cli` (recorded here), `mcp`, or `import:<file>` for records read from an
 * sx-feedback `feedbacks.json` or a skillpulse export. Rows of a v1 store become `cli`.
 */
import type { SchemaModule } from './database.js';

export const explicitFeedbackSchema: SchemaModule = {
  name: 'explicit_feedback',
  migrations: [
    {
      version: 1,
      description: 'explicit_feedback table',
      up(db) {
        db.exec(`CREATE TABLE explicit_feedback (
          id TEXT PRIMARY KEY,
          skill_name TEXT NOT NULL,
          result TEXT NOT NULL CHECK (result IN ('success', 'failure', 'partial')),
          task TEXT,
          notes TEXT,
          timestamp TEXT NOT NULL,
          ts_ms INTEGER NOT NULL
        )`);
        db.exec('CREATE INDEX explicit_feedback_skill_ts ON explicit_feedback (skill_name, ts_ms)');
      },
    },
    {
      version: 2,
      description: 'where each record came from (cli, mcp, or the imported file)',
      up(db) {
        db.exec(`ALTER TABLE explicit_feedback ADD COLUMN source TEXT NOT NULL DEFAULT 'cli'`);
      },
    },
  ],
};
