/**
 * The reading commands scan into the store and read back from it; their output must be byte for
 * byte what reading the transcripts directly (`--no-store`) prints, on the real corpus and on the
 * real-client fixtures, for text and --json, on the first (cold) and second (warm) run.
 *
 * The fixtures part reads a fixed subset of test/fixtures/real-client (real-client-subset.ts), not
 * the whole folder: every blind round adds ~80 sessions there, and running every reading command
 * twice over all of them cost minutes of CI per run and grew with each round, while a new round of
 * the same shapes adds no new store code path to compare.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { repoRoot } from '../../test/support/child.js';
import { linkRealClientSubset } from '../../test/support/real-client-subset.js';
import { type AnalyzedInvocation, analyzeSessions } from '../feedback/analyze.js';

const CORPUS = {
  name: 'the real corpus',
  dir: join(repoRoot, '..', 'shared', 'corpus', 'claude-code'),
  now: '2026-04-20T00:00:00Z',
  at: '2026-01-01',
};
// The fixtures part compares over a fixed subset (test/support/real-client-subset.ts: the scenarios
// outside the numbered rounds, rounds 3, 4 and 33; ~320 sessions) that new rounds do not grow.
// Its engine sessions predate FIXTURES.at and the rest follow it, so `compare --at` has both sides;
// round 33 was written after FIXTURES.now. beforeAll checks the subset still holds every shape.
const FIXTURES = {
  name: 'a fixed subset of the real-client fixtures',
  dir: '', // a folder of links to the subset, made in beforeAll
  now: '2026-12-01T00:00:00Z',
  at: '2026-11-21T15:45:00Z',
};
// The reruns on Node 22 and 24 (scripts/test-other-nodes.sh) check the runtime on the real corpus;
// the fixtures run in the full suite.
const SOURCES = process.env.SKILLPULSE_OTHER_NODE ? [CORPUS] : [CORPUS, FIXTURES];

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'skillpulse-store-backed-'));
  FIXTURES.dir = linkRealClientSubset(join(tmp, 'real-client-subset'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The subset still holds every shape the comparison is there for. */
function expectFixtureShapes(invocations: AnalyzedInvocation[]): void {
  expect(new Set(invocations.map((a) => a.invocation.trigger))).toEqual(new Set(['model', 'user-slash', 'nested']));
  expect(invocations.some((a) => a.invocation.skill_id.includes(':'))).toBe(true);
  const outcomes = new Set(invocations.map((a) => a.classification?.outcome));
  for (const outcome of ['correction', 'partial', 'acceptance', 'none']) expect(outcomes).toContain(outcome);
  const types = new Set(invocations.map((a) => a.classification?.correction_type));
  for (const type of ['revert', 'rejection', 'redo', 'interrupt', 'denial']) expect(types).toContain(type);
  const perFile = new Map<string, number>();
  for (const a of invocations) perFile.set(a.invocation.file, (perFile.get(a.invocation.file) ?? 0) + 1);
  expect(Math.max(...perFile.values())).toBeGreaterThan(1);
  const times = invocations.map((a) => Date.parse(a.invocation.timestamp));
  expect(times.some((t) => t < Date.parse(FIXTURES.at))).toBe(true);
  expect(times.some((t) => t > Date.parse(FIXTURES.at))).toBe(true);
  expect(times.some((t) => t > Date.parse(FIXTURES.now))).toBe(true);
  const scenarios = readdirSync(FIXTURES.dir);
  for (const language of ['en', 'zh']) expect(scenarios.filter((name) => name.includes(`-${language}-`)).length).toBeGreaterThan(50);
}

