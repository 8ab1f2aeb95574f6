/**
 * The config file as the default of every command (config-defaults.ts): each mapping, a flag
 * overriding it, project over user, a broken file, the snippet policy in the store, excluded
 * projects and the lexicon selection — in-process, with a scratch HOME holding a config file.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { runCapture } from '../hooks/capture.js';
import { openStore } from '../store/store.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const fixtures = join(repoRoot, 'test', 'fixtures', 'real-client');
/** sales-report: "thanks!" (turn 1), then "wait, the VAT is counted twice…" (turn 2): window 1 sees only the thanks. */
const THANKS = join(fixtures, 'fb-en-thanks-then-wrong');
/** commit-msg corrected at once: "hmm, not quite. it's a fix not a feat, …". */
const HMM = join(fixtures, 'fb-en-hmm-not-quite');
/** api-docs corrected in Chinese only: "不对不对，我要的是 JSON 格式的 OpenAPI". */
const ZH = join(fixtures, 'fb-zh-budui-budui');

interface Scratch {
  home: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  db: string;
  userConfig: string;
  run(argv: string[]): ReturnType<typeof runCliCaptured>;
  json<T = unknown>(argv: string[]): Promise<T>;
  rows<T = Record<string, unknown>>(sql: string): T[];
}

/** A HOME with `~/.skillpulse/config.json` (and optionally a project config in the working folder). */
function scratch(config?: object, projectConfig?: object): Scratch {
  const home = mkdtempSync(join(tmpdir(), 'skillpulse-cfgwire-'));
  const cwd = join(home, 'work', 'app');
  mkdirSync(join(home, '.skillpulse'), { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const userConfig = join(home, '.skillpulse', 'config.json');
  if (config) writeFileSync(userConfig, JSON.stringify(config));
  if (projectConfig) {
    mkdirSync(join(cwd, '.skillpulse'));
    writeFileSync(join(cwd, '.skillpulse', 'config.json'), JSON.stringify(projectConfig));
  }
  const env = { HOME: home, NO_COLOR: '1' } as NodeJS.ProcessEnv;
  const db = join(home, '.skillpulse', 'skillpulse.db');
  const run = (argv: string[]) => runCliCaptured(argv, { env, cwd });
  return {
    home,
    cwd,
    env,
    db,
    userConfig,
    run,
    async json<T>(argv: string[]) {
      const result = await run([...argv, '--json']);
      expect(result.code, result.stderr).toBe(0);
      return JSON.parse(result.stdout) as T;
    },
    rows<T>(sql: string) {
      const store = openStore(db);
      try {
        return store.prepare(sql).all() as T[];
      } finally {
        store.close();
      }
    },
  };
}

const windowsOf = (s: Scratch) => s.rows<{ state: string }>('SELECT state FROM scan_cursors').map((r) => JSON.parse(r.state).windowTurns);
const snippetsOf = (s: Scratch) => ({
  invocations: s
    .rows<{ snippet: string }>("SELECT snippet FROM invocations WHERE outcome IS NOT NULL AND outcome <> 'none'")
    .map((r) => r.snippet),
  events: s
    .rows<{ snippet: string }>("SELECT json_extract(event_json, '$.user_message_snippet') AS snippet FROM feedback_events")
    .map((r) => r.snippet),
});

interface ShowRow {
  outcome: string;
  turns_to_feedback: number | null;
  snippet: string;
}
interface ReportJson {
  sessions: number;
  events: number;
  skills: Array<{ skill_id: string; correction_rate: { sufficient_data: boolean } }>;
}

describe('window ← config window', () => {
  it('scan, show and report judge with the configured window; --window overrides it; the project file wins over the user file', async () => {
    const s = scratch({ sessionRoots: [THANKS], window: 1 });
    await s.json(['scan']);
    expect(windowsOf(s)).toEqual([1]);
    // Window 1 sees only "thanks!"; the correction in turn 2 is outside it.
    const narrow = await s.json<ShowRow[]>(['show', 'sales-report']);
    expect(narrow.map((r) => r.outcome)).toEqual(['acceptance']);
    expect(await s.json<ShowRow[]>(['show', 'sales-report', '--no-store'])).toEqual(narrow);
    const wide = await s.json<ShowRow[]>(['show', 'sales-report', '--window', '3']);
    expect(wide.map((r) => [r.outcome, r.turns_to_feedback])).toEqual([['correction', 2]]);
    expect(windowsOf(s)).toEqual([3]);
    await s.json(['scan', '--window', '2']);
    expect(windowsOf(s)).toEqual([2]);

    const p = scratch({ sessionRoots: [THANKS], window: 1 }, { window: 3 });
    const report = await p.json<ReportJson>(['report']);
    expect(report.events).toBe(1);
    expect(windowsOf(p)).toEqual([3]);
    expect((await p.json<ShowRow[]>(['show', 'sales-report', '--no-store']))[0]?.outcome).toBe('correction');
  });
});

describe('minInvocations ← config minInvocations', () => {
  it('report, health and analyze count a rate as sufficient per the config; --min-invocations overrides it', async () => {
    const s = scratch({ sessionRoots: [HMM], minInvocations: 1 });
    const report = await s.json<ReportJson>(['report']);
    expect(report.skills.map((k) => [k.skill_id, k.correction_rate.sufficient_data])).toEqual([['commit-msg', true]]);
    const flagged = await s.json<ReportJson>(['report', '--min-invocations', '5']);
    expect(flagged.skills[0]?.correction_rate.sufficient_data).toBe(false);
    const health = await s.json<{ implicit: { sufficient_data: boolean } }>(['health', 'commit-msg']);
    expect(health.implicit.sufficient_data).toBe(true);
    expect(
      (await s.json<{ implicit: { sufficient_data: boolean } }>(['health', 'commit-msg', '--min-invocations', '2'])).implicit
        .sufficient_data,
    ).toBe(false);
    const analyzed = await s.json<{ metrics: Array<{ sufficient_data: boolean }> }>(['analyze', '--output', join(s.home, 'fb.jsonl')]);
    expect(JSON.stringify(analyzed.metrics)).toContain('"sufficient_data":true');
    const defaults = scratch({ sessionRoots: [HMM] });
    expect((await defaults.json<ReportJson>(['report'])).skills[0]?.correction_rate.sufficient_data).toBe(false);
  });
});

describe('archiveDays ← config archiveDays', () => {
  it('analyze archives per the config (0 = never); --archive-days overrides it', async () => {
    const never = scratch({ sessionRoots: [HMM], archiveDays: 0 });
    const out = join(never.home, 'feedback.jsonl');
    const kept = await never.json<{ archived: number; written: number }>(['analyze', '--output', out, '--now', '2030-01-01']);
    expect(kept).toMatchObject({ written: 1, archived: 0 });
    const flagged = await never.json<{ archived: number }>(['analyze', '--output', out, '--now', '2030-01-01', '--archive-days', '30']);
    expect(flagged.archived).toBe(1);

    const month = scratch({ sessionRoots: [HMM], archiveDays: 400 });
    const recent = await month.json<{ archived: number }>(['analyze', '--output', join(month.home, 'f.jsonl'), '--now', '2027-01-01']);
    expect(recent.archived).toBe(0);
    const defaults = scratch({ sessionRoots: [HMM] });
    expect(
      (await defaults.json<{ archived: number }>(['analyze', '--output', join(defaults.home, 'f.jsonl'), '--now', '2027-06-01'])).archived,
    ).toBe(1);
  });
});

describe('--sessions / --session-dir ← config sessionRoots', () => {
  it('every discovering command reads the configured roots; a flag replaces them; a missing root is skipped, none existing is an error naming the file', async () => {
    const missing = join(tmpdir(), 'skillpulse-no-such-root');
    const s = scratch({ sessionRoots: [HMM, THANKS, missing] });
    const report = await s.run(['report', '--json']);
    expect(report.code, report.stderr).toBe(0);
    expect(JSON.parse(report.stdout).sessions).toBe(2);
    expect(report.stderr).toContain(`${s.userConfig}: sessionRoots: skipping ${missing} (not found)`);
    expect((await s.json<ReportJson>(['report', '--sessions', HMM])).sessions).toBe(1);
    expect((await s.json<{ sessions: number }>(['analyze', '--output', join(s.home, 'f.jsonl')])).sessions).toBe(2);
    expect((await s.json<{ sessions: number }>(['analyze', '--output', join(s.home, 'g.jsonl'), '--session-dir', THANKS])).sessions).toBe(
      1,
    );
    expect((await s.json<{ files: number }>(['scan'])).files).toBe(2);
    expect((await s.json<unknown[]>(['sessions'])).length).toBe(2);
    expect((await s.json<Array<{ skill_id: string }>>(['invocations'])).map((i) => i.skill_id).sort()).toEqual([
      'commit-msg',
      'sales-report',
    ]);
    expect((await s.json<{ skill_id: string }[]>(['health', '--scan'])).map((h) => h.skill_id).sort()).toEqual([
      'commit-msg',
      'sales-report',
    ]);

    const html = join(s.home, 'dash.html');
    expect((await s.json<{ skills: number }>(['report', '--html', html])).skills).toBe(2);
    expect(readFileSync(html, 'utf8')).toContain('sales-report');

    const none = scratch({ sessionRoots: [missing] });
    const failed = await none.run(['report']);
    expect(failed.code).toBe(4);
    expect(failed.stderr.trim().split('\n')).toEqual([
      `skillpulse: ${none.userConfig}: sessionRoots: none of the configured session roots exists: ${missing} (fix the config or pass --sessions PATH)`,
    ]);
    expect((await none.run(['report', '--sessions', HMM, '--json'])).code).toBe(0);
    // health reads the store only; its --sessions matters with --scan alone.
    expect((await none.run(['health', '--json'])).code).toBe(0);
    expect((await none.run(['health', '--scan'])).code).toBe(4);
  });
});

describe('a broken config', () => {
  it('stops every command that reads it with one line naming the file and the JSON path; config validate still runs and reports it', async () => {
    const s = scratch({ sessionRoots: [HMM] });
    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [HMM], window: 99 }));
    const line = `skillpulse: ${s.userConfig}: window: must be ≤ 20, got 99 (see schema/config.schema.json)`;
    for (const argv of [['report'], ['scan'], ['show', 'commit-msg'], ['analyze'], ['health'], ['sessions'], ['trend', 'commit-msg'], []]) {
      const result = await s.run(argv);
      expect(result.code, argv.join(' ')).toBe(5);
      expect(result.stderr.trim().split('\n'), argv.join(' ')).toEqual([line]);
    }
    // A flag for the broken key does not hide the broken file.
    expect((await s.run(['report', '--window', '3'])).code).toBe(5);
    const validate = await s.run(['config', 'validate']);
    expect(validate.code).toBe(5);
    expect(validate.stderr.trim()).toBe(line);
    // Commands without config-backed options never read it.
    expect((await s.run(['config', 'path'])).code).toBe(0);
    expect((await s.run(['feedback', 'list', '--json'])).code).toBe(0);
  });
});

