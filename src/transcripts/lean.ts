/**
 * Lean line decoding for scans: a structural walk over a line's raw bytes that pulls out only
 * what invocation and reaction mining read, without `JSON.parse` building the whole object.
 *
 * - An `assistant` line becomes a small record of the same shape the conversation builder reads:
 *   envelope fields, `message.id`/`model`, and per content block only what matters: a text
 *   block's text is reduced to `''` (nothing visible) or its first `LEAN_TEXT_BYTES` bytes, a
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
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  FAIL,
  QUOTE,
  fail,
  Interner,
  JsonCursor,
  Memo,
  NOT_STRING,
  OPEN_BRACE,
  OPEN_BRACKET,
  parseJson,
} from './json-cursor.js';
import type { LiteFacts } from './prefilter.js';
import type { RecordData } from './records.js';

/** What a lean assistant text block holds when it has visible text whose opening cannot be decoded. */
export const LEAN_TEXT = '…';

/**
 * How much of a visible assistant text block a lean record keeps: its first bytes, decoded (what
 * reaction mining reads of the assistant's answer to a person's turn, `WindowTurn.reply`). Longer
 * text is cut at a character boundary and never inside an escape.
 */
export const LEAN_TEXT_BYTES = 600;

/** Tools whose `input` a scan reads (skill id and args, Bash command, Task/Agent prompt). */
export const LEAN_INPUT_TOOLS: ReadonlySet<string> = new Set(['Skill', 'SlashCommand', 'Bash', 'Task', 'Agent']);

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

const MEMO_SESSION = new Memo();
const MEMO_CWD = new Memo();
const MEMO_VERSION = new Memo();
const MEMO_REQUEST = new Memo();
const MEMO_AGENT = new Memo();
const MEMO_MODEL = new Memo();
const MEMO_MESSAGE_ID = new Memo();
const MEMO_PARENT = new Memo();
const TYPES = new Interner();
const TOOL_NAMES = new Interner(64);

/** The one cursor of this thread (lines are decoded one at a time, synchronously). */
const CURSOR = new JsonCursor();

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

function walkBlock(c: JsonCursor): Block | null {
  const block = newBlock();
  const buf = c.buf;
  if (buf[c.pos] !== OPEN_BRACE) {
    c.skipValue(1);
    return null; // not an object: ignored by the builder as well
  }
  c.pos++;
  c.ws();
  if (buf[c.pos] === CLOSE_BRACE) {
    c.pos++;
    return block;
  }
  do {
    const ks = c.key();
    const ke = c.keyStop;
    switch (ke - ks) {
      case 4:
        if (c.keyIs(ks, ke, K_TYPE)) {
          const v = c.anyString(TYPES);
          block.type = v === NOT_STRING ? null : v;
        } else if (c.keyIs(ks, ke, K_TEXT)) {
          if (buf[c.pos] === QUOTE) {
            block.textStart = c.pos + 1;
            block.textStop = c.skipString();
            block.textIsString = true;
          } else {
            block.textIsString = false;
            c.skipValue(1);
          }
        } else if (c.keyIs(ks, ke, K_NAME)) {
          const v = c.anyString(TOOL_NAMES);
          block.name = v === NOT_STRING ? 0 : v;
        } else c.skipValue(1);
        break;
      case 2:
        if (c.keyIs(ks, ke, K_ID)) {
          const v = c.anyString();
          block.id = v === NOT_STRING ? 0 : v;
        } else c.skipValue(1);
        break;
      case 5:
        if (c.keyIs(ks, ke, K_INPUT)) {
          block.inputStart = c.pos;
          c.skipValue(1);
          block.inputStop = c.pos;
        } else c.skipValue(1);
        break;
      case 11:
        if (c.keyIs(ks, ke, K_TOOL_USE_ID)) {
          const v = c.anyString();
          block.toolUseId = v === NOT_STRING ? 0 : v;
        } else c.skipValue(1);
        break;
      case 8:
        if (c.keyIs(ks, ke, K_IS_ERROR)) block.isError = c.isTrue();
        else c.skipValue(1);
        break;
      default:
        c.skipValue(1);
    }
  } while (c.next(CLOSE_BRACE));
  return block;
}

interface Message {
  id: string | null | typeof NOT_STRING;
  model: string | null | typeof NOT_STRING;
  /** Blocks of an array `content`; null when content was absent or not an array. */
  blocks: Block[] | null;
  contentSeen: boolean;
}

