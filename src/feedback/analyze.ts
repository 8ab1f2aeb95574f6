/**
 * The implicit-feedback pipeline (issue items 9–10): discover → read → detect → window →
 * classify → events. `analyzeConversation` is the pure per-conversation step (the store reuses
 * it); `analyzeSessions` adds the I/O edge (the transcript engine's scan).
 */
import type { LocatedInvocation, SkillInvocation } from '../invocations/types.js';
import type { Conversation, ReadIssue, ReadStats } from '../transcripts/types.js';
import { type Classification, type ClassifyOptions, classifyWindow } from './classify.js';
import { type FeedbackEvent, toFeedbackEvent } from './event.js';
import { type Lexicon, type LexiconSelection, loadLexicons } from './lexicon.js';
import { makeSnippet } from './redact.js';
import { buildWindows, type InfluenceWindow, isWindowed } from './window.js';

export interface AnalyzedInvocation {
  invocation: SkillInvocation;
  /**
   * Whether the invocation has an influence window (false for nested ones: counted as usage, no
   * human outcome). Use this, not `window`, to tell them apart.
   */
  windowed: boolean;
  /**
   * The window itself (raw human turns) when judged from transcripts in this run; null for nested
   * invocations and for results read back from the store (which keeps no transcript text).
   */
  window: InfluenceWindow | null;
  classification: Classification | null;
  /** The feedback event, or null for outcome `none` and nested invocations. */
  event: FeedbackEvent | null;
  /** Time of the human turn that decided the outcome (the reaction), or null without one. */
  reaction_at: string | null;
  /** The redacted snippet (≤ `snippetMaxLength`, default 200 characters) of the deciding turn ('' without one or with snippets off). */
  snippet: string;
}

/** Timestamp of the human turn that decided `classification` in `window`. */
export function reactionTime(window: InfluenceWindow, classification: Classification): string | null {
  if (classification.turns_to_feedback === null) return null;
  return window.turns[classification.turns_to_feedback - 1]?.timestamp ?? null;
}

export interface AnalyzeConversationOptions {
  /** Human turns per window (default 3). */
  window?: number;
  /** Write snippets (default true); false writes `""`. Secrets are redacted either way. */
  snippets?: boolean;
  /** Longest snippet in code points (the config's `snippets.maxLength`; default and cap 200). */
  snippetMaxLength?: number;
  /** Compiled lexicons to classify with (wins over `lexiconSelection`). */
  lexicons?: readonly Lexicon[];
  /**
   * Which lexicons classify: the config's `lexicons` setting (`{languages, files}`, see
   * `loadLexicons`). Default: every bundled lexicon.
   */
  lexiconSelection?: LexiconSelection;
  /**
   * The statistical second stage (`ClassifyOptions.secondStage`): read only where the rules gave no
   * verdict or only implicit acceptance. Default `SECOND_STAGE_DEFAULT` (off).
   */
  secondStage?: ClassifyOptions['secondStage'];
}

/**
 * Judges every invocation of one conversation. Failed attempts (`Unknown skill`) are not
 * invocations and are left out; nested ones are kept without a window.
 */
export function analyzeConversation(
  conversation: Conversation,
  located: readonly LocatedInvocation[],
  options: AnalyzeConversationOptions = {},
): AnalyzedInvocation[] {
  const windows = buildWindows(conversation, located, { maxTurns: options.window ?? 3 });
  const lexicons = options.lexicons ?? (options.lexiconSelection ? loadLexicons(options.lexiconSelection) : undefined);
  const byInvocation = new Map<LocatedInvocation['invocation'], InfluenceWindow>();
  for (const w of windows) byInvocation.set(w.invocation, w);
  const out: AnalyzedInvocation[] = [];
  for (const l of [...located].sort((a, b) => a.seq - b.seq)) {
    if (l.invocation.failed) continue;
    const window = isWindowed(l) ? (byInvocation.get(l.invocation) ?? null) : null;
    if (window === null) {
      out.push({
        invocation: l.invocation,
        windowed: false,
        window: null,
        classification: null,
        event: null,
        reaction_at: null,
        snippet: '',
      });
      continue;
    }
    const classification = classifyWindow(window, {
      ...(lexicons ? { lexicons } : {}),
      ...(options.secondStage !== undefined ? { secondStage: options.secondStage } : {}),
    });
    const snippets = options.snippets !== false;
    const maxLength = options.snippetMaxLength !== undefined ? { maxLength: options.snippetMaxLength } : {};
    const event = toFeedbackEvent(window, classification, {
      snippets,
      ...(options.snippetMaxLength !== undefined ? { snippetMaxLength: options.snippetMaxLength } : {}),
    });
    out.push({
      invocation: l.invocation,
      windowed: true,
      window,
      classification,
      event,
      reaction_at: reactionTime(window, classification),
      snippet: makeSnippet(classification.snippet_source, { enabled: snippets, ...maxLength }),
    });
  }
  return out;
}

