/**
 * Builders for synthetic transcript lines in tests (shapes as Claude Code writes them). Only
 * imported by tests; kept beside them so rule tests stay short.
 */
import { parseTranscriptBuffer } from '../reader.js';
import { buildConversations } from '../conversation.js';
import type { Conversation } from '../types.js';

let counter = 0;
const nextUuid = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;
const ts = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();

export type Line = Record<string, unknown>;

export function env(extra: Line = {}): Line {
  const uuid = (extra.uuid as string | undefined) ?? nextUuid();
  return {
    parentUuid: null,
    isSidechain: false,
    userType: 'external',
    cwd: '/w',
    sessionId: 'sess',
    version: '2.1.30',
    uuid,
    timestamp: ts(counter),
    ...extra,
  };
}

export function prompt(content: string | unknown[], extra: Line = {}): Line {
  return { ...env(extra), type: 'user', message: { role: 'user', content } };
}

export function meta(text: string, extra: Line = {}): Line {
  return { ...env(extra), type: 'user', isMeta: true, message: { role: 'user', content: [{ type: 'text', text }] } };
}

export function assistantText(text: string, messageId = `msg_${nextUuid()}`, extra: Line = {}): Line {
  return {
    ...env(extra),
    type: 'assistant',
    message: { id: messageId, role: 'assistant', model: 'claude-x', content: [{ type: 'text', text }] },
  };
}

export function toolUse(name: string, input: unknown, id: string, messageId = `msg_${id}`, extra: Line = {}): Line {
  return {
    ...env(extra),
    type: 'assistant',
    message: { id: messageId, role: 'assistant', model: 'claude-x', content: [{ type: 'tool_use', id, name, input }] },
  };
}

export function toolResult(id: string, text: string, isError = false, extra: Line = {}): Line {
  return {
    ...env(extra),
    type: 'user',
    message: { role: 'user', content: [{ tool_use_id: id, type: 'tool_result', content: text, ...(isError ? { is_error: true } : {}) }] },
    toolUseResult: isError ? `Error: ${text}` : { success: true },
  };
}

export function system(subtype: string, extra: Line = {}): Line {
  return { ...env(extra), type: 'system', subtype, level: 'info' };
}

export function jsonl(lines: Line[]): Buffer {
  return Buffer.from(`${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
}

/** Reads lines through the real reader and builds their conversations. */
export function conversationsOf(lines: Line[], file = '/p/sess.jsonl', kind: 'session' | 'subagent' = 'session'): Conversation[] {
  const read = parseTranscriptBuffer(file, jsonl(lines));
  return buildConversations(read.records, { path: file, kind });
}

export function conversationOf(lines: Line[], file?: string, kind?: 'session' | 'subagent'): Conversation {
  const [first] = conversationsOf(lines, file, kind);
  if (!first) throw new Error('no conversation');
  return first;
}