describe('snippets ← config snippets', () => {
  it('mode none: no snippet in the store (earlier ones emptied, deleted transcripts too), in show, analyze output or the dashboard', async () => {
    const sessions = join(mkdtempSync(join(tmpdir(), 'skillpulse-cfgwire-sessions-')), 'roots');
    cpSync(HMM, join(sessions, 'hmm'), { recursive: true });
    cpSync(THANKS, join(sessions, 'thanks'), { recursive: true });
    const s = scratch({ sessionRoots: [sessions] });
    await s.json(['scan']);
    const before = snippetsOf(s);
    expect(before.invocations.filter((x) => x.length > 0)).toHaveLength(2);
    expect(before.events.filter((x) => x.length > 0)).toHaveLength(2);
    const html = join(s.home, 'dash.html');
    await s.json(['report', '--html', html]);
    expect(readFileSync(html, 'utf8')).toContain('export endpoint');
    // One transcript disappears; its rows (and snippet) stay in the store as history.
    rmSync(join(sessions, 'thanks'), { recursive: true });

    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [sessions], snippets: { mode: 'none' } }));
    const scanned = await s.json<{ reread: number; fullReasons: Record<string, number> }>(['scan']);
    expect(scanned.fullReasons).toEqual({ settings: 1 });
    const after = snippetsOf(s);
    expect(after.invocations).toEqual(['', '']);
    expect(after.events).toEqual(['', '']);
    const shown = await s.json<ShowRow[]>(['show', 'commit-msg']);
    expect(shown.map((r) => [r.outcome, r.snippet])).toEqual([['correction', '']]);
    expect((await s.json<ShowRow[]>(['show', 'commit-msg', '--no-store']))[0]?.snippet).toBe('');
    const out = join(s.home, 'feedback.jsonl');
    await s.json(['analyze', '--output', out, '--no-store']);
    expect(JSON.parse(readFileSync(out, 'utf8').trim()).user_message_snippet).toBe('');
    await s.json(['report', '--html', html]);
    // (The rule's reason names the matched lexicon term; the person's own words are gone.)
    expect(readFileSync(html, 'utf8')).not.toContain('export endpoint');
    expect(snippetsOf(s).invocations).toEqual(['', '']);

    // The hook capture follows the same policy.
    const transcript = join(sessions, 'hmm', 'projects');
    const session = readdirDeep(transcript).find((f) => f.endsWith('.jsonl'));
    const hook = scratch({ snippets: { mode: 'none' } });
    const stdin = new PassThrough();
    stdin.end(JSON.stringify({ session_id: 'x', transcript_path: session, cwd: hook.cwd, hook_event_name: 'SessionEnd' }));
    expect((await runCapture({ env: hook.env, cwd: hook.cwd, stdin })).status).toBe('captured');
    expect(snippetsOf(hook)).toEqual({ invocations: [''], events: [''] });
  });

  it('maxLength: stored and printed snippets are cut to it (store, --no-store, analyze output)', async () => {
    const s = scratch({ sessionRoots: [HMM], snippets: { maxLength: 9 } });
    const shown = await s.json<ShowRow[]>(['show', 'commit-msg']);
    expect(shown.map((r) => r.snippet)).toEqual(['hmm, not ']);
    expect(snippetsOf(s)).toEqual({ invocations: ['hmm, not '], events: ['hmm, not '] });
    expect(JSON.parse(s.rows<{ state: string }>('SELECT state FROM scan_cursors')[0]?.state ?? '{}').snippetLength).toBe(9);
    expect((await s.json<ShowRow[]>(['show', 'commit-msg', '--no-store'])).map((r) => r.snippet)).toEqual(['hmm, not ']);
    const out = join(s.home, 'feedback.jsonl');
    await s.json(['analyze', '--output', out]);
    expect(JSON.parse(readFileSync(out, 'utf8').trim()).user_message_snippet).toBe('hmm, not ');
    // --no-snippets still hides them; without a config the full snippet comes back (the file is re-read).
    expect((await s.json<ShowRow[]>(['show', 'commit-msg', '--no-snippets']))[0]?.snippet).toBe('');
    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [HMM] }));
    expect((await s.json<ShowRow[]>(['show', 'commit-msg']))[0]?.snippet).toMatch(/^hmm, not quite\. it's a fix not a feat/);
  });
});

