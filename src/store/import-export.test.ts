import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { SkillpulseError } from '../errors.js';
import { openDatabase, queryValue, schemaVersions } from './database.js';
import { loadStoredFeedbackEvents } from './events-store.js';
import { listExplicitFeedback } from './explicit-feedback.js';
import { explicitFeedbackSchema } from './explicit-schema.js';
import { csvField, renderExport } from './export.js';
import { expandImportPaths, importFiles } from './import.js';
import { openStore } from './store.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-import-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sxFile = {
  version: '1.0.0',
  updatedAt: '2026-11-20T10:00:00.000Z',
  feedbacks: [
    {
      id: 'fb_1763632800000_abc123',
      skillName: 'pdf-converter',
      result: 'failure',
      notes: 'pdftoppm 命令不存在',
      timestamp: '2026-11-20T10:00:00.000Z',
    },
    { id: 'fb_1763632800001_x', skillName: 'pdf-converter', result: 'success', task: '转换 PDF', timestamp: '2026-11-20T10:00:00.001Z' },
  ],
};

const event = (id: string, skill: string, ts: string, outcome = 'correction') => ({
  event_id: id,
  timestamp: ts,
  session_id: 'sess-123',
  skill_id: skill,
  invocation_uuid: `inv-${id}`,
  outcome,
  confidence: 0.9,
  correction_type: outcome === 'correction' ? 'rejection' : null,
  user_message_snippet: '不对，命名错了',
  turns_to_feedback: 1,
  ai_tools_used: [],
  dimension_hint: 'accuracy',
});

function write(name: string, content: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, content);
  return path;
}

function expectInvalid(fn: () => unknown): SkillpulseError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SkillpulseError);
    expect((error as SkillpulseError).code).toBe('INVALID_INPUT');
    return error as SkillpulseError;
  }
  throw new Error('expected an INVALID_INPUT error');
}

describe('import', () => {
  it('imports sx-feedback feedbacks.json keeping ids, and re-importing changes nothing', () => {
    const file = write('.skillix/data/feedbacks.json', JSON.stringify(sxFile, null, 2));
    const db = openStore(':memory:');
    const [first] = importFiles(db, expandImportPaths([join(dir, '.skillix')], dir));
    expect(first).toMatchObject({ file, format: 'sx-feedback-json', feedbacks: { read: 2, added: 2 } });
    const again = importFiles(db, [file]);
    expect(again[0]?.feedbacks).toEqual({ read: 2, added: 0 });
    expect(listExplicitFeedback(db)).toEqual([
      { id: 'fb_1763632800001_x', skillName: 'pdf-converter', result: 'success', task: '转换 PDF', timestamp: '2026-11-20T10:00:00.001Z' },
      {
        id: 'fb_1763632800000_abc123',
        skillName: 'pdf-converter',
        result: 'failure',
        notes: 'pdftoppm 命令不存在',
        timestamp: '2026-11-20T10:00:00.000Z',
      },
    ]);
    expect(queryValue(db, 'SELECT source FROM explicit_feedback LIMIT 1')).toBe(`import:${file}`);
  });

  it('imports feedback.jsonl with its archive, idempotently', () => {
    const main = write('store/feedback.jsonl', `${JSON.stringify(event('0ead50dd84490e7a', 'sk', '2026-11-20T10:00:00Z'))}\n\n`);
    write(
      'store/archive/feedback-20260801.jsonl',
      `${JSON.stringify(event('d62328ba0a10931b', 'cpp-expert', '2026-07-01T10:00:00Z', 'acceptance'))}\n`,
    );
    const files = expandImportPaths([main], dir);
    expect(files).toEqual([main, join(dir, 'store/archive/feedback-20260801.jsonl')]);
    const db = openStore(':memory:');
    expect(importFiles(db, files).map((r) => r.events)).toEqual([
      { read: 1, added: 1 },
      { read: 1, added: 1 },
    ]);
    expect(importFiles(db, files).map((r) => r.events.added)).toEqual([0, 0]);
    const events = loadStoredFeedbackEvents(db);
    expect(events.map((e) => e.event_id)).toEqual(['d62328ba0a10931b', '0ead50dd84490e7a']);
    expect(events[1]).toEqual(event('0ead50dd84490e7a', 'sk', '2026-11-20T10:00:00Z'));
  });

  it('reports a JSON syntax error with its line and column, imports nothing and leaves the file untouched', () => {
    const good = write('good/feedbacks.json', JSON.stringify(sxFile));
    const badText = '{\n  "version": "1.0.0",\n  "feedbacks": [\n    {"id": "a",,}\n  ]\n}\n';
    const bad = write('bad/feedbacks.json', badText);
    const db = openStore(':memory:');
    const error = expectInvalid(() => importFiles(db, [good, bad]));
    expect(error.location).toMatchObject({ file: bad, line: 4 });
    expect(error.message).toMatch(/not valid JSON \(column \d+\)/);
    expect(readFileSync(bad, 'utf8')).toBe(badText);
    expect(listExplicitFeedback(db)).toEqual([]);
  });

  it('names the JSON path of an invalid field, and rejects a file without a feedbacks array', () => {
    const broken = structuredClone(sxFile) as { feedbacks: Array<Record<string, unknown>> };
    (broken.feedbacks[1] as Record<string, unknown>).result = 'ok';
    const file = write('feedbacks.json', JSON.stringify(broken));
    expect(expectInvalid(() => importFiles(openStore(':memory:'), [file])).location.field).toBe('feedbacks[1].result');
    const badTime = structuredClone(sxFile) as { feedbacks: Array<Record<string, unknown>> };
    (badTime.feedbacks[0] as Record<string, unknown>).timestamp = 'yesterday';
    writeFileSync(file, JSON.stringify(badTime));
    expect(expectInvalid(() => importFiles(openStore(':memory:'), [file])).location.field).toBe('feedbacks[0].timestamp');
    writeFileSync(file, '{}');
    expect(expectInvalid(() => importFiles(openStore(':memory:'), [file])).location.field).toBe('feedbacks');
  });

  it('reports the line of a bad JSONL line', () => {
    const file = write(
      'feedback.jsonl',
      `${JSON.stringify(event('0ead50dd84490e7a', 'sk', '2026-11-20T10:00:00Z'))}\n{"event_id": "nothex"\n`,
    );
    expect(expectInvalid(() => importFiles(openStore(':memory:'), [file])).location).toMatchObject({ file, line: 2 });
    writeFileSync(file, `${JSON.stringify({ ...event('0ead50dd84490e7a', 'sk', '2026-11-20T10:00:00Z'), outcome: 'meh' })}\n`);
    expect(expectInvalid(() => importFiles(openStore(':memory:'), [file])).location).toMatchObject({ line: 1, field: 'outcome' });
  });

  it('CLI: exit code 3 and a one-line error for a corrupt file; a missing path is NOT_FOUND', async () => {
    const bad = write('feedbacks.json', '{"feedbacks": [');
    const env = { NO_COLOR: '1', HOME: join(dir, 'home') };
    const r = await runCliCaptured(['import', bad, '--db', join(dir, 's.db')], { env, cwd: dir });
    expect(r.code).toBe(3);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(`${bad}:1:`);
    const missing = await runCliCaptured(['import', join(dir, 'nope.json'), '--db', join(dir, 's.db')], { env, cwd: dir });
    expect(missing.code).toBe(4);
  });
});

