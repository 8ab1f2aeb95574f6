/**
 * Prepared statements kept per database connection, keyed by their SQL text. The scan commits one
 * transaction per file with the same handful of statements; preparing them once per connection
 * instead of once per file saves ~12k `prepare` calls on a cold scan of 2,000 files. SQLite
 * re-prepares a cached statement by itself when the schema changes; the cache goes with the
 * connection object.
 */
import type { SqliteDatabase } from './database.js';

/** The part of a prepared statement the store uses (positional parameters). */
export interface CachedStatement {
  run(...params: unknown[]): { changes: number | bigint };
  all(...params: unknown[]): unknown[];
}

const caches = new WeakMap<SqliteDatabase, Map<string, CachedStatement>>();

/** `db.prepare(sql)`, prepared once per connection. */
export function cachedStatement(db: SqliteDatabase, sql: string): CachedStatement {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    statement = db.prepare(sql) as CachedStatement;
    cache.set(sql, statement);
  }
  return statement;
}
