/**
 * A small multinomial logistic regression over binary text features (features.ts): trained by
 * full-batch gradient descent with L2 regularisation, a fixed number of steps and a fixed
 * feature order, so the same data gives byte-identical weights. Plain TypeScript, no dependency.
 */
import { extractFeatures, extractReplyFeatures } from './features.js';

/** What the model tells apart on one human turn: a complaint (correction or partial), acceptance, no verdict. */
export const MODEL_CLASSES = ['negative', 'acceptance', 'none'] as const;
export type ModelClass = (typeof MODEL_CLASSES)[number];

export interface TrainingExample {
  text: string;
  label: ModelClass;
  /** Where it comes from (scenario, corpus file or the hand-written set); not used by training. */
  source?: string;
  /** The assistant's answer to the turn, when known (`WindowTurn.reply`); read with `replyFeatures`. */
  reply?: string;
}

export interface TrainingParams {
  /** A feature must occur in at least this many training texts to be used. */
  minCount: number;
  l2: number;
  learningRate: number;
  iterations: number;
  /** Also read the assistant's answer to the turn (`r:`/`rcc:` features). Absent in older weights: off. */
  replyFeatures?: boolean;
}

export const DEFAULT_TRAINING_PARAMS: TrainingParams = { minCount: 2, l2: 0.001, learningRate: 0.5, iterations: 800, replyFeatures: true };

/** The features the model reads of a turn: the person's words, and with `replyFeatures` the assistant's answer. */
export function featuresOf(params: Pick<TrainingParams, 'replyFeatures'>, text: string, reply: string | undefined): string[] {
  const own = extractFeatures(text);
  return params.replyFeatures === true && reply !== undefined && reply.trim() !== '' ? [...own, ...extractReplyFeatures(reply)] : own;
}

/** The shipped data file (src/feedback/model/weights.json). */
export interface ModelFile {
  format: 'skillpulse-feedback-model';
  version: 1;
  classes: ModelClass[];
  params: TrainingParams;
  /** Training texts per class (after deduplication). */
  trained_on: Record<ModelClass, number>;
  bias: number[];
  /** feature → one weight per class, features sorted. */
  weights: Record<string, number[]>;
}

const DIGITS = 4;
const round = (x: number): number => {
  const r = Math.round(x * 10 ** DIGITS) / 10 ** DIGITS;
  return Object.is(r, -0) ? 0 : r;
};

/**
 * Trains the model. Examples are deduplicated on (text, label) and sorted first, so the order they
 * come in does not matter; the result is rounded to 4 decimals (what is shipped is what predicts).
 */
export function trainModel(examples: readonly TrainingExample[], params: TrainingParams = DEFAULT_TRAINING_PARAMS): ModelFile {
  const k = MODEL_CLASSES.length;
  const seen = new Set<string>();
  const data: { features: string[]; y: number }[] = [];
  const reply = (e: TrainingExample): string => (params.replyFeatures === true ? (e.reply ?? '') : '');
  const order = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...examples].sort((a, b) => order(a.text, b.text) || order(a.label, b.label) || order(reply(a), reply(b)));
  for (const e of sorted) {
    const key = `${e.label}\u0000${e.text}\u0000${reply(e)}`;
    if (seen.has(key) || e.text.trim() === '') continue;
    seen.add(key);
    data.push({ features: featuresOf(params, e.text, e.reply), y: MODEL_CLASSES.indexOf(e.label) });
  }
  const counts = new Map<string, number>();
  for (const d of data) for (const f of d.features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocabulary = [...counts.entries()]
    .filter(([, c]) => c >= params.minCount)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocabulary.map((f, i) => [f, i]));
  const rows = data.map((d) => ({ ids: d.features.flatMap((f) => (index.has(f) ? [index.get(f)!] : [])), y: d.y }));
  const w = new Float64Array(vocabulary.length * k);
  const bias = new Float64Array(k);
  const n = Math.max(rows.length, 1);
  const gw = new Float64Array(w.length);
  const gb = new Float64Array(k);
  const p = new Float64Array(k);
  for (let step = 0; step < params.iterations; step++) {
    gw.fill(0);
    gb.fill(0);
    for (const r of rows) {
      scores(w, bias, r.ids, p);
      for (let c = 0; c < k; c++) {
        const g = p[c]! - (c === r.y ? 1 : 0);
        gb[c]! += g;
        for (const id of r.ids) gw[id * k + c]! += g;
      }
    }
    for (let c = 0; c < k; c++) bias[c]! -= (params.learningRate * gb[c]!) / n;
    for (let i = 0; i < w.length; i++) w[i]! -= params.learningRate * (gw[i]! / n + params.l2 * w[i]!);
  }
  const weights: Record<string, number[]> = {};
  vocabulary.forEach((f, i) => {
    const ws = Array.from({ length: k }, (_, c) => round(w[i * k + c]!));
    if (ws.some((x) => x !== 0)) weights[f] = ws;
  });
  const trained = Object.fromEntries(MODEL_CLASSES.map((c, i) => [c, data.filter((d) => d.y === i).length])) as Record<ModelClass, number>;
  return {
    format: 'skillpulse-feedback-model',
    version: 1,
    classes: [...MODEL_CLASSES],
    params: { ...params },
    trained_on: trained,
    bias: Array.from(bias, round),
    weights,
  };
}

