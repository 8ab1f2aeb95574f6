/**
 * The script language of the scripted Messages API: what a caller writes to decide which reply the
 * fake model gives to each request. See README.md in this folder.
 */

/** One content block of a scripted reply. `tool_use` ids are generated when omitted. */
export type ReplyBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; name: string; input: Record<string, unknown>; id?: string }
  | { type: 'thinking'; thinking: string; signature?: string };

export interface ReplyUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** An HTTP error answer instead of a message. */
export interface ReplyError {
  /** HTTP status (500, 529, 400, 401, 429…). */
  status: number;
  /** Anthropic error type, e.g. `overloaded_error`, `api_error`, `invalid_request_error`. */
  type: string;
  message?: string;
}

/**
 * One reply of the fake model. Either a message (`content`), an HTTP error (`error`), a message
 * broken on purpose (`malformed`) or an error event in the middle of the stream (`streamError`).
 */
export interface ScriptedReply {
  content?: ReplyBlock[];
  /** Default: `tool_use` when the content holds a tool_use block, else `end_turn`. */
  stopReason?: 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'refusal' | 'pause_turn';
  usage?: ReplyUsage;
  /** Overrides the model name echoed in the response (default: the requested model). */
  model?: string;
  /** Milliseconds to wait before answering (headers included). */
  delayMs?: number;
  /** Milliseconds to wait between SSE events (streaming only). */
  eventDelayMs?: number;
  error?: ReplyError;
  /**
   * `bad-json`: status 200 with a body (or SSE data line) that is not JSON.
   * `truncated`: the stream (or JSON body) stops halfway and the connection is closed.
   */
  malformed?: 'bad-json' | 'truncated';
  /** Streaming only: after the first content block, send an SSE `error` event of this type and end. */
  streamError?: { type: string; message?: string };
}

/** A tool result found in the last user message of a request. */
export interface ToolResultView {
  toolUseId: string;
  /** Name of the tool_use (from the earlier assistant message) this result answers, when found. */
  toolName: string | undefined;
  /** The tool_use input, when found. */
  toolInput: Record<string, unknown> | undefined;
  /** The result content flattened to text. */
  content: string;
  isError: boolean;
}

/** What a rule or a script function sees about one request. */
export interface RequestContext {
  /** 0-based index among all recorded requests. */
  index: number;
  /** 0-based index among agent requests only (side requests do not count). */
  agentIndex: number;
  kind: RequestKind;
  body: MessagesRequestBody;
  headers: Record<string, string | string[] | undefined>;
  model: string;
  /** The system prompt flattened to text. */
  system: string;
  /** Names of the tools offered in the request. */
  toolNames: string[];
  /**
   * The text the last `user` message holds (trailing `system`-role entries are skipped), without
   * `<system-reminder>` blocks. Tool results are not part of it, but text sent beside them is (the
   * 2.1.x client puts an invoked skill's body beside its tool_result).
   */
  lastUserText: string;
  /** True when the last user message carries no tool_result: a new prompt opened this request. */
  isNewPrompt: boolean;
  /**
   * The prompt of the current turn: the text of the latest user message without tool results
   * (without system reminders). Stays the same across the tool round-trips of one turn.
   */
  turnPrompt: string;
  /** The same text including `<system-reminder>` blocks. */
  lastUserRawText: string;
  /** Tool results carried by the last user message. */
  toolResults: ToolResultView[];
  /** The first user message's text (without system reminders): the prompt that opened the conversation. */
  firstUserText: string;
  /** Number of `user` messages in the request. */
  userMessageCount: number;
  /** The request comes from a subagent (the 2.1.x client marks its system prompt `cc_is_subagent=true`). */
  isSubagent: boolean;
}

/**
 * `agent`: a request of the agent loop (main thread or subagent: it offers tools).
 * `side`: anything else the client asks the model (titles, quota probes, topic detection, haiku calls).
 */
export type RequestKind = 'agent' | 'side';

export interface MessagesRequestBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  system?: unknown;
  tools?: Array<{ name?: string; type?: string }>;
  stream?: boolean;
  max_tokens?: number;
  [key: string]: unknown;
}

