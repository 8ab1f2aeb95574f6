/**
 * A small seeded PRNG (sfc32, seeded through a string hash) so the benchmark corpus is the same
 * byte for byte on every machine and every run. Not for anything security-related.
 */

/** 32-bit FNV-1a over the string, then mixed; used to derive seeds from labels. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

const HEX = '0123456789abcdef';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export class Prng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    this.a = hashSeed(`${seed}#a`);
    this.b = hashSeed(`${seed}#b`);
    this.c = hashSeed(`${seed}#c`);
    this.d = hashSeed(`${seed}#d`) | 1;
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** A random RFC 4122 version-4 uuid (lowercase). */
  uuid(): string {
    let out = '';
    for (let i = 0; i < 32; i++) {
      let nibble = this.nextUint32() & 15;
      if (i === 12) nibble = 4;
      if (i === 16) nibble = 8 | (nibble & 3);
      out += HEX[nibble];
      if (i === 7 || i === 11 || i === 15 || i === 19) out += '-';
    }
    return out;
  }

  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += HEX[this.nextUint32() & 15];
    return out;
  }

  base62(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += BASE62[this.nextUint32() % 62];
    return out;
  }
}
