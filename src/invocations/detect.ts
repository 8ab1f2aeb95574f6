/**
 * Skill invocation detection over one conversation.
 *
 * Sources: (a) assistant `Skill` tool calls (`input.skill`, else the older `input.command`) and
 * the 2.0.x `SlashCommand` tool; (b) slash-command records in user lines; (c) `system`
 * `local_command` lines. Built-in commands are excluded (builtin-commands.json).
 *
 * One user action is one invocation: a slash command that the client (or a plugin command's
 * expansion "Invoke the X skill…") turned into a Skill call of that skill is merged with the
 * call: the invocation keeps the command's line and trigger (`user-slash`) and takes the skill
 * id, outcome and body of the call. Failed attempts (`Unknown skill`, `is not a prompt-based
 * skill`, denials) are kept with `failed: true`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Conversation, MetaInjection, SlashCommand, ToolCall } from '../transcripts/types.js';
import { parseDenial, skillBaseDirectory } from '../transcripts/envelopes.js';
import { isObject } from '../transcripts/records.js';
import { isBuiltinCommand } from './builtins.js';
import type { InvocationTrigger, LocatedInvocation, SkillInvocation } from './types.js';

/** What detection adds beyond the contract's `LocatedInvocation`. */
export interface DetectedInvocation extends LocatedInvocation {
  /** For a merged slash command → Skill call: the command's name (e.g. `superpowers:write-plan`). */
  viaCommand: string | null;
  /** The client injected a re-invocation note instead of the body (the skill was already loaded). */
  reinvocation: boolean;
}

const SKILL_TOOLS = new Set(['Skill', 'SlashCommand']);

