/**
 * One behaviour suite, run against the in-memory and the SQLite storage.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, queryValue } from '../store/database.js';
import { createPattern } from './anti-patterns.js';
import { ErrorAccumulator } from './error-accumulator.js';
import { createInMemoryLearningStorage } from './memory-storage.js';
import { LEARNING_SCHEMA } from './sqlite-schema.js';
import { createSqliteLearningStorage, openLearningStorage } from './sqlite-storage.js';
import type { LearningStorage } from './storage.js';
import type { DecompositionPattern, FeedbackEvent, PatternMaturity } from './types.js';

const NOW = new Date('2024-12-12T10:30:00.000Z');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-learning-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const backends: Array<[string, () => LearningStorage]> = [
  ['in-memory', () => createInMemoryLearningStorage()],
  ['SQLite', () => openLearningStorage(join(dir, 'store.db'))],
];

const feedback = (id: string, criterion: string, bead: string | undefined, type: FeedbackEvent['type'] = 'helpful'): FeedbackEvent => {
  const event: FeedbackEvent = { id, criterion, type, timestamp: NOW.toISOString(), raw_value: 0.78, context: 'ctx' };
  if (bead) event.bead_id = bead;
  return event;
};

describe.each(backends)('learning storage: %s', (_name, open) => {
  let storage: LearningStorage;
  beforeEach(() => {
    storage = open();
  });
  afterEach(() => storage.close());

  describe('FeedbackStorage', () => {
    it('stores and queries by criterion, by task and all, in insertion order', async () => {
      await storage.feedback.store(feedback('a', 'type_safe', 'b1'));
      await storage.feedback.store(feedback('b', 'readable', 'b1', 'harmful'));
      await storage.feedback.store(feedback('c', 'type_safe', undefined, 'neutral'));
      expect((await storage.feedback.getByCriterion('type_safe')).map((e) => e.id)).toEqual(['a', 'c']);
      expect((await storage.feedback.getByBead('b1')).map((e) => e.id)).toEqual(['a', 'b']);
      const all = await storage.feedback.getAll();
      expect(all).toEqual([
        feedback('a', 'type_safe', 'b1'),
        feedback('b', 'readable', 'b1', 'harmful'),
        feedback('c', 'type_safe', undefined, 'neutral'),
      ]);
      expect(await storage.feedback.getByCriterion('nope')).toEqual([]);
    });

    it('replaces an event stored again under the same id, keeping its place', async () => {
      await storage.feedback.store(feedback('a', 'x', 'b1'));
      await storage.feedback.store(feedback('b', 'x', 'b1'));
      await storage.feedback.store({ ...feedback('a', 'x', 'b1'), raw_value: 0.2 });
      const all = await storage.feedback.getAll();
      expect(all.map((e) => [e.id, e.raw_value])).toEqual([
        ['a', 0.2],
        ['b', 0.78],
      ]);
    });

    it('hands out copies', async () => {
      await storage.feedback.store(feedback('a', 'x', 'b1'));
      const [first] = await storage.feedback.getAll();
      first!.raw_value = 99;
      expect((await storage.feedback.getAll())[0]?.raw_value).toBe(0.78);
    });
  });

  describe('ErrorStorage through the ErrorAccumulator (reference V11)', () => {
    it('records, resolves, counts and renders errors', async () => {
      const acc = new ErrorAccumulator(storage.errors);
      const t = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
      await acc.recordError(
        'bd-1',
        'validation',
        'Type error in src/auth.ts',
        { context: 'After adding OAuth types', tool_name: 'typecheck' },
        t(0),
      );
      await acc.recordError('bd-1', 'timeout', 'Tests timed out', {}, t(1));
      const missing = await acc.recordError('bd-1', 'validation', 'Missing import', { tool_name: 'typecheck', stack_trace: 'E' }, t(5));
      await acc.recordError('bd-2', 'conflict', 'other task', {}, t(6));
      expect(missing).toMatchObject({
        bead_id: 'bd-1',
        error_type: 'validation',
        resolved: false,
        timestamp: t(5).toISOString(),
        stack_trace: 'E',
      });

      const before = await acc.getErrorContext('bd-1');
      expect(before).toContain('### validation (2 errors)');
      expect(before).toContain('  - Stack: `E...`\n  - Time: 2024-12-12T10:35:00.000Z\n');
      expect(before.endsWith('- Are there patterns across error types?\n')).toBe(true);

      expect(await acc.resolveError(missing.id)).toBe(true);
      expect(await acc.resolveError('no-such-id')).toBe(false);
      const after = await acc.getErrorContext('bd-1');
      expect(after).not.toContain('Missing import');
      expect(after).toContain('### validation (1 error)');
      expect(await acc.getErrorContext('bd-1', true)).toContain('  - Time: 2024-12-12T10:35:00.000Z (resolved)');
      expect(await acc.getErrorStats('bd-1')).toEqual({ total: 3, unresolved: 2, by_type: { validation: 2, timeout: 1 } });
      expect((await acc.getUnresolvedErrors('bd-1')).map((e) => e.message)).toEqual(['Type error in src/auth.ts', 'Tests timed out']);
      expect(await acc.getErrorContext('bd-9')).toBe('');
      expect((await storage.errors.getAll()).length).toBe(4);
    });

    it('gives two errors of one type in the same millisecond distinct ids (fixed L3)', async () => {
      const acc = new ErrorAccumulator(storage.errors);
      const a = await acc.recordError('bd-1', 'validation', 'first', {}, NOW);
      const b = await acc.recordError('bd-1', 'validation', 'second', {}, NOW);
      expect(a.id).not.toBe(b.id);
      expect(a.id.startsWith(`bd-1-validation-${NOW.getTime()}-`)).toBe(true);
      await acc.resolveError(b.id);
      expect((await acc.getUnresolvedErrors('bd-1')).map((e) => e.message)).toEqual(['first']);
    });

    it('rejects an unknown error type and an empty message', async () => {
      const acc = new ErrorAccumulator(storage.errors);
      await expect(acc.recordError('bd-1', 'bogus' as 'unknown', 'm', {}, NOW)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
      await expect(acc.recordError('bd-1', 'unknown', ' ', {}, NOW)).rejects.toMatchObject({ location: { field: 'message' } });
      expect(await storage.errors.getAll()).toEqual([]);
    });
  });

  describe('PatternStorage', () => {
    const p = (content: string, extra: Partial<DecompositionPattern> = {}): DecompositionPattern => ({
      ...createPattern(content, [], NOW),
      ...extra,
    });

    it('upserts, gets, filters anti-patterns and tags, finds by content substring', async () => {
      const a = p('Split by file type', { tags: ['strategy', 'files'], example_beads: ['b1'] });
      const b = p('AVOID: 100% parallel_ism. Failed 3/3 times (100% failure rate)', {
        id: 'anti-x',
        kind: 'anti_pattern',
        is_negative: true,
        reason: 'Failed 3/3 times (100% failure rate)',
      });
      await storage.patterns.store(a);
      await storage.patterns.store(b);
      expect(await storage.patterns.get(a.id)).toEqual(a);
      expect(await storage.patterns.get('missing')).toBeNull();
      expect((await storage.patterns.getAntiPatterns()).map((x) => x.id)).toEqual(['anti-x']);
      expect((await storage.patterns.getByTag('files')).map((x) => x.id)).toEqual([a.id]);
      expect(await storage.patterns.getByTag('fil')).toEqual([]);
      expect((await storage.patterns.findByContent('FILE TYPE')).map((x) => x.id)).toEqual([a.id]);
      // % and _ are plain characters, not wildcards
      expect((await storage.patterns.findByContent('100% parallel_')).map((x) => x.id)).toEqual(['anti-x']);
      expect(await storage.patterns.findByContent('1_0')).toEqual([]);
      await storage.patterns.store({ ...a, success_count: 4, updated_at: '2024-12-13T00:00:00.000Z' });
      expect((await storage.patterns.getAll()).map((x) => [x.id, x.success_count])).toEqual([
        [a.id, 4],
        ['anti-x', 0],
      ]);
    });
  });

  describe('MaturityStorage', () => {
    it('upserts records, filters by state and keeps feedback per pattern', async () => {
      const record: PatternMaturity = {
        pattern_id: 'p1',
        state: 'candidate',
        helpful_count: 0,
        harmful_count: 0,
        last_validated: NOW.toISOString(),
      };
      await storage.maturity.store(record);
      await storage.maturity.store({
        pattern_id: 'p2',
        state: 'proven',
        helpful_count: 6,
        harmful_count: 0,
        last_validated: NOW.toISOString(),
        promoted_at: NOW.toISOString(),
      });
      const deprecated: PatternMaturity = {
        ...record,
        state: 'deprecated',
        deprecated_at: NOW.toISOString(),
        deprecation_reason: 'conflicts',
      };
      await storage.maturity.store(deprecated);
      expect(await storage.maturity.get('p1')).toEqual(deprecated);
      expect(await storage.maturity.get('zz')).toBeNull();
      expect((await storage.maturity.getByState('proven')).map((m) => m.pattern_id)).toEqual(['p2']);
      expect((await storage.maturity.getAll()).map((m) => m.pattern_id)).toEqual(['p1', 'p2']);
      await storage.maturity.storeFeedback({ pattern_id: 'p1', type: 'helpful', timestamp: NOW.toISOString(), weight: 1 });
      await storage.maturity.storeFeedback({ pattern_id: 'p2', type: 'harmful', timestamp: NOW.toISOString(), weight: 0.5 });
      await storage.maturity.storeFeedback({ pattern_id: 'p1', type: 'harmful', timestamp: NOW.toISOString(), weight: 0.25 });
      expect(await storage.maturity.getFeedback('p1')).toEqual([
        { pattern_id: 'p1', type: 'helpful', timestamp: NOW.toISOString(), weight: 1 },
        { pattern_id: 'p1', type: 'harmful', timestamp: NOW.toISOString(), weight: 0.25 },
      ]);
    });
  });

  describe('transaction', () => {
    it('runs the function and returns its result', async () => {
      const result = await storage.transaction(async () => {
        await storage.feedback.store(feedback('a', 'x', 'b'));
        return 42;
      });
      expect(result).toBe(42);
      expect(await storage.feedback.getAll()).toHaveLength(1);
    });
  });
});

describe('storage specifics', () => {
  it('keeps data across reopening and records the learning schema version', async () => {
    const path = join(dir, 'store.db');
    const first = openLearningStorage(path);
    await first.patterns.store(createPattern('Split by feature', ['strategy'], NOW));
    first.close();
    const second = openLearningStorage(path);
    expect((await second.patterns.getAll()).map((p) => p.content)).toEqual(['Split by feature']);
    second.close();
    const db = openDatabase(path, { modules: [LEARNING_SCHEMA] });
    expect(queryValue(db, "SELECT version FROM schema_modules WHERE module = 'learning'")).toBe(1);
    db.close();
  });

  it('rolls a failed transaction back', async () => {
    const db = openDatabase(join(dir, 'store.db'), { modules: [LEARNING_SCHEMA] });
    const storage = createSqliteLearningStorage(db);
    await expect(
      storage.transaction(async () => {
        await storage.feedback.store(feedback('a', 'x', 'b'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await storage.feedback.getAll()).toEqual([]);
    db.close();
  });

  it('caps the in-memory feedback store, evicting the oldest first', async () => {
    const storage = createInMemoryLearningStorage({ maxFeedback: 2 });
    for (const id of ['a', 'b', 'c']) await storage.feedback.store(feedback(id, 'x', 'b'));
    expect((await storage.feedback.getAll()).map((e) => e.id)).toEqual(['b', 'c']);
  });
});
