/**
 * The conversation model: what skillpulse knows about one Claude Code session after reading its
 * transcript. This is the contract between the transcript engine (producer) and everything that
 * reads sessions (invocation detection, feedback classification, the store, reports).
 *
 * Positions: `line` is the 1-based physical line in `file`; `offset` is the byte offset of the
 * start of that line (for incremental scans). `seq` is the position of the event in the
 * session's `events` array, which is in file order (timestamps are not strictly monotonic, so
 * order is never derived from them).
 */

/** Where an event came from in a transcript file. */
export interface SourcePosition {
  file: string;
  line: number;
  offset: number;
}

/** A transcript file found by discovery. */
export interface TranscriptFile {
  /** Absolute path. */
  path: string;
  /** The root (a `projects/` folder or a `--sessions` path) under which it was found. */
  root: string;
  /** `session` for a main-thread file, `subagent` for `agent-*.jsonl` files. */
  kind: 'session' | 'subagent';
  /** Session id from the file name (main files) or from the enclosing `<session>/subagents/` folder. */
  sessionId: string | null;
  /** Subagent id from `agent-<id>.jsonl`, else null. */
  agentId: string | null;
  /** The project folder name under `projects/` (encoded cwd), when the file lies under one. */
  projectDir: string | null;
  size: number;
  mtimeMs: number;
  dev: number;
  ino: number;
}

/** A problem met while reading a file: reported and counted, never fatal. */
export interface ReadIssue {
  file: string;
  line: number;
  kind:
    | 'malformed' // not JSON and no object could be recovered
    | 'spliced' // several records on one line; each recovered object is kept
    | 'truncated' // the last line stops mid-record (live write or kill)
    | 'invalid-utf8' // bytes that are not UTF-8 (decoded with replacement characters)
    | 'null-bytes' // a line of NUL bytes
    | 'not-an-object' // valid JSON that is not an object with a string `type`
    | 'io'; // the file could not be read
  message: string;
}

/** Counters for one read, summed across files by the scanner. */
export interface ReadStats {
  files: number;
  bytes: number;
  lines: number;
  /** Lines fully parsed with JSON.parse. */
  parsed: number;
  /** Lines skipped by the raw-byte pre-filter without parsing. */
  prefiltered: number;
  /** Lines that could not be parsed at all (see `issues`). */
  malformed: number;
  /** Objects recovered from spliced lines. */
  recovered: number;
  /** Records dropped because their `uuid` was already seen (replays across files). */
  duplicates: number;
}

/** Kinds of human reaction. Only these count as human turns. */
export type HumanTurnKind =
  /** A prompt the person typed (IDE context tags stripped). */
  | 'prompt'
  /** `[Request interrupted by user]` or `… for tool use]`: the person stopped the agent. */
  | 'interrupt'
  /** The person refused a tool call; `text` holds the reason they typed, or ''. */
  | 'denial'
  /** A message typed while the agent was busy (`queue-operation` enqueue, `queued_command`). */
  | 'queued';

export interface HumanTurn extends SourcePosition {
  kind: HumanTurnKind;
  /** The record's uuid (null for queue-operation lines, which have none). */
  uuid: string | null;
  timestamp: string;
  /** What the person typed: whitespace kept as written; '' for bare interrupts and denials. */
  text: string;
  /** For interrupts: whether it was the `for tool use` form. */
  forToolUse?: boolean;
  /** For denials: the refused tool call. */
  toolUseId?: string;
}

/** A tool call the assistant made. */
export interface ToolCall extends SourcePosition {
  /** `toolu_…` id. */
  id: string;
  name: string;
  input: unknown;
  /** uuid of the assistant line holding the tool_use block. */
  assistantUuid: string | null;
  /** API `message.id` of the response it belongs to. */
  messageId: string | null;
  timestamp: string;
  /** Filled when the matching tool_result is read. */
  result: ToolResult | null;
}