describe('excludeProjects', () => {
  it('leaves excluded projects out of every discovering command, also rows scanned before the exclusion, also under roots not named projects', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'skillpulse-cfgwire-archive-')), 'archive');
    // A configured root that is not a `projects` folder: project folders directly below it.
    for (const fixture of [HMM, THANKS]) {
      const projects = join(fixture, 'projects');
      cpSync(projects, root, { recursive: true });
    }
    const thanksProject = '-tmp-skillpulse-fixtures-fb-en-thanks-then-wrong-project';
    const s = scratch({ sessionRoots: [root] });
    expect((await s.json<ReportJson>(['report'])).sessions).toBe(2);

    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [root], excludeProjects: [thanksProject] }));
    const report = await s.run(['report', '--json']);
    expect(report.stderr).toContain('skipped 1 transcript file of excluded projects (config: excludeProjects)');
    const parsed = JSON.parse(report.stdout) as ReportJson;
    expect(parsed.sessions).toBe(1);
    expect(parsed.skills.map((k) => k.skill_id)).toEqual(['commit-msg']);
    expect((await s.json<ReportJson>(['report', '--no-store'])).skills.map((k) => k.skill_id)).toEqual(['commit-msg']);
    expect((await s.json<ShowRow[]>(['show', 'sales-report'])).length).toBe(0);
    expect((await s.json<unknown[]>(['sessions'])).length).toBe(1);
    expect((await s.json<Array<{ skill_id: string }>>(['invocations'])).map((i) => i.skill_id)).toEqual(['commit-msg']);
    expect((await s.json<{ files: number }>(['scan'])).files).toBe(1);
    expect((await s.json<{ sessions: number }>(['analyze', '--output', join(s.home, 'f.jsonl')])).sessions).toBe(1);

    // The project path as Claude Code names it (/tmp/skillpulse-fixtures/…) excludes it too.
    const byPath = scratch({
      sessionRoots: [join(THANKS, 'projects'), join(HMM, 'projects')],
      excludeProjects: ['/tmp/skillpulse-fixtures/fb-en-hmm-not-quite/project'],
    });
    expect((await byPath.json<ReportJson>(['report'])).skills.map((k) => k.skill_id)).toEqual(['sales-report']);
    // Everything excluded: nothing is read, with or without the store.
    const all = scratch({ sessionRoots: [root], excludeProjects: ['*skillpulse-fixtures*'] });
    expect((await all.json<ReportJson>(['report', '--no-store'])).skills).toEqual([]);
    expect((await all.json<ReportJson>(['report'])).skills).toEqual([]);
  });
});

