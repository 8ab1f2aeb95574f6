/**
 * The seeded, stratified train/test split of the optimisation loop, reproducing skill-creator's
 * split exactly.
 *
 * How the seed maps to the split: the seed initialises a port of CPython's Mersenne Twister
 * (MT19937) exactly as `random.seed(seed)` does for an integer (`init_by_array` with the seed's
 * 32-bit words, least significant first, constant 19650218). The eval set is divided into
 * positives and negatives in input order; the positives are shuffled, then the negatives, both
 * from the same generator, with Python's `random.shuffle` (Fisher–Yates from the end, each index
 * drawn with `_randbelow`: rejection sampling on `getrandbits(bit_length(n))`). Each class puts
 * its first max(1, floor(size × holdout)) items into test, the rest into train (positives first).
 * So `--seed 42` gives the same split as skill-creator's `run_loop.py` (vector V6).
 */
import type { EvalItem } from './eval-set.js';

const N = 624;
const M = 397;

/** CPython's MT19937 with `init_by_array` seeding. */
export class MersenneTwister {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(seed: number | bigint) {
    this.seedByArray(seedKey(seed));
  }

  private initGenrand(s: number): void {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private seedByArray(key: number[]): void {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32-bit output (genrand_uint32). */
  nextUint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % N]! & 0x7fffffff);
        mt[k] = mt[(k + M) % N]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** Python's `getrandbits(k)` for 1 ≤ k ≤ 32. */
  getrandbits(k: number): number {
    return this.nextUint32() >>> (32 - k);
  }

  /** Python's `_randbelow(n)` (n ≤ 2^32). */
  randbelow(n: number): number {
    const k = Math.floor(Math.log2(n)) + 1;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** Python's `random.shuffle`, in place. */
  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const tmp = items[i]!;
      items[i] = items[j]!;
      items[j] = tmp;
    }
  }
}

/** The init_by_array key CPython derives from an integer seed: |seed| in 32-bit words, low first. */
function seedKey(seed: number | bigint): number[] {
  let n = typeof seed === 'bigint' ? seed : BigInt(Math.trunc(seed));
  if (n < 0n) n = -n;
  if (n === 0n) return [0];
  const key: number[] = [];
  while (n > 0n) {
    key.push(Number(n & 0xffffffffn));
    n >>= 32n;
  }
  return key;
}

export interface EvalSplit {
  train: EvalItem[];
  test: EvalItem[];
}

/** Stratified seeded split; `holdout` 0 puts everything in train. */
export function splitEvalSet(items: readonly EvalItem[], holdout: number, seed: number): EvalSplit {
  if (holdout <= 0) return { train: [...items], test: [] };
  const rng = new MersenneTwister(seed);
  const positives = items.filter((i) => i.should_trigger);
  const negatives = items.filter((i) => !i.should_trigger);
  rng.shuffle(positives);
  rng.shuffle(negatives);
  const nPos = positives.length > 0 ? Math.max(1, Math.floor(positives.length * holdout)) : 0;
  const nNeg = negatives.length > 0 ? Math.max(1, Math.floor(negatives.length * holdout)) : 0;
  return {
    test: [...positives.slice(0, nPos), ...negatives.slice(0, nNeg)],
    train: [...positives.slice(nPos), ...negatives.slice(nNeg)],
  };
}
