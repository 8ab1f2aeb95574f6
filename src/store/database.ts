/**
 * The embedded SQLite store: opening, pragmas, transactions and versioned migrations.
 *
 * Schema versioning is per *module*: each concern (events, cursors, explicit feedback, learning…)
 * owns its tables and a list of migrations numbered 1..n, recorded in `schema_modules`. Opening a
 * store runs the missing migrations of every module passed in, inside one IMMEDIATE transaction,
 * so two processes opening an old store at once upgrade it exactly once. A store whose recorded
 * version of a module is newer than this build knows is refused with a clear message; modules
 * this build does not know at all are left alone (their tables are not ours to read).
 */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type LibsqlDatabase from 'libsql';
import { SkillpulseError } from '../errors.js';
import { makeDirs } from '../make-dirs.js';

// libsql is CommonJS with a native binding: `require` loads it without the ESM loader's CommonJS
// translation (which parses its source for export names), ~5 ms less at every start-up.
const Database = createRequire(import.meta.url)('libsql') as typeof LibsqlDatabase;

export type SqliteDatabase = InstanceType<typeof LibsqlDatabase>;

export interface Migration {
  /** 1-based, contiguous within its module. */
  version: number;
  description: string;
  up(db: SqliteDatabase): void;
}

export interface SchemaModule {
  /** Stable module name, e.g. `events`, `explicit_feedback`, `learning`. */
  name: string;
  migrations: readonly Migration[];
}

export interface OpenStoreOptions {
  /** Schema modules to create or upgrade. */
  modules: readonly SchemaModule[];
  /** Milliseconds to wait for another process's write lock before failing (default 10 s). */
  busyTimeoutMs?: number;
}

/** Where the global store lives: `--db` > `$SKILLPULSE_HOME/skillpulse.db` > `~/.skillpulse/skillpulse.db`. */
export function resolveStorePath(options: { db?: string | undefined; env: NodeJS.ProcessEnv; cwd: string }): string {
  if (options.db) return resolve(options.cwd, options.db);
  return join(skillpulseHome(options.env, options.cwd), 'skillpulse.db');
}

/** The skillpulse home folder: `$SKILLPULSE_HOME`, else `~/.skillpulse`. */
export function skillpulseHome(env: NodeJS.ProcessEnv, cwd: string): string {
  if (env.SKILLPULSE_HOME) return resolve(cwd, env.SKILLPULSE_HOME);
  const home = env.HOME ?? env.USERPROFILE;
  if (!home) {
    throw new SkillpulseError('CONFIG', 'cannot locate the home folder (HOME is not set)', {
      hint: 'set SKILLPULSE_HOME or pass --db FILE',
    });
  }
  return join(home, '.skillpulse');
}