describe('lexicons ← config lexicons', () => {
  it('classifies with the selected languages only (store and --no-store); a change re-reads; an unknown language names the config file', async () => {
    const s = scratch({ sessionRoots: [ZH] });
    expect((await s.json<ShowRow[]>(['show', 'api-docs'])).map((r) => r.outcome)).toEqual(['correction']);
    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [ZH], lexicons: { languages: ['en'] } }));
    // Only the English lexicon: the Chinese correction is not recognised any more.
    expect(await s.json<ShowRow[]>(['show', 'api-docs'])).toEqual([]);
    expect(JSON.parse(s.rows<{ state: string }>('SELECT state FROM scan_cursors')[0]?.state ?? '{}').lexicons).toMatch(/^[0-9a-f]{16}$/);
    expect(await s.json<ShowRow[]>(['show', 'api-docs', '--no-store'])).toEqual([]);
    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [ZH], lexicons: { languages: ['zh'] } }));
    expect((await s.json<ShowRow[]>(['show', 'api-docs'])).map((r) => r.outcome)).toEqual(['correction']);

    writeFileSync(s.userConfig, JSON.stringify({ sessionRoots: [ZH], lexicons: { languages: ['fr'] } }));
    const failed = await s.run(['scan']);
    expect(failed.code).toBe(5);
    expect(failed.stderr.trim().split('\n')).toHaveLength(1);
    expect(failed.stderr).toContain(`${s.userConfig}: lexicons.languages: no lexicon for language "fr"`);
  });
});

