/**
 * The learning storage on the skillpulse SQLite store. The methods are async to match the
 * interfaces; the work underneath is synchronous (libsql), so a call has finished when its promise
 * resolves.
 */
import { openDatabase, type SqliteDatabase } from '../store/database.js';
import { LEARNING_SCHEMA } from './sqlite-schema.js';
import type { ErrorStorage, FeedbackStorage, LearningStorage, MaturityStorage, PatternStorage } from './storage.js';
import type {
  DecompositionPattern,
  ErrorEntry,
  ErrorType,
  FeedbackEvent,
  MaturityFeedback,
  MaturityState,
  PatternMaturity,
} from './types.js';

type Row = Record<string, unknown>;

/** Copies the non-null optional columns of a row onto a record. */
function withOptional<T extends object>(record: T, row: Row, keys: readonly string[]): T {
  for (const key of keys) {
    const value = row[key];
    if (value !== null && value !== undefined) (record as Row)[key] = value;
  }
  return record;
}

function parseList(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export class SqliteFeedbackStorage implements FeedbackStorage {
  constructor(private readonly db: SqliteDatabase) {}

  async store(event: FeedbackEvent): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO learning_feedback (id, criterion, type, timestamp, raw_value, bead_id, context) VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET criterion = excluded.criterion, type = excluded.type, timestamp = excluded.timestamp,
           raw_value = excluded.raw_value, bead_id = excluded.bead_id, context = excluded.context`,
      )
      .run(event.id, event.criterion, event.type, event.timestamp, event.raw_value, event.bead_id ?? null, event.context ?? null);
  }
  async getByCriterion(criterion: string): Promise<FeedbackEvent[]> {
    return this.select('WHERE criterion = ?', criterion);
  }
  async getByBead(beadId: string): Promise<FeedbackEvent[]> {
    return this.select('WHERE bead_id = ?', beadId);
  }
  async getAll(): Promise<FeedbackEvent[]> {
    return this.select('');
  }
  private select(where: string, ...params: unknown[]): FeedbackEvent[] {
    const rows = this.db.prepare(`SELECT * FROM learning_feedback ${where} ORDER BY rowid`).all(...params) as Row[];
    return rows.map((row) =>
      withOptional<FeedbackEvent>(
        {
          id: String(row.id),
          criterion: String(row.criterion),
          type: row.type as FeedbackEvent['type'],
          timestamp: String(row.timestamp),
          raw_value: Number(row.raw_value),
        },
        row,
        ['bead_id', 'context'],
      ),
    );
  }
}

export class SqliteErrorStorage implements ErrorStorage {
  constructor(private readonly db: SqliteDatabase) {}

  async store(entry: ErrorEntry): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO learning_errors (id, bead_id, error_type, message, stack_trace, tool_name, context, timestamp, resolved)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET bead_id = excluded.bead_id, error_type = excluded.error_type, message = excluded.message,
           stack_trace = excluded.stack_trace, tool_name = excluded.tool_name, context = excluded.context,
           timestamp = excluded.timestamp, resolved = excluded.resolved`,
      )
      .run(
        entry.id,
        entry.bead_id,
        entry.error_type,
        entry.message,
        entry.stack_trace ?? null,
        entry.tool_name ?? null,
        entry.context ?? null,
        entry.timestamp,
        entry.resolved ? 1 : 0,
      );
  }
  async getByBead(beadId: string): Promise<ErrorEntry[]> {
    return this.select('WHERE bead_id = ?', beadId);
  }
  async getUnresolvedByBead(beadId: string): Promise<ErrorEntry[]> {
    return this.select('WHERE bead_id = ? AND resolved = 0', beadId);
  }
  async markResolved(id: string): Promise<boolean> {
    return this.db.prepare('UPDATE learning_errors SET resolved = 1 WHERE id = ?').run(id).changes > 0;
  }
  async getAll(): Promise<ErrorEntry[]> {
    return this.select('');
  }
  private select(where: string, ...params: unknown[]): ErrorEntry[] {
    const rows = this.db.prepare(`SELECT * FROM learning_errors ${where} ORDER BY rowid`).all(...params) as Row[];
    return rows.map((row) =>
      withOptional<ErrorEntry>(
        {
          id: String(row.id),
          bead_id: String(row.bead_id),
          error_type: row.error_type as ErrorType,
          message: String(row.message),
          timestamp: String(row.timestamp),
          resolved: Number(row.resolved) === 1,
        },
        row,
        ['stack_trace', 'tool_name', 'context'],
      ),
    );
  }
}

export class SqlitePatternStorage implements PatternStorage {
  constructor(private readonly db: SqliteDatabase) {}

