/**
 * A skill invocation as `skillpulse invocations --json` prints it. The snake_case field names are
 * a public contract (issue: foundation, item 6): add fields, never rename them.
 */
export interface SkillInvocation {
  /** uuid of the assistant line holding the Skill call, or of the user line of a slash command. */
  invocation_uuid: string;
  session_id: string;
  /** The skill id as invoked, with its namespace (`superpowers:writing-plans`), no leading `/`. */
  skill_id: string;
  /** `model` (Skill tool), `user-slash` (typed /command), `nested` (inside a subagent). */
  trigger: InvocationTrigger;
  /** `input.args` of the Skill call or `<command-args>` of the slash command; null when absent. */
  args: string | null;
  timestamp: string;
  /** The client rejected it (e.g. `Unknown skill`); failed attempts are kept, flagged. */
  failed: boolean;
  failure_reason: string | null;
  /** Short hash of the injected skill body ("Base directory for this skill: …"); null when absent. */
  skill_version: string | null;
  /** The transcript file it was found in. */
  file: string;
}

export type InvocationTrigger = 'model' | 'user-slash' | 'nested';

/**
 * An invocation plus where it sits in its conversation, for windowing. Not part of the JSON
 * contract; the feedback stage uses it to find the human turns that follow.
 */
export interface LocatedInvocation {
  invocation: SkillInvocation;
  /** Index in `Conversation.events` of the event that holds the invocation. */
  seq: number;
  line: number;
  offset: number;
  /** API message id of the response holding the Skill call (model invocations), else null. */
  messageId: string | null;
  /** `toolu_…` id of the Skill call (model invocations), else null. */
  toolUseId: string | null;
}
