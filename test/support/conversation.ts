/**
 * Builds small `Conversation` values (the transcript engine's model) by hand, for feedback tests.
 * Each step becomes one event; `skill`/`skills` steps also produce located invocations.
 */
import type { LocatedInvocation, SkillInvocation } from '../../src/invocations/types.js';
import type { AssistantMessage, Conversation, ConversationEvent, HumanTurn, ToolCall } from '../../src/transcripts/types.js';

export type Step =
  | {
      skill: string;
      uuid?: string;
      messageId?: string;
      timestamp?: string;
      trigger?: 'model' | 'user-slash' | 'nested';
      failed?: boolean;
      version?: string;
    }
  | { skills: string[]; uuid?: string; messageId?: string; timestamp?: string }
  | { user: string; timestamp?: string }
  | { queued: string }
  | { interrupt: true; forToolUse?: boolean }
  | { denial: string }
  | { tools: Array<string | { name: string; command?: string }>; messageId?: string }
  | { bash: string }
  /** The assistant says something (a text-only message). */
  | { say: string; apiError?: boolean }
  | { toolResult: string }
  | { meta: string }
  | { command: string };

export interface Built {
  conversation: Conversation;
  located: LocatedInvocation[];
}

export function buildConversation(steps: Step[], options: { sessionId?: string; file?: string } = {}): Built {
  const sessionId = options.sessionId ?? 'sess-1';
  const file = options.file ?? `/tmp/${sessionId}.jsonl`;
  const events: ConversationEvent[] = [];
  const located: LocatedInvocation[] = [];
  const toolCalls = new Map<string, ToolCall>();
  let n = 0;
  const pos = () => {
    n++;
    return { file, line: n, offset: n * 100 };
  };
  const ts = (t?: string) => t ?? `2026-11-20T10:${String(n).padStart(2, '0')}:00Z`;
  const assistant = (calls: Array<{ name: string; input: unknown }>, messageId?: string, uuid?: string): AssistantMessage => {
    const p = pos();
    const id = messageId ?? `msg_${n}`;
    const message: AssistantMessage = {
      ...p,
      id,
      requestId: null,
      model: 'claude',
      uuids: [uuid ?? `a-${n}`],
      timestamp: ts(),
      text: '',
      toolCalls: [],
      synthetic: false,
      apiError: false,
    };
    calls.forEach((c, i) => {
      const call: ToolCall = {
        ...p,
        id: `toolu_${n}_${i}`,
        name: c.name,
        input: c.input,
        assistantUuid: uuid ?? `a-${n}`,
        messageId: id,
        timestamp: ts(),
        result: null,
      };
      message.toolCalls.push(call);
      toolCalls.set(call.id, call);
    });
    return message;
  };
  const human = (kind: HumanTurn['kind'], text: string, extra: Partial<HumanTurn> = {}): ConversationEvent => {
    const p = pos();
    return { type: 'human', turn: { ...p, kind, uuid: `u-${n}`, timestamp: ts(), text, ...extra } };
  };
  for (const step of steps) {
    if ('skill' in step || 'skills' in step) {
      const names = 'skill' in step ? [step.skill] : step.skills;
      const trigger = 'skill' in step ? (step.trigger ?? 'model') : 'model';
      if (trigger === 'user-slash') {
        const p = pos();
        const uuid = step.uuid ?? `c-${n}`;
        events.push({
          type: 'command',
          command: { ...p, uuid, timestamp: ts(step.timestamp), name: names[0]!, args: null, source: 'user' },
        });
        located.push({
          invocation: invocation(
            uuid,
            sessionId,
            names[0]!,
            trigger,
            ts(step.timestamp),
            file,
            step as { failed?: boolean; version?: string },
          ),
          seq: events.length - 1,
          line: p.line,
          offset: p.offset,
          messageId: null,
          toolUseId: null,
        });
        continue;
      }
      const message = assistant(
        names.map((s) => ({ name: 'Skill', input: { skill: s } })),
        step.messageId,
        step.uuid,
      );
      events.push({ type: 'assistant', message });
      names.forEach((s, i) => {
        located.push({
          invocation: invocation(
            message.uuids[0]!,
            sessionId,
            s,
            trigger,
            ts(step.timestamp),
            file,
            step as { failed?: boolean; version?: string },
          ),
          seq: events.length - 1,
          line: message.line,
          offset: message.offset,
          messageId: message.id,
          toolUseId: message.toolCalls[i]!.id,
        });
      });
    } else if ('user' in step) events.push(human('prompt', step.user, step.timestamp ? { timestamp: step.timestamp } : {}));
    else if ('queued' in step) events.push(human('queued', step.queued));
    else if ('interrupt' in step) events.push(human('interrupt', '', { forToolUse: step.forToolUse ?? false }));
    else if ('denial' in step) events.push(human('denial', step.denial, { toolUseId: 'toolu_x' }));
    else if ('tools' in step) {
      events.push({
        type: 'assistant',
        message: assistant(
          step.tools.map((t) =>
            typeof t === 'string' ? { name: t, input: {} } : { name: t.name, input: t.command ? { command: t.command } : {} },
          ),
          step.messageId,
        ),
      });
    } else if ('bash' in step) events.push({ type: 'assistant', message: assistant([{ name: 'Bash', input: { command: step.bash } }]) });
    else if ('say' in step) {
      const message = assistant([]);
      message.text = step.say;
      message.apiError = step.apiError ?? false;
      events.push({ type: 'assistant', message });
    } else if ('toolResult' in step) {
      const p = pos();
      events.push({
        type: 'tool-result',
        result: { ...p, toolUseId: 'toolu_x', isError: false, text: step.toolResult, toolUseResult: null, uuid: `r-${n}`, timestamp: ts() },
      });
    } else if ('meta' in step) {
      const p = pos();
      events.push({
        type: 'meta',
        meta: { ...p, kind: 'skill-body', uuid: `m-${n}`, timestamp: ts(), text: step.meta, sourceToolUseId: null },
      });
    } else if ('command' in step) {
      const p = pos();
      events.push({ type: 'command', command: { ...p, uuid: `c-${n}`, timestamp: ts(), name: step.command, args: null, source: 'user' } });
    }
  }
  const conversation: Conversation = {
    sessionId,
    file,
    kind: 'session',
    agentId: null,
    parentSessionId: null,
    versions: ['2.1.114'],
    cwd: '/work',
    firstTimestamp: null,
    lastTimestamp: null,
    events,
    toolCalls,
    subagents: [],
    titles: [],
  };
  return { conversation, located };
}

function invocation(
  uuid: string,
  sessionId: string,
  skill: string,
  trigger: 'model' | 'user-slash' | 'nested',
  timestamp: string,
  file: string,
  step: { failed?: boolean; version?: string },
): SkillInvocation {
  return {
    invocation_uuid: uuid,
    session_id: sessionId,
    skill_id: skill,
    trigger,
    args: null,
    timestamp,
    failed: step.failed ?? false,
    failure_reason: step.failed ? 'Unknown skill' : null,
    skill_version: step.version ?? null,
    file,
  };
}
