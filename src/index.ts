/**
 * skillpulse library API. Everything importable from 'skillpulse' is re-exported here, explicitly.
 */
export { SkillpulseError, EXIT_CODES, exitCodeFor, formatError, isSkillpulseError } from './errors.js';
export type { ErrorCode, ErrorLocation } from './errors.js';
export { VERSION } from './version.js';
export type * from './transcripts/types.js';
export type { SkillInvocation, InvocationTrigger, LocatedInvocation } from './invocations/types.js';
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
