import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadLabeledItems, openingRequestExamples, TRAINING_SPLITS, turnExamples, weightsFile } from './dataset.js';
import { buildModelText } from './train.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('second-stage training data and weights', () => {
  it('the shipped weights equal what npm run train-feedback-model produces from the committed data (not stale)', async () => {
    const text = await buildModelText(root);
    expect(readFileSync(weightsFile(root), 'utf8')).toBe(text);
    // Deterministic: a second run gives the same bytes.
    expect(await buildModelText(root)).toBe(text);
  }, 60_000);

  it('learns only from the training splits (never the next held-out round, round 34)', async () => {
    expect(TRAINING_SPLITS).not.toContain('test-r34');
    const items = await loadLabeledItems(root);
    expect(new Set(items.map((i) => i.split))).toEqual(new Set(TRAINING_SPLITS));
    expect(items.some((i) => i.source.startsWith('r34-'))).toBe(false);
    expect(openingRequestExamples(root).some((e) => e.source?.includes(':r34-'))).toBe(false);
    // Turn labels: the deciding turn of a correction is a `negative` example; `none` labels every turn with text.
    const examples = items.flatMap(turnExamples);
    expect(examples.filter((e) => e.label === 'negative').length).toBeGreaterThan(100);
    const none = items.find((i) => i.gold === 'none' && (i.analyzed?.window?.turns.length ?? 0) > 0);
    expect(turnExamples(none!).every((e) => e.label === 'none')).toBe(true);
  }, 60_000);
});
