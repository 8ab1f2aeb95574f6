/**
 * A cursor over one line's raw JSON bytes, for the lean decoder (`lean.ts`): skips values
 * structurally (strings by their closing quote, escape-aware; objects and arrays token by token)
 * and decodes only the strings asked for. Anything unexpected throws `FAIL`, which the lean entry
 * points turn into "parse this line normally".
 *
 * The state lives in one object's fields rather than in module variables: V8 keeps field access
 * on a stable object shape cheap, while module-level `let` bindings are reloaded (and checked for
 * initialisation) on every access from the hot loops.
 */

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COLON = 0x3a;
export const COMMA = 0x2c;

export function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Thrown inside the walk to abandon a line (caught by the entry points). */
export const FAIL = Symbol('lean-fail');

export function fail(): never {
  throw FAIL;
}

/** A scalar string (`"…"`) value decoded, else a marker that it was something else (skipped). */
export const NOT_STRING = Symbol('not-string');

const EMPTY = Buffer.alloc(0);

interface Utf8Slicing {
  utf8Slice?: (start: number, end: number) => string;
}

/**
 * `buf.toString('utf8', start, stop)` for indices known to be in range. Node's `toString` spends
 * more time on its argument handling than on decoding a 36-byte id, so the method behind it is
 * called directly where it exists (Node 20 to 24), and `toString` is the fallback elsewhere.
 */
export const utf8Of: (buf: Buffer, start: number, stop: number) => string =
  typeof (Buffer.prototype as Utf8Slicing).utf8Slice === 'function'
    ? (buf, start, stop) => (buf as Utf8Slicing as Required<Utf8Slicing>).utf8Slice(start, stop)
    : (buf, start, stop) => buf.toString('utf8', start, stop);

/** Strings up to this many bytes are scanned byte by byte; longer ones by native quote search. */
const SHORT_STRING = 96;

export class JsonCursor {
  buf: Buffer = EMPTY;
  pos = 0;
  end = 0;
  /**
   * After `skipString`: 1 when the string held a backslash, 0 when it held none, -1 when it was
   * long enough to be skipped by quote search (unknown: look again if it matters).
   */
  escaped = 0;

  reset(line: Buffer): void {
    this.buf = line;
    this.pos = 0;
    this.end = line.length;
  }

  /** Drops the reference to the line (so a cursor kept in a module does not pin it). */
  release(): void {
    this.buf = EMPTY;
  }

  ws(): void {
    const buf = this.buf;
    const end = this.end;
    let pos = this.pos;
    while (pos < end && isWs(buf[pos] as number)) pos++;
    this.pos = pos;
  }

  /** At an opening quote: moves past the closing one; returns the index of the closing quote. */
  skipString(): number {
    // Keys and ids are short: a byte loop beats a native call per string; long values (text,
    // file contents) switch to native quote search, checking each hit's backslash run.
    const buf = this.buf;
    const end = this.end;
    const open = this.pos;
    let i = open + 1;
    const stop = Math.min(end, i + SHORT_STRING);
    let escaped = 0;
    while (i < stop) {
      const c = buf[i] as number;
      if (c === QUOTE) {
        this.pos = i + 1;
        this.escaped = escaped;
        return i;
      }
      if (c === BACKSLASH) {
        escaped = 1;
        i += 2;
      } else i++;
    }
    this.escaped = -1;
    let at = i;
    for (;;) {
      const q = buf.indexOf(QUOTE, at);
      if (q === -1 || q >= end) fail();
      let slashes = 0;
      let b = q - 1;
      while (b > open && buf[b] === BACKSLASH) {
        slashes++;
        b--;
      }
      if ((slashes & 1) === 0) {
        this.pos = q + 1;
        return q;
      }
      at = q + 1;
    }
  }

