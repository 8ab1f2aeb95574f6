/**
 * Trigger detection on the client's stream-json output, fed one parsed event at a time.
 *
 * `whole-turn` (default): the run triggered when any Skill tool_use names the candidate
 * exactly, or any Read opens the candidate's SKILL.md, anywhere in the turn (main thread or
 * subagent, streamed or in a complete `assistant` message). Other tools decide nothing; a
 * positive answer is known the moment the candidate's tool_use input is complete, a negative
 * only when the `result` event arrives.
 *
 * `first-tool`: skill-creator's run_eval state machine (reference §2.3), for comparison: the
 * first tool_use block decides, and the input must contain the candidate name as a substring.
 *
 * Both policies treat a `result` with `is_error`, an API error, or a stream that ends with
 * nothing decided as an error, never as "not triggered".
 */

export type DetectPolicy = 'whole-turn' | 'first-tool';
export const DETECT_POLICIES: readonly DetectPolicy[] = ['whole-turn', 'first-tool'];

export interface DetectionTarget {
  /** The candidate skill's name, as installed (`.claude/skills/<name>/`). */
  skillName: string;
  /** Absolute path of the installed candidate SKILL.md (Reads of it count). */
  skillFile?: string;
}

export type Verdict = { kind: 'triggered' } | { kind: 'not_triggered' } | { kind: 'error'; message: string };

/** What the detector saw of one run, beyond the verdict; used for reports and rewriter feedback. */
export interface RunObservation {
  /** `claude_code_version` from `system/init`. */
  clientVersion: string | undefined;
  /** The model the client reported in `system/init`. */
  model: string | undefined;
  /** The `skills` list of `system/init`, when present. */
  loadedSkills: string[] | undefined;
  /** Tool names in call order (complete tool_use blocks). */
  toolsCalled: string[];
  /** Skills other than the candidate that the model invoked. */
  otherSkills: string[];
  /** Assistant text seen (capped). */
  text: string;
  /** `total_cost_usd` of the `result` event, when one arrived. */
  costUsd: number | undefined;
  /** `result.subtype`, when a result arrived. */
  resultSubtype: string | undefined;
  /** API errors the client reported (retries, error messages). */
  apiErrors: string[];
  /** Tokens the main thread's streamed messages reported (input + cache + output). */
  tokens: number;
}

const TEXT_CAP = 600;

interface OpenBlock {
  name: string;
  json: string;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function normalisePath(p: string): string {
  return p.replace(/\\/g, '/').replace(/\/+/g, '/');
}

export class TriggerDetector {
  readonly policy: DetectPolicy;
  readonly target: DetectionTarget;
  readonly observation: RunObservation = {
    clientVersion: undefined,
    model: undefined,
    loadedSkills: undefined,
    toolsCalled: [],
    otherSkills: [],
    text: '',
    costUsd: undefined,
    resultSubtype: undefined,
    apiErrors: [],
    tokens: 0,
  };
  private tokensDone = 0;
  private tokensCurrent = 0;
  private verdictValue: Verdict | undefined;
  /** Open streamed blocks by `${parent}:${index}`. */
  private readonly open = new Map<string, OpenBlock>();
  /** first-tool state (reference §2.3). */
  private pending: 'Skill' | 'Read' | undefined;
  private acc = '';
  /** Whether any stream event was seen (first-tool's assistant fallback applies only without one deciding). */
  private sawResult = false;

  constructor(target: DetectionTarget, policy: DetectPolicy = 'whole-turn') {
    this.target = target;
    this.policy = policy;
  }

  /** The verdict once known; undefined while the answer is still open. */
  get verdict(): Verdict | undefined {
    return this.verdictValue;
  }

  get decided(): boolean {
    return this.verdictValue !== undefined;
  }

  get resultSeen(): boolean {
    return this.sawResult;
  }

  private decide(verdict: Verdict): void {
    if (this.verdictValue === undefined) this.verdictValue = verdict;
  }

  /** Feeds one parsed stream-json event. Events after the verdict still update the observation. */
  push(event: unknown): void {
    if (!isObject(event)) return;
    switch (event.type) {
      case 'system':
        this.onSystem(event);
        break;
      case 'stream_event':
        if (isObject(event.event)) this.onStreamEvent(event.event, str(event.parent_tool_use_id) ?? '');
        break;
      case 'assistant':
        this.onAssistant(event);
        break;
      case 'result':
        this.onResult(event);
        break;
      default:
        break;
    }
  }

