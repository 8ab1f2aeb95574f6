/**
 * The implicit-feedback analysis read back from the store: what `analyzeSessions` returns, built
 * from the judgements the scan persisted (schema v2) instead of from transcripts. The reading
 * commands (analyze, report, trend, hotspots, show, compare) run `analyzeWithStore`: scan the
 * sessions into the store (incremental: unchanged files cost one stat), then read the rows of
 * every transcript under the scanned roots — transcripts deleted since keep their rows, so the
 * store is the history. On the same sessions the result equals the direct read's, in the same
 * order (discovery order of files, then conversation, line and position on the line).
 *
 * Differences by design: `window` is null (the store keeps no transcript text; `windowed` tells
 * nested invocations apart) and `classification.snippet_source` is the stored redacted snippet.
 */
import type { AnalysisResult, AnalyzedInvocation, AnalyzeOptions } from '../feedback/analyze.js';
import type { Classification, CorrectionType, DimensionHint, Outcome, Rule } from '../feedback/classify.js';
import type { FeedbackEvent } from '../feedback/event.js';
import type { SkillInvocation } from '../invocations/types.js';
import { type DiscoveryResult, discoverTranscripts } from '../transcripts/discovery.js';
import { type SqliteDatabase, withTransaction } from './database.js';
import { type InvocationRow, invocationFromRow } from './events-store.js';
import { type StoreScanOptions, scanIntoStore } from './scan.js';

export interface StoreAnalysisQuery {
  /** Absolute folders or files whose transcripts' rows are read (the scanned roots). */
  roots: readonly string[];
  /** Transcript paths in discovery order; rows of other files (deleted transcripts) follow, by path. */
  order?: readonly string[];
  /** Only invocations of this skill. */
  skillFilter?: string | undefined;
  /** false: events and snippets carry `''` as snippet (applied at read time; the store keeps the redacted one). */
  snippets?: boolean | undefined;
  /** Rows (and cursors) of these transcript files are left out (projects excluded in the config). */
  excludeFile?: ((file: string) => boolean) | undefined;
}

export type StoreAnalysis = Pick<AnalysisResult, 'invocations' | 'failed' | 'events' | 'sessions' | 'files'>;

interface JudgedRow extends InvocationRow {
  line: number | null;
  conv_order: number;
  line_rank: number;
  outcome: Outcome | null;
  correction_type: CorrectionType | null;
  confidence: number | null;
  turns_to_feedback: number | null;
  dimension_hint: DimensionHint | null;
  rule: Rule | null;
  reason: string | null;
  complete: number | null;
  reaction_at: string | null;
  snippet: string | null;
  event_json: string | null;
}

/**
 * The columns `loadAnalysisFromStore` reads, in the order `judgedRowOf` takes them. Rows come as
 * arrays: libsql builds row objects in native code one property at a time, which for these 24
 * columns cost more than the query (~1,300 rows on every store-backed report).
 */
const JUDGED_COLUMNS = `i.invocation_uuid, i.skill_id, i.session_id, i.trigger, i.args, i.timestamp, i.failed, i.failure_reason,
  i.skill_version, i.file, i.line, i.conv_order, i.line_rank, i.outcome, i.correction_type, i.confidence, i.turns_to_feedback,
  i.dimension_hint, i.rule, i.reason, i.complete, i.reaction_at, i.snippet, fe.event_json`;

function judgedRowOf(v: unknown[]): JudgedRow {
  return {
    invocation_uuid: v[0] as string,
    skill_id: v[1] as string,
    session_id: v[2] as string,
    trigger: v[3] as JudgedRow['trigger'],
    args: v[4] as string | null,
    timestamp: v[5] as string,
    failed: v[6] as number,
    failure_reason: v[7] as string | null,
    skill_version: v[8] as string | null,
    file: v[9] as string,
    line: v[10] as number | null,
    conv_order: v[11] as number,
    line_rank: v[12] as number,
    outcome: v[13] as JudgedRow['outcome'],
    correction_type: v[14] as JudgedRow['correction_type'],
    confidence: v[15] as number | null,
    turns_to_feedback: v[16] as number | null,
    dimension_hint: v[17] as JudgedRow['dimension_hint'],
    rule: v[18] as JudgedRow['rule'],
    reason: v[19] as string | null,
    complete: v[20] as number | null,
    reaction_at: v[21] as string | null,
    snippet: v[22] as string | null,
    event_json: v[23] as string | null,
  };
}

/** `path` without trailing separators (except the filesystem root). */
function trimSlash(path: string): string {
  const trimmed = path.replace(/[\\/]+$/, '');
  return trimmed === '' ? path : trimmed;
}

/** SQL condition (and its parameters) for "column names a file under one of `roots`". */
export function underRoots(column: string, roots: readonly string[]): { sql: string; params: unknown[] } {
  if (roots.length === 0) return { sql: '0', params: [] };
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const raw of roots) {
    const root = trimSlash(raw);
    const prefix = root.endsWith('/') ? root : `${root}/`;
    parts.push(`(${column} = ? OR substr(${column}, 1, ?) = ?)`);
    params.push(root, prefix.length, prefix);
  }
  return { sql: `(${parts.join(' OR ')})`, params };
}