describe.each(SOURCES)('store-backed commands on $name', (source) => {
  const { now, at } = source;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let db: string;
  let skills: string[];
  beforeAll(async () => {
    dir = source.dir;
    const root = mkdtempSync(join(tmp, 'w-'));
    mkdirSync(join(root, 'home'));
    env = { NO_COLOR: '1', HOME: join(root, 'home') };
    db = join(root, 'store.db');
    const direct = await analyzeSessions({ sessionDirs: [dir] });
    if (source === FIXTURES) expectFixtureShapes(direct.invocations);
    // The three skills with the most classified events, and a skill with nested invocations when there is one.
    const events = new Map<string, number>();
    for (const a of direct.invocations) events.set(a.invocation.skill_id, (events.get(a.invocation.skill_id) ?? 0) + (a.event ? 1 : 0));
    skills = [...events].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id);
    expect(skills.length).toBeGreaterThan(3);
    const nested = direct.invocations.find((a) => !a.windowed)?.invocation.skill_id;
    skills = [...new Set([...skills.slice(0, 3), ...(nested ? [nested] : [])])];
  });

  async function both(args: string[]) {
    const fromStore = await runCliCaptured([...args, '--db', db], { env, cwd: tmp });
    const direct = await runCliCaptured([...args, '--no-store'], { env, cwd: tmp });
    expect(fromStore.code).toBe(0);
    expect(direct.code).toBe(0);
    return { fromStore: fromStore.stdout, direct: direct.stdout };
  }

  // Raised timeouts: each command runs twice over ~320 fixture sessions and CI shares two cores;
  // these compare outputs, they do not time anything.
  it('report (text and --json), cold then warm, equals the direct read', { timeout: 60_000 }, async () => {
    for (let run = 0; run < 2; run++) {
      const text = await both(['report', '--sessions', dir, '--now', now]);
      expect(text.fromStore).toBe(text.direct);
      expect(text.fromStore).toContain('Skill health, worst first');
      const json = await both(['report', '--sessions', dir, '--now', now, '--json', '--min-invocations', '1']);
      expect(json.fromStore).toBe(json.direct);
      const parsed = JSON.parse(json.fromStore);
      expect(parsed.skills.length).toBeGreaterThan(3);
      expect(Object.keys(parsed.skills[0])).toEqual(
        expect.arrayContaining(['correction_rate', 'trend', 'sparkline', 'hotspots', 'explicit', 'maturity', 'should_update', 'reasons']),
      );
    }
    const one = await both(['report', '--sessions', dir, '--now', now, '--skill', skills[0]!]);
    expect(one.fromStore).toBe(one.direct);
  });

  it('analyze (text, --json, --no-snippets, --skill-filter) prints the same and writes the same feedback.jsonl', {
    timeout: 60_000,
  }, async () => {
    for (const extra of [[], ['--json'], ['--no-snippets', '--json'], ['--skill-filter', skills[0]!]]) {
      const out = (tag: string) => join(tmp, `${tag}-${Math.random().toString(36).slice(2)}.jsonl`);
      const a = out('store');
      const b = out('direct');
      const common = ['analyze', '--session-dir', dir, '--now', now, '--archive-days', '0', ...extra];
      const fromStore = await runCliCaptured([...common, '--output', a, '--db', db], { env, cwd: tmp });
      const direct = await runCliCaptured([...common, '--output', b, '--no-store'], { env, cwd: tmp });
      expect(fromStore.code).toBe(0);
      expect(fromStore.stdout.replaceAll(a, 'OUT')).toBe(direct.stdout.replaceAll(b, 'OUT'));
      const written = readFileSync(a, 'utf8');
      expect(written).toBe(readFileSync(b, 'utf8'));
      expect(written.length).toBeGreaterThan(0);
      if (extra.includes('--no-snippets')) {
        for (const line of written.trim().split('\n')) expect(JSON.parse(line).user_message_snippet).toBe('');
      }
    }
  });

  it('analyze archives the same way from the store', async () => {
    const a = join(tmp, `arch-store-${Math.random().toString(36).slice(2)}`, 'feedback.jsonl');
    const b = join(tmp, `arch-direct-${Math.random().toString(36).slice(2)}`, 'feedback.jsonl');
    const common = ['analyze', '--session-dir', dir, '--now', '2030-01-01', '--archive-days', '30'];
    const fromStore = await runCliCaptured([...common, '--output', a, '--db', db], { env, cwd: tmp });
    const direct = await runCliCaptured([...common, '--output', b, '--no-store'], { env, cwd: tmp });
    expect(fromStore.stdout.replaceAll(a, 'OUT')).toBe(direct.stdout.replaceAll(b, 'OUT'));
    expect(fromStore.stdout).toContain('Archived');
    expect(readFileSync(join(a, '..', 'archive', 'feedback-20300101.jsonl'), 'utf8')).toBe(
      readFileSync(join(b, '..', 'archive', 'feedback-20300101.jsonl'), 'utf8'),
    );
  });

  it('trend, hotspots, show (--all) and compare (--at, --by-version) equal the direct read', { timeout: 180_000 }, async () => {
    for (const skill of skills) {
      for (const args of [
        ['trend', skill, '--now', now],
        ['trend', skill, '--now', now, '--json'],
        ['hotspots', skill, '--json'],
        ['show', skill, '--all'],
        ['show', skill, '--all', '--json'],
        ['show', skill, '--no-snippets'],
        ['compare', skill, '--at', at],
        ['compare', skill, '--at', at, '--json'],
      ]) {
        const r = await both([...args, '--sessions', dir]);
        expect(r.fromStore, args.join(' ')).toBe(r.direct);
      }
      // By version: either both compare or both refuse with the same message.
      const storeRun = await runCliCaptured(['compare', skill, '--by-version', '--sessions', dir, '--json', '--db', db], { env, cwd: tmp });
      const directRun = await runCliCaptured(['compare', skill, '--by-version', '--sessions', dir, '--json', '--no-store'], {
        env,
        cwd: tmp,
      });
      expect([storeRun.code, storeRun.stdout, storeRun.stderr]).toEqual([directRun.code, directRun.stdout, directRun.stderr]);
    }
  });
});

