/**
 * Lean line decoding for scans: a structural walk over a line's raw bytes that pulls out only
 * what invocation and reaction mining read, without `JSON.parse` building the whole object.
 *
 * - An `assistant` line becomes a small record of the same shape the conversation builder reads:
 *   envelope fields, `message.id`/`model`, and per content block only what matters: a text
 *   block's text is reduced to `''` (nothing visible) or `LEAN_TEXT` (something visible), a
 *   tool_use keeps id and name, and its `input` is parsed only for the tools whose input is read
 *   (`LEAN_INPUT_TOOLS`); thinking blocks and every other field are skipped unread.
 * - A `user` line that is exactly one non-error tool_result yields the facts needed to link it
 *   (the lite record), read from the line's real structure (not from markers).
 *
 * The walk skips string values by finding their closing quote (escape-aware) and nested values
 * structurally, so its cost follows the number of JSON tokens, not the bytes of long strings'
 * contents. It is conservative: anything unexpected (not an object, a truncated or spliced line,
 * a string-valued assistant `content`, another line type) returns null and the caller parses the
 * line normally, so every irregular line goes through the ordinary path with its diagnostics.
 * Duplicate keys resolve like `JSON.parse` (the last one wins).
 */
import type { LiteFacts } from './prefilter.js';
import type { RecordData } from './records.js';

/** What a lean assistant text block holds when it had visible (non-whitespace) text. */
export const LEAN_TEXT = '…';

/** Tools whose `input` a scan reads (skill id and args, Bash command, Task/Agent prompt). */
export const LEAN_INPUT_TOOLS: ReadonlySet<string> = new Set(['Skill', 'SlashCommand', 'Bash', 'Task', 'Agent']);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Thrown inside the walk to abandon a line (caught by the entry points). */
const FAIL = Symbol('lean-fail');

let buf: Buffer = Buffer.alloc(0);
let pos = 0;
let end = 0;

function fail(): never {
  throw FAIL;
}

function ws(): void {
  while (pos < end && isWs(buf[pos] as number)) pos++;
}

/** At an opening quote: moves past the closing one; returns the index of the closing quote. */
function skipString(): number {
  // Keys and ids are short: a byte loop beats a native call per string; long values (text,
  // file contents) switch to native quote search, checking each hit's backslash run.
  let i = pos + 1;
  const stop = Math.min(end, i + 96);
  while (i < stop) {
    const c = buf[i] as number;
    if (c === QUOTE) {
      pos = i + 1;
      return i;
    }
    i += c === BACKSLASH ? 2 : 1;
  }
  let at = i;
  for (;;) {
    const q = buf.indexOf(QUOTE, at);
    if (q === -1 || q >= end) fail();
    let slashes = 0;
    let b = q - 1;
    while (b > pos && buf[b] === BACKSLASH) {
      slashes++;
      b--;
    }
    if ((slashes & 1) === 0) {
      pos = q + 1;
      return q;
    }
    at = q + 1;
  }
}

function skipScalar(): void {
  const start = pos;
  while (pos < end) {
    const c = buf[pos] as number;
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isWs(c)) break;
    if (c === QUOTE || c === OPEN_BRACE || c === OPEN_BRACKET || c === COLON) fail();
    pos++;
  }
  if (pos === start) fail();
}

function skipValue(depth: number): void {
  if (depth > 64) fail();
  const c = buf[pos];
  if (c === QUOTE) {
    skipString();
    return;
  }
  if (c === OPEN_BRACE) {
    pos++;
    ws();
    if (buf[pos] === CLOSE_BRACE) {
      pos++;
      return;
    }
    for (;;) {
      ws();
      if (buf[pos] !== QUOTE) fail();
      skipString();
      ws();
      if (buf[pos] !== COLON) fail();
      pos++;
      ws();
      skipValue(depth + 1);
      ws();
      const d = buf[pos];
      pos++;
      if (d === COMMA) continue;
      if (d === CLOSE_BRACE) return;
      fail();
    }
  }
  if (c === OPEN_BRACKET) {
    pos++;
    ws();
    if (buf[pos] === CLOSE_BRACKET) {
      pos++;
      return;
    }
    for (;;) {
      ws();
      skipValue(depth + 1);
      ws();
      const d = buf[pos];
      pos++;
      if (d === COMMA) continue;
      if (d === CLOSE_BRACKET) return;
      fail();
    }
  }
  skipScalar();
}

