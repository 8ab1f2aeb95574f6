/** Turns a scripted reply into a Messages API response: a JSON message or a list of SSE events. */
import { randomBytes } from 'node:crypto';
import type { ReplyBlock, ScriptedReply } from './script.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id shaped like the API's (`msg_01…`, `toolu_01…`): prefix, `01`, 22 base62 characters. */
export function apiId(prefix: string): string {
  const bytes = randomBytes(22);
  let out = `${prefix}_01`;
  for (const byte of bytes) out += BASE62[byte % 62];
  return out;
}

export interface ApiContentBlock {
  type: string;
  [key: string]: unknown;
}

export interface ApiUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface ApiMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ApiContentBlock[];
  stop_reason: string;
  stop_sequence: null;
  usage: ApiUsage;
}

/** Resolves ids, stop reason and usage of a reply into a complete API message. */
export function toApiMessage(reply: ScriptedReply, requestedModel: string): ApiMessage {
  const blocks = reply.content ?? [];
  const content = blocks.map(toApiBlock);
  const hasToolUse = content.some((b) => b.type === 'tool_use');
  const outputChars = JSON.stringify(content).length;
  return {
    id: apiId('msg'),
    type: 'message',
    role: 'assistant',
    model: reply.model ?? requestedModel,
    content,
    stop_reason: reply.stopReason ?? (hasToolUse ? 'tool_use' : 'end_turn'),
    stop_sequence: null,
    usage: {
      input_tokens: reply.usage?.input_tokens ?? 100,
      output_tokens: reply.usage?.output_tokens ?? Math.max(1, Math.ceil(outputChars / 4)),
      cache_creation_input_tokens: reply.usage?.cache_creation_input_tokens ?? 0,
      cache_read_input_tokens: reply.usage?.cache_read_input_tokens ?? 0,
    },
  };
}

function toApiBlock(block: ReplyBlock): ApiContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_use':
      return { type: 'tool_use', id: block.id ?? apiId('toolu'), name: block.name, input: block.input };
    case 'thinking':
      return { type: 'thinking', thinking: block.thinking, signature: block.signature ?? 'scripted-signature' };
  }
}

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

function chunks(value: string, size: number): string[] {
  if (value === '') return [];
  const out: string[] = [];
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size));
  return out;
}

/** The SSE events the API streams for a message, in order. */
export function toSseEvents(message: ApiMessage): SseEvent[] {
  const events: SseEvent[] = [];
  const push = (event: string, data: Record<string, unknown>) => events.push({ event, data: { type: event, ...data } });
  push('message_start', {
    message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
  });
  message.content.forEach((block, index) => {
    if (block.type === 'text') {
      push('content_block_start', { index, content_block: { type: 'text', text: '' } });
      for (const part of chunks(String(block.text), 40)) push('content_block_delta', { index, delta: { type: 'text_delta', text: part } });
    } else if (block.type === 'tool_use') {
      push('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      for (const part of chunks(JSON.stringify(block.input), 24)) {
        push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: part } });
      }
    } else if (block.type === 'thinking') {
      push('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const part of chunks(String(block.thinking), 40))
        push('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: part } });
      push('content_block_delta', { index, delta: { type: 'signature_delta', signature: block.signature } });
    }
    push('content_block_stop', { index });
  });
  push('message_delta', {
    delta: { stop_reason: message.stop_reason, stop_sequence: null },
    usage: {
      input_tokens: message.usage.input_tokens,
      output_tokens: message.usage.output_tokens,
      cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
      cache_read_input_tokens: message.usage.cache_read_input_tokens,
    },
  });
  push('message_stop', {});
  return events;
}

export function formatSse(event: SseEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export function errorBody(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message }, request_id: apiId('req') };
}
