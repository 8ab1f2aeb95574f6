import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type LabeledItem, loadLabeledItems, openingRequestExamples, TRAINING_SPLITS, turnExamples, weightsFile } from './dataset.js';
import { modelTextOf } from './train.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('second-stage training data and weights', () => {
  // Every fixture session analysed once for both tests (~20 s); the model trains once (~30 s).
  let items: LabeledItem[] = [];
  beforeAll(async () => {
    items = await loadLabeledItems(root);
  }, 180_000);

  it('the shipped weights equal what npm run train-feedback-model produces from the committed data (not stale)', () => {
    // Training is deterministic (model.test.ts: any order gives byte-identical weights), so one run decides.
    expect(readFileSync(weightsFile(root), 'utf8')).toBe(modelTextOf(root, items));
  }, 180_000);

  it('learns only from the training splits (every measured round: 6-51)', () => {
    for (let round = 6; round <= 51; round++) expect(TRAINING_SPLITS).toContain(`test-r${round}`);
    expect(new Set(items.map((i) => i.split))).toEqual(new Set(TRAINING_SPLITS));
    // Nothing of another split (a held-out round written later is never read before it is measured).
    expect(items.every((i) => (TRAINING_SPLITS as readonly string[]).includes(i.split))).toBe(true);
    expect(openingRequestExamples(root).every((e) => TRAINING_SPLITS.some((s) => e.source?.startsWith(`${s}:`)))).toBe(true);
    // Turn labels: the deciding turn of a correction is a `negative` example; `none` labels every turn with text.
    const examples = items.flatMap(turnExamples);
    expect(examples.filter((e) => e.label === 'negative').length).toBeGreaterThan(100);
    const none = items.find((i) => i.gold === 'none' && (i.analyzed?.window?.turns.length ?? 0) > 0);
    expect(turnExamples(none!).every((e) => e.label === 'none')).toBe(true);
    // Turns the assistant answered carry the opening of that answer (the model reads it too).
    expect(examples.filter((e) => e.reply !== undefined).length).toBeGreaterThan(examples.length / 2);
  }, 180_000);
});
