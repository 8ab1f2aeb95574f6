/**
 * The real transcripts the benchmark corpus is made from, read in place from
 * `../shared/corpus/claude-code/` (never copied into the repo), grouped into sessions with their
 * subagent files. Each file is kept as a latin1 string: one char per byte, so rewriting ASCII ids
 * and writing it back reproduces every other byte exactly (invalid UTF-8 and malformed lines
 * included).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SourceFile {
  name: string;
  path: string;
  /** The file's bytes as a latin1 string (1 char = 1 byte). */
  text: string;
  size: number;
  /** First `sessionId` value in the file, if any. */
  sessionId: string | null;
  /** First `cwd` value (JSON-escaped form, as it appears in the file), if any. */
  cwdLiteral: string | null;
  /** Earliest and latest ISO timestamps in the file (ms), if any. */
  firstMs: number | null;
  lastMs: number | null;
  /** `agent-<id>.jsonl` files: the id; else null. */
  agentId: string | null;
  /** `<session>/subagents/agent-*.jsonl` layout (2.1.x) rather than flat `agent-*.jsonl` (2.0.x). */
  nested: boolean;
}

/** A main session file with the subagent files that belong to it (or a lone subagent file). */
export interface SourceGroup {
  index: number;
  main: SourceFile;
  subagents: SourceFile[];
  /** The main file is itself a subagent transcript whose parent is not in the corpus. */
  orphanAgent: boolean;
  /** Agent ids seen anywhere in the group (file names and `agentId` fields). */
  agentIds: string[];
  /** Id values that are not uuids (`sess-1`, `msg-1`, `root`): rewritten where quoted. */
  oddIds: string[];
  totalSize: number;
}

export const ISO_TIMESTAMP = /\b(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d{1,9})?Z\b/g;
export const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID_FIELD = /"(uuid|parentUuid|sessionId|leafUuid|messageId|promptId|logicalParentUuid)":"([^"\\]{1,80})"/g;
const AGENT_ID_FIELD = /"agentId":"([0-9a-f]{6,24})"/g;
const AGENT_FILE = /(?:^|__)agent-([0-9a-f]{6,24})\.jsonl$/;

function firstMatch(text: string, re: RegExp): string | null {
  const m = re.exec(text);
  return m ? (m[1] ?? null) : null;
}

export function readSourceFile(dir: string, name: string): SourceFile {
  const path = join(dir, name);
  const buf = readFileSync(path);
  const text = buf.toString('latin1');
  let firstMs: number | null = null;
  let lastMs: number | null = null;
  for (const m of text.matchAll(/"timestamp":"(\d{4}-\d\d-\d\dT[0-9:.]+Z)"/g)) {
    const ms = Date.parse(m[1] as string);
    if (Number.isNaN(ms)) continue;
    if (firstMs === null || ms < firstMs) firstMs = ms;
    if (lastMs === null || ms > lastMs) lastMs = ms;
  }
  const agent = AGENT_FILE.exec(name);
  return {
    name,
    path,
    text,
    size: buf.length,
    sessionId: firstMatch(text, /"sessionId":"([^"\\]+)"/),
    cwdLiteral: firstMatch(text, /"cwd":"((?:[^"\\]|\\.){2,400})"/),
    firstMs,
    lastMs,
    agentId: agent ? (agent[1] ?? null) : null,
    nested: agent !== null && name.includes('__subagents__'),
  };
}

/** Reads every `*.jsonl` in `dir` (sorted by name, so grouping is deterministic) and groups them. */
export function loadSourceGroups(dir: string): SourceGroup[] {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .sort();
  if (names.length === 0) throw new Error(`no *.jsonl transcripts in ${dir}`);
  const files = names.map((n) => readSourceFile(dir, n));
  const mains = files.filter((f) => f.agentId === null);
  const agents = files.filter((f) => f.agentId !== null);
  const groups: Omit<SourceGroup, 'index' | 'agentIds' | 'oddIds' | 'totalSize'>[] = mains.map((main) => ({
    main,
    subagents: [],
    orphanAgent: false,
  }));
  for (const agent of agents) {
    // A nested subagent names its parent session in its path; a flat one only through sessionId.
    const parent = groups.find((g) => g.main.sessionId !== null && g.main.sessionId === agent.sessionId);
    if (parent) parent.subagents.push(agent);
    else groups.push({ main: agent, subagents: [], orphanAgent: true });
  }
  return groups.map((g, index) => {
    const all = [g.main, ...g.subagents];
    const agentIds = new Set<string>();
    const oddIds = new Set<string>();
    for (const f of all) {
      if (f.agentId) agentIds.add(f.agentId);
      for (const m of f.text.matchAll(AGENT_ID_FIELD)) agentIds.add(m[1] as string);
      for (const m of f.text.matchAll(ID_FIELD)) {
        const value = m[2] as string;
        if (!UUID_TEXT.test(value)) oddIds.add(value);
      }
    }
    return {
      ...g,
      index,
      agentIds: [...agentIds].sort(),
      oddIds: [...oddIds].sort(),
      totalSize: all.reduce((n, f) => n + f.size, 0),
    };
  });
}