describe('report: the skill-health model with explicit feedback from the store', () => {
  it('shows explicit success rate and every should_update reason; --json carries the same fields', async () => {
    const root = mkdtempSync(join(tmp, 'explicit-'));
    mkdirSync(join(root, 'home'));
    const env = { NO_COLOR: '1', HOME: join(root, 'home') };
    const db = join(root, 'store.db');
    const corpus = SOURCES[0]!.dir;
    for (let i = 0; i < 3; i++) {
      const r = await runCliCaptured(['feedback', 'record', '--skill', 'github-pr-review', '--result', 'failure', '--db', db], {
        env,
        cwd: root,
      });
      expect(r.code).toBe(0);
    }
    await runCliCaptured(['feedback', 'record', '--skill', 'github-pr-review', '--result', 'success', '--db', db], { env, cwd: root });
    await runCliCaptured(['feedback', 'record', '--skill', 'never-invoked', '--result', 'success', '--db', db], { env, cwd: root });
    const text = await runCliCaptured(['report', '--sessions', corpus, '--db', db], { env, cwd: root });
    expect(text.code).toBe(0);
    const blocks = text.stdout.split('\n\n');
    const pr = blocks.find((b) => b.startsWith('github-pr-review'))!;
    expect(pr).toContain('should update');
    expect(pr).toContain('explicit success rate 25% (4 records: success 1, failure 3, partial 0)');
    expect(pr).toMatch(/- explicit feedback \(last 30 days\): .*3/);
    // Worst first: the skill that should be updated with the most reasons leads.
    expect(blocks[1]!.startsWith('github-pr-review')).toBe(true);
    expect(blocks.some((b) => b.startsWith('never-invoked') && b.includes('invocations 0'))).toBe(true);
    const json = JSON.parse((await runCliCaptured(['report', '--sessions', corpus, '--db', db, '--json'], { env, cwd: root })).stdout);
    const health = json.skills.find((s: { skill_id: string }) => s.skill_id === 'github-pr-review');
    expect(health).toMatchObject({
      invocations: 3,
      should_update: true,
      explicit: { total: 4, success: 1, failure: 3, success_rate: 0.25 },
      maturity: { half_life_days: 90 },
    });
    expect(health.reasons.map((r: { code: string }) => r.code)).toContain('explicit_repeated_failures');
    expect(json.skills[0].skill_id).toBe('github-pr-review');
  });
});
