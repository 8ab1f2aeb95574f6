/** Per-file facts for `skillpulse sessions` (plain, JSON-ready). */
import path from 'node:path';
import type { ConversationsRead } from './read.js';
import type { TranscriptFile } from './types.js';

export interface FileSummary {
  file: string;
  /** The file name, for tables. */
  display: string;
  kind: 'session' | 'subagent';
  session_id: string | null;
  agent_id: string | null;
  project_dir: string | null;
  /** Client versions in order of first appearance. */
  versions: string[];
  cwd: string | null;
  first_timestamp: string | null;
  last_timestamp: string | null;
  bytes: number;
  lines: number;
  /** Lines from which nothing could be read. */
  malformed: number;
  /** Problems reported (malformed, spliced, truncated, invalid UTF-8, NUL bytes, I/O). */
  issues: number;
  /** Records dropped as replays of records read earlier. */
  duplicates: number;
  /** Inline subagent threads (1.0.x) split out of this file. */
  inline_subagents: number;
  human_turns: number;
  titles: string[];
}

export function summariseFiles(files: readonly TranscriptFile[], read: ConversationsRead): FileSummary[] {
  return files.map((file, index) => {
    const result = read.files[index];
    const conversations = read.conversations.filter((c) => c.file === file.path);
    const main = conversations[0];
    const versions: string[] = [];
    for (const c of conversations) for (const v of c.versions) if (!versions.includes(v)) versions.push(v);
    let humanTurns = 0;
    for (const c of conversations) for (const e of c.events) if (e.type === 'human' && c.kind === 'session') humanTurns++;
    return {
      file: file.path,
      display: path.basename(file.path),
      kind: main?.kind ?? file.kind,
      session_id: main?.sessionId ?? file.sessionId,
      agent_id: main?.kind === 'subagent' ? main.agentId : file.agentId,
      project_dir: file.projectDir,
      versions,
      cwd: main?.cwd ?? null,
      first_timestamp: main?.firstTimestamp ?? null,
      last_timestamp: main?.lastTimestamp ?? null,
      bytes: file.size,
      lines: result?.stats.lines ?? 0,
      malformed: result?.stats.malformed ?? 0,
      issues: result?.issues.length ?? 0,
      duplicates: result?.stats.duplicates ?? 0,
      inline_subagents: conversations.filter((c) => c.kind === 'subagent' && c.file === file.path && main?.kind === 'session').length,
      human_turns: humanTurns,
      titles: main?.titles ?? [],
    };
  });
}
