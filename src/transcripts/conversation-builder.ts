/**
 * One conversation's events from its records, in file order: human turns, assistant messages
 * grouped by `message.id`, tool calls linked to their results, meta injections, slash commands,
 * compaction boundaries and queued messages. `FileConversations` (conversation.ts) decides which
 * builder a record goes to.
 */
import type {
  AssistantMessage,
  Conversation,
  ConversationEvent,
  HumanTurn,
  MetaInjection,
  SlashCommand,
  ToolCall,
  ToolResult,
} from './types.js';
import {
  envelopeOf,
  type ParsedCommand,
  parseCommandRecord,
  parseDenial,
  parseInterrupt,
  parseSystemCommand,
  reinvocationSkill,
  stripIdeContext,
} from './envelopes.js';
import {
  hasBlockOfType,
  isLite,
  isObject,
  messageContent,
  messageOf,
  strField,
  textBlocks,
  textOfContent,
  toolResultText,
  type RecordData,
  type TranscriptRecord,
} from './records.js';

/** Tools that spawn a subagent (their results carry its agent id). */
export const SPAWN_TOOLS: ReadonlySet<string> = new Set(['Task', 'Agent']);

interface PendingQueued {
  event: { type: 'human'; turn: HumanTurn };
  state: 'pending' | 'kept' | 'dropped';
}

export class ConversationBuilder {
  inline = false;
  private readonly conversation: Conversation;
  private readonly messages = new Map<string, AssistantMessage>();
  private readonly queue: PendingQueued[] = [];
  private readonly allQueued: PendingQueued[] = [];
  private readonly attachmentQueued: string[] = [];
  /** A rejection was just recorded; the client's own `[Request interrupted by user for tool use]` echo is not a second reaction. */
  private pendingDenial = false;
  /** Agent ids already in `subagents` (a file can spawn thousands: no linear search per result). */
  private readonly linkedAgents = new Set<string>();

  constructor(file: string, sessionId: string, kind: 'session' | 'subagent', agentId: string | null, parentSessionId: string | null) {
    this.conversation = {
      sessionId,
      file,
      kind,
      agentId,
      parentSessionId,
      versions: [],
      cwd: null,
      firstTimestamp: null,
      lastTimestamp: null,
      events: [],
      toolCalls: new Map(),
      subagents: [],
      titles: [],
    };
  }

  private get events(): ConversationEvent[] {
    return this.conversation.events;
  }

  add(record: TranscriptRecord): void {
    const data = record.data;
    if (isLite(data)) {
      this.noteTimestamp(data.timestamp);
      this.addResult(record, {
        toolUseId: data.toolUseId,
        isError: false,
        text: '',
        toolUseResult: null,
        uuid: data.uuid,
        timestamp: data.timestamp ?? '',
        elided: true,
      });
      return;
    }
    this.noteEnvelope(data);
    switch (data.type) {
      case 'assistant':
        this.addAssistant(record, data);
        break;
      case 'user':
        this.addUser(record, data);
        break;
      case 'system':
        this.addSystem(record, data);
        break;
      case 'attachment':
        this.addAttachment(record, data);
        break;
      case 'queue-operation':
        this.addQueueOperation(record, data);
        break;
      case 'summary': {
        const summary = strField(data, 'summary');
        if (summary) this.conversation.titles.push(summary);
        break;
      }
      case 'ai-title': {
        const title = strField(data, 'aiTitle');
        if (title) this.conversation.titles.push(title);
        break;
      }
      default:
        break; // unknown and bookkeeping types are tolerated and ignored
    }
  }

  private noteEnvelope(data: RecordData): void {
    const version = strField(data, 'version');
    if (version && !this.conversation.versions.includes(version)) this.conversation.versions.push(version);
    if (this.conversation.cwd === null) {
      const cwd = strField(data, 'cwd');
      if (cwd) this.conversation.cwd = cwd;
    }
    this.noteTimestamp(strField(data, 'timestamp'));
  }

  private noteTimestamp(ts: string | null): void {
    if (!ts) return;
    const c = this.conversation;
    if (c.firstTimestamp === null || ts < c.firstTimestamp) c.firstTimestamp = ts;
    if (c.lastTimestamp === null || ts > c.lastTimestamp) c.lastTimestamp = ts;
  }