  async store(p: DecompositionPattern): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO learning_patterns (id, content, kind, is_negative, success_count, failure_count, created_at, updated_at, reason, tags, example_beads)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET content = excluded.content, kind = excluded.kind, is_negative = excluded.is_negative,
           success_count = excluded.success_count, failure_count = excluded.failure_count, created_at = excluded.created_at,
           updated_at = excluded.updated_at, reason = excluded.reason, tags = excluded.tags, example_beads = excluded.example_beads`,
      )
      .run(
        p.id,
        p.content,
        p.kind,
        p.is_negative ? 1 : 0,
        p.success_count,
        p.failure_count,
        p.created_at,
        p.updated_at,
        p.reason ?? null,
        JSON.stringify(p.tags),
        JSON.stringify(p.example_beads),
      );
  }
  async get(id: string): Promise<DecompositionPattern | null> {
    return this.select('WHERE id = ?', id)[0] ?? null;
  }
  async getAll(): Promise<DecompositionPattern[]> {
    return this.select('');
  }
  async getAntiPatterns(): Promise<DecompositionPattern[]> {
    return this.select("WHERE kind = 'anti_pattern'");
  }
  async getByTag(tag: string): Promise<DecompositionPattern[]> {
    return this.select('WHERE EXISTS (SELECT 1 FROM json_each(learning_patterns.tags) WHERE json_each.value = ?)', tag);
  }
  async findByContent(content: string): Promise<DecompositionPattern[]> {
    // instr on lower() is a plain substring test (LIKE would treat % and _ as wildcards).
    return this.select('WHERE instr(lower(content), lower(?)) > 0', content);
  }
  private select(where: string, ...params: unknown[]): DecompositionPattern[] {
    const rows = this.db.prepare(`SELECT * FROM learning_patterns ${where} ORDER BY rowid`).all(...params) as Row[];
    return rows.map((row) =>
      withOptional<DecompositionPattern>(
        {
          id: String(row.id),
          content: String(row.content),
          kind: row.kind as DecompositionPattern['kind'],
          is_negative: Number(row.is_negative) === 1,
          success_count: Number(row.success_count),
          failure_count: Number(row.failure_count),
          created_at: String(row.created_at),
          updated_at: String(row.updated_at),
          tags: parseList(row.tags),
          example_beads: parseList(row.example_beads),
        },
        row,
        ['reason'],
      ),
    );
  }
}

export class SqliteMaturityStorage implements MaturityStorage {
  constructor(private readonly db: SqliteDatabase) {}

  async store(m: PatternMaturity): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO learning_maturity (pattern_id, state, helpful_count, harmful_count, last_validated, promoted_at, deprecated_at, deprecation_reason)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(pattern_id) DO UPDATE SET state = excluded.state, helpful_count = excluded.helpful_count,
           harmful_count = excluded.harmful_count, last_validated = excluded.last_validated, promoted_at = excluded.promoted_at,
           deprecated_at = excluded.deprecated_at, deprecation_reason = excluded.deprecation_reason`,
      )
      .run(
        m.pattern_id,
        m.state,
        m.helpful_count,
        m.harmful_count,
        m.last_validated,
        m.promoted_at ?? null,
        m.deprecated_at ?? null,
        m.deprecation_reason ?? null,
      );
  }
  async get(patternId: string): Promise<PatternMaturity | null> {
    return this.select('WHERE pattern_id = ?', patternId)[0] ?? null;
  }
  async getAll(): Promise<PatternMaturity[]> {
    return this.select('');
  }
  async getByState(state: MaturityState): Promise<PatternMaturity[]> {
    return this.select('WHERE state = ?', state);
  }
  async storeFeedback(f: MaturityFeedback): Promise<void> {
    this.db
      .prepare('INSERT INTO learning_maturity_feedback (pattern_id, type, timestamp, weight) VALUES (?, ?, ?, ?)')
      .run(f.pattern_id, f.type, f.timestamp, f.weight);
  }
  async getFeedback(patternId: string): Promise<MaturityFeedback[]> {
    const rows = this.db.prepare('SELECT * FROM learning_maturity_feedback WHERE pattern_id = ? ORDER BY rowid').all(patternId) as Row[];
    return rows.map((row) => ({
      pattern_id: String(row.pattern_id),
      type: row.type as MaturityFeedback['type'],
      timestamp: String(row.timestamp),
      weight: Number(row.weight),
    }));
  }
  private select(where: string, ...params: unknown[]): PatternMaturity[] {
    const rows = this.db.prepare(`SELECT * FROM learning_maturity ${where} ORDER BY rowid`).all(...params) as Row[];
    return rows.map((row) =>
      withOptional<PatternMaturity>(
        {
          pattern_id: String(row.pattern_id),
          state: row.state as MaturityState,
          helpful_count: Number(row.helpful_count),
          harmful_count: Number(row.harmful_count),
          last_validated: String(row.last_validated),
        },
        row,
        ['promoted_at', 'deprecated_at', 'deprecation_reason'],
      ),
    );
  }
}

/** The four stores over an open database (which must include the `learning` schema module). */
export function createSqliteLearningStorage(db: SqliteDatabase, options: { closeDatabase?: boolean } = {}): LearningStorage {
  return {
    feedback: new SqliteFeedbackStorage(db),
    errors: new SqliteErrorStorage(db),
    patterns: new SqlitePatternStorage(db),
    maturity: new SqliteMaturityStorage(db),
    async transaction<T>(fn: () => Promise<T>): Promise<T> {
      if (db.inTransaction) return fn();
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn();
        db.exec('COMMIT');
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => {
      if (options.closeDatabase) db.close();
    },
  };
}

/** Opens (creating or upgrading) a store file with the learning schema; `close()` closes the file. */
export function openLearningStorage(path: string): LearningStorage {
  return createSqliteLearningStorage(openDatabase(path, { modules: [LEARNING_SCHEMA] }), { closeDatabase: true });
}
