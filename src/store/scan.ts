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
import { availableParallelism } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { SkillpulseError } from '../errors.js';
import { DEFAULT_WINDOW_TURNS } from '../feedback/window.js';
import { discoverTranscripts } from '../transcripts/discovery.js';
import { addStats, emptyStats } from '../transcripts/read-stats.js';
import type { ReadIssue, ReadStats, TranscriptFile } from '../transcripts/types.js';
import { type CursorDecision, DEFAULT_SNIPPET_LENGTH, type ScanCursor, decideSync, loadCursors, saveCursor } from './cursor.js';
import { type SqliteDatabase, withTransaction } from './database.js';
import { cachedStatement } from './statements.js';
import { fileRank } from './events-schema.js';
import { ownedEventIds, storedJudgement, upsertFeedbackEvents, upsertInvocations } from './events-store.js';
import type { LexiconSelection } from '../feedback/lexicon.js';
// The per-file step (and with it the classifier, its lexicons and zod) is imported only when a
// file has to be read: a warm re-scan never loads it.
import type { FileScanOutcome, FileScanRequest, SnippetPolicy } from './scan-file.js';

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
  /**
   * What is kept of the reaction text (the config's `snippets`; default: redacted, 200
   * characters). `none` stores no snippet: new judgements get `''`, and snippets already stored
   * by earlier scans are emptied; a shorter `maxLength` cuts stored ones too. A changed policy
   * re-reads the files (cursor reason `settings`) so every judgement is made with it.
   */
  snippets?: SnippetPolicy;
  /**
   * Which lexicons classify (the config's `lexicons`; default: every bundled lexicon). Validated
   * before any file is read; a changed selection (or extra file content) re-reads the files.
   */
  lexicons?: LexiconSelection;
  now?: Date;
  /** Called after each file (progress, `--debug`). */
  onFile?: (report: FileScanReport) => void;
  /** Test hook: throw after this many files were committed (a deterministic "kill"). */
  failAfterFiles?: number;
  /**
   * Worker threads for the per-file step (the store is always written by this thread, one
   * transaction per file, in file order; with workers, this thread also scans files no worker has
   * taken while it waits). Default: `defaultScanWorkerCount()` when the scan has more than
   * `PARALLEL_MIN_BYTES` to read and more than one file, else 0 (worker start-up would cost more
   * than it saves).
   */
  workers?: number;
}

/** Below this many bytes to read, a scan stays on one thread. */
export const PARALLEL_MIN_BYTES = 200 * 1024 * 1024;

/**
 * Workers for a parallel scan: every core but one, at most 8, at least 1. The calling thread is
 * the other one: it writes the store and scans the files no worker has taken (on two cores, one
 * worker and this thread; a second worker cost ~100 MB of peak memory for the same wall time).
 */
export function defaultScanWorkerCount(cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores - 1, 8));
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

type ReadDecision = Exclude<CursorDecision, { action: 'skip' }>;

function requestOf(
  file: TranscriptFile,
  decision: ReadDecision,
  windowTurns: number,
  settings: Pick<FileScanRequest, 'snippets' | 'lexicons'>,
): FileScanRequest {
  const start = decision.action === 'append' ? decision.cursor.state.resume : { offset: 0, line: 1 };
  return { file, start, windowTurns, ...settings };
}

/** The longest snippet a policy keeps (0: none). */
export function snippetLengthOf(policy: SnippetPolicy | undefined): number {
  if (!policy) return DEFAULT_SNIPPET_LENGTH;
  return policy.mode === 'none' ? 0 : Math.min(policy.maxLength, DEFAULT_SNIPPET_LENGTH);
}

/**
 * Brings the snippets earlier scans stored in line with the policy: emptied with `none`, cut to
 * `maxLength` code points otherwise (SQLite's length/substr count characters, as the snippet
 * rule does). Rows of transcripts deleted since are covered too; imported rows are left alone.
 */
