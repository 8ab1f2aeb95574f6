import type { SkillInvocation } from './types.js';

/** The public JSON shape: exactly the `SkillInvocation` fields, in contract order, nothing else. */
export function toJsonInvocation(i: SkillInvocation): SkillInvocation {
  return {
    invocation_uuid: i.invocation_uuid,
    session_id: i.session_id,
    skill_id: i.skill_id,
    trigger: i.trigger,
    args: i.args,
    timestamp: i.timestamp,
    failed: i.failed,
    failure_reason: i.failure_reason,
    skill_version: i.skill_version,
    file: i.file,
  };
}
