import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillpulseError } from '../errors.js';
import {
  openDatabase,
  queryOne,
  queryValue,
  resolveStorePath,
  retryWhileBusy,
  type SchemaModule,
  schemaVersions,
  withTransaction,
} from './database.js';

const v1: SchemaModule = {
  name: 'things',
  migrations: [{ version: 1, description: 'things table', up: (db) => db.exec('CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT)') }],
};
const v2: SchemaModule = {
  name: 'things',
  migrations: [
    ...v1.migrations,
    { version: 2, description: 'colour column', up: (db) => db.exec("ALTER TABLE things ADD COLUMN colour TEXT NOT NULL DEFAULT 'red'") },
  ],
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-db-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('openDatabase', () => {
  it('creates the file in WAL mode and records module versions', () => {
    const db = openDatabase(join(dir, 'nested', 'store.db'), { modules: [v1] });
    expect(queryValue(db, 'PRAGMA journal_mode')).toBe('wal');
    expect(queryOne(db, 'SELECT 1 AS one')).toEqual({ one: 1 });
    expect(schemaVersions(db).get('things')).toBe(1);
    db.close();
  });

  it('upgrades an older store in place, keeping its rows', () => {
    const path = join(dir, 'store.db');
    const old = openDatabase(path, { modules: [v1] });
    old.prepare('INSERT INTO things (name) VALUES (?)').run('kept');
    old.close();
    const db = openDatabase(path, { modules: [v2] });
    expect(db.prepare('SELECT name, colour FROM things').all()).toEqual([{ name: 'kept', colour: 'red' }]);
    expect(schemaVersions(db).get('things')).toBe(2);
    db.close();
  });

  it('refuses a store written by a newer version and leaves it untouched', () => {
    const path = join(dir, 'store.db');
    openDatabase(path, { modules: [v2] }).close();
    const before = readFileSync(path);
    let error: unknown;
    try {
      openDatabase(path, { modules: [v1] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SkillpulseError);
    expect((error as SkillpulseError).code).toBe('STORE_VERSION');
    expect((error as SkillpulseError).message).toContain('newer skillpulse');
    expect(readFileSync(path)).toEqual(before);
  });

  it('refuses a file that is not a database, naming it, and does not modify it', () => {
    const path = join(dir, 'notes.txt');
    writeFileSync(path, 'my precious notes, not a database at all\n'.repeat(200));
    expect(() => openDatabase(path, { modules: [v1] })).toThrow(/not a skillpulse store/);
    expect(readFileSync(path, 'utf8')).toBe('my precious notes, not a database at all\n'.repeat(200));
  });

  it('rejects a migration list with gaps (a programming error)', () => {
    const broken: SchemaModule = { name: 'bad', migrations: [{ version: 2, description: 'x', up: () => {} }] };
    expect(() => openDatabase(':memory:', { modules: [broken] })).toThrow(/numbered 2/);
  });
});

describe('withTransaction', () => {
  it('rolls back on error, including nested savepoints, and commits on success', () => {
    const db = openDatabase(':memory:', { modules: [v1] });
    const insert = db.prepare('INSERT INTO things (name) VALUES (?)');
    expect(() =>
      withTransaction(db, () => {
        insert.run('a');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    withTransaction(db, () => {
      insert.run('outer');
      expect(() =>
        withTransaction(db, () => {
          insert.run('inner');
          throw new Error('inner boom');
        }),
      ).toThrow('inner boom');
    });
    expect(db.prepare('SELECT name FROM things').all()).toEqual([{ name: 'outer' }]);
    db.close();
  });
});

describe('resolveStorePath', () => {
  it('prefers --db, then SKILLPULSE_HOME, then ~/.skillpulse', () => {
    expect(resolveStorePath({ db: 'x.db', env: { HOME: '/h' }, cwd: '/w' })).toBe('/w/x.db');
    expect(resolveStorePath({ env: { HOME: '/h', SKILLPULSE_HOME: '/sp' }, cwd: '/w' })).toBe('/sp/skillpulse.db');
    expect(resolveStorePath({ env: { HOME: '/h' }, cwd: '/w' })).toBe('/h/.skillpulse/skillpulse.db');
    expect(() => resolveStorePath({ env: {}, cwd: '/w' })).toThrow(/HOME/);
  });
});

describe('retryWhileBusy (switching a fresh store to WAL while other processes open it)', () => {
  const busy = () => Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

  it('tries again while SQLite answers SQLITE_BUSY, backing off, until the step succeeds', () => {
    let calls = 0;
    const sleeps: number[] = [];
    retryWhileBusy(
      () => {
        calls++;
        if (calls < 5) throw busy();
      },
      10_000,
      (ms) => sleeps.push(ms),
    );
    expect(calls).toBe(5);
    expect(sleeps).toEqual([2, 4, 8, 16]);
  });

  it('rethrows any other error at once, and SQLITE_BUSY itself once the timeout has passed', () => {
    const other = Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    let calls = 0;
    expect(() =>
      retryWhileBusy(
        () => {
          calls++;
          throw other;
        },
        10_000,
        () => {},
      ),
    ).toThrow(other);
    expect(calls).toBe(1);
    expect(() =>
      retryWhileBusy(
        () => {
          throw busy();
        },
        0,
        () => {},
      ),
    ).toThrow('database is locked');
  });
});
