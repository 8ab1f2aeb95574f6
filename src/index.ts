/**
 * skillpulse library API. Everything importable from 'skillpulse' is re-exported here, explicitly.
 */
export { SkillpulseError, EXIT_CODES, exitCodeFor, formatError, isSkillpulseError } from './errors.js';
export type { ErrorCode, ErrorLocation } from './errors.js';
export { VERSION } from './version.js';
export type * from './transcripts/types.js';
export type { SkillInvocation, InvocationTrigger, LocatedInvocation } from './invocations/types.js';
export { discoverTranscripts, defaultRoots, classifyTranscriptPath } from './transcripts/discovery.js';
export type { DiscoverOptions, DiscoveryResult } from './transcripts/discovery.js';
export { readTranscriptFile, parseTranscriptBuffer, emptyStats, addStats, DEFAULT_BUFFER_SIZE } from './transcripts/reader.js';
export type { ReadOptions, FileReadResult } from './transcripts/reader.js';
export type { TranscriptRecord, RecordData, LiteToolResult } from './transcripts/records.js';
export { readTranscriptFiles, readConversations, dedupeRecords, linkSubagents } from './transcripts/read.js';
export type { ReadManyOptions, TranscriptsRead, ConversationsRead } from './transcripts/read.js';
export { buildConversations } from './transcripts/conversation.js';
export type { FileInfo } from './transcripts/conversation.js';
export { summariseFiles } from './transcripts/summary.js';
export type { FileSummary } from './transcripts/summary.js';
export { detectInvocations, skillVersion, skillOfCall } from './invocations/detect.js';
export type { DetectedInvocation } from './invocations/detect.js';
export { scanInvocations, isObserverConversation } from './invocations/scan.js';
export type { ScanOptions, ScanResult } from './invocations/scan.js';
export { isBuiltinCommand, BUILTIN_COMMANDS } from './invocations/builtins.js';
export { toJsonInvocation } from './invocations/json.js';
export {
  configFileSchema,
  configJsonSchema,
  DEFAULT_CONFIG,
  isProjectExcluded,
  loadConfig,
  parseConfigText,
  readConfigFile,
} from './config/index.js';
export type { ConfigFile, ConfigSource, LoadedConfig, ResolvedConfig } from './config/index.js';
export {
  DEFAULT_LEARNING_CONFIG,
  DEFAULT_ANTI_PATTERN_CONFIG,
  DEFAULT_MATURITY_CONFIG,
  resolveLearningConfig,
} from './learning/config.js';
export type { LearningConfig, LearningConfigOverrides, AntiPatternConfig, MaturityConfig } from './learning/config.js';
export { calculateDecayedValue } from './learning/decay.js';
export { calculateCriterionWeight, calculateCriterionWeights, shouldDeprecateCriterion, applyWeights } from './learning/criteria.js';
export {
  calculateDecayedCounts,
  calculateMaturityState,
  maturityStateFromCounts,
  getMaturityMultiplier,
  assessMaturity,
  createPatternMaturity,
  updatePatternMaturity,
  promotePattern,
  deprecatePattern,
  resetPatternMaturity,
} from './learning/maturity.js';
export type { MaturitySignal, DecayedCounts, MaturityAssessment } from './learning/maturity.js';
export type * from './learning/types.js';
