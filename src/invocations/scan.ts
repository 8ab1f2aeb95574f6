/**
 * The convenience pipeline: discover → read (dedupe) → build conversations → detect
 * invocations. Library callers that need only invocations use this; the store and the feedback
 * stage use the pieces.
 */
import { discoverTranscripts, type DiscoverOptions, type DiscoveryResult } from '../transcripts/discovery.js';
import { readConversations, type ReadManyOptions } from '../transcripts/read.js';
import type { Conversation, ReadIssue, ReadStats, TranscriptFile } from '../transcripts/types.js';
import { detectInvocations, type DetectedInvocation } from './detect.js';
import type { SkillInvocation } from './types.js';

export interface ScanOptions extends DiscoverOptions, ReadManyOptions {
  /** Only invocations of this skill id (exact, as invoked, e.g. `superpowers:writing-plans`). */
  skill?: string;
  /** Files to read instead of running discovery. */
  files?: readonly TranscriptFile[];
}

export interface ScanResult {
  invocations: SkillInvocation[];
  /** The same invocations with their positions (for windowing), in the same order. */
  located: DetectedInvocation[];
  conversations: Conversation[];
  stats: ReadStats;
  issues: ReadIssue[];
  discovery: DiscoveryResult | null;
  /** Conversations left out because they belong to an observer session (cwd holds `observer-sessions`). */
  observerSessions: number;
}

export function isObserverConversation(conversation: Conversation): boolean {
  return conversation.cwd?.includes('observer-sessions') === true;
}

export async function scanInvocations(options: ScanOptions = {}): Promise<ScanResult> {
  const discovery = options.files ? null : await discoverTranscripts(options);
  const files = options.files ?? discovery?.files ?? [];
  const read = await readConversations(files, options);
  const located: DetectedInvocation[] = [];
  let observerSessions = 0;
  for (const conversation of read.conversations) {
    if (isObserverConversation(conversation)) {
      observerSessions++;
      continue;
    }
    for (const found of detectInvocations(conversation)) {
      if (options.skill !== undefined && found.invocation.skill_id !== options.skill) continue;
      located.push(found);
    }
  }
  return {
    invocations: located.map((l) => l.invocation),
    located,
    conversations: read.conversations,
    stats: read.stats,
    issues: read.issues,
    discovery,
    observerSessions,
  };
}
