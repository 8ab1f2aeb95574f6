/**
 * `skillpulse scan`: incremental ingestion of transcripts into the store.
 *
 * Each file is handled on its own and committed in ONE transaction together with its cursor, so
 * a scan killed at any point leaves every file either fully ingested (cursor advanced) or not at
 * all, and the next scan produces exactly the rows of one uninterrupted scan (rows are upserted by
 * key: invocations by uuid + skill, events by event_id).
 *
 * Appended files are read from a resume point, not from the start: the line of the earliest
 * invocation whose influence window was still open (or, for the last invocation of a
 * conversation without a window, whose tool result or skill body may still be missing). Reading
 * from there rebuilds those windows with the new human turns and re-judges them; the upsert
 * replaces their events. Everything before the resume point is final and never read again.
 * Deleted transcripts are simply not visited: their rows stay.
 */
import { SkillpulseError } from '../errors.js';
import { type DetectedInvocation, detectInvocations } from '../invocations/detect.js';
import { isObserverConversation } from '../invocations/scan.js';
import { type AnalyzedInvocation, analyzeConversation } from '../feedback/analyze.js';
import { eventId } from '../feedback/event.js';
import { DEFAULT_WINDOW_TURNS, isWindowComplete } from '../feedback/window.js';
import { buildConversations } from '../transcripts/conversation.js';
import { discoverTranscripts } from '../transcripts/discovery.js';
import { dedupeRecords } from '../transcripts/read.js';
import { addStats, emptyStats, readTranscriptFile } from '../transcripts/reader.js';
import type { Conversation, ReadIssue, ReadStats, TranscriptFile } from '../transcripts/types.js';
import { type CursorDecision, type ScanCursor, decide, loadCursor, saveCursor, tailHash } from './cursor.js';
import { type SqliteDatabase, withTransaction } from './database.js';
import { fileRank } from './events-schema.js';
import {
  type StoredFeedbackEvent,
  judgementOf,
  ownedEventIds,
  storedJudgement,
  upsertFeedbackEvents,
  upsertInvocations,
} from './events-store.js';

export interface StoreScanOptions {
  /** `--sessions` paths; default roots (from `env`) when empty. */
  sessions?: readonly string[];
  env?: Readonly<Record<string, string | undefined>>;
  cwd?: string;
  /** Files to scan instead of running discovery. */
  files?: readonly TranscriptFile[];
  /** Ignore cursors and read every file from the start (`--full`). */
  full?: boolean;
  /** Human turns per influence window (default 3). */
  windowTurns?: number;
  now?: Date;
  /** Called after each file (progress, `--debug`). */
  onFile?: (report: FileScanReport) => void;
  /** Test hook: throw after this many files were committed (a deterministic "kill"). */
  failAfterFiles?: number;
}

export interface FileScanReport {
  path: string;
  action: 'skip' | 'append' | 'full';
  reason: string | null;
  /** Offset the read started at (append: the resume point). */
  from: number;
  bytesRead: number;
  invocations: number;
  events: number;
  openWindows: number;
}

export interface StoreScanResult {
  files: number;
  skipped: number;
  appended: number;
  reread: number;
  /** Files read in full, by reason (new, rotated, truncated, rewritten, settings, forced). */
  fullReasons: Record<string, number>;
  stats: ReadStats;
  invocations: number;
  events: number;
  issues: ReadIssue[];
  durationMs: number;
}

interface FileOutcome {
  located: DetectedInvocation[];
  /** Judgements of the windowed and nested (non-failed) invocations, by invocation. */
  judged: Map<DetectedInvocation['invocation'], AnalyzedInvocation>;
  /** Where each invocation sits: conversation order key and rank among invocations on its line. */
  order: Map<DetectedInvocation['invocation'], { convOrder: number; lineRank: number }>;
  events: StoredFeedbackEvent[];
  openWindows: number;
  /** Whether the read holds a main-thread session conversation (for session counts). */
  mainThread: boolean;
  resume: { offset: number; line: number };
}

