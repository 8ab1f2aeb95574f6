/**
 * Raw transcript records as the reader hands them over, plus the hand-written type guards and
 * accessors used on the hot path (no schema library per line). Every field of a Claude Code
 * record is optional; these helpers never throw on odd shapes.
 */

/** A parsed JSON object with a string `type` (slimmed: see `slimRecord`). */
export type RecordData = { type: string } & Record<string, unknown>;

/**
 * A tool_result line the pre-filter recognised from raw bytes without parsing it (a non-error
 * result of a tool whose output never matters, e.g. Read or Bash). Only envelope facts survive.
 */
export interface LiteToolResult {
  type: 'user';
  lite: 'tool_result';
  uuid: string | null;
  parentUuid: string | null;
  timestamp: string | null;
  isSidechain: boolean;
  toolUseId: string;
}

/** One record and where it was found. Plain data: safe to post between worker threads. */
export interface TranscriptRecord {
  /** 1-based physical line. */
  line: number;
  /** Byte offset of the start of the line. */
  offset: number;
  data: RecordData | LiteToolResult;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isLite(data: RecordData | LiteToolResult): data is LiteToolResult {
  return (data as LiteToolResult).lite === 'tool_result';
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export function strField(obj: Record<string, unknown>, key: string): string | null {
  const value = obj[key];
  return typeof value === 'string' ? value : null;
}

/** `message.content` of a user/assistant record: a string, an array of blocks, or null. */
export function messageContent(data: Record<string, unknown>): string | unknown[] | null {
  const message = data.message;
  if (!isObject(message)) return null;
  const content = message.content;
  if (typeof content === 'string' || Array.isArray(content)) return content;
  return null;
}

export function messageOf(data: Record<string, unknown>): Record<string, unknown> | null {
  const message = data.message;
  return isObject(message) ? message : null;
}

/**
 * Text of user content: the string itself, or the `text` of every text block (and raw string
 * items) joined with a newline. Other blocks (images, tool results) contribute nothing.
 */
export function textOfContent(content: string | unknown[] | null): string {
  if (content === null) return '';
  if (typeof content === 'string') return content;
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block) && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
  }
  return parts.join('\n');
}

/** Text blocks only, as separate strings (IDE context often sits in its own block). */
export function textBlocks(content: string | unknown[] | null): string[] {
  if (content === null) return [];
  if (typeof content === 'string') return [content];
  const parts: string[] = [];
  for (const block of content) {
    if (typeof block === 'string') parts.push(block);
    else if (isObject(block) && block.type === 'text' && typeof block.text === 'string') parts.push(block.text);
  }
  return parts;
}

export function hasBlockOfType(content: string | unknown[] | null, type: string): boolean {
  if (!Array.isArray(content)) return false;
  for (const block of content) if (isObject(block) && block.type === type) return true;
  return false;
}

/** Text of a tool_result block's `content` (a string or a list of text blocks). */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const item of content) {
    if (typeof item === 'string') parts.push(item);
    else if (isObject(item) && item.type === 'text' && typeof item.text === 'string') parts.push(item.text);
  }
  return parts.join('\n');
}

const MAX_KEPT_TEXT = 4000;

function cut(text: string, max = MAX_KEPT_TEXT): string {
  return text.length > max ? detach(`${text.slice(0, max)}…`) : text;
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 represents
 * `slice()` results (and concatenations of them) as views into the parent string, so a
 * 2,000-character cut of a 1 MB tool result would keep the whole megabyte alive for as long as
 * the record lives. UTF-16 round-trip: exact for every code unit, lone surrogates included.
 */
export function detach(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/** Keeps the scalar fields (strings cut short) and a few small structured ones of a `toolUseResult`. */
export function slimToolUseResult(value: unknown): unknown {
  if (typeof value === 'string') return cut(value);
  if (!isObject(value)) return Array.isArray(value) ? null : value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (typeof field === 'string') out[key] = cut(field, 1000);
    else if (typeof field === 'number' || typeof field === 'boolean' || field === null) out[key] = field;
    else if (key === 'answers' && isObject(field)) out[key] = field;
  }
  return out;
}

/**
 * Drops the bulk a record carries that no later stage reads, so a scan's memory stays bounded by
 * what matters: image data, thinking text, tool_result bodies (cut short), structured tool
 * results (scalars only), long tool_use input strings. Text typed by the person and injected
 * meta text (skill bodies, hashed for `skill_version`) are kept whole.
 */
export function slimRecord(data: RecordData): RecordData {
  if (data.type !== 'user' && data.type !== 'assistant') return data;
  const message = data.message;
  if (!isObject(message)) return data;
  const content = message.content;
  if (Array.isArray(content)) {
    for (let i = 0; i < content.length; i++) {
      const block = content[i];
      if (!isObject(block)) continue;
      switch (block.type) {
        case 'image':
          content[i] = { type: 'image' };
          break;
        case 'thinking':
        case 'redacted_thinking':
          content[i] = { type: block.type };
          break;
        case 'tool_result':
          content[i] = {
            type: 'tool_result',
            tool_use_id: block.tool_use_id,
            is_error: block.is_error === true,
            content: cut(toolResultText(block.content)),
          };
          break;
        case 'tool_use':
          if (isObject(block.input)) {
            const input: Record<string, unknown> = {};
            for (const [key, field] of Object.entries(block.input)) input[key] = typeof field === 'string' ? cut(field) : field;
            block.input = input;
          }
          break;
        default:
          break;
      }
    }
  }
  if ('toolUseResult' in data) data.toolUseResult = slimToolUseResult(data.toolUseResult);
  if ('snapshot' in data) delete data.snapshot;
  return data;
}