  private addAssistant(record: TranscriptRecord, data: RecordData): void {
    this.pendingDenial = false;
    const message = messageOf(data);
    const uuid = strField(data, 'uuid');
    const timestamp = strField(data, 'timestamp') ?? '';
    const messageId = (message && strField(message, 'id')) || uuid || `line-${record.line}`;
    let group = this.messages.get(messageId);
    if (group === undefined) {
      const model = message ? strField(message, 'model') : null;
      group = {
        file: this.conversation.file,
        line: record.line,
        offset: record.offset,
        id: messageId,
        requestId: strField(data, 'requestId'),
        model,
        uuids: [],
        timestamp,
        text: '',
        toolCalls: [],
        synthetic: model === '<synthetic>',
        apiError: data.isApiErrorMessage === true,
      };
      this.messages.set(messageId, group);
      this.events.push({ type: 'assistant', message: group });
    }
    if (uuid) group.uuids.push(uuid);
    const content = message ? message.content : null;
    if (typeof content === 'string') {
      group.text = group.text ? `${group.text}\n${content}` : content;
      return;
    }
    if (!Array.isArray(content)) return;
    for (const block of content) {
      if (!isObject(block)) continue;
      if (block.type === 'text' && typeof block.text === 'string') {
        group.text = group.text ? `${group.text}\n${block.text}` : block.text;
      } else if (block.type === 'tool_use' && typeof block.id === 'string') {
        const call: ToolCall = {
          file: this.conversation.file,
          line: record.line,
          offset: record.offset,
          id: block.id,
          name: typeof block.name === 'string' ? block.name : '',
          input: block.input ?? null,
          assistantUuid: uuid,
          messageId: message ? strField(message, 'id') : null,
          timestamp,
          result: null,
        };
        group.toolCalls.push(call);
        if (!this.conversation.toolCalls.has(call.id)) this.conversation.toolCalls.set(call.id, call);
      }
    }
  }

  private addResult(record: TranscriptRecord, fields: Omit<ToolResult, 'file' | 'line' | 'offset'>): ToolResult {
    const result: ToolResult = {
      file: this.conversation.file,
      line: record.line,
      offset: record.offset,
      toolUseId: fields.toolUseId,
      isError: fields.isError,
      text: fields.text,
      toolUseResult: fields.toolUseResult,
      uuid: fields.uuid,
      timestamp: fields.timestamp,
    };
    if (fields.elided !== undefined) result.elided = fields.elided;
    const call = this.conversation.toolCalls.get(result.toolUseId);
    if (call && call.result === null) call.result = result;
    this.events.push({ type: 'tool-result', result });
    if (call && SPAWN_TOOLS.has(call.name)) this.linkSpawn(call, result);
    return result;
  }

  private linkSpawn(call: ToolCall, result: ToolResult): void {
    let agentId: string | null = null;
    if (isObject(result.toolUseResult)) agentId = strField(result.toolUseResult, 'agentId');
    if (agentId === null) {
      const m = /agentId:\s*([0-9a-zA-Z_-]+)/.exec(result.text);
      if (m) agentId = m[1] ?? null;
    }
    if (agentId === null) return;
    if (!this.linkedAgents.has(agentId)) {
      this.linkedAgents.add(agentId);
      this.conversation.subagents.push({ agentId, file: null, spawnedBy: call.id, inline: false });
    }
  }

  private human(record: TranscriptRecord, data: RecordData, kind: HumanTurn['kind'], text: string, extra: Partial<HumanTurn> = {}) {
    const turn: HumanTurn = {
      file: this.conversation.file,
      line: record.line,
      offset: record.offset,
      kind,
      uuid: strField(data, 'uuid'),
      timestamp: strField(data, 'timestamp') ?? '',
      text,
    };
    if (extra.forToolUse !== undefined) turn.forToolUse = extra.forToolUse;
    if (extra.toolUseId !== undefined) turn.toolUseId = extra.toolUseId;
    if (extra.uuid !== undefined) turn.uuid = extra.uuid;
    const event = { type: 'human' as const, turn };
    this.events.push(event);
    return event;
  }

