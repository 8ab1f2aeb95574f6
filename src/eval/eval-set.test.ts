import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillpulseError } from '../errors.js';
import { formatError } from '../errors.js';
import { loadEvalSet, parseEvalSet } from './eval-set.js';

function failure(fn: () => unknown): SkillpulseError {
  try {
    fn();
  } catch (e) {
    return e as SkillpulseError;
  }
  throw new Error('expected an error');
}

describe('parseEvalSet', () => {
  it('keeps order and ignores other keys', () => {
    const items = parseEvalSet(
      [
        { query: 'a', should_trigger: true, note: 'x' },
        { query: 'b', should_trigger: false },
      ],
      'e.json',
    );
    expect(items).toEqual([
      { query: 'a', should_trigger: true },
      { query: 'b', should_trigger: false },
    ]);
  });

  it('names file, index and field', () => {
    expect(formatError(failure(() => parseEvalSet({}, 'e.json')))).toMatch(/^e\.json: an eval set must be a JSON array/);
    expect(formatError(failure(() => parseEvalSet([{ query: 'a' }], 'e.json')))).toBe('e.json: [0].should_trigger: is missing');
    expect(
      formatError(
        failure(() =>
          parseEvalSet(
            [
              { query: 'a', should_trigger: true },
              { query: 'b', should_trigger: 'yes' },
            ],
            'e.json',
          ),
        ),
      ),
    ).toBe('e.json: [1].should_trigger: must be true or false, got "yes"');
    expect(formatError(failure(() => parseEvalSet([{ query: 3, should_trigger: true }], 'e.json')))).toBe(
      'e.json: [0].query: must be a string, got 3',
    );
    expect(formatError(failure(() => parseEvalSet([{ query: '  ', should_trigger: true }], 'e.json')))).toBe(
      'e.json: [0].query: must be a non-empty string',
    );
    expect(formatError(failure(() => parseEvalSet(['x'], 'e.json')))).toMatch(/\[0\]: must be an object/);
    expect(formatError(failure(() => parseEvalSet([], 'e.json')))).toBe('e.json: the eval set is empty');
  });

  it('refuses duplicate queries', () => {
    const e = failure(() =>
      parseEvalSet(
        [
          { query: 'a', should_trigger: true },
          { query: 'a', should_trigger: false },
        ],
        'e.json',
      ),
    );
    expect(e.message).toBe('duplicate query (same text as item 0)');
    expect(e.location.field).toBe('[1].query');
  });
});

describe('loadEvalSet', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'sp-evalset-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports the line of a bad item and of bad JSON', async () => {
    const file = path.join(dir, 'bad.json');
    await writeFile(file, '[\n  {"query": "a", "should_trigger": true},\n  {"query": "b"}\n]\n');
    await expect(loadEvalSet(file)).rejects.toMatchObject({ location: { file, line: 3, field: '[1].should_trigger' } });
    const broken = path.join(dir, 'broken.json');
    await writeFile(broken, '[\n  {"query": "a",\n  "should_trigger": tru}\n]');
    await expect(loadEvalSet(broken)).rejects.toMatchObject({ code: 'INVALID_INPUT', location: { file: broken } });
    await expect(loadEvalSet(path.join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