  /** Called when the stream ended (process exit); decides an error if nothing else did. */
  end(reason: string): Verdict {
    this.decide({ kind: 'error', message: reason });
    return this.verdictValue!;
  }

  private onSystem(event: JsonObject): void {
    if (event.subtype === 'init') {
      this.observation.clientVersion = str(event.claude_code_version) ?? this.observation.clientVersion;
      this.observation.model = str(event.model) ?? this.observation.model;
      if (Array.isArray(event.skills)) this.observation.loadedSkills = event.skills.filter((s): s is string => typeof s === 'string');
    } else if (event.subtype === 'api_retry' || event.subtype === 'api_error') {
      const status = event.error_status ?? event.status;
      this.observation.apiErrors.push(`${str(event.error) ?? 'API error'}${status !== undefined ? ` (${String(status)})` : ''}`);
    }
  }

  private isCandidateSkill(input: JsonObject): boolean {
    const skill = str(input.skill);
    if (skill === undefined) return false;
    const name = skill.trim().replace(/^\//, '');
    return name === this.target.skillName || name.endsWith(`:${this.target.skillName}`);
  }

  private isCandidateRead(input: JsonObject): boolean {
    const file = str(input.file_path);
    if (file === undefined) return false;
    const p = normalisePath(file);
    if (this.target.skillFile !== undefined && p === normalisePath(this.target.skillFile)) return true;
    return p.endsWith(`/.claude/skills/${this.target.skillName}/SKILL.md`);
  }

  /** A complete tool call (whole-turn bookkeeping and verdict). */
  private onToolCall(name: string, input: JsonObject | undefined): void {
    this.observation.toolsCalled.push(name);
    if (input === undefined) return;
    if (name === 'Skill') {
      if (this.isCandidateSkill(input)) {
        if (this.policy === 'whole-turn') this.decide({ kind: 'triggered' });
      } else {
        const other = str(input.skill);
        if (other !== undefined && !this.observation.otherSkills.includes(other)) this.observation.otherSkills.push(other);
      }
    } else if (name === 'Read' && this.isCandidateRead(input)) {
      if (this.policy === 'whole-turn') this.decide({ kind: 'triggered' });
    }
  }

  private onStreamEvent(se: JsonObject, parent: string): void {
    const type = se.type;
    const index = typeof se.index === 'number' ? se.index : -1;
    const key = `${parent}:${index}`;
    if (type === 'message_start' || type === 'message_delta') {
      if (parent === '')
        this.countTokens(type === 'message_start', type === 'message_start' && isObject(se.message) ? se.message.usage : se.usage);
    }
    if (type === 'message_start') {
      for (const k of [...this.open.keys()]) if (k.startsWith(`${parent}:`)) this.open.delete(k);
      return;
    }
    if (type === 'content_block_start') {
      const block = isObject(se.content_block) ? se.content_block : undefined;
      if (block?.type === 'tool_use') {
        const name = str(block.name) ?? '';
        this.open.set(key, { name, json: '' });
        if (this.policy === 'first-tool' && !this.decided) {
          if (name === 'Skill' || name === 'Read') {
            this.pending = name;
            this.acc = '';
          } else {
            this.decide({ kind: 'not_triggered' });
          }
        }
      }
      return;
    }
    if (type === 'content_block_delta') {
      const delta = isObject(se.delta) ? se.delta : undefined;
      if (delta?.type === 'input_json_delta') {
        const part = str(delta.partial_json) ?? '';
        const block = this.open.get(key);
        if (block) block.json += part;
        if (this.policy === 'first-tool' && this.pending !== undefined && !this.decided) {
          this.acc += part;
          if (this.acc.includes(this.target.skillName)) this.decide({ kind: 'triggered' });
        }
        // whole-turn: an early answer when the Skill input is already complete JSON.
        if (this.policy === 'whole-turn' && block && (block.name === 'Skill' || block.name === 'Read') && !this.decided) {
          const input = tryParse(block.json);
          if (input && (block.name === 'Skill' ? this.isCandidateSkill(input) : this.isCandidateRead(input)))
            this.decide({ kind: 'triggered' });
        }
      } else if (delta?.type === 'text_delta') {
        this.appendText(str(delta.text) ?? '');
      }
      return;
    }
    if (type === 'content_block_stop') {
      const block = this.open.get(key);
      if (block) {
        this.open.delete(key);
        this.onToolCall(block.name, tryParse(block.json));
      }
      if (this.policy === 'first-tool' && this.pending !== undefined && !this.decided) {
        this.decide(this.acc.includes(this.target.skillName) ? { kind: 'triggered' } : { kind: 'not_triggered' });
      }
      return;
    }
    if (type === 'message_stop' && this.policy === 'first-tool' && !this.decided) {
      this.decide(
        this.pending !== undefined && this.acc.includes(this.target.skillName) ? { kind: 'triggered' } : { kind: 'not_triggered' },
      );
    }
  }

  private countTokens(newMessage: boolean, usage: unknown): void {
    if (newMessage) {
      this.tokensDone += this.tokensCurrent;
      this.tokensCurrent = 0;
    }
    if (!isObject(usage)) return;
    let sum = 0;
    for (const k of ['input_tokens', 'output_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens']) {
      const v = usage[k];
      if (typeof v === 'number') sum += v;
    }
    this.tokensCurrent = Math.max(this.tokensCurrent, sum);
    this.observation.tokens = this.tokensDone + this.tokensCurrent;
  }

  private streamedText = false;

  private appendText(text: string): void {
    this.streamedText = true;
    if (this.observation.text.length < TEXT_CAP) this.observation.text = (this.observation.text + text).slice(0, TEXT_CAP);
  }

  private onAssistant(event: JsonObject): void {
    const message = isObject(event.message) ? event.message : undefined;
    const content = Array.isArray(message?.content) ? message.content : [];
    const fromStream = str(event.parent_tool_use_id) === undefined && this.streamedText;
    if (event.error !== undefined || event.isApiErrorMessage === true) {
      const text = content.map((c) => (isObject(c) ? (str(c.text) ?? '') : '')).join(' ');
      this.observation.apiErrors.push(text || String(event.error));
    }
    let firstToolSeen = false;
    for (const item of content) {
      if (!isObject(item)) continue;
      if (item.type === 'text' && !fromStream) this.appendText(str(item.text) ?? '');
      if (item.type !== 'tool_use') continue;
      const name = str(item.name) ?? '';
      const input = isObject(item.input) ? item.input : undefined;
      if (this.policy === 'first-tool') {
        if (!firstToolSeen && !this.decided) {
          const skillHit = name === 'Skill' && (str(input?.skill) ?? '').includes(this.target.skillName);
          const readHit = name === 'Read' && (str(input?.file_path) ?? '').includes(this.target.skillName);
          this.decide(skillHit || readHit ? { kind: 'triggered' } : { kind: 'not_triggered' });
        }
        firstToolSeen = true;
      } else if (input && !this.decided) {
        if ((name === 'Skill' && this.isCandidateSkill(input)) || (name === 'Read' && this.isCandidateRead(input)))
          this.decide({ kind: 'triggered' });
      }
    }
  }

  private onResult(event: JsonObject): void {
    this.sawResult = true;
    if (typeof event.total_cost_usd === 'number') this.observation.costUsd = event.total_cost_usd;
    this.observation.resultSubtype = str(event.subtype);
    if (event.is_error === true || (typeof event.subtype === 'string' && event.subtype.startsWith('error'))) {
      const detail =
        str(event.result) ?? (Array.isArray(event.errors) ? event.errors.join('; ') : undefined) ?? str(event.subtype) ?? 'error';
      this.decide({ kind: 'error', message: `the client reported an error: ${detail}` });
      return;
    }
    this.decide({ kind: 'not_triggered' });
  }
}

function tryParse(json: string): JsonObject | undefined {
  if (json.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Incremental newline-delimited JSON splitter: feed chunks as they arrive, get parsed values.
 * Blank lines and lines that are not JSON are skipped (counted). `flush()` parses the trailing
 * part after the process exits (upstream never parsed it).
 */
export class JsonLineSplitter {
  private buffer = '';
  skipped = 0;

  push(chunk: string): unknown[] {
    this.buffer += chunk;
    const out: unknown[] = [];
    let nl = this.buffer.indexOf('\n');
    while (nl !== -1) {
      this.parseLine(this.buffer.slice(0, nl), out);
      this.buffer = this.buffer.slice(nl + 1);
      nl = this.buffer.indexOf('\n');
    }
    return out;
  }

  flush(): unknown[] {
    const out: unknown[] = [];
    const rest = this.buffer;
    this.buffer = '';
    this.parseLine(rest, out);
    return out;
  }

  private parseLine(line: string, out: unknown[]): void {
    const trimmed = line.trim();
    if (trimmed === '') return;
    try {
      out.push(JSON.parse(trimmed));
    } catch {
      this.skipped++;
    }
  }
}