  private meta(record: TranscriptRecord, data: RecordData, kind: MetaInjection['kind'], text: string): void {
    this.events.push({
      type: 'meta',
      meta: {
        file: this.conversation.file,
        line: record.line,
        offset: record.offset,
        kind,
        uuid: strField(data, 'uuid'),
        timestamp: strField(data, 'timestamp') ?? '',
        text,
        sourceToolUseId: strField(data, 'sourceToolUseID'),
      },
    });
  }

  /** A slash-command record, from a user line or a `system`/`local_command` line. */
  private command(record: TranscriptRecord, data: RecordData, command: ParsedCommand, source: SlashCommand['source']): void {
    this.events.push({
      type: 'command',
      command: {
        file: this.conversation.file,
        line: record.line,
        offset: record.offset,
        uuid: strField(data, 'uuid'),
        timestamp: strField(data, 'timestamp') ?? '',
        name: command.name,
        args: command.args,
        source,
      },
    });
  }

  private addUser(record: TranscriptRecord, data: RecordData): void {
    const content = messageContent(data);
    if (hasBlockOfType(content, 'tool_result')) {
      this.addToolResults(record, data, content as unknown[]);
      return;
    }
    const text = textOfContent(content);
    if (data.isCompactSummary === true || envelopeOf(text) === 'compact-summary') {
      this.meta(record, data, 'compact-summary', text);
      return;
    }
    const command = parseCommandRecord(text);
    if (command) {
      this.command(record, data, command, 'user');
      return;
    }
    const envelope = envelopeOf(text);
    if (data.isMeta === true) {
      this.meta(record, data, this.metaKind(data, text, envelope), text);
      return;
    }
    const interrupt = parseInterrupt(text);
    if (interrupt) {
      if (interrupt.forToolUse && this.pendingDenial) {
        this.pendingDenial = false; // the client's echo of the rejection just recorded
        return;
      }
      this.pendingDenial = false;
      this.human(record, data, 'interrupt', '', { forToolUse: interrupt.forToolUse });
      return;
    }
    if (envelope !== null) {
      this.meta(record, data, envelope === 'skill-body' ? 'skill-body' : envelope === 'caveat' ? 'caveat' : 'other', text);
      return;
    }
    const userType = strField(data, 'userType');
    if (userType !== null && userType !== 'external') {
      this.meta(record, data, 'other', text);
      return;
    }
    const typed = textBlocks(content)
      .map(stripIdeContext)
      .filter((t) => t.trim() !== '')
      .join('\n');
    if (typed.trim() === '' && !hasBlockOfType(content, 'image')) {
      this.meta(record, data, 'other', text); // IDE context only
      return;
    }
    this.pendingDenial = false;
    this.human(record, data, 'prompt', typed);
  }

  private metaKind(data: RecordData, text: string, envelope: ReturnType<typeof envelopeOf>): MetaInjection['kind'] {
    if (envelope === 'skill-body') return 'skill-body';
    if (envelope === 'caveat') return 'caveat';
    if (envelope === 'compact-summary') return 'compact-summary';
    if (reinvocationSkill(text) !== null) return 'reinvocation';
    if (strField(data, 'sourceToolUseID') !== null) return 'skill-body'; // a command-style skill's body
    const previous = this.events[this.events.length - 1];
    if (previous?.type === 'command') return 'command-expansion';
    return 'other';
  }

  private addToolResults(record: TranscriptRecord, data: RecordData, content: unknown[]): void {
    for (const block of content) {
      if (!isObject(block) || block.type !== 'tool_result' || typeof block.tool_use_id !== 'string') continue;
      const isError = block.is_error === true;
      const text = toolResultText(block.content);
      this.addResult(record, {
        toolUseId: block.tool_use_id,
        isError,
        text,
        toolUseResult: data.toolUseResult ?? null,
        uuid: strField(data, 'uuid'),
        timestamp: strField(data, 'timestamp') ?? '',
      });
      if (!isError) continue;
      const denial = parseDenial(text) ?? (typeof data.toolUseResult === 'string' ? parseDenial(data.toolUseResult) : null);
      // A cancelled sibling (`doesn't want to take this action right now`) is the same refusal, not a new reaction.
      if (denial && denial.form === 'rejected') {
        this.human(record, data, 'denial', denial.reason, { toolUseId: block.tool_use_id });
        this.pendingDenial = true;
      }
    }
  }