/** Declarative matcher: every given field must match. Strings match as substrings, RegExps by test. */
export interface Matcher {
  kind?: RequestKind;
  /** The request opens a turn (no tool results in the last user message) and its text matches. */
  lastUser?: string | RegExp;
  /** The prompt of the current turn matches (also during its tool round-trips). */
  turnPrompt?: string | RegExp;
  firstUser?: string | RegExp;
  /** Some tool result in the last user message has content matching this. */
  toolResult?: string | RegExp;
  /** Some tool result in the last user message answers a tool_use of this name. */
  toolResultOf?: string;
  /** Some tool result in the last user message has this is_error value. */
  toolResultIsError?: boolean;
  system?: string | RegExp;
  model?: string | RegExp;
  /** Every listed tool is offered. */
  hasTools?: string[];
  /** Exact number of `user` messages in the request. */
  userMessageCount?: number;
  /** The request comes (true) or does not come (false) from a subagent. */
  subagent?: boolean;
}

export type ReplySource = ScriptedReply | ((ctx: RequestContext) => ScriptedReply);

export interface ScriptRule {
  /** Name used in the request log (`requests[i].rule`). */
  id?: string;
  when: Matcher | ((ctx: RequestContext) => boolean);
  /** A reply, a function of the request, or a sequence consumed one reply per match. */
  reply: ReplySource | ScriptedReply[];
  /** How many times the rule may fire (default: unlimited, or the sequence length for arrays). */
  times?: number;
}

export interface ScriptObject {
  /** Tried in order for agent requests; the first matching rule with uses left answers. */
  rules?: ScriptRule[];
  /**
   * Consulted before the rules for agent requests; returning undefined falls through to the rules.
   */
  respond?: (ctx: RequestContext) => ScriptedReply | undefined;
  /** Answer when nothing matched. Default: a text reply `(no scripted reply for this request)`. */
  fallback?: ReplySource;
  /** Answer for side requests. Default: a short text. */
  side?: ReplySource;
  /** Overrides the built-in agent/side classification. */
  classify?: (ctx: Omit<RequestContext, 'kind' | 'agentIndex'>) => RequestKind;
}

/** A caller's script: a rule list, a function of the request, or a full script object. */
export type ApiScript = ScriptRule[] | ((ctx: RequestContext) => ScriptedReply | undefined) | ScriptObject;

export const UNMATCHED_TEXT = '(no scripted reply for this request)';
export const SIDE_TEXT = 'Scripted session';

// ---------------------------------------------------------------------------------------------
// Reply builders

export const text = (value: string): ReplyBlock => ({ type: 'text', text: value });
export const toolUse = (name: string, input: Record<string, unknown>, id?: string): ReplyBlock =>
  id === undefined ? { type: 'tool_use', name, input } : { type: 'tool_use', name, input, id };
/** A Skill tool call as the 2.1.x client expects it: `{skill, args?}`. */
export const skillCall = (skill: string, args?: string, id?: string): ReplyBlock =>
  toolUse('Skill', args === undefined ? { skill } : { skill, args }, id);
export const bashCall = (command: string, description?: string, id?: string): ReplyBlock =>
  toolUse('Bash', description === undefined ? { command } : { command, description }, id);
export const readCall = (filePath: string, id?: string): ReplyBlock => toolUse('Read', { file_path: filePath }, id);
/**
 * A subagent call (`Agent` in 2.1.x, `Task` in older clients). 2.1.x runs agents in the background
 * unless `background: false`, in which case the parent waits for the result.
 */
export const agentCall = (
  description: string,
  prompt: string,
  options: { subagentType?: string; background?: boolean; tool?: string; id?: string } = {},
): ReplyBlock =>
  toolUse(
    options.tool ?? 'Agent',
    {
      description,
      prompt,
      subagent_type: options.subagentType ?? 'general-purpose',
      ...(options.background === undefined ? {} : { run_in_background: options.background }),
    },
    options.id,
  );

/** A reply made of the given blocks. */
export const reply = (...content: ReplyBlock[]): ScriptedReply => ({ content });
/** A plain text reply that ends the turn. */
export const say = (value: string): ScriptedReply => ({ content: [text(value)] });
export const overloaded = (message = 'Overloaded'): ScriptedReply => ({ error: { status: 529, type: 'overloaded_error', message } });
export const serverError = (message = 'Internal server error'): ScriptedReply => ({ error: { status: 500, type: 'api_error', message } });

// ---------------------------------------------------------------------------------------------
// Matching

function matchesText(pattern: string | RegExp, value: string): boolean {
  if (typeof pattern === 'string') return value.includes(pattern);
  pattern.lastIndex = 0;
  return pattern.test(value);
}

