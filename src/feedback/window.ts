/**
 * Influence windows (issue item 1): what happened after one skill invocation, as an explicit,
 * serialisable value, so the store can persist an open window and feed it the events a grown
 * transcript adds (`feedWindow`), then re-judge it with `classifyWindow`.
 *
 * A window holds up to `maxTurns` human turns after the invocation (the engine's HumanTurn
 * events: prompt, interrupt, denial, queued) and every assistant tool call from the invocation up
 * to the human turn after the last counted one (reference D6: a revert the assistant runs in
 * answer to the last counted turn still belongs to the window). It is cut at the next skill
 * invocation of the same conversation and at `/clear`. Invocations that share an API response
 * share one window (`shared`), which starts after the response's last line (reference D7).
 */
import type { LocatedInvocation, SkillInvocation } from '../invocations/types.js';
import type { Conversation, ConversationEvent, HumanTurnKind } from '../transcripts/types.js';

export const DEFAULT_WINDOW_TURNS = 3;

export interface WindowTurn {
  /** 1-based position among the window's human turns. */
  index: number;
  kind: HumanTurnKind;
  /** What the person typed (raw; may hold secrets, never written without redaction). */
  text: string;
  timestamp: string;
  uuid: string | null;
  line: number;
  forToolUse?: boolean;
  /**
   * The opening of what the assistant said in answer, before the next human turn (at most
   * REPLY_CHARS characters; absent when it said nothing). The agent's answer shows how it read the
   * turn (`Fixed: …`, `You're right …`, an explanation, a new piece of work).
   */
  reply?: string;
}

/** How much of the assistant's answer to a turn a window keeps (`WindowTurn.reply`). */
export const REPLY_CHARS = 300;

export interface WindowToolUse {
  id: string;
  name: string;
  /** `input.command` for Bash calls, else null. */
  command: string | null;
  /** Human turns already in the window when the call was made (0 = before the first). */
  afterTurns: number;
  line: number;
}

export interface WindowCut {
  reason: 'next-invocation' | 'clear';
  line: number;
  /** The skill whose invocation cut the window (next-invocation). */
  skillId: string | null;
}

export interface InfluenceWindow {
  version: 1;
  invocation: SkillInvocation;
  /** Skill ids of the other invocations in the same API response (empty when alone). */
  sharedWith: string[];
  /** API message id of the invocation's response (model invocations). */
  messageId: string | null;
  maxTurns: number;
  turns: WindowTurn[];
  toolUses: WindowToolUse[];
  cut: WindowCut | null;
  /** A human turn arrived after the last counted one: nothing later can change the window. */
  overflowed: boolean;
  /** Position of the last event fed, for incremental feeding. */
  through: { line: number; offset: number } | null;
  /**
   * The last human event was a denial or interrupt with no assistant activity since: one refusal
   * written as several lines (a denial, its sibling cancellations, the interrupt marker) is one turn.
   */
  lastEventWasRefusal?: boolean;
}

export interface WindowOptions {
  /** Human turns per window (default 3). */
  maxTurns?: number;
}

/** Complete: N turns seen and the next human turn arrived, or cut. Otherwise still open. */
export function isWindowComplete(window: InfluenceWindow): boolean {
  return window.cut !== null || window.overflowed;
}

/** Opens an empty window for `located`, sharing its response with `group` (same message id or event). */
export function openWindow(located: LocatedInvocation, group: readonly LocatedInvocation[], options: WindowOptions = {}): InfluenceWindow {
  const maxTurns = options.maxTurns ?? DEFAULT_WINDOW_TURNS;
  if (!Number.isInteger(maxTurns) || maxTurns < 1) throw new RangeError(`window must be a whole number ≥ 1, got ${maxTurns}`);
  return {
    version: 1,
    invocation: located.invocation,
    sharedWith: group.filter((g) => g !== located).map((g) => g.invocation.skill_id),
    messageId: located.messageId,
    maxTurns,
    turns: [],
    toolUses: [],
    cut: null,
    overflowed: false,
    through: { line: located.line, offset: located.offset },
  };
}