export function applySnippetPolicy(db: SqliteDatabase, policy: SnippetPolicy): { invocations: number; events: number } {
  const length = snippetLengthOf(policy);
  if (length >= DEFAULT_SNIPPET_LENGTH) return { invocations: 0, events: 0 };
  return withTransaction(db, () => {
    const invocations = db
      .prepare(`UPDATE invocations SET snippet = substr(snippet, 1, ?) WHERE source = 'scan' AND length(snippet) > ?`)
      .run(length, length).changes;
    const events = db
      .prepare(
        `UPDATE feedback_events
         SET event_json = json_set(event_json, '$.user_message_snippet', substr(json_extract(event_json, '$.user_message_snippet'), 1, ?))
         WHERE source = 'scan' AND length(json_extract(event_json, '$.user_message_snippet')) > ?`,
      )
      .run(length, length).changes;
    return { invocations: Number(invocations), events: Number(events) };
  });
}

/**
 * The outcomes of the files to read, in the given order: on this thread one by one, or from a
 * pool of worker threads (dispatched biggest first so a huge file starts at once, handed back in
 * order) with this thread scanning, in order, the files no worker has taken yet while it waits.
 * Stopping early terminates the workers.
 */
async function* outcomesOf(requests: readonly FileScanRequest[], workers: number): AsyncGenerator<FileScanOutcome> {
  if (requests.length === 0) return;
  const { scanTranscriptFile } = await import('./scan-file.js');
  if (workers <= 0) {
    for (const request of requests) yield await scanTranscriptFile(request);
    return;
  }
  const { runOrdered, startModuleWorker } = await import('../transcripts/worker-pool.js');
  const bytes = (r: FileScanRequest) => Math.max(0, r.file.size - r.start.offset);
  // Outcomes are a few KB whatever the file size: the budget only bounds how far ahead workers run.
  for await (const outcome of runOrdered<FileScanRequest, FileScanOutcome>(requests, {
    workers,
    start: () => startModuleWorker(import.meta.url, 'scan-worker'),
    cost: () => 1,
    maxBuffered: 4096,
    priority: bytes,
    local: scanTranscriptFile,
  })) {
    if (!outcome.ok) throw outcome.error;
    yield outcome.result;
  }
}