/** Opens (creating when absent) a store file and brings every given module up to date. */
export function openDatabase(path: string, options: OpenStoreOptions): SqliteDatabase {
  if (path !== ':memory:') {
    try {
      makeDirs(dirname(path), 0o700);
    } catch (error) {
      throw new SkillpulseError('STORE', `cannot create the store folder ${dirname(path)}: ${(error as Error).message}`, { cause: error });
    }
  }
  let db: SqliteDatabase;
  try {
    db = new Database(path);
  } catch (error) {
    throw storeError(path, error);
  }
  try {
    const busyTimeoutMs = Math.max(0, Math.trunc(options.busyTimeoutMs ?? 10_000));
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`);
    if (path !== ':memory:') retryWhileBusy(() => db.exec('PRAGMA journal_mode = WAL'), busyTimeoutMs);
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, path, options.modules);
  } catch (error) {
    db.close();
    if (error instanceof SkillpulseError) throw error;
    throw storeError(path, error);
  }
  return db;
}

/**
 * Runs `step`, again while SQLite answers SQLITE_BUSY, for up to `timeoutMs`. Switching a new file
 * to WAL needs an exclusive lock, and when several processes open a fresh store at once SQLite may
 * refuse it at once instead of calling the busy handler (it does so where waiting could deadlock),
 * so `busy_timeout` alone does not cover the first open: three processes opening one new store
 * together failed 8 times in 120 before this retry, 0 after.
 */
export function retryWhileBusy(step: () => void, timeoutMs: number, sleep: (ms: number) => void = sleepSync): void {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 100)) {
    try {
      step();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      sleep(wait);
    }
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function storeError(path: string, error: unknown): SkillpulseError {
  const code = (error as { code?: string }).code;
  if (code === 'SQLITE_NOTADB') {
    return new SkillpulseError('STORE', 'is not a skillpulse store (not an SQLite database); it was left untouched', {
      file: path,
      cause: error,
      hint: 'pass --db with another file',
    });
  }
  if (code === 'SQLITE_BUSY') {
    return new SkillpulseError('STORE', 'the store is busy: another skillpulse process holds its write lock', { file: path, cause: error });
  }
  return new SkillpulseError('STORE', `cannot use the store: ${(error as Error).message}`, { file: path, cause: error });
}

/**
 * First row of a query, or undefined. Use this instead of `Statement.get()`: libsql's `get()` adds
 * an enumerable `_metadata` key to the row (which would leak into JSON output) and ignores `pluck()`.
 */
export function queryOne<T>(db: SqliteDatabase, sql: string, ...params: unknown[]): T | undefined {
  return db.prepare(sql).all(...params)[0] as T | undefined;
}

/** First column of the first row, or undefined. */
export function queryValue<T>(db: SqliteDatabase, sql: string, ...params: unknown[]): T | undefined {
  const row = db
    .prepare(sql)
    .raw(true)
    .all(...params)[0] as unknown[] | undefined;
  return row?.[0] as T | undefined;
}

/** Recorded schema versions by module name. */
export function schemaVersions(db: SqliteDatabase): Map<string, number> {
  const rows = db.prepare('SELECT module, version FROM schema_modules').all() as Array<{ module: string; version: number }>;
  return new Map(rows.map((row) => [row.module, Number(row.version)]));
}

function migrate(db: SqliteDatabase, path: string, modules: readonly SchemaModule[]): void {
  for (const module of modules) checkMigrationList(module);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_modules (
    module TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  )`);
  const pending = (): boolean => {
    const current = schemaVersions(db);
    for (const module of modules) {
      const have = current.get(module.name) ?? 0;
      const latest = module.migrations.length;
      if (have > latest) {
        throw new SkillpulseError(
          'STORE_VERSION',
          `was written by a newer skillpulse (schema "${module.name}" version ${have}; this version knows up to ${latest}); it was left untouched`,
          { file: path, hint: 'upgrade skillpulse, or pass --db with another file' },
        );
      }
    }
    return modules.some((module) => (current.get(module.name) ?? 0) < module.migrations.length);
  };
  if (!pending()) return;
  withTransaction(db, () => {
    // Re-read inside the write lock: another process may have migrated meanwhile.
    pending();
    const current = schemaVersions(db);
    const record = db.prepare(
      'INSERT INTO schema_modules (module, version, updated_at) VALUES (?, ?, ?) ON CONFLICT(module) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at',
    );
    for (const module of modules) {
      const have = current.get(module.name) ?? 0;
      for (const migration of module.migrations.slice(have)) {
        migration.up(db);
        record.run(module.name, migration.version, new Date().toISOString());
      }
    }
  });
}

function checkMigrationList(module: SchemaModule): void {
  module.migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new SkillpulseError('INTERNAL', `schema module "${module.name}": migration #${index + 1} is numbered ${migration.version}`);
    }
  });
}

/**
 * Runs `fn` in a transaction (BEGIN IMMEDIATE by default, so the write lock is taken up front and
 * concurrent writers wait for `busy_timeout` instead of failing mid-way). Nested calls use a
 * savepoint. Commits on return, rolls back on throw.
 */
export function withTransaction<T>(db: SqliteDatabase, fn: () => T, mode: 'IMMEDIATE' | 'DEFERRED' | 'EXCLUSIVE' = 'IMMEDIATE'): T {
  if (db.inTransaction) {
    const name = `sp_${savepointCounter++}`;
    db.exec(`SAVEPOINT ${name}`);
    try {
      const result = fn();
      db.exec(`RELEASE ${name}`);
      return result;
    } catch (error) {
      db.exec(`ROLLBACK TO ${name}`);
      db.exec(`RELEASE ${name}`);
      throw error;
    }
  }
  db.exec(`BEGIN ${mode}`);
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

let savepointCounter = 0;
