/**
 * The raw-byte pre-filter: decides from a line's bytes, without decoding or parsing it, whether
 * the line can matter. It is conservative: whenever the bytes are not conclusive the line is
 * parsed.
 *
 * Why the markers are safe: inside a JSON string every `"` is escaped, so the raw byte sequence
 * `"type":"` can only be a real `type` key with a string value, at some depth. Nested objects
 * (the subagent messages replicated inside `progress` lines, tool inputs, structured tool
 * results) do contain `"type":"user"` or `"name":"Skill"`, so a marker is only trusted as the
 * record's own type when no `{` or `[` byte lies between the line's opening `{` and the marker,
 * i.e. when it sits among the record's scalar envelope fields. Claude Code writes `type` there
 * for every line type except `assistant` and `attachment` (whose `message`/`attachment` object
 * comes first); those lines are not resolved and therefore always parsed.
 */

const TYPE_KEY = Buffer.from('"type":"');
const TOOL_RESULT = Buffer.from('"type":"tool_result"');
const IS_ERROR_TRUE = Buffer.from('"is_error":true');
const TOOL_USE_ID = Buffer.from('"tool_use_id":"');
const UUID_KEY = Buffer.from('"uuid":"');
const PARENT_KEY = Buffer.from('"parentUuid":"');
const TIMESTAMP_KEY = Buffer.from('"timestamp":"');
const SIDECHAIN_TRUE = Buffer.from('"isSidechain":true');
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const QUOTE = 0x22;

/** Line types that never carry anything skillpulse reads; skipped unparsed. */
export const SKIPPED_TYPES: ReadonlySet<string> = new Set([
  'progress', // hook/bash/agent progress; agent_progress replicates subagent lines (never count twice)
  'file-history-snapshot',
  'last-prompt',
  'permission-mode',
  'pr-link',
  'mode',
  'atis-latch',
  'agent-setting',
  'api-request',
  'api-request-blob',
]);

/**
 * Tools whose successful results never matter to invocation or reaction mining (file reads,
 * shell output, searches). Their non-error tool_result lines become lite records. Any other tool
 * (Skill, Task/Agent, AskUserQuestion, ExitPlanMode, unknown ones) keeps its result line parsed.
 */
export const LITE_RESULT_TOOLS: ReadonlySet<string> = new Set([
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Bash',
  'BashOutput',
  'KillBash',
  'KillShell',
  'Glob',
  'Grep',
  'LS',
  'WebFetch',
  'WebSearch',
  'TodoWrite',
  'TodoRead',
  'TaskOutput',
  'TaskCreate',
  'TaskUpdate',
  'TaskList',
  'TaskGet',
  'ToolSearch',
  'LSP',
]);

export function isLiteResultTool(name: string): boolean {
  return LITE_RESULT_TOOLS.has(name) || name.startsWith('mcp__');
}

/**
 * The record's own `type` when the bytes show it unambiguously (see the module comment), else
 * null (the caller parses the line).
 */
export function topLevelType(line: Buffer): string | null {
  if (line.length < 10 || line[0] !== OPEN_BRACE) return null;
  const at = line.indexOf(TYPE_KEY);
  if (at <= 0) return null;
  const brace = line.indexOf(OPEN_BRACE, 1);
  if (brace !== -1 && brace < at) return null;
  const bracket = line.indexOf(OPEN_BRACKET, 1);
  if (bracket !== -1 && bracket < at) return null;
  const start = at + TYPE_KEY.length;
  const end = line.indexOf(QUOTE, start);
  if (end === -1 || end - start > 64) return null;
  return line.toString('latin1', start, end);
}

/** The string value after `key` (which ends with `"`), up to the next quote; null if absent. */
function valueAfter(line: Buffer, key: Buffer, from = 0): string | null {
  const at = line.indexOf(key, from);
  if (at === -1) return null;
  const start = at + key.length;
  const end = line.indexOf(QUOTE, start);
  if (end === -1 || end - start > 200) return null;
  return line.toString('utf8', start, end);
}

export interface LiteFacts {
  toolUseId: string;
  uuid: string | null;
  parentUuid: string | null;
  timestamp: string | null;
  isSidechain: boolean;
}

/**
 * For a `user` line: when it is exactly one non-error tool_result, the facts needed to link it
 * (tool_use_id, envelope) read from raw bytes; otherwise null. The first `"uuid":"` and
 * `"timestamp":"` keys are the record's own: the envelope and `message` precede `toolUseResult`,
 * and tool_result content is string data (escaped), so no nested key can come earlier.
 */
export function liteToolResultFacts(line: Buffer): LiteFacts | null {
  const resultAt = line.indexOf(TOOL_RESULT);
  if (resultAt === -1) return null;
  if (line.indexOf(TOOL_RESULT, resultAt + TOOL_RESULT.length) !== -1) return null;
  if (line.indexOf(IS_ERROR_TRUE) !== -1) return null;
  const idAt = line.indexOf(TOOL_USE_ID);
  if (idAt === -1) return null;
  if (line.indexOf(TOOL_USE_ID, idAt + TOOL_USE_ID.length) !== -1) return null;
  const toolUseId = valueAfter(line, TOOL_USE_ID);
  if (toolUseId === null || toolUseId === '') return null;
  return {
    toolUseId,
    uuid: valueAfter(line, UUID_KEY),
    parentUuid: valueAfter(line, PARENT_KEY),
    timestamp: valueAfter(line, TIMESTAMP_KEY),
    isSidechain: line.indexOf(SIDECHAIN_TRUE) !== -1,
  };
}

const DATA_KEY = Buffer.from('"data":"');
const BACKSLASH = 0x5c;
const MIN_BLOB = 512;

/**
 * Cuts long `"data":"…"` string values (base64 image and document payloads) out of a line before
 * it is decoded and parsed: they are a large share of prompt bytes and nothing reads them. Only
 * values without any backslash are cut (base64 never has one), so the value ends exactly at the
 * next quote and the JSON stays valid. Returns the line itself when there is nothing to cut.
 */
export function withoutBlobs(line: Buffer): Buffer {
  let at = line.indexOf(DATA_KEY);
  if (at === -1) return line;
  const pieces: Buffer[] = [];
  let from = 0;
  while (at !== -1) {
    const start = at + DATA_KEY.length;
    const end = line.indexOf(QUOTE, start);
    if (end === -1) break;
    if (end - start >= MIN_BLOB) {
      const slash = line.indexOf(BACKSLASH, start);
      if (slash === -1 || slash > end) {
        pieces.push(line.subarray(from, start));
        from = end;
      }
    }
    at = line.indexOf(DATA_KEY, end);
  }
  if (pieces.length === 0) return line;
  pieces.push(line.subarray(from));
  return Buffer.concat(pieces);
}
