/**
 * The skillpulse store: one SQLite file holding explicit feedback, ingested invocations and
 * feedback events, and per-file scan cursors. `openStore` opens it with every schema module this
 * folder owns, so any command sees the same, fully migrated store.
 */
import { type SchemaModule, type SqliteDatabase, openDatabase } from './database.js';
import { eventsSchema } from './events-schema.js';
import { explicitFeedbackSchema } from './explicit-schema.js';

export const STORE_MODULES: readonly SchemaModule[] = [explicitFeedbackSchema, eventsSchema];

export function openStore(path: string, options: { busyTimeoutMs?: number; modules?: readonly SchemaModule[] } = {}): SqliteDatabase {
  const open: { modules: readonly SchemaModule[]; busyTimeoutMs?: number } = { modules: options.modules ?? STORE_MODULES };
  if (options.busyTimeoutMs !== undefined) open.busyTimeoutMs = options.busyTimeoutMs;
  return openDatabase(path, open);
}
