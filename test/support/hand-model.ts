/** Hand-made second-stage models for tests: a few named features with fixed weights, everything else at the bias. */
import type { ModelFile } from '../../src/feedback/model/logistic.js';

/**
 * A model whose `weights` (feature → [negative, acceptance, none]) are all it knows; the bias
 * [0, 0, 2] reads a text with none of them as no verdict (p(negative) ≈ 0.11).
 */
export function handModel(weights: Record<string, number[]>, bias: number[] = [0, 0, 2]): ModelFile {
  return {
    format: 'skillpulse-feedback-model',
    version: 1,
    classes: ['negative', 'acceptance', 'none'],
    params: { minCount: 2, l2: 0.01, learningRate: 0.5, iterations: 1 },
    trained_on: { negative: 1, acceptance: 1, none: 1 },
    bias,
    weights,
  };
}
