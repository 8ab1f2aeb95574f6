/**
 * Building the conversation model from a file's records: human turns, assistant messages grouped
 * by `message.id`, tool calls linked to their results, meta injections, slash commands and
 * compaction boundaries, in file order. 1.0.x main files that inline subagent (`isSidechain`)
 * entries are split: every sidechain thread becomes its own subagent conversation.
 */
import path from 'node:path';
import type { Conversation, SubagentLink, TranscriptFile } from './types.js';
import { ConversationBuilder, SPAWN_TOOLS } from './conversation-builder.js';
import { isLite, isObject, strField, type LiteToolResult, type RecordData, type TranscriptRecord } from './records.js';

/** What the builder needs to know about the file (a `TranscriptFile` or just its path). */
export type FileInfo = Pick<TranscriptFile, 'path'> & Partial<Pick<TranscriptFile, 'kind' | 'sessionId' | 'agentId'>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSidechain(data: RecordData | LiteToolResult): boolean {
  return isLite(data) ? data.isSidechain : data.isSidechain === true;
}

function uuidOf(data: RecordData | LiteToolResult): string | null {
  return isLite(data) ? data.uuid : strField(data, 'uuid');
}

function parentOf(data: RecordData | LiteToolResult): string | null {
  return isLite(data) ? data.parentUuid : strField(data, 'parentUuid');
}

/** Conversation records of a file: the ones that make up a thread (not bookkeeping lines). */
function isThreadRecord(data: RecordData | LiteToolResult): boolean {
  return data.type === 'user' || data.type === 'assistant' || data.type === 'system' || data.type === 'attachment';
}

/**
 * Builds the conversations held in one file's records: one for a main session (plus one per
 * inline sidechain thread in 1.0.x files), or one subagent conversation for an agent file.
 */
export function buildConversations(records: readonly TranscriptRecord[], file: FileInfo): Conversation[] {
  const stream = new FileConversations(file);
  for (const r of records) stream.add(r);
  return stream.finish();
}

/**
 * The same as `buildConversations`, fed one record at a time in file order, so a scan never has
 * to hold a file's records: each record is turned into conversation events as it arrives and can
 * then be dropped. Whether a file without a known kind is a subagent transcript (every thread
 * record a sidechain, an agent id seen) is only certain at its end, so records are held back
 * until the first main-thread record decides it (at once for ordinary session files).
 */
export class FileConversations {
  private mode: 'undecided' | 'subagent' | 'session';
  private readonly held: TranscriptRecord[] = [];
  private threadRecords = 0;
  private sidechainRecords = 0;
  private firstAgentId: string | null = null;
  private firstSessionId: string | null = null;
  private single: ConversationBuilder | null = null;
  private main: ConversationBuilder | null = null;
  private readonly threads: ConversationBuilder[] = [];
  private readonly threadOf = new Map<string, ConversationBuilder>();

  constructor(private readonly file: FileInfo) {
    this.mode = file.kind === 'subagent' ? 'subagent' : 'undecided';
    if (this.mode === 'subagent') this.startSubagent();
  }

  add(r: TranscriptRecord): void {
    const data = r.data;
    if (!isLite(data)) {
      this.firstSessionId ??= strField(data, 'sessionId');
      if (data.isSidechain === true) this.firstAgentId ??= strField(data, 'agentId');
    }
    if (isThreadRecord(data)) {
      this.threadRecords++;
      if (isSidechain(data)) this.sidechainRecords++;
    }
    if (this.mode === 'undecided') {
      this.held.push(r);
      if (isThreadRecord(data) && !isSidechain(data)) this.decide('session');
      return;
    }
    this.route(r);
  }

  private startSubagent(): void {
    // Ids are provisional until `finish` (the first record with a session id may come later).
    this.single = new ConversationBuilder(this.file.path, '', 'subagent', null, '');
  }

  private decide(mode: 'subagent' | 'session'): void {
    this.mode = mode;
    if (mode === 'subagent') this.startSubagent();
    else this.main = new ConversationBuilder(this.file.path, '', 'session', null, null);
    const held = this.held.splice(0);
    for (const r of held) this.route(r);
  }

  private route(r: TranscriptRecord): void {
    if (this.single !== null) {
      this.single.add(r);
      return;
    }
    const main = this.main as ConversationBuilder;
    if (!isSidechain(r.data)) {
      main.add(r);
      return;
    }
    const parent = parentOf(r.data);
    let thread = parent !== null ? this.threadOf.get(parent) : undefined;
    if (thread === undefined) {
      const root = uuidOf(r.data) ?? `line-${r.line}`;
      thread = new ConversationBuilder(this.file.path, '', 'subagent', root, null);
      thread.inline = true;
      this.threads.push(thread);
    }
    const uuid = uuidOf(r.data);
    if (uuid !== null) this.threadOf.set(uuid, thread);
    thread.add(r);
  }

  finish(): Conversation[] {
    const file = this.file;
    if (this.mode === 'undecided') {
      const subagent = this.threadRecords > 0 && this.sidechainRecords === this.threadRecords && this.firstAgentId !== null;
      this.decide(subagent ? 'subagent' : 'session');
    }
    if (this.single !== null) {
      const sessionId = this.firstSessionId ?? file.sessionId ?? fallbackId(file.path);
      const conversation = this.single.finish();
      conversation.sessionId = sessionId;
      conversation.parentSessionId = sessionId;
      conversation.agentId = file.agentId ?? this.firstAgentId;
      return [conversation];
    }
    const sessionId = file.sessionId ?? this.firstSessionId ?? fallbackId(file.path);
    const mainConversation = (this.main as ConversationBuilder).finish();
    mainConversation.sessionId = sessionId;
    const result = [mainConversation];
    const spawnedBy = this.threads.length > 0 ? spawnCallsByPrompt(mainConversation) : new Map<string, string>();
    for (const thread of this.threads) {
      const conversation = thread.finish();
      conversation.sessionId = sessionId;
      conversation.parentSessionId = sessionId;
      const link: SubagentLink = { agentId: conversation.agentId ?? '', file: file.path, spawnedBy: null, inline: true };
      // The thread's first prompt is the spawning Task call's `prompt` (written by the model).
      const first = conversation.events.find((e) => e.type === 'human' || e.type === 'meta');
      const firstText = first?.type === 'human' ? first.turn.text : first?.type === 'meta' ? first.meta.text : null;
      if (firstText !== null) link.spawnedBy = spawnedBy.get(firstText) ?? null;
      mainConversation.subagents.push(link);
      result.push(conversation);
    }
    return result;
  }
}

/** The first Task/Agent call (in call order) for each `prompt` it was given. */
function spawnCallsByPrompt(conversation: Conversation): Map<string, string> {
  const byPrompt = new Map<string, string>();
  for (const call of conversation.toolCalls.values()) {
    if (!SPAWN_TOOLS.has(call.name) || !isObject(call.input)) continue;
    const prompt = call.input.prompt;
    if (typeof prompt === 'string' && !byPrompt.has(prompt)) byPrompt.set(prompt, call.id);
  }
  return byPrompt;
}

function fallbackId(file: string): string {
  return path.basename(file, '.jsonl');
}

/** A session id is the file name when that is a uuid (used by callers to decide naming). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
