import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorAccumulator } from './error-accumulator.js';
import { LearningService } from './learning-service.js';
import { createInMemoryLearningStorage } from './memory-storage.js';
import { openLearningStorage } from './sqlite-storage.js';
import type { LearningStorage } from './storage.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillpulse-learning-svc-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.each<[string, () => LearningStorage]>([
  ['in-memory', () => createInMemoryLearningStorage()],
  ['SQLite', () => openLearningStorage(join(dir, 'store.db'))],
])('LearningService on %s storage', (_name, open) => {
  let storage: LearningStorage;
  let service: LearningService;
  beforeEach(() => {
    storage = open();
    service = new LearningService(storage);
  });
  afterEach(() => storage.close());

  it('records an outcome: score, criterion weights, strategy pattern and maturity', async () => {
    const result = await service.recordOutcome(
      { bead_id: 't1', duration_ms: 180_000, success: true, strategy: 'file-based', retry_count: 0 },
      NOW,
    );
    expect(result.outcome.type).toBe('helpful');
    expect(result.outcome.raw_score).toBe(1);
    expect(result.feedback).toHaveLength(4);
    expect(result.criteria.map((c) => [c.criterion, c.weight, c.deprecated])).toEqual([
      ['type_safe', 1, false],
      ['no_bugs', 1, false],
      ['patterns', 1, false],
      ['readable', 1, false],
    ]);
    expect(result.patterns).toHaveLength(1);
    expect(result.patterns[0]?.pattern).toMatchObject({
      content: 'file-based',
      tags: ['strategy'],
      success_count: 1,
      example_beads: ['t1'],
    });
    expect(result.patterns[0]?.maturity).toMatchObject({ state: 'candidate', helpful_count: 1, harmful_count: 0 });
    expect((await storage.feedback.getAll())[0]?.context).toBe(
      'Fast completion (180s), 0 errors, 0 retries, succeeded [strategy: file-based]',
    );
  });

  it('counts the task’s recorded errors when no error count is given', async () => {
    const acc = new ErrorAccumulator(storage.errors);
    for (const message of ['a', 'b', 'c']) await acc.recordError('t2', 'validation', message, {}, NOW);
    const result = await service.recordOutcome({ bead_id: 't2', duration_ms: 60_000, success: true, criteria: ['x'] }, NOW);
    expect(result.outcome.signals.error_count).toBe(3);
    expect(result.feedback[0]?.context).toContain('[errors: validation:3]');
    expect(result.criteria.map((c) => c.criterion)).toEqual(['x']);
  });

  it('learns a failing strategy into an anti-pattern and a deprecated maturity', async () => {
    let last = await service.recordOutcome(
      { bead_id: 'f0', duration_ms: 3_600_000, error_count: 5, retry_count: 3, success: false, strategy: 'file-based' },
      at(0),
    );
    for (let i = 1; i < 3; i++) {
      last = await service.recordOutcome(
        { bead_id: `f${i}`, duration_ms: 3_600_000, error_count: 5, retry_count: 3, success: false, strategy: 'file-based' },
        at(i),
      );
    }
    expect(last.outcome.type).toBe('harmful');
    expect(last.patterns[0]?.inversion?.inverted.content).toBe('AVOID: file-based. Failed 3/3 times (100% failure rate)');
    expect(last.patterns[0]?.maturity.state).toBe('deprecated');
    expect(last.criteria.every((c) => c.deprecated && c.weight === 0.1)).toBe(true);
    const anti = await storage.patterns.getAntiPatterns();
    expect(anti.map((p) => p.content)).toEqual(['AVOID: file-based. Failed 3/3 times (100% failure rate)']);
    const context = await service.promptContext();
    expect(context).toContain('## Anti-Patterns to Avoid');
    expect(context).toContain(
      '## Deprecated Patterns\n\nAVOID these patterns - they have poor track records:\n\n- file-based [DEPRECATED - 100% harmful, avoid using]',
    );
  });

  it('observes patterns named in the outcome and extracted from its description, once each', async () => {
    const result = await service.recordOutcome(
      {
        bead_id: 'd1',
        duration_ms: 60_000,
        success: true,
        patterns: ['Split by feature'],
        description: 'We split by feature and respect the dependency chain',
      },
      NOW,
    );
    expect(result.patterns.map((p) => p.pattern.content)).toEqual(['Split by feature', 'Respect dependency chain']);
  });

  it('observes, promotes, deprecates (with reason), refuses to promote deprecated, resets', async () => {
    const created = await service.ensurePattern('Split by component', [], NOW);
    for (let i = 0; i < 6; i++) await service.observePattern(created.id, true, `s${i}`, at(i));
    const proven = await service.observePattern('split by COMPONENT', true, 's6', at(7));
    expect(proven.maturity.state).toBe('proven');
    expect(proven.maturity.promoted_at).toBe(at(4).toISOString()); // the 5th helpful event reaches 5 ≥ 4.99
    const deprecated = await service.deprecate(created.id, 'causes merge conflicts', at(8));
    expect(deprecated.maturity).toMatchObject({
      state: 'deprecated',
      deprecation_reason: 'causes merge conflicts',
      deprecated_at: at(8).toISOString(),
    });
    await expect(service.promote(created.id, at(9))).rejects.toThrow('Cannot promote a deprecated pattern');
    const reset = await service.reset(created.id, at(10));
    expect(reset.maturity.state).toBe('candidate');
    const promoted = await service.promote(created.id, at(11));
    expect(promoted.maturity).toMatchObject({ state: 'proven', promoted_at: at(11).toISOString() });
    expect((await service.listPatterns({ state: 'proven' })).map((v) => v.pattern.content)).toEqual(['Split by component']);
    expect(await service.listPatterns({ state: 'deprecated' })).toEqual([]);
    await expect(service.observePattern('nope', true, undefined, NOW)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(service.deprecate(created.id, '  ', NOW)).rejects.toMatchObject({ code: 'USAGE' });
  });

  it('builds the prompt context with patterns by maturity and a task’s errors, in English and Chinese', async () => {
    expect(await service.promptContext()).toBe('');
    const p = await service.ensurePattern('Split by feature', [], NOW);
    for (let i = 0; i < 9; i++) await service.observePattern(p.id, true, undefined, at(i));
    await service.observePattern(p.id, false, undefined, at(9));
    await new ErrorAccumulator(storage.errors).recordError('t9', 'timeout', 'Tests timed out', {}, NOW);
    const en = await service.promptContext({ task: 't9' });
    expect(en).toBe(
      '## Proven Patterns\n\nThese patterns consistently work well:\n\n- Split by feature [PROVEN - 90% helpful from 10 observations]\n\n' +
        '## Previous Errors\n\nThe following errors were encountered during execution:\n\n### timeout (1 error)\n\n- **Tests timed out**\n  - Time: 2024-12-12T00:00:00.000Z\n\n' +
        '**Action Required**: Address these errors before proceeding. Consider:\n- What caused each error?\n- How can you prevent similar errors?\n- Are there patterns across error types?\n',
    );
    const zh = await service.promptContext({ lang: 'zh' });
    expect(zh).toBe('## 已验证模式\n\n这些模式一贯效果良好:\n\n- 按功能拆分 [已验证 - 90%有帮助,共10次观察]\n');
  });
});
