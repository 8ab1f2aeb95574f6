/**
 * The per-file step of `skillpulse scan`, without the database: read a transcript from its start
 * or resume point (lean, streaming: records become conversation events as they are read and are
 * never held), de-duplicate replayed records, detect invocations, build and judge their influence
 * windows, find the next resume point and hash the bytes before the new cursor offset.
 *
 * The result is compact plain data (a few KB per file, whatever the transcript's size), so the
 * step can run on a worker thread and hand only its outcome to the thread that owns the store
 * (`scan.ts`), which writes it in one transaction with the file's cursor.
 */
import type { AnalyzedInvocation } from '../feedback/analyze.js';
import { analyzeConversation } from '../feedback/analyze.js';
import { eventId } from '../feedback/event.js';
import type { LexiconSelection } from '../feedback/lexicon.js';
import { isWindowComplete } from '../feedback/window.js';
import { type DetectedInvocation, detectInvocations } from '../invocations/detect.js';
import { isObserverConversation } from '../invocations/scan.js';
import type { SkillInvocation } from '../invocations/types.js';
import { FileConversations } from '../transcripts/conversation.js';
import { readTranscriptFile } from '../transcripts/reader.js';
import { isLite, type TranscriptRecord } from '../transcripts/records.js';
import type { Conversation, ReadIssue, ReadStats, TranscriptFile } from '../transcripts/types.js';
import { tailHashSync } from './cursor.js';
import { type InvocationJudgement, judgementOf, type StoredFeedbackEvent } from './events-store.js';

/** One detected invocation of a file with its place and judgement, ready to upsert. */
export interface ScannedInvocation {
  invocation: SkillInvocation;
  line: number;
  /** 0 for the main conversation, else the first line of the inline thread. */
  convOrder: number;
  /** Rank among the invocations on the same line. */
  lineRank: number;
  /** The window's judgement (null for nested and failed invocations). */
  judgement: InvocationJudgement | null;
}

export interface FileScanOutcome {
  path: string;
  /** Offset the read started at (the resume point for an append). */
  from: number;
  stats: ReadStats;
  issues: ReadIssue[];
  /** New cursor: end of the last complete line, the next line's number, SHA-1 of the bytes before. */
  offset: number;
  nextLine: number;
  tailHash: string;
  invocations: ScannedInvocation[];
  /** Feedback events of the judged invocations (only those the file owns are written). */
  events: StoredFeedbackEvent[];
  /** Event ids of invocations judged without a reaction: a scanned event they had is removed. */
  judgedWithoutEvent: string[];
  openWindows: number;
  /** Whether the read holds a main-thread session conversation (for session counts). */
  mainThread: boolean;
  /** Where the next read of this file starts. */
  resume: { offset: number; line: number };
}

export interface FileScanRequest {
  file: TranscriptFile;
  /** Where to start: the cursor's resume point, or the start of the file. */
  start: { offset: number; line: number };
  windowTurns: number;
  /** What is kept of the reaction text (config `snippets`); default: redacted, 200 characters. */
  snippets?: SnippetPolicy;
  /** Which lexicons classify (config `lexicons`); default: every bundled lexicon. */
  lexicons?: LexiconSelection;
}

/** The config's judging settings for a read (see `FileScanRequest`). */
export type JudgeSettings = Pick<FileScanRequest, 'snippets' | 'lexicons'>;

/** The config's snippet policy: `none` stores no snippet at all; `maxLength` code points otherwise. */
export interface SnippetPolicy {
  mode: 'redacted' | 'none';
  maxLength: number;
}