function readdirDeep(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f));
}

describe('the scan settings on worker threads', () => {
  it('snippet policy and lexicon selection reach the workers: the same rows as one thread', async () => {
    const { scanIntoStore } = await import('../store/scan.js');
    const settings = { snippets: { mode: 'redacted' as const, maxLength: 6 }, lexicons: { languages: ['en'], files: [] } };
    const dump = (dir: string) => {
      const store = openStore(join(dir, 'store.db'));
      try {
        return store
          .prepare('SELECT invocation_uuid, outcome, snippet FROM invocations ORDER BY invocation_uuid')
          .all()
          .map((row) => JSON.stringify(row));
      } finally {
        store.close();
      }
    };
    const results: string[][] = [];
    for (const workers of [0, 2]) {
      const dir = mkdtempSync(join(tmpdir(), 'skillpulse-cfgwire-workers-'));
      const db = openStore(join(dir, 'store.db'));
      try {
        await scanIntoStore(db, { sessions: [HMM, THANKS, ZH], workers, ...settings });
      } finally {
        db.close();
      }
      results.push(dump(dir));
    }
    expect(results[1]).toEqual(results[0]);
    const rows = (results[0] ?? []).map((r) => JSON.parse(r) as { outcome: string | null; snippet: string | null });
    expect(rows.map((r) => r.snippet).sort()).toEqual(['', 'hmm, n', 'wait, ']);
    expect(rows.filter((r) => r.outcome === 'correction')).toHaveLength(2);
  });
});