export interface AnalyzeOptions extends AnalyzeConversationOptions {
  /** Explicit transcript folders or files (`--session-dir`); empty: the default roots. */
  sessionDirs?: readonly string[];
  /** Environment for default roots (`HOME`, `CLAUDE_CONFIG_DIR`); never read from process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Base for relative paths. */
  cwd?: string;
  /** Only invocations of this skill id are reported (windows are still cut by every invocation). */
  skillFilter?: string;
}

export interface AnalysisResult {
  /** Every (non-failed) invocation, in file order, with its judgement. */
  invocations: AnalyzedInvocation[];
  /** Failed attempts (`Unknown skill`…): not invocations, kept for health (should_update). */
  failed: SkillInvocation[];
  /** The feedback events (correction, partial, acceptance), in the same order. */
  events: FeedbackEvent[];
  sessions: number;
  files: number;
  stats: ReadStats;
  issues: ReadIssue[];
  /** Folders that were looked at. */
  roots: { path: string; exists: boolean; explicit: boolean }[];
}

export async function analyzeSessions(options: AnalyzeOptions = {}): Promise<AnalysisResult> {
  // The selection is validated before any transcript is read (a bad extra lexicon file is a CONFIG error).
  const lexicons =
    options.lexicons ??
    (options.lexiconSelection ? loadLexicons(options.lexiconSelection, options.cwd !== undefined ? { cwd: options.cwd } : {}) : undefined);
  const { scanInvocations } = await import('../invocations/scan.js');
  const { discoverTranscripts } = await import('../transcripts/discovery.js');
  const discoverOptions = {
    ...(options.sessionDirs && options.sessionDirs.length > 0 ? { paths: options.sessionDirs } : {}),
    ...(options.env ? { env: options.env } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
  };
  // Discovery yields main-thread files before subagent files, so uuid dedupe keeps the main thread.
  const discovery = await discoverTranscripts(discoverOptions);
  const scan = await scanInvocations({ ...discoverOptions, files: discovery.files });
  const byConversation = new Map<Conversation, LocatedInvocation[]>();
  const fileToConversations = new Map<string, Conversation[]>();
  for (const c of scan.conversations) {
    const list = fileToConversations.get(c.file);
    if (list) list.push(c);
    else fileToConversations.set(c.file, [c]);
    byConversation.set(c, []);
  }
  // Attach each located invocation to its conversation (same file; the event at its seq is its own).
  for (const l of scan.located) {
    const candidates = fileToConversations.get(l.invocation.file) ?? [];
    const owner = candidates.find((c) => owns(c, l)) ?? candidates[0];
    if (owner) byConversation.get(owner)!.push(l);
  }
  const invocations: AnalyzedInvocation[] = [];
  let sessions = 0;
  for (const [conversation, located] of byConversation) {
    if (conversation.kind === 'session') sessions++;
    if (located.length === 0) continue;
    for (const a of analyzeConversation(conversation, located, lexicons ? { ...options, lexicons } : options)) {
      if (options.skillFilter !== undefined && a.invocation.skill_id !== options.skillFilter) continue;
      invocations.push(a);
    }
  }
  const failed = scan.located
    .map((l) => l.invocation)
    .filter((inv) => inv.failed && (options.skillFilter === undefined || inv.skill_id === options.skillFilter));
  return {
    invocations,
    failed,
    events: invocations.flatMap((a) => (a.event ? [a.event] : [])),
    sessions,
    files: new Set(scan.conversations.map((c) => c.file)).size,
    stats: scan.stats,
    issues: scan.issues,
    roots: discovery.roots,
  };
}

/** Whether the event at the invocation's seq in `c` is the invocation's own event. */
function owns(c: Conversation, l: LocatedInvocation): boolean {
  const e = c.events[l.seq];
  if (!e) return false;
  if (e.type === 'assistant') return l.toolUseId !== null && e.message.toolCalls.some((call) => call.id === l.toolUseId);
  if (e.type === 'command') return e.command.line === l.line || (l.toolUseId !== null && c.toolCalls.has(l.toolUseId));
  return false;
}
