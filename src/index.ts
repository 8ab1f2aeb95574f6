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
export { MODEL_CONFIDENCE, SECOND_STAGE_DEFAULT } from './feedback/model/second-stage.js';
export type { SecondStageOptions } from './feedback/model/second-stage.js';
export { buildWindows, openWindow, feedWindow, cutWindow, isWindowComplete, isWindowed, DEFAULT_WINDOW_TURNS } from './feedback/window.js';
export type { InfluenceWindow, WindowTurn, WindowToolUse, WindowCut, WindowOptions } from './feedback/window.js';
export {
  defaultLexicons,
  loadLexiconDir,
  loadLexiconFile,
  loadLexicons,
  lexiconSelectionFingerprint,
  compileLexicon,
  bundledLexiconDir,
  DIMENSIONS,
} from './feedback/lexicon.js';
export type { Lexicon, LexiconFile, LexiconSelection, Dimension } from './feedback/lexicon.js';
export { pickDimension } from './feedback/live-hits.js';
export { analyzeText } from './feedback/matcher.js';
export { findRevertCommand } from './feedback/revert.js';
export { redactSecrets, makeSnippet } from './feedback/redact.js';
export { readFeedbackConfig, DISABLED_MESSAGE } from './feedback/config.js';
export type { FeedbackConfigState } from './feedback/config.js';
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
export { analyzeWithStore, loadAnalysisFromStore } from './store/analysis.js';
export type { StoreAnalysisQuery, StoreAnalysis, StoreAnalyzeOptions } from './store/analysis.js';
export { buildHealthReports } from './store/health-report.js';
export type { SkillHealthReport, HealthReportOptions } from './store/health-report.js';
export { loadReactionTimes } from './store/health.js';
export type { InvocationJudgement } from './store/events-store.js';
export { reactionTime } from './feedback/analyze.js';
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
export {
  parseSkillMd,
  readSkillDir,
  validateSkillFrontmatter,
  validateSkillName,
  validateDescription,
  assertValidSkill,
  withDescription,
  ALLOWED_FRONTMATTER_KEYS,
  MAX_DESCRIPTION_LENGTH,
} from './eval/skill-file.js';
export type { SkillFile, SkillIssue } from './eval/skill-file.js';
export { parseEvalSet, loadEvalSet } from './eval/eval-set.js';
export type { EvalItem } from './eval/eval-set.js';
export { splitEvalSet, MersenneTwister } from './eval/split.js';
export type { EvalSplit } from './eval/split.js';
export { describe as descriptiveStats, pySignedFixed, classificationScores, codePointLength } from './eval/stats.js';
export type { DescriptiveStats, ClassificationScores } from './eval/stats.js';
export { TriggerDetector, JsonLineSplitter, DETECT_POLICIES } from './eval/detection.js';
export type { DetectPolicy, DetectionTarget, Verdict, RunObservation } from './eval/detection.js';
export { createRunner, RUNNER_NAMES } from './eval/runners/index.js';
export { ClaudeCliRunner, resolveClaudeBin, claudeArgs } from './eval/runners/claude-cli.js';
export { AgentSdkRunner, loadAgentSdk, AGENT_SDK_PACKAGE } from './eval/runners/agent-sdk.js';
export type { AgentSdkModule } from './eval/runners/agent-sdk.js';
export { TempProjects, findUserSkill } from './eval/runners/isolation.js';
export type { TriggerRunner, RunRequest, RunOutcome, RunnerName } from './eval/runners/types.js';
export { runTriggerEval, planTriggerEval, aggregate as aggregateTriggerRuns } from './eval/trigger-eval.js';
export type {
  TriggerEvalConfig,
  TriggerEvalResult,
  TriggerQueryResult,
  TriggerEvalSummary,
  RunDetail,
  TriggerPlan,
} from './eval/trigger-eval.js';
export { prepareTrigger, TRIGGER_DEFAULTS } from './eval/trigger-setup.js';
export type { TriggerOptions, PreparedTrigger } from './eval/trigger-setup.js';
export { renderTriggerText, renderTriggerHtml, escapeHtml } from './eval/trigger-report.js';
export { TriggerCache, cacheKey } from './eval/cache.js';
export type { CacheKeyParts, CachedRun } from './eval/cache.js';
export { BudgetTracker } from './eval/budget.js';
export { optimizeDescription, bestIndex as bestCandidateIndex } from './eval/optimizer.js';
export type { OptimizeConfig, OptimizeResult, HistoryEntry } from './eval/optimizer.js';
export { buildRewritePrompt, parseRewrite, rewriteDescription } from './eval/rewriter.js';
export type { RewriteLog, BlindedAttempt } from './eval/rewriter.js';
export { applyDescription } from './eval/apply.js';
export { createBackend, BACKEND_NAMES } from './eval/backends.js';
export type { ModelBackend, BackendName, Completion } from './eval/backends.js';
export { aggregateBenchmark, deltaPair } from './eval/benchmark.js';
export type { Benchmark, BenchmarkRun, ConfigSummary } from './eval/benchmark.js';
export { renderBenchmarkMd } from './eval/benchmark-md.js';
export { gradeRun } from './eval/judges/grader.js';
export type { Grading } from './eval/judges/grader.js';
export { compareOutputs, scoreRubric, decideWinner } from './eval/judges/comparator.js';
export type { Comparison as JudgeComparison } from './eval/judges/comparator.js';
export { analyzeComparison, analyzeBenchmark, expectationPatterns } from './eval/judges/analyzer.js';
export type { ExpectationPattern } from './eval/judges/analyzer.js';
export { createMcpServer, serveStdio } from './mcp/server.js';
export type { McpContext } from './mcp/server.js';
export { runSxFeedback } from './mcp/sx-feedback.js';
export type { SxFeedbackArgs } from './mcp/sx-feedback.js';
export { renderDashboardHtml } from './report/dashboard-html.js';
export { buildDashboardData } from './report/dashboard-build.js';
export type * from './report/dashboard-data.js';
export { addCaptureHooks, removeCaptureHooks, hookStatus, CAPTURE_EVENTS } from './hooks/settings.js';
export { installHooks, uninstallHooks, settingsPath } from './hooks/install.js';
export { runCapture, readHookInput } from './hooks/capture.js';
export type { CaptureOutcome, HookInput } from './hooks/capture.js';
export { completionScript } from './cli/completion-script.js';
export { createScanProgress, renderProgressLine } from './cli/progress.js';
export type { ScanProgress } from './cli/progress.js';