/** Reads and judges one transcript file (see the module comment). Never touches the store. */
export async function scanTranscriptFile(request: FileScanRequest): Promise<FileScanOutcome> {
  const { file, start, windowTurns } = request;
  const conversations = new FileConversations(file);
  const seen = new Set<string>();
  let duplicates = 0;
  const onRecord = (record: TranscriptRecord) => {
    const data = record.data;
    const uuid = isLite(data) ? data.uuid : typeof data.uuid === 'string' ? data.uuid : null;
    if (uuid !== null) {
      if (seen.has(uuid)) {
        duplicates++;
        return;
      }
      seen.add(uuid);
    }
    conversations.add(record);
  };
  const read = await readTranscriptFile(file.path, { startOffset: start.offset, startLine: start.line, lean: true, onRecord });
  read.stats.duplicates += duplicates;
  seen.clear();
  const outcome = judgeConversations(conversations.finish(), windowTurns, { offset: read.completeOffset, line: read.nextLine }, request);
  return {
    path: file.path,
    from: start.offset,
    stats: read.stats,
    issues: read.issues,
    offset: read.completeOffset,
    nextLine: read.nextLine,
    tailHash: tailHashSync(file.path, read.completeOffset),
    ...outcome,
  };
}

type Judged = Pick<FileScanOutcome, 'invocations' | 'events' | 'judgedWithoutEvent' | 'openWindows' | 'mainThread' | 'resume'>;

/** Windows, classifications and the resume point for the conversations of one read. */
export function judgeConversations(
  conversations: readonly Conversation[],
  windowTurns: number,
  end: { offset: number; line: number },
  settings: JudgeSettings = {},
): Judged {
  const { snippets, lexicons } = settings;
  const out: Judged = { invocations: [], events: [], judgedWithoutEvent: [], openWindows: 0, mainThread: false, resume: { ...end } };
  const hold = (offset: number, line: number) => {
    if (offset < out.resume.offset) out.resume = { offset, line };
  };
  for (const conversation of conversations) {
    if (conversation.kind === 'session') out.mainThread = true;
    if (isObserverConversation(conversation)) continue;
    const located = detectInvocations(conversation);
    // Main thread first, then inline sidechain threads by their first line (the direct read's order).
    const convOrder = conversation.kind === 'session' ? 0 : firstLine(conversation);
    const rankOf = new Map<DetectedInvocation, number>();
    const onLine = new Map<number, number>();
    for (const l of [...located].sort((a, b) => a.seq - b.seq)) {
      const rank = onLine.get(l.line) ?? 0;
      onLine.set(l.line, rank + 1);
      rankOf.set(l, rank);
    }
    const analyzed = analyzeConversation(conversation, located, {
      window: windowTurns,
      ...(snippets ? { snippets: snippets.mode !== 'none', snippetMaxLength: snippets.maxLength } : {}),
      ...(lexicons ? { lexiconSelection: lexicons } : {}),
    });
    const byInvocation = new Map<SkillInvocation, AnalyzedInvocation>(analyzed.map((a) => [a.invocation, a]));
    for (const l of located) {
      const a = byInvocation.get(l.invocation);
      out.invocations.push({
        invocation: l.invocation,
        line: l.line,
        convOrder,
        lineRank: rankOf.get(l) ?? 0,
        judgement: a?.classification ? judgementOf(a) : null,
      });
      if (!a) continue;
      if (a.window && !isWindowComplete(a.window)) {
        out.openWindows++;
        hold(l.offset, l.line);
      }
    }
    const last = located.reduce<DetectedInvocation | null>((a, b) => (a === null || b.seq > a.seq ? b : a), null);
    if (last && !byInvocation.get(last.invocation)?.window) hold(last.offset, last.line);
    for (const a of analyzed) {
      if (a.event) out.events.push(a.event as StoredFeedbackEvent);
      else if (a.classification) out.judgedWithoutEvent.push(eventId(a.invocation.invocation_uuid, a.invocation.skill_id));
    }
  }
  return out;
}

function firstLine(conversation: Conversation): number {
  const first = conversation.events[0];
  if (!first) return 0;
  switch (first.type) {
    case 'human':
      return first.turn.line;
    case 'assistant':
      return first.message.line;
    case 'tool-result':
      return first.result.line;
    case 'command':
      return first.command.line;
    case 'meta':
      return first.meta.line;
    case 'compaction':
      return first.boundary.line;
  }
}