/** Windows, classifications and the resume point for the records of one read. */
function judge(
  file: TranscriptFile,
  records: Parameters<typeof buildConversations>[0],
  windowTurns: number,
  end: { offset: number; line: number },
): FileOutcome {
  const outcome: FileOutcome = {
    located: [],
    judged: new Map(),
    order: new Map(),
    events: [],
    openWindows: 0,
    mainThread: false,
    resume: { ...end },
  };
  const hold = (offset: number, line: number) => {
    if (offset < outcome.resume.offset) outcome.resume = { offset, line };
  };
  for (const conversation of buildConversations(records, file)) {
    if (conversation.kind === 'session') outcome.mainThread = true;
    if (isObserverConversation(conversation)) continue;
    const located = detectInvocations(conversation);
    outcome.located.push(...located);
    // Main thread first, then inline sidechain threads by their first line (the direct read's order).
    const convOrder = conversation.kind === 'session' ? 0 : firstLine(conversation);
    const onLine = new Map<number, number>();
    for (const l of [...located].sort((a, b) => a.seq - b.seq)) {
      const rank = onLine.get(l.line) ?? 0;
      onLine.set(l.line, rank + 1);
      outcome.order.set(l.invocation, { convOrder, lineRank: rank });
    }
    const analyzed = analyzeConversation(conversation, located, { window: windowTurns });
    const byInvocation = new Map(analyzed.map((a) => [a.invocation, a]));
    for (const l of located) {
      const a = byInvocation.get(l.invocation);
      if (!a) continue;
      outcome.judged.set(l.invocation, a);
      if (a.window && !isWindowComplete(a.window)) {
        outcome.openWindows++;
        hold(l.offset, l.line);
      }
    }
    const last = located.reduce<DetectedInvocation | null>((a, b) => (a === null || b.seq > a.seq ? b : a), null);
    if (last && !byInvocation.get(last.invocation)?.window) hold(last.offset, last.line);
    for (const a of analyzed) if (a.event) outcome.events.push(a.event as StoredFeedbackEvent);
  }
  return outcome;
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

async function scanFile(
  db: SqliteDatabase,
  file: TranscriptFile,
  decision: Exclude<CursorDecision, { action: 'skip' }>,
  windowTurns: number,
  now: Date,
) {
  const start = decision.action === 'append' ? decision.cursor.state.resume : { offset: 0, line: 1 };
  const read = await readTranscriptFile(file.path, { startOffset: start.offset, startLine: start.line });
  dedupeRecords([read]);
  const outcome = judge(file, read.records, windowTurns, { offset: read.completeOffset, line: read.nextLine });
  const hash = await tailHash(file.path, read.completeOffset);
  const cursor: ScanCursor = {
    path: file.path,
    dev: file.dev,
    ino: file.ino,
    size: file.size,
    mtimeMs: file.mtimeMs,
    offset: read.completeOffset,
    nextLine: read.nextLine,
    tailHash: hash,
    state: { windowTurns, resume: outcome.resume },
  };
  const rank = fileRank(file.kind);
  // A truncated, rewritten or rotated file lost content: a reaction seen before is history and is
  // kept when the shorter file shows none (nothing is dropped silently). New files, `--full` and a
  // new window setting judge from scratch.
  const lossy =
    decision.action === 'full' && (decision.reason === 'truncated' || decision.reason === 'rewritten' || decision.reason === 'rotated');
  withTransaction(db, () => {
    upsertInvocations(
      db,
      outcome.located.map((l) => {
        const a = outcome.judged.get(l.invocation);
        const order = outcome.order.get(l.invocation);
        let judgement = a?.classification ? judgementOf(a) : null;
        if (lossy && judgement?.outcome === 'none') judgement = storedJudgement(db, l.invocation, file.path) ?? judgement;
        return {
          invocation: l.invocation,
          line: l.line,
          fileRank: rank,
          convOrder: order?.convOrder ?? 0,
          lineRank: order?.lineRank ?? 0,
          judgement,
        };
      }),
      'scan',
    );
    // Only the file that owns an invocation (the same record may sit in several files) decides
    // its event; an owned invocation that no longer has one (no reaction) loses its scanned event.
    const owned = ownedEventIds(db, file.path);
    const events = outcome.events.filter((e) => owned.has(e.event_id));
    upsertFeedbackEvents(db, events, { file: file.path, source: 'scan', replace: true });
    const withEvent = new Set(events.map((e) => e.event_id));
    const drop = db.prepare("DELETE FROM feedback_events WHERE event_id = ? AND source = 'scan'");
    for (const a of lossy ? [] : outcome.judged.values()) {
      if (!a.classification || a.event) continue;
      const id = eventId(a.invocation.invocation_uuid, a.invocation.skill_id);
      if (owned.has(id) && !withEvent.has(id)) drop.run(id);
    }
    saveCursor(db, cursor, now);
    if (decision.action === 'full')
      db.prepare('UPDATE scan_cursors SET main_thread = ? WHERE path = ?').run(outcome.mainThread ? 1 : 0, file.path);
  });
  return { read, outcome, from: start.offset };
}

export async function scanIntoStore(db: SqliteDatabase, options: StoreScanOptions = {}): Promise<StoreScanResult> {
  const began = performance.now();
  const windowTurns = options.windowTurns ?? DEFAULT_WINDOW_TURNS;
  const now = options.now ?? new Date();
  const discoverOptions: Parameters<typeof discoverTranscripts>[0] = { paths: options.sessions ?? [], env: options.env ?? {} };
  if (options.cwd !== undefined) discoverOptions.cwd = options.cwd;
  const files = options.files ?? (await discoverTranscripts(discoverOptions)).files;
  const result: StoreScanResult = {
    files: files.length,
    skipped: 0,
    appended: 0,
    reread: 0,
    fullReasons: {},
    stats: emptyStats(),
    invocations: 0,
    events: 0,
    issues: [],
    durationMs: 0,
  };
  let committed = 0;
  for (const file of files) {
    const decision = await decide(file.path, file, loadCursor(db, file.path), { full: options.full === true, windowTurns });
    if (decision.action === 'skip') {
      result.skipped++;
      options.onFile?.({ path: file.path, action: 'skip', reason: null, from: 0, bytesRead: 0, invocations: 0, events: 0, openWindows: 0 });
      continue;
    }
    const { read, outcome, from } = await scanFile(db, file, decision, windowTurns, now);
    if (decision.action === 'append') result.appended++;
    else {
      result.reread++;
      result.fullReasons[decision.reason] = (result.fullReasons[decision.reason] ?? 0) + 1;
    }
    addStats(result.stats, read.stats);
    result.issues.push(...read.issues);
    result.invocations += outcome.located.length;
    result.events += outcome.events.length;
    options.onFile?.({
      path: file.path,
      action: decision.action,
      reason: decision.action === 'full' ? decision.reason : null,
      from,
      bytesRead: read.stats.bytes,
      invocations: outcome.located.length,
      events: outcome.events.length,
      openWindows: outcome.openWindows,
    });
    committed++;
    if (options.failAfterFiles !== undefined && committed >= options.failAfterFiles) {
      throw new SkillpulseError('INTERNAL', `scan stopped after ${committed} files (injected failure)`);
    }
  }
  result.durationMs = performance.now() - began;
  return result;
}
