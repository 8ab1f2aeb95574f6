import { appendFileSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../test/support/child.js';
import { type AnalysisResult, analyzeSessions } from '../feedback/analyze.js';
import { analyzeWithStore, loadAnalysisFromStore } from './analysis.js';
import { type SqliteDatabase, openDatabase, queryValue, schemaVersions } from './database.js';
import { eventsSchema } from './events-schema.js';
import { explicitFeedbackSchema } from './explicit-schema.js';
import { scanIntoStore } from './scan.js';
import { openStore } from './store.js';

const corpus = join(repoRoot, '..', 'shared', 'corpus', 'claude-code');
const corpusNames = readdirSync(corpus)
  .filter((n) => n.endsWith('.jsonl'))
  .sort();

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillpulse-analysis-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let counter = 0;
function copyCorpus(): string {
  const dir = join(tmp, `c${counter++}`, 'sessions');
  mkdirSync(dir, { recursive: true });
  for (const name of corpusNames) copyFileSync(join(corpus, name), join(dir, name));
  return dir;
}

/** What both paths must agree on (the direct read's window and raw snippet source are not kept by the store). */
function comparable(result: Pick<AnalysisResult, 'invocations' | 'failed' | 'events' | 'sessions' | 'files'>) {
  return {
    invocations: result.invocations.map((a) => ({
      ...a,
      window: null,
      classification: a.classification ? { ...a.classification, snippet_source: null } : null,
    })),
    failed: result.failed,
    events: result.events,
    sessions: result.sessions,
    files: result.files,
  };
}

describe('analyzeWithStore', () => {
  it('equals analyzeSessions on the real corpus, cold and warm (the warm run reads nothing)', async () => {
    const direct = await analyzeSessions({ sessionDirs: [corpus] });
    const db = openStore(':memory:');
    const cold = await analyzeWithStore(db, { sessionDirs: [corpus] });
    expect(comparable(cold)).toEqual(comparable(direct));
    expect(cold.invocations.some((a) => a.classification?.rule !== undefined && a.reaction_at !== null)).toBe(true);
    const warm = await analyzeWithStore(db, { sessionDirs: [corpus] });
    expect(warm.stats.bytes).toBe(0);
    expect(comparable(warm)).toEqual(comparable(direct));
    // --skill-filter and --no-snippets are applied when reading back.
    const skill = direct.events[0]!.skill_id;
    const filtered = await analyzeWithStore(db, { sessionDirs: [corpus], skillFilter: skill, snippets: false });
    const directFiltered = await analyzeSessions({ sessionDirs: [corpus], skillFilter: skill, snippets: false });
    expect(comparable(filtered)).toEqual(comparable(directFiltered));
    expect(filtered.events.every((e) => e.user_message_snippet === '')).toBe(true);
    db.close();
  });

  it('keeps no transcript text beyond the redacted ≤200-character snippet', async () => {
    const db = openStore(':memory:');
    await analyzeWithStore(db, { sessionDirs: [corpus] });
    const rows = db.prepare('SELECT snippet, reason FROM invocations WHERE snippet IS NOT NULL').all() as Array<{
      snippet: string;
      reason: string;
    }>;
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect([...row.snippet].length).toBeLessThanOrEqual(200);
    db.close();
  });

  it('reads only the rows of the transcripts under the given roots', async () => {
    const dir = copyCorpus();
    const db = openStore(':memory:');
    await analyzeWithStore(db, { sessionDirs: [dir] });
    const one = corpusNames.find((n) => n.startsWith('handgemacht-ai__claude-code-log__-experiments-worktrees'))!;
    const single = await analyzeWithStore(db, { sessionDirs: [join(dir, one)] });
    const direct = await analyzeSessions({ sessionDirs: [join(dir, one)] });
    expect(comparable(single)).toEqual(comparable(direct));
    expect(single.files).toBe(1);
    db.close();
  });

  it('a record replayed into a subagent file stays with the main thread, whatever order the files are scanned in', async () => {
    const dir = join(tmp, `replay${counter++}`, 'projects', '-repo');
    const session = 'aaaaaaaa-1111-4111-8111-111111111111';
    const lines = [
      {
        type: 'assistant',
        uuid: 'A1',
        parentUuid: null,
        sessionId: session,
        timestamp: '2026-11-20T10:00:00Z',
        message: {
          id: 'm1',
          role: 'assistant',
          model: 'c',
          content: [{ type: 'tool_use', id: 't1', name: 'Skill', input: { skill: 'cpp-expert' } }],
        },
      },
      {
        type: 'user',
        uuid: 'U1',
        parentUuid: 'A1',
        sessionId: session,
        userType: 'external',
        timestamp: '2026-11-20T10:05:00Z',
        message: { role: 'user', content: 'wrong, the names are incorrect' },
      },
    ];
    const text = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
    mkdirSync(join(dir, session, 'subagents'), { recursive: true });
    writeFileSync(join(dir, `${session}.jsonl`), text);
    writeFileSync(join(dir, session, 'subagents', 'agent-abc.jsonl'), text);
    const direct = await analyzeSessions({ sessionDirs: [dir] });
    expect(direct.invocations).toHaveLength(1);
    expect(direct.events[0]).toMatchObject({ outcome: 'correction', session_id: session });
    const db = openStore(':memory:');
    const { discoverTranscripts } = await import('../transcripts/discovery.js');
    const discovery = await discoverTranscripts({ paths: [dir] });
    // The subagent copy first: its nested invocation must not take the row, nor leave an event.
    await scanIntoStore(db, { files: [...discovery.files].reverse() });
    const read = loadAnalysisFromStore(db, { roots: [dir], order: discovery.files.map((f) => f.path) });
    expect(comparable(read)).toEqual(comparable(direct));
    expect(read.invocations[0]!.reaction_at).toBe('2026-11-20T10:05:00Z');
    expect(queryValue(db, 'SELECT COUNT(*) FROM feedback_events')).toBe(1);
    db.close();
  });

  it('an appended transcript re-judges the open window; the store then equals a direct read of the grown file', async () => {
    const dir = join(tmp, `append${counter++}`);
    mkdirSync(dir);
    const all = await analyzeSessions({ sessionDirs: [corpus] });
    const judged = all.invocations.find((a) => a.event && a.event.turns_to_feedback >= 1);
    expect(judged).toBeDefined();
    const name = basename(judged!.invocation.file);
    const bytes = readFileSync(join(corpus, name));
    // Cut the file right after the invocation's line: its window is open (no human turn yet).
    const text = bytes.toString('utf8');
    const at = text.indexOf(judged!.invocation.invocation_uuid);
    const cut = text.indexOf('\n', at) + 1;
    writeFileSync(join(dir, name), text.slice(0, cut));
    const db = openStore(':memory:');
    const early = await analyzeWithStore(db, { sessionDirs: [dir] });
    const before = early.invocations.find((a) => a.invocation.invocation_uuid === judged!.invocation.invocation_uuid)!;
    expect(before.classification?.complete).toBe(false);
    expect(before.event).toBeNull();
    appendFileSync(join(dir, name), text.slice(cut));
    const late = await analyzeWithStore(db, { sessionDirs: [dir] });
    expect(late.stats.bytes).toBeLessThan(bytes.length);
    const direct = await analyzeSessions({ sessionDirs: [dir] });
    expect(comparable(late)).toEqual(comparable(direct));
    db.close();
  });
});

describe('events schema v2 migration', () => {
  /** A store written by the v1 code: the v1 migrations, filled with the rows a v1 scan of `dir` produces. */
  async function v1Store(dir: string, path: string): Promise<SqliteDatabase> {
    const v2 = openStore(':memory:');
    await scanIntoStore(v2, { sessions: [dir] });
    const v1 = openDatabase(path, {
      modules: [explicitFeedbackSchema, { name: 'events', migrations: eventsSchema.migrations.slice(0, 1) }],
    });
    const copy = (table: string, columns: string[]) => {
      const rows = v2
        .prepare(`SELECT ${columns.join(', ')} FROM ${table}`)
        .raw(true)
        .all() as unknown[][];
      const insert = v1.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
      for (const row of rows) insert.run(...row);
      return rows.length;
    };
    const inv = [
      'invocation_uuid',
      'skill_id',
      'session_id',
      'trigger',
      'args',
      'timestamp',
      'ts_ms',
      'failed',
      'failure_reason',
      'skill_version',
      'file',
      'line',
      'source',
    ];
    const ev = [
      'event_id',
      'timestamp',
      'ts_ms',
      'session_id',
      'skill_id',
      'invocation_uuid',
      'outcome',
      'confidence',
      'correction_type',
      'dimension_hint',
      'turns_to_feedback',
      'event_json',
      'file',
      'source',
    ];
    const cur = ['path', 'dev', 'ino', 'size', 'mtime_ms', 'offset', 'next_line', 'tail_hash', 'state', 'scanned_at'];
    expect(copy('invocations', inv)).toBeGreaterThan(5);
    expect(copy('feedback_events', ev)).toBeGreaterThan(3);
    expect(copy('scan_cursors', cur)).toBe(corpusNames.length);
    v2.close();
    expect(schemaVersions(v1).get('events')).toBe(1);
    return v1;
  }

  it('upgrades a v1 store in place: rows kept, judgements filled from events, cursors re-read once, deleted transcripts keep their history', async () => {
    const dir = copyCorpus();
    const path = join(tmp, `v1-${counter++}.db`);
    const v1 = await v1Store(dir, path);
    const invocations = Number(queryValue(v1, 'SELECT COUNT(*) FROM invocations'));
    const events = v1.prepare('SELECT event_id, outcome, file FROM feedback_events').all() as Array<{
      event_id: string;
      outcome: string;
      file: string;
    }>;
    v1.close();
    // A transcript with an event is deleted before the upgrade: the store is its only history.
    const gone = events[0]!.file;
    rmSync(gone);

    const db = openStore(path);
    expect(schemaVersions(db).get('events')).toBe(2);
    expect(Number(queryValue(db, 'SELECT COUNT(*) FROM invocations'))).toBe(invocations);
    for (const e of events) {
      expect(queryValue(db, 'SELECT outcome FROM invocations WHERE event_id = ?', e.event_id)).toBe(e.outcome);
      expect(queryValue(db, 'SELECT rule FROM invocations WHERE event_id = ?', e.event_id)).toBe('unrecorded');
    }
    expect(Number(queryValue(db, "SELECT COUNT(*) FROM invocations WHERE trigger <> 'nested' AND failed = 0 AND outcome IS NULL"))).toBe(0);
    expect(Number(queryValue(db, "SELECT COUNT(*) FROM scan_cursors WHERE json_extract(state, '$.windowTurns') <> 0"))).toBe(0);

    const after = await analyzeWithStore(db, { sessionDirs: [dir] });
    // Every existing transcript was read in full once (the v1 cursors were invalidated), and judged with its rules.
    expect(after.stats.files).toBe(corpusNames.length - 1);
    const again = await scanIntoStore(db, { sessions: [dir] });
    expect([again.skipped, again.reread]).toEqual([corpusNames.length - 1, 0]);
    const rules = after.invocations.filter((a) => a.invocation.file !== gone && a.classification).map((a) => a.classification!.rule);
    expect(rules.length).toBeGreaterThan(3);
    expect(rules).not.toContain('unrecorded');
    // The deleted transcript's invocations and event are still there, with what v1 knew.
    const kept = after.invocations.filter((a) => a.invocation.file === gone);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.some((a) => a.classification?.rule === 'unrecorded' && a.event?.event_id === events[0]!.event_id)).toBe(true);
    // Everything else is exactly what a direct read of the remaining transcripts gives.
    const direct = await analyzeSessions({ sessionDirs: [dir] });
    const rest = {
      ...after,
      invocations: after.invocations.filter((a) => a.invocation.file !== gone),
      failed: after.failed.filter((f) => f.file !== gone),
    };
    rest.events = rest.invocations.flatMap((a) => (a.event ? [a.event] : []));
    expect(comparable({ ...rest, files: direct.files, sessions: direct.sessions })).toEqual(comparable(direct));
    expect(after.files).toBe(direct.files + 1);
    expect(basename(gone)).toMatch(/\.jsonl$/);
    db.close();
  });
});