/** Ends the window at a cut (next invocation, /clear). Mutates and returns `window`. */
export function cutWindow(window: InfluenceWindow, cut: WindowCut): InfluenceWindow {
  if (!isWindowComplete(window)) window.cut = cut;
  return window;
}

function skillOf(input: unknown): string | null {
  if (input === null || typeof input !== 'object') return null;
  const o = input as Record<string, unknown>;
  const v = typeof o.skill === 'string' ? o.skill : typeof o.command === 'string' ? o.command : null;
  return v === null ? null : v.replace(/^\//, '').split(/\s/)[0]!;
}

/**
 * Feeds one conversation event that follows the invocation (in file order). Mutates and returns
 * `window`; a complete window ignores further events. The caller cuts the window itself
 * (`cutWindow`) when the event is the next invocation.
 */
export function feedWindow(window: InfluenceWindow, event: ConversationEvent): InfluenceWindow {
  if (isWindowComplete(window)) return window;
  switch (event.type) {
    case 'human': {
      const turn = event.turn;
      window.through = { line: turn.line, offset: turn.offset };
      const last = window.turns[window.turns.length - 1];
      // One refusal is one reaction: a bare denial right after a denial (sibling parallel calls
      // cancelled together) and the interrupt marker the client writes after a denial are merged.
      const lastWasRefusal =
        last !== undefined && (last.kind === 'denial' || last.kind === 'interrupt') && window.lastEventWasRefusal === true;
      if (
        lastWasRefusal &&
        ((turn.kind === 'denial' && turn.text.trim() === '') || (turn.kind === 'interrupt' && last.kind === 'denial'))
      ) {
        return window;
      }
      if (window.turns.length >= window.maxTurns) {
        window.overflowed = true;
        return window;
      }
      const wt: WindowTurn = {
        index: window.turns.length + 1,
        kind: turn.kind,
        text: turn.text,
        timestamp: turn.timestamp,
        uuid: turn.uuid,
        line: turn.line,
      };
      if (turn.forToolUse !== undefined) wt.forToolUse = turn.forToolUse;
      window.turns.push(wt);
      window.lastEventWasRefusal = turn.kind === 'denial' || turn.kind === 'interrupt';
      return window;
    }
    case 'assistant': {
      const message = event.message;
      window.through = { line: message.line, offset: message.offset };
      if (message.synthetic) return window;
      let sawToolCall = false;
      for (const call of message.toolCalls) {
        // The skill's own expansion (a typed /skill that the client turns into a Skill call).
        if (call.name === 'Skill' && skillOf(call.input) === window.invocation.skill_id) continue;
        sawToolCall = true;
        const input = call.input as Record<string, unknown> | null;
        const command = call.name === 'Bash' && input && typeof input.command === 'string' ? input.command : null;
        window.toolUses.push({ id: call.id, name: call.name, command, afterTurns: window.turns.length, line: call.line });
      }
      if (sawToolCall || message.text.trim() !== '') window.lastEventWasRefusal = false;
      const answered = window.turns[window.turns.length - 1];
      if (answered !== undefined && !message.apiError && message.text.trim() !== '') {
        const soFar = answered.reply ?? '';
        if (soFar.length < REPLY_CHARS) answered.reply = `${soFar}${soFar === '' ? '' : '\n'}${message.text.trim()}`.slice(0, REPLY_CHARS);
      }
      return window;
    }
    case 'command':
      window.through = { line: event.command.line, offset: event.command.offset };
      if (event.command.name === 'clear') window.cut = { reason: 'clear', line: event.command.line, skillId: null };
      return window;
    case 'tool-result':
      window.through = { line: event.result.line, offset: event.result.offset };
      return window;
    case 'meta':
      window.through = { line: event.meta.line, offset: event.meta.offset };
      return window;
    case 'compaction':
      window.through = { line: event.boundary.line, offset: event.boundary.offset };
      return window;
  }
}

/** Group key: invocations in one API response (same message id) or one event share a window. */
function groupKey(l: LocatedInvocation): string {
  return l.messageId !== null ? `m:${l.messageId}` : `s:${l.seq}`;
}

/** Invocations that get a window: not nested (a subagent's "user" is the parent agent), not failed. */
export function isWindowed(l: LocatedInvocation): boolean {
  return l.invocation.trigger !== 'nested' && !l.invocation.failed;
}

/**
 * Builds the window of every windowed invocation of one conversation. `located` are the
 * invocations the detector found in it (any order). Pure apart from the mutation of windows it
 * creates itself.
 */
export function buildWindows(
  conversation: Conversation,
  located: readonly LocatedInvocation[],
  options: WindowOptions = {},
): InfluenceWindow[] {
  const live = located.filter((l) => !l.invocation.failed).sort((a, b) => a.seq - b.seq);
  const groups = new Map<string, LocatedInvocation[]>();
  for (const l of live) {
    const key = groupKey(l);
    const g = groups.get(key);
    if (g) g.push(l);
    else groups.set(key, [l]);
  }
  // Where each group's response ends: its last event, or the last assistant event of the same message.
  const responseEnd = new Map<string, number>();
  for (const [key, g] of groups) {
    let end = Math.max(...g.map((l) => l.seq));
    const messageId = g[0]!.messageId;
    if (messageId !== null) {
      for (let s = end + 1; s < conversation.events.length; s++) {
        const e = conversation.events[s]!;
        if (e.type === 'assistant' && e.message.id === messageId) end = s;
        else if (e.type === 'assistant' || e.type === 'human') break;
      }
    }
    responseEnd.set(key, end);
  }
  const windows: InfluenceWindow[] = [];
  const starts = [...groups.entries()].map(([key, g]) => ({ key, g, first: Math.min(...g.map((l) => l.seq)), end: responseEnd.get(key)! }));
  starts.sort((a, b) => a.first - b.first);
  for (let gi = 0; gi < starts.length; gi++) {
    const { g, end } = starts[gi]!;
    const next = starts[gi + 1];
    const groupWindows = g.filter(isWindowed).map((l) => openWindow(l, g, options));
    if (groupWindows.length === 0) continue;
    // Tool calls in the invocation's own response (every line of it), after the first Skill call.
    const first = g[0]!;
    const groupToolIds = new Set(g.map((l) => l.toolUseId));
    let afterSkill = first.toolUseId === null;
    for (let s = first.seq; s <= end; s++) {
      const e = conversation.events[s];
      if (e?.type !== 'assistant' || (first.messageId !== null && e.message.id !== first.messageId && s !== first.seq)) continue;
      for (const call of e.message.toolCalls) {
        if (groupToolIds.has(call.id)) {
          afterSkill = true;
          continue;
        }
        if (!afterSkill) continue;
        const input = call.input as Record<string, unknown> | null;
        const command = call.name === 'Bash' && input && typeof input.command === 'string' ? input.command : null;
        for (const w of groupWindows) w.toolUses.push({ id: call.id, name: call.name, command, afterTurns: 0, line: call.line });
      }
    }
    const stop = next ? next.first : conversation.events.length;
    for (let s = end + 1; s < stop; s++) {
      const event = conversation.events[s]!;
      let open = false;
      for (const w of groupWindows) {
        feedWindow(w, event);
        if (!isWindowComplete(w)) open = true;
      }
      if (!open) break;
    }
    if (next) {
      const cutter = next.g[0]!;
      for (const w of groupWindows) cutWindow(w, { reason: 'next-invocation', line: cutter.line, skillId: cutter.invocation.skill_id });
    }
    windows.push(...groupWindows);
  }
  return windows;
}
