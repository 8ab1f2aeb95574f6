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
    // Two trainings over ~15,000 texts: ~60 s on an idle core, more with both cores busy.
  }, 300_000);

  it('learns only from the training splits (every measured round: 6-42)', async () => {
    for (let round = 6; round <= 42; round++) expect(TRAINING_SPLITS).toContain(`test-r${round}`);
    const items = await loadLabeledItems(root);
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
