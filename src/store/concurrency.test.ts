import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot, runChild } from '../../test/support/child.js';
import { queryValue } from './database.js';
import { openStore } from './store.js';

const repo = repoRoot;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-conc-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('two processes writing at once', () => {
  it('loses and doubles nothing, including the first-open migration race', async () => {
    const path = join(dir, 'shared.db');
    const script = join(repo, 'test', 'fixtures', 'store', 'record-many.ts');
    const results = await Promise.all([runChild(script, [path, 'alpha', '150']), runChild(script, [path, 'beta', '150'])]);
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0 });
    const db = openStore(path);
    expect(queryValue(db, 'SELECT COUNT(*) FROM explicit_feedback')).toBe(300);
    expect(queryValue(db, 'SELECT COUNT(DISTINCT id) FROM explicit_feedback')).toBe(300);
    expect(queryValue(db, "SELECT COUNT(*) FROM explicit_feedback WHERE skill_name = 'alpha'")).toBe(150);
    expect(queryValue(db, "SELECT version FROM schema_modules WHERE module = 'explicit_feedback'")).toBe(2);
    db.close();
  });
});
