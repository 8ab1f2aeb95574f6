/**
 * Reading many transcript files: bounded concurrency, de-duplication of replayed records by
 * `uuid` across the files of one read, conversation building and subagent linking.
 *
 * Split for worker threads: `readTranscriptFile` (reader.ts) is the per-file unit and returns
 * plain data; `dedupeRecords`, `buildConversations` and `linkSubagents` run where the results
 * are gathered, in file order, so the outcome does not depend on which worker finished first.
 */
import { readFile } from 'node:fs/promises';
import type { Conversation, ReadIssue, ReadStats, TranscriptFile } from './types.js';
import { buildConversations, type FileInfo } from './conversation.js';
import { addStats, emptyStats, readTranscriptFile, type FileReadResult, type ReadOptions } from './reader.js';
import { isLite, isObject } from './records.js';

export interface ReadManyOptions extends Pick<ReadOptions, 'bufferSize' | 'prefilter' | 'maxLineBytes'> {
  /** Files read at the same time (default 4). */
  concurrency?: number;
  /** Drop records whose `uuid` an earlier file (or line) already had (default true). */
  dedupe?: boolean;
}

export interface TranscriptsRead {
  /** One result per file, in the order given. */
  files: FileReadResult[];
  /** Totals over every file (duplicates included). */
  stats: ReadStats;
}

/** Reads files with bounded concurrency; results keep the input order. */
export async function readTranscriptFiles(
  files: readonly (TranscriptFile | string)[],
  options: ReadManyOptions = {},
): Promise<TranscriptsRead> {
  const paths = files.map((f) => (typeof f === 'string' ? f : f.path));
  const results: FileReadResult[] = new Array(paths.length);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const index = next++;
      results[index] = await readTranscriptFile(paths[index] as string, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, paths.length) }, worker));
  if (options.dedupe !== false) dedupeRecords(results);
  const stats = emptyStats();
  for (const r of results) addStats(stats, r.stats);
  return { files: results, stats };
}

/**
 * Removes records whose `uuid` was already seen, in the given file order (resumes and forks
 * replay earlier records into new files; the first copy wins). Counts drops in each file's
 * `stats.duplicates`. Returns the number dropped. Pass `seen` to continue across calls.
 */
export function dedupeRecords(results: readonly FileReadResult[], seen: Set<string> = new Set()): number {
  let dropped = 0;
  for (const result of results) {
    let kept = 0;
    const records = result.records;
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      if (record === undefined) continue;
      const uuid = isLite(record.data) ? record.data.uuid : typeof record.data.uuid === 'string' ? record.data.uuid : null;
      if (uuid !== null) {
        if (seen.has(uuid)) {
          result.stats.duplicates++;
          dropped++;
          continue;
        }
        seen.add(uuid);
      }
      records[kept++] = record;
    }
    records.length = kept;
  }
  return dropped;
}

export interface ConversationsRead extends TranscriptsRead {
  conversations: Conversation[];
  /** Every issue of every file, in file order. */
  issues: ReadIssue[];
}

/**
 * Reads files and builds their conversations, linking subagent transcripts to their sessions.
 * `files` may be discovery results (which carry kind and ids) or bare paths.
 */
export async function readConversations(
  files: readonly (TranscriptFile | string)[],
  options: ReadManyOptions = {},
): Promise<ConversationsRead> {
  const read = await readTranscriptFiles(files, options);
  const conversations: Conversation[] = [];
  const issues: ReadIssue[] = [];
  for (let i = 0; i < read.files.length; i++) {
    const result = read.files[i] as FileReadResult;
    const given = files[i] as TranscriptFile | string;
    const info: FileInfo = typeof given === 'string' ? { path: given } : given;
    conversations.push(...buildConversations(result.records, info));
    issues.push(...result.issues);
  }
  await linkSubagents(conversations);
  return { ...read, conversations, issues };
}

/**
 * Links subagent-file conversations to the session that spawned them: by the agent id the
 * parent's Task/Agent result reported, else by the `agent-<id>.meta.json` sidecar's `toolUseId`,
 * else as an unlinked subagent of the parent session.
 */
export async function linkSubagents(conversations: Conversation[]): Promise<void> {
  const sessions = new Map<string, Conversation>();
  for (const c of conversations) if (c.kind === 'session' && !sessions.has(c.sessionId)) sessions.set(c.sessionId, c);
  for (const c of conversations) {
    if (c.kind !== 'subagent' || c.agentId === null || c.parentSessionId === null) continue;
    const parent = sessions.get(c.parentSessionId);
    if (!parent) continue;
    let link = parent.subagents.find((s) => s.agentId === c.agentId);
    if (link?.inline) continue;
    if (!link) {
      link = { agentId: c.agentId, file: null, spawnedBy: null, inline: false };
      parent.subagents.push(link);
    }
    link.file = c.file;
    if (link.spawnedBy === null) link.spawnedBy = await sidecarToolUseId(c.file);
  }
}

async function sidecarToolUseId(file: string): Promise<string | null> {
  if (!file.endsWith('.jsonl')) return null;
  try {
    const value: unknown = JSON.parse(await readFile(`${file.slice(0, -'.jsonl'.length)}.meta.json`, 'utf8'));
    return isObject(value) && typeof value.toolUseId === 'string' ? value.toolUseId : null;
  } catch {
    return null;
  }
}
