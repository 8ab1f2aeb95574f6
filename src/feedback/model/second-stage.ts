/**
 * The second stage of implicit-feedback classification: a local statistical model (logistic.ts,
 * weights shipped in weights.json) read only where the lexicon rules are weak — a window they
 * gave no verdict (`no-signal`) or only implicit acceptance. It never overrides an explicit rule
 * verdict (classify.ts decides when to ask it). Nothing leaves the machine.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { WindowTurn } from '../window.js';
import { describeFeature, type ModelFile, parseModel, predict } from './logistic.js';

/** Confidence of a model verdict: below every rule's (implicit acceptance 0.6 is the lowest rule). */
export const MODEL_CONFIDENCE = 0.5;

/**
 * Whether the second stage runs when the caller does not say. Off: in leave-one-round-out
 * cross-validation (docs/accuracy.md, "Second stage") rules+model did not beat rules-only on both
 * blind rounds r3 and r4 with correction+partial precision ≥ 0.85.
 */
export const SECOND_STAGE_DEFAULT = false;

export interface SecondStageOptions {
  /** The model (default: the shipped weights.json). */
  model?: ModelFile;
  /** Least probability of `negative` for a model correction (default 0.7, fixed before any cross-validation). */
  threshold?: number;
  /** Least probability of `acceptance` on turn 1 for a model acceptance where the rules found nothing; null (default) = never. */
  acceptanceThreshold?: number | null;
}

export const DEFAULT_THRESHOLD = 0.7;

let shipped: ModelFile | null = null;

/** The shipped model (src/feedback/model/weights.json, copied beside the compiled code by the build), loaded once. */
export function shippedModel(): ModelFile {
  if (shipped === null) {
    const file = fileURLToPath(new URL('./weights.json', import.meta.url));
    shipped = parseModel(JSON.parse(readFileSync(file, 'utf8')), file);
  }
  return shipped;
}

export interface ModelVerdict {
  outcome: 'correction' | 'acceptance';
  /** The window turn (1..N) the model judged. */
  turn: number;
  probability: number;
  /** The features that pushed most, as a reader sees them. */
  features: string[];
}

/** Turns the model reads: what the person typed (prompts, queued messages, a refusal's or interrupt's text). */
function readable(t: WindowTurn): boolean {
  return t.text.trim() !== '';
}

/**
 * The model's verdict on a window's human turns: the first turn whose probability of a complaint
 * reaches the threshold is a correction; otherwise, with `acceptanceThreshold` set and
 * `allowAcceptance` (the rules found no signal at all), turn 1 at that probability of acceptance is
 * an acceptance. Null when the model is not sure enough.
 */
export function modelVerdict(turns: readonly WindowTurn[], options: SecondStageOptions = {}, allowAcceptance = false): ModelVerdict | null {
  const model = options.model ?? shippedModel();
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  for (const t of turns) {
    if (!readable(t)) continue;
    const p = predict(model, t.text, 3, 'negative');
    if (p.probabilities.negative >= threshold)
      return { outcome: 'correction', turn: t.index, probability: p.probabilities.negative, features: p.topFeatures.map(describeFeature) };
  }
  const accept = options.acceptanceThreshold ?? null;
  const first = turns[0];
  if (allowAcceptance && accept !== null && first && first.index === 1 && readable(first)) {
    const p = predict(model, first.text, 3, 'acceptance');
    if (p.probabilities.acceptance >= accept && p.label === 'acceptance')
      return { outcome: 'acceptance', turn: 1, probability: p.probabilities.acceptance, features: p.topFeatures.map(describeFeature) };
  }
  return null;
}
