/** The training run behind `npm run train-feedback-model` (and its staleness test). */
import { serializeModel, type TrainingExample, trainModel } from '../../src/feedback/model/logistic.js';
import { extraExamples, type LabeledItem, loadLabeledItems, openingRequestExamples, turnExamples } from './dataset.js';

/** Per-turn examples of `items` plus `extra` examples (hand-written sentences, opening requests). */
export function examplesOf(items: readonly LabeledItem[], extra: readonly TrainingExample[]): TrainingExample[] {
  return [...items.flatMap(turnExamples), ...extra];
}

/** The weights file text trained on `items` (the training splits' labeled invocations) and the extra sentences. */
export function modelTextOf(root: string, items: readonly LabeledItem[]): string {
  return serializeModel(trainModel(examplesOf(items, [...openingRequestExamples(root), ...extraExamples(root)])));
}

/** The weights file text trained on every training split and the extra sentences. */
export async function buildModelText(root: string): Promise<string> {
  return modelTextOf(root, await loadLabeledItems(root));
}