export interface ToolResult extends SourcePosition {
  toolUseId: string;
  isError: boolean;
  /** The result text (string content, or text blocks joined), possibly cut short for large results. */
  text: string;
  /** The structured `toolUseResult` field, when present and small enough to keep. */
  toolUseResult: unknown;
  uuid: string | null;
  timestamp: string;
  /**
   * True when the reader's pre-filter linked this result from raw bytes without parsing it (a
   * non-error result of a quiet tool such as Read or Bash): `text` is '' and `toolUseResult` null.
   */
  elided?: boolean;
}

/** One API response: consecutive assistant lines sharing `message.id` (and `requestId`). */
export interface AssistantMessage extends SourcePosition {
  /** `message.id` (`msg_…`), or the line uuid for synthetic lines. */
  id: string;
  requestId: string | null;
  model: string | null;
  /** uuids of every line of the response, in order. */
  uuids: string[];
  timestamp: string;
  /** Visible text blocks joined with newlines (thinking excluded). */
  text: string;
  toolCalls: ToolCall[];
  /** `model: "<synthetic>"`: made by the harness, not the model. */
  synthetic: boolean;
  /** `isApiErrorMessage`: an API failure rendered as assistant text. */
  apiError: boolean;
}

/** A harness injection: skill body, command expansion, caveat, re-invocation note, etc. */
export interface MetaInjection extends SourcePosition {
  kind: 'skill-body' | 'command-expansion' | 'caveat' | 'reinvocation' | 'compact-summary' | 'other';
  uuid: string | null;
  timestamp: string;
  text: string;
  /** `sourceToolUseID` linking a skill body to its Skill call, when present. */
  sourceToolUseId: string | null;
}

/** A slash command record (`<command-name>…</command-name>`), built-in or not. */
export interface SlashCommand extends SourcePosition {
  uuid: string | null;
  timestamp: string;
  /** Name without the leading `/`, e.g. `superpowers:write-plan`, `clear`. */
  name: string;
  /** `<command-args>` text, or null when the tag is absent. */
  args: string | null;
  /** Where the record was: a user line or a `system`/`local_command` line. */
  source: 'user' | 'system';
}

export interface CompactionBoundary extends SourcePosition {
  uuid: string | null;
  timestamp: string;
  trigger: 'manual' | 'auto' | null;
  /** `compact_boundary` (full) or `microcompact_boundary` (tool outputs cleared). */
  kind: 'compact' | 'microcompact';
}

/** The ordered events of a session; the unit every later stage walks. */
export type ConversationEvent =
  | { type: 'human'; turn: HumanTurn }
  | { type: 'assistant'; message: AssistantMessage }
  | { type: 'tool-result'; result: ToolResult }
  | { type: 'meta'; meta: MetaInjection }
  | { type: 'command'; command: SlashCommand }
  | { type: 'compaction'; boundary: CompactionBoundary };

/** A subagent linked to the session that spawned it. */
export interface SubagentLink {
  agentId: string;
  /** The subagent transcript file, when one exists on disk. */
  file: string | null;
  /** The Task/Agent tool call in the parent that spawned it, when found. */
  spawnedBy: string | null;
  /** Entries of 1.0.x files inlined in the main file with `isSidechain: true`. */
  inline: boolean;
}

export interface Conversation {
  /** The session id: the main file's name (uuid); for subagents, the parent's session id. */
  sessionId: string;
  /** The file this conversation was read from. */
  file: string;
  /** `session`, or `subagent` for an agent file or an inline sidechain thread. */
  kind: 'session' | 'subagent';
  /** For subagents: the agent id, when known. */
  agentId: string | null;
  /** For subagents: the parent session id (same as `sessionId` for files that carry it). */
  parentSessionId: string | null;
  /** Client versions seen, in order of first appearance (changes mid-file after a resume). */
  versions: string[];
  /** First non-empty `cwd`. */
  cwd: string | null;
  /** First and last timestamps seen (ISO), or null for files without any. */
  firstTimestamp: string | null;
  lastTimestamp: string | null;
  events: ConversationEvent[];
  /** Tool calls by id, for linking results and denials. */
  toolCalls: Map<string, ToolCall>;
  /** Subagents spawned by this session (main sessions only). */
  subagents: SubagentLink[];
  /** Automatic titles (`summary`, `ai-title`) seen, last one last. */
  titles: string[];
}