/** Writes one file's outcome and its cursor in one transaction. */
function commitFile(
  db: SqliteDatabase,
  file: TranscriptFile,
  decision: ReadDecision,
  outcome: FileScanOutcome,
  windowTurns: number,
  judged: { snippetLength: number; lexicons: string },
  now: Date,
): void {
  const cursor: ScanCursor = {
    path: file.path,
    dev: file.dev,
    ino: file.ino,
    size: file.size,
    mtimeMs: file.mtimeMs,
    offset: outcome.offset,
    nextLine: outcome.nextLine,
    tailHash: outcome.tailHash,
    // Default settings are not written, so cursors stay as they were before they were configurable.
    state: {
      windowTurns,
      ...(judged.snippetLength === DEFAULT_SNIPPET_LENGTH ? {} : { snippetLength: judged.snippetLength }),
      ...(judged.lexicons === '' ? {} : { lexicons: judged.lexicons }),
      resume: outcome.resume,
    },
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
      outcome.invocations.map((l) => {
        let judgement = l.judgement;
        if (lossy && judgement?.outcome === 'none') judgement = storedJudgement(db, l.invocation, file.path) ?? judgement;
        return {
          invocation: l.invocation,
          line: l.line,
          fileRank: rank,
          convOrder: l.convOrder,
          lineRank: l.lineRank,
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
    const drop = cachedStatement(db, "DELETE FROM feedback_events WHERE event_id = ? AND source = 'scan'");
    for (const id of lossy ? [] : outcome.judgedWithoutEvent) {
      if (owned.has(id) && !withEvent.has(id)) drop.run(id);
    }
    saveCursor(db, cursor, now);
    if (decision.action === 'full')
      cachedStatement(db, 'UPDATE scan_cursors SET main_thread = ? WHERE path = ?').run(outcome.mainThread ? 1 : 0, file.path);
  });
}

export async function scanIntoStore(db: SqliteDatabase, options: StoreScanOptions = {}): Promise<StoreScanResult> {
  const began = performance.now();
  const windowTurns = options.windowTurns ?? DEFAULT_WINDOW_TURNS;
  const judged = { snippetLength: snippetLengthOf(options.snippets), lexicons: '' };
  const settings: Pick<FileScanRequest, 'snippets' | 'lexicons'> = {};
  if (options.snippets) settings.snippets = options.snippets;
  if (options.lexicons) {
    // Absolute paths, so worker threads read the same files; a bad selection (unknown language,
    // broken extra file) fails here, before any file is read.
    const lexicons: LexiconSelection = {
      languages: options.lexicons.languages ?? null,
      files: (options.lexicons.files ?? []).map((f) => resolvePath(options.cwd ?? '', f)),
    };
    if (lexicons.languages !== null || (lexicons.files ?? []).length > 0) {
      const { lexiconSelectionFingerprint, loadLexicons } = await import('../feedback/lexicon.js');
      loadLexicons(lexicons);
      judged.lexicons = lexiconSelectionFingerprint(lexicons);
      if (judged.lexicons !== '') settings.lexicons = lexicons;
    }
  }
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
  if (options.snippets) applySnippetPolicy(db, options.snippets);
  const cursors = options.full === true ? new Map<string, ScanCursor>() : loadCursors(db);
  const decisions: CursorDecision[] = [];
  const requests: FileScanRequest[] = [];
  let toRead = 0;
  for (const file of files) {
    const decision = decideSync(file.path, file, cursors.get(file.path) ?? null, {
      full: options.full === true,
      windowTurns,
      snippetLength: judged.snippetLength,
      lexicons: judged.lexicons,
    });
    decisions.push(decision);
    if (decision.action === 'skip') continue;
    const request = requestOf(file, decision, windowTurns, settings);
    requests.push(request);
    toRead += Math.max(0, file.size - request.start.offset);
  }
  // The worker pool (and the reader it pulls in) is loaded only for a scan that uses it.
  const parallel = options.workers === undefined && toRead > PARALLEL_MIN_BYTES && requests.length > 1;
  const workers = Math.max(0, Math.floor(options.workers ?? (parallel ? defaultScanWorkerCount() : 0)));
  const outcomes = outcomesOf(requests, Math.min(workers, requests.length));
  try {
    for (let index = 0; index < files.length; index++) {
      const file = files[index] as TranscriptFile;
      const decision = decisions[index] as CursorDecision;
      if (decision.action === 'skip') {
        result.skipped++;
        options.onFile?.({
          path: file.path,
          action: 'skip',
          reason: null,
          from: 0,
          bytesRead: 0,
          invocations: 0,
          events: 0,
          openWindows: 0,
        });
        continue;
      }
      const step = await outcomes.next();
      if (step.done) throw new SkillpulseError('INTERNAL', `scan ended before ${file.path} was read`);
      const outcome = step.value;
      commitFile(db, file, decision, outcome, windowTurns, judged, now);
      if (decision.action === 'append') result.appended++;
      else {
        result.reread++;
        result.fullReasons[decision.reason] = (result.fullReasons[decision.reason] ?? 0) + 1;
      }
      addStats(result.stats, outcome.stats);
      result.issues.push(...outcome.issues);
      result.invocations += outcome.invocations.length;
      result.events += outcome.events.length;
      options.onFile?.({
        path: file.path,
        action: decision.action,
        reason: decision.action === 'full' ? decision.reason : null,
        from: outcome.from,
        bytesRead: outcome.stats.bytes,
        invocations: outcome.invocations.length,
        events: outcome.events.length,
        openWindows: outcome.openWindows,
      });
      committed++;
      if (options.failAfterFiles !== undefined && committed >= options.failAfterFiles) {
        throw new SkillpulseError('INTERNAL', `scan stopped after ${committed} files (injected failure)`);
      }
    }
  } finally {
    await outcomes.return(undefined);
  }
  result.durationMs = performance.now() - began;
  return result;
}