function toAnalyzed(row: JudgedRow, snippets: boolean): AnalyzedInvocation {
  const invocation = invocationFromRow(row);
  const windowed = row.trigger !== 'nested';
  if (!windowed || row.outcome === null) {
    return { invocation, windowed, window: null, classification: null, event: null, reaction_at: null, snippet: '' };
  }
  const snippet = snippets ? (row.snippet ?? '') : '';
  const classification: Classification = {
    outcome: row.outcome,
    correction_type: row.correction_type,
    confidence: row.confidence === null ? null : Number(row.confidence),
    turns_to_feedback: row.turns_to_feedback === null ? null : Number(row.turns_to_feedback),
    dimension_hint: row.dimension_hint,
    rule: row.rule ?? 'unrecorded',
    reason: row.reason ?? '',
    snippet_source: row.snippet ?? '',
    complete: Number(row.complete) === 1,
  };
  let event: FeedbackEvent | null = null;
  if (row.outcome !== 'none' && row.event_json !== null) {
    event = JSON.parse(row.event_json) as FeedbackEvent;
    if (!snippets) event = { ...event, user_message_snippet: '' };
  }
  return { invocation, windowed, window: null, classification, event, reaction_at: row.reaction_at, snippet };
}

/** Reads the analysis of the transcripts under `query.roots` from the store. */
export function loadAnalysisFromStore(db: SqliteDatabase, query: StoreAnalysisQuery): StoreAnalysis {
  const roots = underRoots('i.file', query.roots);
  const params: unknown[] = [...roots.params];
  let where = `i.source = 'scan' AND ${roots.sql}`;
  if (query.skillFilter !== undefined) {
    where += ' AND i.skill_id = ?';
    params.push(query.skillFilter);
  }
  const raw = db
    .prepare(
      `SELECT ${JUDGED_COLUMNS}
       FROM invocations AS i LEFT JOIN feedback_events AS fe ON fe.event_id = i.event_id AND fe.source = 'scan'
       WHERE ${where}`,
    )
    .raw(true)
    .all(...params) as unknown[][];
  let rows = raw.map(judgedRowOf);
  const exclude = query.excludeFile;
  if (exclude) rows = rows.filter((row) => !exclude(row.file));
  const rank = new Map((query.order ?? []).map((path, i) => [path, i]));
  const fileOrder = (path: string) => rank.get(path) ?? Number.POSITIVE_INFINITY;
  rows.sort(
    (a, b) =>
      fileOrder(a.file) - fileOrder(b.file) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      Number(a.conv_order) - Number(b.conv_order) ||
      Number(a.line ?? 0) - Number(b.line ?? 0) ||
      Number(a.line_rank) - Number(b.line_rank),
  );
  const snippets = query.snippets !== false;
  const invocations: AnalyzedInvocation[] = [];
  const failed: SkillInvocation[] = [];
  for (const row of rows) {
    if (Number(row.failed) === 1) failed.push(invocationFromRow(row));
    else invocations.push(toAnalyzed(row, snippets));
  }
  const files = underRoots('path', query.roots);
  const counts = exclude
    ? (
        db.prepare(`SELECT path, main_thread FROM scan_cursors WHERE ${files.sql}`).all(...files.params) as Array<{
          path: string;
          main_thread: number;
        }>
      )
        .filter((cursor) => !exclude(cursor.path))
        .reduce((sum, cursor) => ({ files: sum.files + 1, sessions: sum.sessions + Number(cursor.main_thread) }), { files: 0, sessions: 0 })
    : (db
        .prepare(`SELECT COUNT(*) AS files, COALESCE(SUM(main_thread), 0) AS sessions FROM scan_cursors WHERE ${files.sql}`)
        .all(...files.params)[0] as { files: number; sessions: number });
  return {
    invocations,
    failed,
    events: invocations.flatMap((a) => (a.event ? [a.event] : [])),
    sessions: Number(counts.sessions),
    files: Number(counts.files),
  };
}

export interface StoreAnalyzeOptions extends Pick<AnalyzeOptions, 'sessionDirs' | 'env' | 'cwd' | 'skillFilter' | 'snippets' | 'window'> {
  /** Discovery already run by the caller (it must be for the same sessions). */
  discovery?: DiscoveryResult;
  /** What the scan stores of the reaction text (the config's `snippets`; see `StoreScanOptions`). */
  snippetPolicy?: StoreScanOptions['snippets'];
  /** Which lexicons the scan classifies with (the config's `lexicons`; see `StoreScanOptions`). */
  lexiconSelection?: StoreScanOptions['lexicons'];
  /** Rows of these transcript files are left out of the result (projects excluded in the config). */
  excludeFile?: (file: string) => boolean;
  now?: Date;
  /** Per-file scan callback (progress bars, `--debug`). */
  onFile?: StoreScanOptions['onFile'];
}

/**
 * Scans the sessions into the store (incrementally), then reads the analysis back from it. The
 * result has the shape and, on the same sessions, the content of `analyzeSessions`.
 */
export async function analyzeWithStore(db: SqliteDatabase, options: StoreAnalyzeOptions = {}): Promise<AnalysisResult> {
  const discovery =
    options.discovery ??
    (await discoverTranscripts({
      paths: options.sessionDirs ?? [],
      env: options.env ?? {},
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    }));
  const scanOptions: StoreScanOptions = { files: discovery.files, windowTurns: options.window ?? 3 };
  if (options.snippetPolicy) scanOptions.snippets = options.snippetPolicy;
  if (options.lexiconSelection) scanOptions.lexicons = options.lexiconSelection;
  if (options.cwd !== undefined) scanOptions.cwd = options.cwd;
  if (options.now) scanOptions.now = options.now;
  if (options.onFile) scanOptions.onFile = options.onFile;
  const scan = await scanIntoStore(db, scanOptions);
  const loaded = withTransaction(
    db,
    () =>
      loadAnalysisFromStore(db, {
        roots: discovery.roots.filter((r) => r.exists).map((r) => r.path),
        order: discovery.files.map((f) => f.path),
        skillFilter: options.skillFilter,
        snippets: options.snippets,
        excludeFile: options.excludeFile,
      }),
    'DEFERRED',
  );
  return { ...loaded, stats: scan.stats, issues: scan.issues, roots: discovery.roots };
}