/** Whether the key between `start` (after the opening quote) and `stop` (the closing quote) is `key`. */
function keyIs(start: number, stop: number, key: Uint8Array): boolean {
  if (stop - start !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (buf[start + i] !== key[i]) return false;
  return true;
}

const K = (s: string) => Buffer.from(s, 'latin1');
const K_TYPE = K('type');
const K_UUID = K('uuid');
const K_PARENT = K('parentUuid');
const K_TIMESTAMP = K('timestamp');
const K_SESSION = K('sessionId');
const K_CWD = K('cwd');
const K_VERSION = K('version');
const K_REQUEST = K('requestId');
const K_AGENT = K('agentId');
const K_SIDECHAIN = K('isSidechain');
const K_API_ERROR = K('isApiErrorMessage');
const K_MESSAGE = K('message');
const K_ID = K('id');
const K_MODEL = K('model');
const K_CONTENT = K('content');
const K_TEXT = K('text');
const K_NAME = K('name');
const K_INPUT = K('input');
const K_TOOL_USE_ID = K('tool_use_id');
const K_IS_ERROR = K('is_error');

/** A string value (or `null`) at `pos`; anything else fails. */
function stringOrNull(memo?: Memo): string | null {
  const c = buf[pos];
  if (c === QUOTE) {
    const start = pos;
    const stop = skipString();
    if (memo !== undefined) {
      const hit = memo.get(start + 1, stop);
      if (hit !== null) return hit;
    }
    // Escapes are rare in ids, paths and timestamps; decode them exactly when present.
    const slash = buf.indexOf(BACKSLASH, start + 1);
    const value =
      slash !== -1 && slash < stop ? (JSON.parse(buf.toString('utf8', start, stop + 1)) as string) : buf.toString('utf8', start + 1, stop);
    memo?.set(start + 1, stop, value);
    return value;
  }
  if (c === 0x6e && buf[pos + 1] === 0x75 && buf[pos + 2] === 0x6c && buf[pos + 3] === 0x6c) {
    pos += 4;
    return null;
  }
  fail();
}

/**
 * The last value decoded for one field, by its raw bytes: session ids, cwds, versions, models and
 * request ids repeat from line to line, and comparing a few bytes is cheaper than decoding.
 */
class Memo {
  private readonly raw = Buffer.allocUnsafe(256);
  private length = -1;
  private value = '';

  get(start: number, stop: number): string | null {
    const n = stop - start;
    if (n !== this.length) return null;
    const raw = this.raw;
    for (let i = 0; i < n; i++) if (raw[i] !== buf[start + i]) return null;
    return this.value;
  }

  set(start: number, stop: number, value: string): void {
    if (stop - start > this.raw.length) {
      this.length = -1;
      return;
    }
    buf.copy(this.raw, 0, start, stop);
    this.length = stop - start;
    this.value = value;
  }
}

const MEMO_SESSION = new Memo();
const MEMO_CWD = new Memo();
const MEMO_VERSION = new Memo();
const MEMO_REQUEST = new Memo();
const MEMO_AGENT = new Memo();
const MEMO_MODEL = new Memo();
const MEMO_MESSAGE_ID = new Memo();
const MEMO_PARENT = new Memo();

/** `true` → true; any other value (skipped) → false. Mirrors `=== true` on the parsed value. */
function isTrue(): boolean {
  if (buf[pos] === 0x74 && buf[pos + 1] === 0x72 && buf[pos + 2] === 0x75 && buf[pos + 3] === 0x65) {
    const after = buf[pos + 4];
    if (after === undefined || after === COMMA || after === CLOSE_BRACE || isWs(after)) {
      pos += 4;
      return true;
    }
  }
  skipValue(1);
  return false;
}

interface Block {
  type: string | null;
  /** assistant text: [start, stop) of the raw string (quotes excluded), or -1. */
  textStart: number;
  textStop: number;
  textIsString: boolean;
  id: unknown;
  name: unknown;
  inputStart: number;
  inputStop: number;
  toolUseId: unknown;
  isError: boolean;
}

function newBlock(): Block {
  return {
    type: null,
    textStart: -1,
    textStop: -1,
    textIsString: false,
    id: undefined,
    name: undefined,
    inputStart: -1,
    inputStop: -1,
    toolUseId: undefined,
    isError: false,
  };
}

/** A scalar string (`"…"`) value decoded, else a marker that it was something else (skipped). */
const NOT_STRING = Symbol('not-string');
function anyString(memo?: Memo): string | typeof NOT_STRING {
  if (buf[pos] === QUOTE) return stringOrNull(memo) as string;
  skipValue(1);
  return NOT_STRING;
}

function walkBlock(): Block | null {
  const block = newBlock();
  if (buf[pos] !== OPEN_BRACE) {
    skipValue(1);
    return null; // not an object: ignored by the builder as well
  }
  pos++;
  ws();
  if (buf[pos] === CLOSE_BRACE) {
    pos++;
    return block;
  }
  for (;;) {
    ws();
    if (buf[pos] !== QUOTE) fail();
    const ks = pos + 1;
    const ke = skipString();
    ws();
    if (buf[pos] !== COLON) fail();
    pos++;
    ws();
    if (keyIs(ks, ke, K_TYPE)) {
      const v = anyString();
      block.type = v === NOT_STRING ? null : v;
    } else if (keyIs(ks, ke, K_TEXT)) {
      if (buf[pos] === QUOTE) {
        block.textStart = pos + 1;
        block.textStop = skipString();
        block.textIsString = true;
      } else {
        block.textIsString = false;
        skipValue(1);
      }
    } else if (keyIs(ks, ke, K_ID)) {
      const v = anyString();
      block.id = v === NOT_STRING ? 0 : v;
    } else if (keyIs(ks, ke, K_NAME)) {
      const v = anyString();
      block.name = v === NOT_STRING ? 0 : v;
    } else if (keyIs(ks, ke, K_INPUT)) {
      block.inputStart = pos;
      skipValue(1);
      block.inputStop = pos;
    } else if (keyIs(ks, ke, K_TOOL_USE_ID)) {
      const v = anyString();
      block.toolUseId = v === NOT_STRING ? 0 : v;
    } else if (keyIs(ks, ke, K_IS_ERROR)) {
      block.isError = isTrue();
    } else skipValue(1);
    ws();
    const d = buf[pos];
    pos++;
    if (d === COMMA) continue;
    if (d === CLOSE_BRACE) return block;
    fail();
  }
}

interface Message {
  id: string | null | typeof NOT_STRING;
  model: string | null | typeof NOT_STRING;
  /** Blocks of an array `content`; null when content was absent or not an array. */
  blocks: Block[] | null;
  contentSeen: boolean;
}

function walkMessage(): Message | null {
  if (buf[pos] !== OPEN_BRACE) {
    skipValue(1);
    return null;
  }
  const message: Message = { id: NOT_STRING, model: NOT_STRING, blocks: null, contentSeen: false };
  pos++;
  ws();
  if (buf[pos] === CLOSE_BRACE) {
    pos++;
    return message;
  }
  for (;;) {
    ws();
    if (buf[pos] !== QUOTE) fail();
    const ks = pos + 1;
    const ke = skipString();
    ws();
    if (buf[pos] !== COLON) fail();
    pos++;
    ws();
    if (keyIs(ks, ke, K_ID)) message.id = anyString(MEMO_MESSAGE_ID);
    else if (keyIs(ks, ke, K_MODEL)) message.model = anyString(MEMO_MODEL);
    else if (keyIs(ks, ke, K_CONTENT)) {
      message.contentSeen = true;
      if (buf[pos] === OPEN_BRACKET) {
        const blocks: Block[] = [];
        pos++;
        ws();
        if (buf[pos] === CLOSE_BRACKET) pos++;
        else {
          for (;;) {
            ws();
            const block = walkBlock();
            if (block) blocks.push(block);
            ws();
            const d = buf[pos];
            pos++;
            if (d === COMMA) continue;
            if (d === CLOSE_BRACKET) break;
            fail();
          }
        }
        message.blocks = blocks;
      } else {
        // A string content (or anything else) is left to the ordinary parse.
        fail();
      }
    } else skipValue(1);
    ws();
    const d = buf[pos];
    pos++;
    if (d === COMMA) continue;
    if (d === CLOSE_BRACE) return message;
    fail();
  }
}

interface Envelope {
  type: string | null;
  uuid: string | null | undefined;
  parentUuid: string | null | undefined;
  timestamp: string | null | undefined;
  sessionId: string | null | undefined;
  cwd: string | null | undefined;
  version: string | null | undefined;
  requestId: string | null | undefined;
  agentId: string | null | undefined;
  isSidechain: boolean;
  isApiErrorMessage: boolean;
  message: Message | null;
  messageSeen: boolean;
}

/** A string-or-null envelope field: other value kinds are kept as "absent" (`undefined`). */
function envelopeString(memo?: Memo): string | null | undefined {
  const c = buf[pos];
  if (c === QUOTE || c === 0x6e) {
    if (c === 0x6e && !(buf[pos + 1] === 0x75 && buf[pos + 2] === 0x6c && buf[pos + 3] === 0x6c)) fail();
    return stringOrNull(memo);
  }
  skipValue(1);
  return undefined;
}

function walkLine(line: Buffer): Envelope | null {
  buf = line;
  pos = 0;
  end = line.length;
  try {
    if (buf[0] !== OPEN_BRACE) return null;
    const env: Envelope = {
      type: null,
      uuid: undefined,
      parentUuid: undefined,
      timestamp: undefined,
      sessionId: undefined,
      cwd: undefined,
      version: undefined,
      requestId: undefined,
      agentId: undefined,
      isSidechain: false,
      isApiErrorMessage: false,
      message: null,
      messageSeen: false,
    };
    pos = 1;
    ws();
    if (buf[pos] === CLOSE_BRACE) return null;
    for (;;) {
      ws();
      if (buf[pos] !== QUOTE) fail();
      const ks = pos + 1;
      const ke = skipString();
      ws();
      if (buf[pos] !== COLON) fail();
      pos++;
      ws();
      switch (ke - ks) {
        case 4:
          if (keyIs(ks, ke, K_TYPE)) {
            const v = anyString();
            env.type = v === NOT_STRING ? null : v;
          } else if (keyIs(ks, ke, K_UUID)) env.uuid = envelopeString();
          else skipValue(1);
          break;
        case 3:
          if (keyIs(ks, ke, K_CWD)) env.cwd = envelopeString(MEMO_CWD);
          else skipValue(1);
          break;
        case 7:
          if (keyIs(ks, ke, K_VERSION)) env.version = envelopeString(MEMO_VERSION);
          else if (keyIs(ks, ke, K_MESSAGE)) {
            env.messageSeen = true;
            env.message = walkMessage();
          } else if (keyIs(ks, ke, K_AGENT)) env.agentId = envelopeString(MEMO_AGENT);
          else skipValue(1);
          break;
        case 9:
          if (keyIs(ks, ke, K_TIMESTAMP)) env.timestamp = envelopeString();
          else if (keyIs(ks, ke, K_SESSION)) env.sessionId = envelopeString(MEMO_SESSION);
          else if (keyIs(ks, ke, K_REQUEST)) env.requestId = envelopeString(MEMO_REQUEST);
          else skipValue(1);
          break;
        case 10:
          if (keyIs(ks, ke, K_PARENT)) env.parentUuid = envelopeString(MEMO_PARENT);
          else skipValue(1);
          break;
        case 11:
          if (keyIs(ks, ke, K_SIDECHAIN)) env.isSidechain = isTrue();
          else skipValue(1);
          break;
        case 17:
          if (keyIs(ks, ke, K_API_ERROR)) env.isApiErrorMessage = isTrue();
          else skipValue(1);
          break;
        default:
          skipValue(1);
      }
      ws();
      const d = buf[pos];
      pos++;
      if (d === COMMA) continue;
      if (d === CLOSE_BRACE) break;
      fail();
    }
    ws();
    if (pos !== end) return null; // something after the record (spliced line): the ordinary path recovers it
    return env;
  } catch (error) {
    if (error === FAIL) return null;
    throw error;
  } finally {
    buf = EMPTY;
  }
}

const EMPTY = Buffer.alloc(0);

/** JSON whitespace plus what `String.prototype.trim` also removes, for the visible-text check. */
function textIsBlank(line: Buffer, start: number, stop: number): boolean {
  for (let i = start; i < stop; i++) {
    const c = line[i] as number;
    if (c === 0x20 || c === 0x09) continue;
    if (c === BACKSLASH) {
      const e = line[i + 1];
      if (e === 0x6e || e === 0x72 || e === 0x74 || e === 0x66 || e === 0x62) {
        // \n \r \t \f are whitespace to trim(); \b is not
        if (e === 0x62) return false;
        i++;
        continue;
      }
      // \uXXXX or anything else: decide exactly on the decoded text
      return JSON.parse(line.toString('utf8', start - 1, stop + 1)).trim() === '';
    }
    if (c >= 0x80) return JSON.parse(line.toString('utf8', start - 1, stop + 1)).trim() === '';
    return false;
  }
  return true;
}

function setIfString(out: Record<string, unknown>, key: string, value: string | null | undefined): void {
  if (value !== undefined) out[key] = value;
}

/**
 * The lean record of an `assistant` line, or null when the line is anything else (or irregular):
 * the caller then parses it normally.
 */
export function leanAssistant(line: Buffer): RecordData | null {
  const env = walkLine(line);
  if (env === null || env.type !== 'assistant') return null;
  const out: RecordData = { type: 'assistant' };
  setIfString(out, 'uuid', env.uuid);
  setIfString(out, 'parentUuid', env.parentUuid);
  setIfString(out, 'timestamp', env.timestamp);
  setIfString(out, 'sessionId', env.sessionId);
  setIfString(out, 'cwd', env.cwd);
  setIfString(out, 'version', env.version);
  setIfString(out, 'requestId', env.requestId);
  setIfString(out, 'agentId', env.agentId);
  if (env.isSidechain) out.isSidechain = true;
  if (env.isApiErrorMessage) out.isApiErrorMessage = true;
  const m = env.message;
  if (m !== null) {
    const message: Record<string, unknown> = {};
    if (m.id !== NOT_STRING) message.id = m.id;
    if (m.model !== NOT_STRING) message.model = m.model;
    if (m.blocks !== null) {
      const content: unknown[] = [];
      for (const b of m.blocks) {
        if (b.type === 'text') {
          if (b.textIsString) content.push({ type: 'text', text: textIsBlank(line, b.textStart, b.textStop) ? '' : LEAN_TEXT });
        } else if (b.type === 'tool_use' && typeof b.id === 'string') {
          const name = typeof b.name === 'string' ? b.name : '';
          let input: unknown = null;
          if (b.inputStart !== -1 && LEAN_INPUT_TOOLS.has(name)) input = JSON.parse(line.toString('utf8', b.inputStart, b.inputStop));
          content.push({ type: 'tool_use', id: b.id, name: typeof b.name === 'string' ? b.name : 0, input });
        }
      }
      message.content = content;
    }
    out.message = message;
  } else if (env.messageSeen) out.message = 0;
  return out;
}

/**
 * For a `user` line that is exactly one non-error tool_result block: the facts that link it, read
 * from the line's structure. Null for anything else.
 */
export function leanToolResult(line: Buffer): LiteFacts | null {
  const env = walkLine(line);
  if (env === null || env.type !== 'user' || env.message === null) return null;
  const blocks = env.message.blocks;
  if (blocks === null || blocks.length !== 1) return null;
  const block = blocks[0] as Block;
  if (block.type !== 'tool_result' || block.isError || typeof block.toolUseId !== 'string' || block.toolUseId === '') return null;
  return {
    toolUseId: block.toolUseId,
    uuid: env.uuid ?? null,
    parentUuid: env.parentUuid ?? null,
    timestamp: env.timestamp ?? null,
    isSidechain: env.isSidechain,
  };
}