function walkMessage(c: JsonCursor): Message | null {
  const buf = c.buf;
  if (buf[c.pos] !== OPEN_BRACE) {
    c.skipValue(1);
    return null;
  }
  const message: Message = { id: NOT_STRING, model: NOT_STRING, blocks: null, contentSeen: false };
  c.pos++;
  c.ws();
  if (buf[c.pos] === CLOSE_BRACE) {
    c.pos++;
    return message;
  }
  do {
    const ks = c.key();
    const ke = c.keyStop;
    if (c.keyIs(ks, ke, K_ID)) message.id = c.anyString(MEMO_MESSAGE_ID);
    else if (c.keyIs(ks, ke, K_MODEL)) message.model = c.anyString(MEMO_MODEL);
    else if (c.keyIs(ks, ke, K_CONTENT)) {
      message.contentSeen = true;
      if (buf[c.pos] === OPEN_BRACKET) {
        const blocks: Block[] = [];
        c.pos++;
        c.ws();
        if (buf[c.pos] === CLOSE_BRACKET) c.pos++;
        else {
          do {
            c.ws();
            const block = walkBlock(c);
            if (block) blocks.push(block);
          } while (c.next(CLOSE_BRACKET));
        }
        message.blocks = blocks;
      } else {
        // A string content (or anything else) is left to the ordinary parse.
        fail();
      }
    } else c.skipValue(1);
  } while (c.next(CLOSE_BRACE));
  return message;
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

function walkLine(line: Buffer): Envelope | null {
  const c = CURSOR;
  c.reset(line);
  const buf = line;
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
    c.pos = 1;
    c.ws();
    if (buf[c.pos] === CLOSE_BRACE) return null;
    do {
      const ks = c.key();
      const ke = c.keyStop;
      switch (ke - ks) {
        case 4:
          if (c.keyIs(ks, ke, K_TYPE)) {
            const v = c.anyString(TYPES);
            env.type = v === NOT_STRING ? null : v;
          } else if (c.keyIs(ks, ke, K_UUID)) env.uuid = c.envelopeString();
          else c.skipValue(1);
          break;
        case 3:
          if (c.keyIs(ks, ke, K_CWD)) env.cwd = c.envelopeString(MEMO_CWD);
          else c.skipValue(1);
          break;
        case 7:
          if (c.keyIs(ks, ke, K_VERSION)) env.version = c.envelopeString(MEMO_VERSION);
          else if (c.keyIs(ks, ke, K_MESSAGE)) {
            env.messageSeen = true;
            env.message = walkMessage(c);
          } else if (c.keyIs(ks, ke, K_AGENT)) env.agentId = c.envelopeString(MEMO_AGENT);
          else c.skipValue(1);
          break;
        case 9:
          if (c.keyIs(ks, ke, K_TIMESTAMP)) env.timestamp = c.envelopeString();
          else if (c.keyIs(ks, ke, K_SESSION)) env.sessionId = c.envelopeString(MEMO_SESSION);
          else if (c.keyIs(ks, ke, K_REQUEST)) env.requestId = c.envelopeString(MEMO_REQUEST);
          else c.skipValue(1);
          break;
        case 10:
          if (c.keyIs(ks, ke, K_PARENT)) env.parentUuid = c.envelopeString(MEMO_PARENT);
          else c.skipValue(1);
          break;
        case 11:
          if (c.keyIs(ks, ke, K_SIDECHAIN)) env.isSidechain = c.isTrue();
          else c.skipValue(1);
          break;
        case 17:
          if (c.keyIs(ks, ke, K_API_ERROR)) env.isApiErrorMessage = c.isTrue();
          else c.skipValue(1);
          break;
        default:
          c.skipValue(1);
      }
    } while (c.next(CLOSE_BRACE));
    c.ws();
    if (c.pos !== c.end) return null; // something after the record (spliced line): the ordinary path recovers it
    return env;
  } catch (error) {
    if (error === FAIL) return null;
    throw error;
  } finally {
    c.release();
  }
}

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
      return (parseJson(line, start - 1, stop + 1) as string).trim() === '';
    }
    if (c >= 0x80) return (parseJson(line, start - 1, stop + 1) as string).trim() === '';
    return false;
  }
  return true;
}

/**
 * The decoded opening of the JSON string whose raw contents are line[start, stop): at most
 * LEAN_TEXT_BYTES bytes, cut before a partial UTF-8 sequence or escape. Visible text only.
 */
function textHead(line: Buffer, start: number, stop: number): string {
  if (stop - start <= LEAN_TEXT_BYTES) return parseJson(line, start - 1, stop + 1) as string;
  let end = start + LEAN_TEXT_BYTES;
  // Not inside a multi-byte character: line[end] must not be a continuation byte.
  while (end > start && ((line[end] as number) & 0xc0) === 0x80) end--;
  // Not inside an escape: a backslash in the last 6 bytes that starts one (an odd run) moves the cut before it.
  for (let i = end - 1; i >= Math.max(start, end - 6); i--) {
    if (line[i] !== BACKSLASH) continue;
    let run = 1;
    while (i - run >= start && line[i - run] === BACKSLASH) run++;
    if (run % 2 === 1) end = i;
    break;
  }
  try {
    return JSON.parse(`"${line.toString('utf8', start, end)}"`) as string;
  } catch {
    return LEAN_TEXT;
  }
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
  try {
    return assistantRecord(line, env);
  } catch (error) {
    if (error === FAIL) return null;
    throw error;
  }
}

function assistantRecord(line: Buffer, env: Envelope): RecordData {
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
          if (b.textIsString)
            content.push({ type: 'text', text: textIsBlank(line, b.textStart, b.textStop) ? '' : textHead(line, b.textStart, b.textStop) });
        } else if (b.type === 'tool_use' && typeof b.id === 'string') {
          const name = typeof b.name === 'string' ? b.name : '';
          let input: unknown = null;
          if (b.inputStart !== -1 && LEAN_INPUT_TOOLS.has(name)) input = parseJson(line, b.inputStart, b.inputStop);
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