/** Softmax of bias + the weights of the present features, written into `out`. */
function scores(w: Float64Array, bias: Float64Array, ids: readonly number[], out: Float64Array): void {
  const k = bias.length;
  for (let c = 0; c < k; c++) out[c] = bias[c]!;
  for (const id of ids) for (let c = 0; c < k; c++) out[c]! += w[id * k + c]!;
  softmaxInPlace(out);
}

function softmaxInPlace(v: Float64Array | number[]): void {
  let max = Number.NEGATIVE_INFINITY;
  for (const x of v) max = Math.max(max, x);
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    v[i] = Math.exp(v[i]! - max);
    sum += v[i]!;
  }
  for (let i = 0; i < v.length; i++) v[i] = v[i]! / sum;
}

export interface Prediction {
  label: ModelClass;
  probabilities: Record<ModelClass, number>;
  /** The present features that pushed most towards `label` (largest weight margin first). */
  topFeatures: string[];
}

/**
 * The model's judgement of one text (and, for a model trained with `replyFeatures`, the assistant's
 * answer to it); `topFeatures` explain `forClass` (default: the predicted class).
 */
export function predict(model: ModelFile, text: string, top = 3, forClass?: ModelClass, reply?: string): Prediction {
  const k = model.classes.length;
  const logits = [...model.bias];
  const present = featuresOf(model.params, text, reply).filter((f) => model.weights[f] !== undefined);
  for (const f of present) {
    const ws = model.weights[f]!;
    for (let c = 0; c < k; c++) logits[c]! += ws[c] ?? 0;
  }
  const probs = [...logits];
  softmaxInPlace(probs);
  let best = 0;
  for (let c = 1; c < k; c++) if (probs[c]! > probs[best]!) best = c;
  const probabilities = Object.fromEntries(model.classes.map((c, i) => [c, probs[i]!])) as Record<ModelClass, number>;
  const explained = forClass === undefined ? best : model.classes.indexOf(forClass);
  return { label: model.classes[best]!, probabilities, topFeatures: topFeaturesFor(model, present, explained, top) };
}

/** Present features ordered by how much they favour class `c` over the best other class. */
export function topFeaturesFor(model: ModelFile, present: readonly string[], c: number, top: number): string[] {
  const margin = (f: string): number => {
    const ws = model.weights[f]!;
    const others = ws.filter((_, i) => i !== c);
    return ws[c]! - Math.max(...others);
  };
  return present
    .map((f) => ({ f, m: margin(f) }))
    .filter((x) => x.m > 0)
    .sort((a, b) => b.m - a.m || (a.f < b.f ? -1 : 1))
    .slice(0, top)
    .map((x) => x.f);
}

/** A feature as a reader sees it: `w:wrong` → `wrong`, `b:^_no` → `no …` at the start, `cc:不对` → `不对`. */
export function describeFeature(f: string): string {
  const [kind, rest = ''] = [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)];
  if (kind === 'b') return rest.startsWith('^_') ? `starts "${rest.slice(2)}"` : `"${rest.replace('_', ' ')}"`;
  if (kind === 'p') return rest === '?' ? 'a question' : 'an exclamation';
  if (kind === 'r' || kind === 'rcc') return `answer "${rest}"`;
  return `"${rest}"`;
}

/**
 * The file's JSON text as written: one key per line, short arrays and objects inline, one feature
 * per line, trailing newline (what the repository's formatter writes, so it leaves the file alone).
 */
export function serializeModel(model: ModelFile): string {
  const inline = (v: unknown): string =>
    Array.isArray(v)
      ? `[${v.map((x) => JSON.stringify(x)).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{ ${Object.entries(v)
            .map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`)
            .join(', ')} }`
        : JSON.stringify(v);
  const { weights, ...head } = model;
  const lines = Object.entries(head).map(([k, v]) => `  ${JSON.stringify(k)}: ${inline(v)},`);
  const features = Object.keys(weights)
    .sort()
    .map((f) => `    ${JSON.stringify(f)}: ${inline(weights[f])}`);
  return `{\n${lines.join('\n')}\n  "weights": {\n${features.join(',\n')}\n  }\n}\n`;
}

/** Checks a parsed weights file's shape; throws a plain Error naming the field. */
export function parseModel(json: unknown, file = 'weights.json'): ModelFile {
  const m = json as Partial<ModelFile> | null;
  if (m?.format !== 'skillpulse-feedback-model' || m.version !== 1)
    throw new Error(`${file}: not a skillpulse feedback model (format/version)`);
  if (!Array.isArray(m.classes) || m.classes.join(',') !== MODEL_CLASSES.join(','))
    throw new Error(`${file}: field classes must be ${MODEL_CLASSES.join(',')}`);
  if (!Array.isArray(m.bias) || m.bias.length !== MODEL_CLASSES.length)
    throw new Error(`${file}: field bias must have ${MODEL_CLASSES.length} numbers`);
  if (!m.weights || typeof m.weights !== 'object') throw new Error(`${file}: field weights missing`);
  for (const [f, ws] of Object.entries(m.weights))
    if (!Array.isArray(ws) || ws.length !== MODEL_CLASSES.length || ws.some((x) => typeof x !== 'number'))
      throw new Error(`${file}: field weights.${f} must have ${MODEL_CLASSES.length} numbers`);
  return m as ModelFile;
}
