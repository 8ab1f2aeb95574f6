/**
 * Rewrites one copy of a source transcript: every uuid, message id, tool_use id, request id,
 * agent id and odd id value gets a fresh value (the same fresh value for every occurrence within
 * the copy, so parentUuid chains, tool_use → tool_result links and subagent links survive), every
 * ISO timestamp is shifted by the copy's offset, and the project's cwd is replaced. Works on the
 * raw bytes (latin1 strings) with one regex, so malformed lines stay exactly as malformed as they
 * were: nothing is parsed.
 */
import { Prng } from './prng.js';
import type { SourceGroup } from './corpus-sources.js';

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/**
 * Built once per source group; groups: 1 cwd, 2 uuid, 3 token, 4 timestamp (5 fraction), 6 agent
 * id, 7 odd id, 8-9 a human prompt (`"role":"user","content":"…"`, opening and body).
 */
export function groupRegex(group: SourceGroup): RegExp {
  const cwd = group.main.cwdLiteral ? `(${escapeRegex(group.main.cwdLiteral)})(?![A-Za-z0-9._-])` : '((?!))';
  const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
  const token = '\\b((?:msg|toolu|req|srvtoolu)_[0-9A-Za-z_]+)';
  const ts = '\\b(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d)(\\.\\d{1,9})?Z';
  const agent = group.agentIds.length > 0 ? `\\b(${group.agentIds.map(escapeRegex).join('|')})\\b` : '((?!))';
  const odd = group.oddIds.length > 0 ? `"(${group.oddIds.map(escapeRegex).join('|')})"` : '((?!))';
  const prompt = '("role":"user","content":")((?:[^"\\\\]|\\\\.)*)"';
  return new RegExp([cwd, uuid, token, ts, agent, odd, prompt].join('|'), 'g');
}

/**
 * Whether a user string is something a person typed, not a line the client writes in the person's
 * name (slash-command tags, command output, caveats, `[Request interrupted by user]`, compaction
 * summaries), whose exact form the reader recognises.
 */
function typedByPerson(body: string): boolean {
  return !/^(?:<|\[|Caveat:|This session is being continued)/.test(body) && !body.includes('<command-');
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** ISO text for `ms` with the same precision as the original (`fraction` includes the dot). */
function formatTimestamp(ms: number, fraction: string | undefined): string {
  const d = new Date(ms);
  const base =
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}` +
    `T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  if (fraction === undefined) return `${base}Z`;
  const millis = pad(d.getUTCMilliseconds(), 3);
  const digits = fraction.length - 1;
  if (digits <= 3) return `${base}.${millis.slice(0, digits)}Z`;
  return `${base}.${millis}${fraction.slice(4)}Z`;
}

export interface CopyOptions {
  seed: string;
  /** Added to every timestamp. */
  shiftMs: number;
  /** The replacement for the group's cwd (JSON-escaped form). */
  cwdLiteral: string;
  /** Pre-set mappings, e.g. every part of a long file keeps the file's session id. */
  fixed?: ReadonlyMap<string, string>;
}

/** The id mappings of one copy of a source group. */
export class CopyRewriter {
  private readonly prng: Prng;
  private readonly map = new Map<string, string>();
  private readonly options: CopyOptions;

  constructor(options: CopyOptions) {
    this.options = options;
    this.prng = new Prng(options.seed);
    if (options.fixed) for (const [k, v] of options.fixed) this.map.set(k, v);
  }

  /** The fresh value for an id (created on first use, in order of first occurrence). */
  mapUuid(id: string): string {
    let out = this.map.get(id);
    if (out === undefined) {
      out = this.prng.uuid();
      this.map.set(id, out);
    }
    return out;
  }

  /** `msg_01AbC…` → same prefix (up to 2 chars after `_`) and length, fresh base62 tail. */
  mapToken(token: string): string {
    let out = this.map.get(token);
    if (out === undefined) {
      const cut = token.indexOf('_') + 3;
      out = token.slice(0, cut) + this.prng.base62(Math.max(0, token.length - cut));
      this.map.set(token, out);
    }
    return out;
  }

  /** Agent ids keep their length and their leading `a` (2.1.x ids are `a` + hex). */
  mapAgentId(id: string): string {
    const key = `agent:${id}`;
    let out = this.map.get(key);
    if (out === undefined) {
      out = id.startsWith('a') ? `a${this.prng.hex(id.length - 1)}` : this.prng.hex(id.length);
      this.map.set(key, out);
    }
    return out;
  }

  /**
   * Every copy's human prompts end with the copy's own marker (` [c1a2b3]`): real histories rarely
   * repeat a message word for word, and without it the same few hundred prompts would recur in
   * every copy, so judging them would be measured mostly as cache hits.
   */
  private marker(): string {
    this.copyMarker ??= ` [c${new Prng(`${this.options.seed}:marker`).hex(6)}]`;
    return this.copyMarker;
  }
  private copyMarker: string | undefined;

  rewrite(text: string, regex: RegExp): string {
    const { shiftMs, cwdLiteral } = this.options;
    regex.lastIndex = 0;
    return text.replace(
      regex,
      (
        match: string,
        cwd?: string,
        uuid?: string,
        token?: string,
        tsBase?: string,
        tsFraction?: string,
        agent?: string,
        odd?: string,
        promptOpen?: string,
        promptBody?: string,
      ) => {
        // The body's ids, times and paths are rewritten too (the prompt pattern never occurs unescaped inside it).
        if (promptOpen !== undefined) {
          const body = this.rewrite(promptBody ?? '', new RegExp(regex.source, 'g'));
          return `${promptOpen}${body}${typedByPerson(body) ? this.marker() : ''}"`;
        }
        if (cwd !== undefined) return cwdLiteral;
        if (uuid !== undefined) return this.mapUuid(uuid);
        if (token !== undefined) return this.mapToken(token);
        if (tsBase !== undefined) {
          const ms = Date.parse(`${tsBase}${tsFraction ? tsFraction.slice(0, 4) : ''}Z`);
          return Number.isNaN(ms) ? match : formatTimestamp(ms + shiftMs, tsFraction);
        }
        if (agent !== undefined) return this.mapAgentId(agent);
        if (odd !== undefined) return `"${this.mapUuid(`odd:${odd}`)}"`;
        return match;
      },
    );
  }
}