  private addSystem(record: TranscriptRecord, data: RecordData): void {
    const subtype = strField(data, 'subtype');
    if (subtype === 'compact_boundary' || subtype === 'microcompact_boundary') {
      const metadata = data.compactMetadata;
      const trigger = isObject(metadata) ? strField(metadata, 'trigger') : null;
      this.events.push({
        type: 'compaction',
        boundary: {
          file: this.conversation.file,
          line: record.line,
          offset: record.offset,
          uuid: strField(data, 'uuid'),
          timestamp: strField(data, 'timestamp') ?? '',
          trigger: trigger === 'manual' || trigger === 'auto' ? trigger : null,
          kind: subtype === 'compact_boundary' ? 'compact' : 'microcompact',
        },
      });
      return;
    }
    if (subtype === 'local_command') {
      const content = strField(data, 'content');
      if (content === null) return;
      const command = parseSystemCommand(content);
      if (command) this.command(record, data, command, 'system');
    }
  }

  private addAttachment(record: TranscriptRecord, data: RecordData): void {
    const attachment = data.attachment;
    if (!isObject(attachment) || attachment.type !== 'queued_command') return;
    const prompt = attachment.prompt;
    const raw = typeof prompt === 'string' ? prompt : Array.isArray(prompt) ? textOfContent(prompt) : '';
    const text = stripIdeContext(raw);
    if (text.trim() === '') return;
    this.attachmentQueued.push(text.trim());
    this.human(record, data, 'queued', text);
  }

  /**
   * `queue-operation` lines: an `enqueue` is a message typed while the agent was busy. What
   * happens to it decides whether it is a separate human turn:
   * - `dequeue`: it becomes the next normal prompt, which is read as a prompt; the enqueue is dropped;
   * - `remove`: it was injected into the running turn and appears nowhere else; kept as `queued`;
   * - `popAll`: the queue went back to the input box (re-sent later as a prompt, or discarded); dropped;
   * - still pending at the end of the file: kept (the person typed it; the session ended first).
   * When a `queued_command` attachment (the newer record of the same message) exists, the
   * attachment is the turn and the matching enqueue is dropped (see `finish`).
   */
  private addQueueOperation(record: TranscriptRecord, data: RecordData): void {
    const operation = strField(data, 'operation');
    const content = data.content;
    const raw = typeof content === 'string' ? content : Array.isArray(content) ? textOfContent(content) : null;
    if (operation === 'enqueue') {
      if (raw === null) return;
      const text = stripIdeContext(raw);
      const event = this.human(record, data, 'queued', text, { uuid: null });
      const pending: PendingQueued = { event, state: 'pending' };
      this.queue.push(pending);
      this.allQueued.push(pending);
    } else if (operation === 'dequeue') {
      const item = this.queue.shift();
      if (item) item.state = 'dropped';
    } else if (operation === 'remove') {
      let index = 0;
      if (raw !== null) {
        const wanted = stripIdeContext(raw).trim();
        const found = this.queue.findIndex((q) => q.event.turn.text.trim() === wanted);
        if (found !== -1) index = found;
      }
      const [item] = this.queue.splice(index, 1);
      if (item) item.state = 'kept';
    } else if (operation === 'popAll') {
      for (const item of this.queue.splice(0)) item.state = 'dropped';
    }
  }

  finish(): Conversation {
    const attachmentTexts = [...this.attachmentQueued];
    const drop = new Set<object>();
    for (const item of this.allQueued) {
      if (item.state === 'dropped') {
        drop.add(item.event);
        continue;
      }
      const at = attachmentTexts.indexOf(item.event.turn.text.trim());
      if (at !== -1) {
        attachmentTexts.splice(at, 1);
        drop.add(item.event);
      } else if (item.event.turn.text.trim() === '') {
        drop.add(item.event);
      }
    }
    if (drop.size > 0) this.conversation.events = this.events.filter((e) => !drop.has(e));
    return this.conversation;
  }
}
