/**
 * skillpulse library API. Everything importable from 'skillpulse' is re-exported here, explicitly.
 */
export { SkillpulseError, EXIT_CODES, exitCodeFor, formatError, isSkillpulseError } from './errors.js';
export type { ErrorCode, ErrorLocation } from './errors.js';
export { VERSION } from './version.js';
export type * from './transcripts/types.js';
export type { SkillInvocation, InvocationTrigger, LocatedInvocation } from './invocations/types.js';