  skipScalar(): void {
    const buf = this.buf;
    const end = this.end;
    const start = this.pos;
    let pos = start;
    while (pos < end) {
      const c = buf[pos] as number;
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isWs(c)) break;
      if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === COLON) fail();
      pos++;
    }
    if (pos === start) fail();
    this.pos = pos;
  }

  skipValue(depth: number): void {
    if (depth > 64) fail();
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === QUOTE) {
      this.skipString();
      return;
    }
    if (c === OPEN_BRACE) {
      this.pos++;
      this.ws();
      if (buf[this.pos] === CLOSE_BRACE) {
        this.pos++;
        return;
      }
      for (;;) {
        this.ws();
        if (buf[this.pos] !== QUOTE) fail();
        this.skipString();
        this.ws();
        if (buf[this.pos] !== COLON) fail();
        this.pos++;
        this.ws();
        this.skipValue(depth + 1);
        this.ws();
        const d = buf[this.pos];
        this.pos++;
        if (d === COMMA) continue;
        if (d === CLOSE_BRACE) return;
        fail();
      }
    }
    if (c === OPEN_BRACKET) {
      this.pos++;
      this.ws();
      if (buf[this.pos] === CLOSE_BRACKET) {
        this.pos++;
        return;
      }
      for (;;) {
        this.ws();
        this.skipValue(depth + 1);
        this.ws();
        const d = buf[this.pos];
        this.pos++;
        if (d === COMMA) continue;
        if (d === CLOSE_BRACKET) return;
        fail();
      }
    }
    this.skipScalar();
  }

  /** At a key's opening quote: moves past the key, the colon and whitespace; returns the key's [start, stop) as start. */
  key(): number {
    const buf = this.buf;
    this.ws();
    if (buf[this.pos] !== QUOTE) fail();
    const start = this.pos + 1;
    this.keyStop = this.skipString();
    this.ws();
    if (buf[this.pos] !== COLON) fail();
    this.pos++;
    this.ws();
    return start;
  }

  /** End (the closing quote) of the key last read by `key()`. */
  keyStop = 0;

  /** After a member's value: true when another member follows (`,`), false at the closing `close`. */
  next(close: number): boolean {
    this.ws();
    const d = this.buf[this.pos];
    this.pos++;
    if (d === COMMA) return true;
    if (d === close) return false;
    fail();
  }

  /** Whether the key between `start` (after the opening quote) and `stop` (the closing quote) is `key`. */
  keyIs(start: number, stop: number, key: Uint8Array): boolean {
    if (stop - start !== key.length) return false;
    const buf = this.buf;
    for (let i = 0; i < key.length; i++) if (buf[start + i] !== key[i]) return false;
    return true;
  }

  /** A string value (or `null`) at `pos`; anything else fails. */
  stringOrNull(memo?: Memo | Interner): string | null {
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === QUOTE) {
      const start = this.pos;
      const stop = this.skipString();
      if (memo !== undefined) {
        const hit = memo.get(buf, start + 1, stop);
        if (hit !== null) return hit;
      }
      // Escapes are rare in ids, paths and timestamps; decode them exactly when present.
      let escaped = this.escaped === 1;
      if (this.escaped === -1) {
        const slash = buf.indexOf(BACKSLASH, start + 1);
        escaped = slash !== -1 && slash < stop;
      }
      const value = escaped ? parseString(buf, start, stop) : utf8Of(buf, start + 1, stop);
      memo?.set(buf, start + 1, stop, value);
      return value;
    }
    if (c === 0x6e && buf[this.pos + 1] === 0x75 && buf[this.pos + 2] === 0x6c && buf[this.pos + 3] === 0x6c) {
      this.pos += 4;
      return null;
    }
    fail();
  }

  /** `true` → true; any other value (skipped) → false. Mirrors `=== true` on the parsed value. */
  isTrue(): boolean {
    const buf = this.buf;
    const pos = this.pos;
    if (buf[pos] === 0x74 && buf[pos + 1] === 0x72 && buf[pos + 2] === 0x75 && buf[pos + 3] === 0x65) {
      const after = buf[pos + 4];
      if (after === undefined || after === COMMA || after === CLOSE_BRACE || isWs(after)) {
        this.pos = pos + 4;
        return true;
      }
    }
    this.skipValue(1);
    return false;
  }

  /** A scalar string decoded, else `NOT_STRING` (the value is skipped). */
  anyString(memo?: Memo | Interner): string | typeof NOT_STRING {
    if (this.buf[this.pos] === QUOTE) return this.stringOrNull(memo) as string;
    this.skipValue(1);
    return NOT_STRING;
  }

  /** A string-or-null envelope field: other value kinds are kept as "absent" (`undefined`). */
  envelopeString(memo?: Memo | Interner): string | null | undefined {
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === QUOTE || c === 0x6e) {
      if (c === 0x6e && !(buf[this.pos + 1] === 0x75 && buf[this.pos + 2] === 0x6c && buf[this.pos + 3] === 0x6c)) fail();
      return this.stringOrNull(memo);
    }
    this.skipValue(1);
    return undefined;
  }
}

/** A quoted JSON string (`buf[open]` and `buf[close]` are its quotes) decoded exactly; a bad escape fails the line. */
export function parseString(buf: Buffer, open: number, close: number): string {
  return parseJson(buf, open, close + 1) as string;
}

/**
 * `JSON.parse` of the bytes [start, stop): a value the walk skipped structurally can still be
 * invalid inside (a bad escape, a bare `tru`); that fails the line (the ordinary parse then
 * reports it) instead of escaping as an exception that would end the file's read.
 */
export function parseJson(buf: Buffer, start: number, stop: number): unknown {
  try {
    return JSON.parse(buf.toString('utf8', start, stop));
  } catch {
    fail();
  }
}

/**
 * Values of a field that takes few distinct values (block types, tool names, record types), by
 * their raw bytes: comparing a few bytes against the values seen so far is cheaper than decoding.
 * Holds up to `capacity` values; later new values are decoded every time.
 */
export class Interner {
  private readonly raws: Buffer[] = [];
  private readonly values: string[] = [];

  constructor(private readonly capacity = 32) {}

  get(buf: Buffer, start: number, stop: number): string | null {
    const n = stop - start;
    const raws = this.raws;
    for (let k = 0; k < raws.length; k++) {
      const raw = raws[k] as Buffer;
      if (raw.length !== n) continue;
      let i = 0;
      while (i < n && raw[i] === buf[start + i]) i++;
      if (i === n) return this.values[k] as string;
    }
    return null;
  }

  set(buf: Buffer, start: number, stop: number, value: string): void {
    if (this.raws.length >= this.capacity || stop - start > 64) return;
    this.raws.push(Buffer.from(buf.subarray(start, stop)));
    this.values.push(value);
  }
}

/**
 * The last value decoded for one field, by its raw bytes: session ids, cwds, versions, models and
 * request ids repeat from line to line, and comparing a few bytes is cheaper than decoding.
 */
export class Memo {
  private readonly raw = Buffer.allocUnsafe(256);
  private length = -1;
  private value = '';

  get(buf: Buffer, start: number, stop: number): string | null {
    const n = stop - start;
    if (n !== this.length) return null;
    const raw = this.raw;
    for (let i = 0; i < n; i++) if (raw[i] !== buf[start + i]) return null;
    return this.value;
  }

  set(buf: Buffer, start: number, stop: number, value: string): void {
    if (stop - start > this.raw.length) {
      this.length = -1;
      return;
    }
    buf.copy(this.raw, 0, start, stop);
    this.length = stop - start;
    this.value = value;
  }
}