export function matches(matcher: Matcher, ctx: RequestContext): boolean {
  if (matcher.kind !== undefined && matcher.kind !== ctx.kind) return false;
  if (matcher.lastUser !== undefined && !(ctx.isNewPrompt && matchesText(matcher.lastUser, ctx.lastUserText))) return false;
  if (matcher.turnPrompt !== undefined && !matchesText(matcher.turnPrompt, ctx.turnPrompt)) return false;
  if (matcher.firstUser !== undefined && !matchesText(matcher.firstUser, ctx.firstUserText)) return false;
  if (matcher.system !== undefined && !matchesText(matcher.system, ctx.system)) return false;
  if (matcher.model !== undefined && !matchesText(matcher.model, ctx.model)) return false;
  if (matcher.userMessageCount !== undefined && matcher.userMessageCount !== ctx.userMessageCount) return false;
  if (matcher.subagent !== undefined && matcher.subagent !== ctx.isSubagent) return false;
  if (matcher.hasTools !== undefined && !matcher.hasTools.every((name) => ctx.toolNames.includes(name))) return false;
  if (matcher.toolResult !== undefined || matcher.toolResultOf !== undefined || matcher.toolResultIsError !== undefined) {
    const found = ctx.toolResults.some(
      (result) =>
        (matcher.toolResult === undefined || matchesText(matcher.toolResult, result.content)) &&
        (matcher.toolResultOf === undefined || result.toolName === matcher.toolResultOf) &&
        (matcher.toolResultIsError === undefined || result.isError === matcher.toolResultIsError),
    );
    if (!found) return false;
  }
  return true;
}

/** Mutable state of one script while a server runs: how often each rule fired. */
export class ScriptRunner {
  private readonly object: ScriptObject;
  private readonly uses: number[];

  constructor(script: ApiScript) {
    if (Array.isArray(script)) this.object = { rules: script };
    else if (typeof script === 'function') this.object = { respond: script };
    else this.object = script;
    this.uses = (this.object.rules ?? []).map(() => 0);
  }

  classify(ctx: Omit<RequestContext, 'kind' | 'agentIndex'>): RequestKind {
    if (this.object.classify) return this.object.classify(ctx);
    return defaultClassify(ctx);
  }

  /** Picks the reply for a request; `rule` names what answered (rule id, `respond`, `side`, `fallback`). */
  choose(ctx: RequestContext): { reply: ScriptedReply; rule: string } {
    if (ctx.kind === 'side') {
      return { reply: resolve(this.object.side ?? say(SIDE_TEXT), ctx), rule: 'side' };
    }
    const direct = this.object.respond?.(ctx);
    if (direct !== undefined) return { reply: direct, rule: 'respond' };
    const rules = this.object.rules ?? [];
    for (let i = 0; i < rules.length; i++) {
      const rule = rules[i]!;
      const used = this.uses[i]!;
      const limit = rule.times ?? (Array.isArray(rule.reply) ? rule.reply.length : Number.POSITIVE_INFINITY);
      if (used >= limit) continue;
      const ok = typeof rule.when === 'function' ? rule.when(ctx) : matches(rule.when, ctx);
      if (!ok) continue;
      this.uses[i] = used + 1;
      const source = Array.isArray(rule.reply) ? rule.reply[Math.min(used, rule.reply.length - 1)]! : rule.reply;
      return { reply: resolve(source, ctx), rule: rule.id ?? `rule#${i}` };
    }
    return { reply: resolve(this.object.fallback ?? say(UNMATCHED_TEXT), ctx), rule: 'fallback' };
  }

  /** How many times each rule fired, by id (or `rule#i`). */
  ruleUses(): Record<string, number> {
    const out: Record<string, number> = {};
    (this.object.rules ?? []).forEach((rule, i) => {
      out[rule.id ?? `rule#${i}`] = this.uses[i]!;
    });
    return out;
  }
}

function resolve(source: ReplySource, ctx: RequestContext): ScriptedReply {
  return typeof source === 'function' ? source(ctx) : source;
}

/**
 * Built-in classification: a request that offers tools is part of the agent loop (main thread or
 * subagent); a request without tools is a side request (title generation, quota probe, topic or
 * haiku calls), which must never consume scripted agent replies.
 */
export function defaultClassify(ctx: Omit<RequestContext, 'kind' | 'agentIndex'>): RequestKind {
  return ctx.toolNames.length > 0 ? 'agent' : 'side';
}