/** Skill id and args of a Skill/SlashCommand tool call, or null when it names nothing. */
export function skillOfCall(call: ToolCall): { skillId: string; args: string | null } | null {
  if (!SKILL_TOOLS.has(call.name) || !isObject(call.input)) return null;
  const input = call.input;
  const argsField = typeof input.args === 'string' ? input.args : null;
  if (call.name === 'Skill') {
    const raw =
      typeof input.skill === 'string' && input.skill.trim() !== '' ? input.skill : typeof input.command === 'string' ? input.command : '';
    const skillId = raw.trim().replace(/^\//, '');
    return skillId === '' ? null : { skillId, args: nonEmpty(argsField) };
  }
  // SlashCommand (2.0.x): input.command = "/plugin:cmd args"
  const command = typeof input.command === 'string' ? input.command.trim() : '';
  const m = /^\/?(\S+)(?:\s+([\s\S]*))?$/.exec(command);
  if (!m) return null;
  return { skillId: m[1] ?? '', args: nonEmpty(m[2] ?? argsField) };
}

function nonEmpty(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === '' ? null : value;
}

/**
 * The version of an injected skill body: the first 12 hex digits of the SHA-256 of the body
 * after its "Base directory for this skill: <path>" line, so that only the skill's content
 * counts, not where it is installed:
 * - line endings normalised to `\n`;
 * - every occurrence of the base directory path in the body replaced by `<skill-dir>`;
 * - a trailing `ARGUMENTS: <args>` block (appended by the client when args were given) removed;
 * - leading and trailing whitespace trimmed.
 * Null for text that is not a "Base directory" body.
 */
export function skillVersion(body: string, args: string | null = null): string | null {
  const base = skillBaseDirectory(body);
  if (base === null) return null;
  const text = body.replace(/\r\n?/g, '\n');
  const newline = text.indexOf('\n');
  let rest = newline === -1 ? '' : text.slice(newline + 1);
  if (base !== '') rest = rest.split(base).join('<skill-dir>');
  rest = rest.trim();
  if (args !== null && args.trim() !== '') {
    const suffix = `ARGUMENTS: ${args.trim()}`;
    if (rest.endsWith(suffix)) rest = rest.slice(0, -suffix.length).trim();
  }
  return createHash('sha256').update(rest, 'utf8').digest('hex').slice(0, 12);
}

/** A short reason for a failed Skill call, from its error result. */
function failureReason(text: string, toolUseResult: unknown): string {
  const denial = parseDenial(text) ?? (typeof toolUseResult === 'string' ? parseDenial(toolUseResult) : null);
  if (denial) return denial.reason ? `denied by the user: ${denial.reason.slice(0, 150)}` : 'denied by the user';
  const inner = /<tool_use_error>([\s\S]*?)<\/tool_use_error>/.exec(text);
  const line = (inner ? (inner[1] ?? '') : text).trim().split('\n')[0] ?? '';
  const reason = line.replace(/^Error:\s*/, '').trim();
  return reason === '' ? 'error' : reason.length > 200 ? `${reason.slice(0, 200)}…` : reason;
}

/** Does a skill body's base directory belong to this skill id? (`…/skills/<last segment>`) */
function bodyMatches(meta: MetaInjection, skillId: string): boolean {
  const base = skillBaseDirectory(meta.text);
  if (base === null || base === '') return true;
  const name = skillId.split(':').pop() ?? skillId;
  return path.posix.basename(base.replace(/\\/g, '/').replace(/\/+$/, '')) === name;
}

function hasSkillBody(meta: MetaInjection | null): boolean {
  return meta !== null && skillBaseDirectory(meta.text) !== null;
}

export function detectInvocations(conversation: Conversation): DetectedInvocation[] {
  const events = conversation.events;
  const nested = conversation.kind === 'subagent';
  // Every injection linked to a call: 2.1.3xx writes a re-invocation note AND the body for one call.
  const bySource = new Map<string, MetaInjection[]>();
  for (const e of events) {
    if (e.type !== 'meta' || e.meta.sourceToolUseId === null) continue;
    const list = bySource.get(e.meta.sourceToolUseId);
    if (list) list.push(e.meta);
    else bySource.set(e.meta.sourceToolUseId, [e.meta]);
  }
  const consumedCalls = new Set<string>();
  const claimedMeta = new Set<MetaInjection>();
  for (const list of bySource.values()) for (const meta of list) claimedMeta.add(meta);
  const out: DetectedInvocation[] = [];

  /** The first unclaimed skill body / re-invocation note after `seq`, before the next human turn, command or unrelated response. */
  const adjacentBody = (seq: number, messageId: string | null, skillId: string): MetaInjection | null => {
    for (let i = seq + 1; i < events.length; i++) {
      const e = events[i];
      if (e === undefined) break;
      if (e.type === 'human' || e.type === 'command' || e.type === 'compaction') return null;
      if (e.type === 'assistant' && (messageId === null || e.message.id !== messageId)) return null;
      if (e.type !== 'meta' || claimedMeta.has(e.meta)) continue;
      if (e.meta.sourceToolUseId !== null) continue;
      if ((e.meta.kind === 'skill-body' && bodyMatches(e.meta, skillId)) || e.meta.kind === 'reinvocation') return e.meta;
      if (e.meta.kind === 'command-expansion' && messageId === null) return e.meta;
    }
    return null;
  };

  const fromCall = (call: ToolCall, seq: number, trigger: InvocationTrigger): DetectedInvocation | null => {
    const skill = skillOfCall(call);
    if (skill === null) return null;
    const linked = bySource.get(call.id);
    const adjacent = linked ? null : adjacentBody(seq, call.messageId, skill.skillId);
    const injected = linked ?? (adjacent ? [adjacent] : []);
    const body =
      injected.find((m) => skillBaseDirectory(m.text) !== null) ?? injected.find((m) => m.kind === 'skill-body') ?? injected[0] ?? null;
    // A built-in name counts only when the client injected a real skill body for it (a user skill named like a built-in).
    if (isBuiltinCommand(skill.skillId) && !hasSkillBody(body)) return null;
    if (adjacent) claimedMeta.add(adjacent);
    const result = call.result;
    const failed = result?.isError === true;
    const invocation: SkillInvocation = {
      invocation_uuid: call.assistantUuid ?? '',
      session_id: conversation.sessionId,
      skill_id: skill.skillId,
      trigger,
      args: skill.args,
      timestamp: call.timestamp,
      failed,
      failure_reason: failed && result ? failureReason(result.text, result.toolUseResult) : null,
      skill_version: body && !failed ? skillVersion(body.text, skill.args) : null,
      file: conversation.file,
    };
    return {
      invocation,
      seq,
      line: call.line,
      offset: call.offset,
      messageId: call.messageId,
      toolUseId: call.id,
      viaCommand: null,
      reinvocation: injected.some((m) => m.kind === 'reinvocation'),
    };
  };

  /** The Skill call a slash command turned into: the first one before the next human turn or command. */
  const followingSkillCall = (
    seq: number,
    command: SlashCommand,
    expansion: MetaInjection | null,
  ): { call: ToolCall; seq: number } | null => {
    const invoked = expansion ? /^\s*Invoke the ([\w.:-]+) skill\b/.exec(expansion.text)?.[1] : undefined;
    for (let i = seq + 1; i < events.length; i++) {
      const e = events[i];
      if (e === undefined || e.type === 'human' || e.type === 'command' || e.type === 'compaction') return null;
      if (e.type !== 'assistant') continue;
      for (const call of e.message.toolCalls) {
        const skill = skillOfCall(call);
        if (skill === null) continue;
        if (skill.skillId === command.name || (invoked !== undefined && skill.skillId === invoked)) return { call, seq: i };
        return null; // the first Skill call after the command is another skill
      }
    }
    return null;
  };

  for (let seq = 0; seq < events.length; seq++) {
    const event = events[seq];
    if (event === undefined) continue;
    if (event.type === 'assistant') {
      for (const call of event.message.toolCalls) {
        if (consumedCalls.has(call.id)) continue;
        const found = fromCall(call, seq, nested ? 'nested' : 'model');
        if (found) out.push(found);
      }
      continue;
    }
    if (event.type !== 'command') continue;
    const command = event.command;
    const body = adjacentBody(seq, null, command.name);
    if (isBuiltinCommand(command.name) && !hasSkillBody(body)) continue;
    if (body) claimedMeta.add(body);
    const expansion = body?.kind === 'command-expansion' ? body : null;
    const invocation: SkillInvocation = {
      invocation_uuid: command.uuid ?? '',
      session_id: conversation.sessionId,
      skill_id: command.name,
      trigger: nested ? 'nested' : 'user-slash',
      args: nonEmpty(command.args),
      timestamp: command.timestamp,
      failed: false,
      failure_reason: null,
      skill_version: body && body.kind === 'skill-body' ? skillVersion(body.text, command.args) : null,
      file: conversation.file,
    };
    const detected: DetectedInvocation = {
      invocation,
      seq,
      line: command.line,
      offset: command.offset,
      messageId: null,
      toolUseId: null,
      viaCommand: null,
      reinvocation: body?.kind === 'reinvocation',
    };
    const merged = followingSkillCall(seq, command, expansion);
    if (merged) {
      const fromSkill = fromCall(merged.call, merged.seq, invocation.trigger);
      if (fromSkill) {
        consumedCalls.add(merged.call.id);
        invocation.skill_id = fromSkill.invocation.skill_id;
        invocation.failed = fromSkill.invocation.failed;
        invocation.failure_reason = fromSkill.invocation.failure_reason;
        invocation.skill_version = fromSkill.invocation.skill_version ?? invocation.skill_version;
        detected.messageId = fromSkill.messageId;
        detected.toolUseId = fromSkill.toolUseId;
        detected.reinvocation = fromSkill.reinvocation;
        if (fromSkill.invocation.skill_id !== command.name) detected.viaCommand = command.name;
      }
    }
    out.push(detected);
  }
  return out;
}
