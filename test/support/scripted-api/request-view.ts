/** Reads the parts of a Messages API request body a script matches on. */
import type { MessagesRequestBody, RequestContext, ToolResultView } from './script.js';

interface Block {
  type?: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

const REMINDER = /^\s*<system-reminder>/;

function blocksOf(content: unknown): Block[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (Array.isArray(content)) return content.filter((b): b is Block => typeof b === 'object' && b !== null);
  return [];
}

/** Flattens tool_result content (string or blocks) to text. */
export function flattenContent(content: unknown): string {
  if (typeof content === 'string') return content;
  return blocksOf(content)
    .map((b) => (b.type === 'text' && typeof b.text === 'string' ? b.text : ''))
    .filter((s) => s !== '')
    .join('\n');
}

function userText(content: unknown, keepReminders: boolean): string {
  return blocksOf(content)
    .filter((b) => b.type === 'text' && typeof b.text === 'string' && (keepReminders || !REMINDER.test(b.text)))
    .map((b) => b.text!)
    .join('\n');
}

export function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  return flattenContent(system);
}

export type RequestView = Omit<RequestContext, 'kind' | 'agentIndex' | 'index' | 'headers'>;

/** Builds the view of a request; the last message with role `user` counts (trailing `system` roles are skipped). */
export function viewRequest(body: MessagesRequestBody): RequestView {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const toolUses = new Map<string, Block>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const block of blocksOf(message.content)) {
      if (block.type === 'tool_use' && typeof block.id === 'string') toolUses.set(block.id, block);
    }
  }
  const users = messages.filter((m) => m.role === 'user');
  const prompts = users.filter((m) => !blocksOf(m.content).some((b) => b.type === 'tool_result'));
  const turn = prompts[prompts.length - 1];
  const last = users[users.length - 1];
  const first = users[0];
  const toolResults: ToolResultView[] = [];
  if (last) {
    for (const block of blocksOf(last.content)) {
      if (block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
      const use = toolUses.get(block.tool_use_id);
      toolResults.push({
        toolUseId: block.tool_use_id,
        toolName: use?.name,
        toolInput: use?.input,
        content: flattenContent(block.content),
        isError: block.is_error === true,
      });
    }
  }
  const tools = Array.isArray(body.tools) ? body.tools : [];
  return {
    body,
    model: typeof body.model === 'string' ? body.model : '',
    system: systemText(body.system),
    toolNames: tools.map((t) => t.name).filter((n): n is string => typeof n === 'string'),
    lastUserText: last ? userText(last.content, false) : '',
    lastUserRawText: last ? userText(last.content, true) : '',
    isNewPrompt: last !== undefined && last === turn,
    turnPrompt: turn ? userText(turn.content, false) : '',
    toolResults,
    firstUserText: first ? userText(first.content, false) : '',
    userMessageCount: users.length,
    isSubagent: systemText(body.system).includes('cc_is_subagent=true'),
  };
}