describe('export', () => {
  function seeded() {
    const db = openStore(':memory:');
    const tricky = { ...sxFile, feedbacks: [{ ...sxFile.feedbacks[0], notes: 'said "no", then\nleft, twice' }, sxFile.feedbacks[1]] };
    importFiles(db, [write('feedbacks.json', JSON.stringify(tricky))]);
    importFiles(db, [write('feedback.jsonl', `${JSON.stringify(event('0ead50dd84490e7a', 'sk', '2026-11-20T10:00:00Z'))}\n`)]);
    return db;
  }

  it('jsonl and json round-trip through import into an empty store', () => {
    const db = seeded();
    for (const format of ['jsonl', 'json'] as const) {
      const text = renderExport(db, { format, now: new Date('2026-11-21T00:00:00Z') });
      const file = write(`export.${format}`, text);
      const copy = openStore(':memory:');
      importFiles(copy, [file]);
      expect(renderExport(copy, { format, now: new Date('2026-11-21T00:00:00Z') })).toBe(text);
    }
    const json = JSON.parse(renderExport(db, { format: 'json' }));
    expect(json.feedbacks).toHaveLength(2);
    expect(json.events).toHaveLength(1);
    expect(renderExport(db, { format: 'jsonl', data: 'events' }).trim().split('\n')).toHaveLength(1);
  });

  it('csv quotes commas, quotes, newlines and edge spaces', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(null)).toBe('');
    expect(csvField(['Bash', 'Edit'])).toBe('"[""Bash"",""Edit""]"');
    const csv = renderExport(seeded(), { format: 'csv' });
    expect(csv.startsWith('kind,id,event_id,timestamp,skill,')).toBe(true);
    expect(csv).toContain('"said ""no"", then\nleft, twice"');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(4);
  });

  it('CLI: refuses to overwrite an existing output file without --force', async () => {
    const env = { NO_COLOR: '1', HOME: join(dir, 'home') };
    const out = write('out.jsonl', 'keep me');
    const r = await runCliCaptured(['export', '--format', 'jsonl', '--output', out, '--db', join(dir, 's.db')], { env, cwd: dir });
    expect(r.code).toBe(2);
    expect(readFileSync(out, 'utf8')).toBe('keep me');
    const forced = await runCliCaptured(['export', '--format', 'jsonl', '--output', out, '--force', '--db', join(dir, 's.db')], {
      env,
      cwd: dir,
    });
    expect(forced.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('');
  });
});

describe('schema migration', () => {
  it('upgrades a v1 explicit-feedback store in place and adds the events tables', () => {
    const path = join(dir, 'old.db');
    const v1 = { name: explicitFeedbackSchema.name, migrations: explicitFeedbackSchema.migrations.slice(0, 1) };
    const old = openDatabase(path, { modules: [v1] });
    old
      .prepare('INSERT INTO explicit_feedback (id, skill_name, result, task, notes, timestamp, ts_ms) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('fb_1_a', 'x', 'partial', null, 'old note', '2026-01-01T00:00:00.000Z', Date.parse('2026-01-01T00:00:00.000Z'));
    old.close();
    const db = openStore(path);
    expect(schemaVersions(db).get('explicit_feedback')).toBe(explicitFeedbackSchema.migrations.length);
    expect(listExplicitFeedback(db)).toEqual([
      { id: 'fb_1_a', skillName: 'x', result: 'partial', notes: 'old note', timestamp: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(queryValue(db, 'SELECT source FROM explicit_feedback')).toBe('cli');
    expect(queryValue(db, 'SELECT COUNT(*) FROM scan_cursors')).toBe(0);
    db.close();
  });
});
