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
export { analyzeSessions, analyzeConversation } from './feedback/analyze.js';
export type { AnalyzeOptions, AnalyzeConversationOptions, AnalysisResult, AnalyzedInvocation } from './feedback/analyze.js';
export { loadFeedbackEvents, writeFeedbackEvents, archiveOldEvents, writeFileAtomic, parseTimestamp } from './feedback/jsonl-store.js';
export type { LoadOptions, WriteResult, ArchiveResult } from './feedback/jsonl-store.js';
export { eventId, toFeedbackEvent, serializeEvent } from './feedback/event.js';
export type { FeedbackEvent, FeedbackOutcome } from './feedback/event.js';
export { classifyWindow, judgeTurn, CONFIDENCE, SHARED_RESPONSE_FACTOR } from './feedback/classify.js';
export type { Classification, ClassifyOptions, CorrectionType, DimensionHint, Outcome, Rule } from './feedback/classify.js';
export { buildWindows, openWindow, feedWindow, cutWindow, isWindowComplete, isWindowed, DEFAULT_WINDOW_TURNS } from './feedback/window.js';
export type { InfluenceWindow, WindowTurn, WindowToolUse, WindowCut, WindowOptions } from './feedback/window.js';
export { defaultLexicons, loadLexiconDir, compileLexicon, bundledLexiconDir, DIMENSIONS } from './feedback/lexicon.js';
export type { Lexicon, LexiconFile, Dimension } from './feedback/lexicon.js';
export { analyzeText, pickDimension } from './feedback/matcher.js';
export { findRevertCommand } from './feedback/revert.js';
export { redactSecrets, makeSnippet } from './feedback/redact.js';
export { readFeedbackConfig, DISABLED_MESSAGE } from './feedback/config.js';
export type { FeedbackConfigState } from './feedback/config.js';
export { buildSkillReports } from './feedback/skill-report.js';
export type { SkillReport } from './feedback/skill-report.js';
export {
  computeCorrectionRate,
  computeCorrectionTrend,
  computeHotspotDimensions,
  computeAllSkillMetrics,
  formatMetricsReport,
  correctionRateSeries,
  sparkline,
  wilsonInterval,
  compareByDate,
  compareByVersion,
  twoProportionZTest,
  pyFixed,
  pyRound,
} from './metrics/index.js';
export type {
  CorrectionRate,
  CorrectionTrend,
  TrendDirection,
  SkillMetrics,
  Comparison,
  CompareVerdict,
  MetricEvent,
} from './metrics/index.js';
export {
  scoreImplicitFeedback,
  scoreOutcome,
  scoreOutcomeComponents,
  normalizeOutcome,
  outcomeToFeedbackEvents,
  classifyFailure,
} from './learning/outcome-scoring.js';
export type { OutcomeInput, OutcomeComponents, OutcomeFeedbackOptions } from './learning/outcome-scoring.js';
export {
  createPattern,
  shouldInvertPattern,
  invertToAntiPattern,
  inversionReason,
  cleanPatternContent,
  recordPatternObservation,
  selectSuccessfulPatterns,
} from './learning/anti-patterns.js';
export type { PatternInversion, PatternObservationResult } from './learning/anti-patterns.js';
export {
  extractPatternsFromDescription,
  matchStrategyRules,
  localizePatternContent,
  DECOMPOSITION_STRATEGY_RULES,
} from './learning/pattern-extraction.js';
export type { DecompositionStrategyRule, PatternLanguage } from './learning/pattern-extraction.js';
export {
  formatAntiPatternsForPrompt,
  formatSuccessfulPatternsForPrompt,
  formatMaturityForPrompt,
  formatPatternsWithMaturityForPrompt,
  formatErrorContext,
  formatTimeIso,
} from './learning/prompt-format.js';
export type { PromptFormatOptions, ErrorContextFormatOptions } from './learning/prompt-format.js';
export { PROMPT_TEXTS } from './learning/prompt-texts.js';
export type { PromptLanguage, PromptTexts } from './learning/prompt-texts.js';
export { ErrorAccumulator, computeErrorStats } from './learning/error-accumulator.js';
export type { RecordErrorOptions } from './learning/error-accumulator.js';
export type { FeedbackStorage, ErrorStorage, PatternStorage, MaturityStorage, LearningStorage } from './learning/storage.js';
export {
  InMemoryFeedbackStorage,
  InMemoryErrorStorage,
  InMemoryPatternStorage,
  InMemoryMaturityStorage,
  createInMemoryLearningStorage,
} from './learning/memory-storage.js';
export {
  SqliteFeedbackStorage,
  SqliteErrorStorage,
  SqlitePatternStorage,
  SqliteMaturityStorage,
  createSqliteLearningStorage,
  openLearningStorage,
} from './learning/sqlite-storage.js';
export { LEARNING_SCHEMA } from './learning/sqlite-schema.js';
export { LearningService } from './learning/learning-service.js';
export type {
  RecordOutcomeInput,
  RecordedOutcome,
  CriterionStatus,
  PatternUpdate,
  PatternView,
  PatternChange,
} from './learning/learning-service.js';
export { ERROR_TYPES, FAILURE_MODES, DECOMPOSITION_STRATEGIES, DEFAULT_CRITERIA } from './learning/types.js';
export { MATURITY_STATES } from './learning/maturity.js';
export { openDatabase, resolveStorePath, skillpulseHome, withTransaction, queryOne, queryValue, schemaVersions } from './store/database.js';
export type { SqliteDatabase, SchemaModule, Migration, OpenStoreOptions } from './store/database.js';
export { openStore, STORE_MODULES } from './store/store.js';
export { explicitFeedbackSchema } from './store/explicit-schema.js';
export { eventsSchema } from './store/events-schema.js';
export {
  FEEDBACK_RESULTS,
  recordExplicitFeedback,
  listExplicitFeedback,
  analyzeExplicitFeedback,
  clearExplicitFeedback,
  countExplicitFeedback,
  evaluateUpdateRules,
  windowStart,
  newFeedbackId,
} from './store/explicit-feedback.js';
export type {
  ExplicitFeedback,
  FeedbackResult,
  FeedbackCounts,
  ExplicitAnalysis,
  UpdateRule,
  UpdateRuleHit,
  RecordFeedbackInput,
} from './store/explicit-feedback.js';
export { sxRecordResponse, sxListResponse, sxAnalyzeResponse, sxClearResponse, sxError } from './store/sx-format.js';
export type { SxResponse, SxAnalysis, SxAnalyzeData, SxListData, SxClearData } from './store/sx-format.js';
export { resolveScopedStore, findGitRoot, STORE_SCOPES } from './store/scope.js';
export type { StoreScope, ResolvedStore, ScopeRequest } from './store/scope.js';
export {
  upsertInvocations,
  upsertFeedbackEvents,
  loadStoredFeedbackEvents,
  loadStoredInvocations,
  invocationCountsBySkill,
} from './store/events-store.js';
export type { StoredFeedbackEvent, EventQuery } from './store/events-store.js';
export { scanIntoStore } from './store/scan.js';
export type { StoreScanOptions, StoreScanResult, FileScanReport } from './store/scan.js';
export { loadCursor, tailHash, TAIL_HASH_BYTES } from './store/cursor.js';
export type { ScanCursor, CursorState, CursorDecision } from './store/cursor.js';
export { importFiles, parseImportFile, expandImportPaths } from './store/import.js';
export type { ImportFileResult, ParsedImport } from './store/import.js';
export { renderExport, exportRows, csvField, EXPORT_FORMATS, EXPORT_DATA } from './store/export.js';
export type { ExportFormat, ExportData, ExportOptions } from './store/export.js';
export { skillHealth, allSkillHealth, computeSkillHealth, compareHealth, EXPLICIT_WINDOW_DAYS } from './store/health.js';
export type { SkillHealth, HealthReason, HealthOptions } from './store/health.js';
export { findInstalledSkills } from './store/installed-skills.js';
export type { InstalledSkill } from './store/installed-skills.js';
