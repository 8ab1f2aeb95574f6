export {
  computeCorrectionRate,
  countOutcomes,
  DEFAULT_MIN_INVOCATIONS,
  rateOf,
  wilsonInterval,
  type CorrectionRate,
  type MetricEvent,
  type RateOptions,
} from './correction-rate.js';
export {
  computeCorrectionTrend,
  correctionRateSeries,
  sparkline,
  toBasisPoints,
  type CorrectionTrend,
  type RatePoint,
  type TrendDirection,
  type TrendOptions,
} from './trend.js';
export { computeAllSkillMetrics, computeHotspotDimensions, formatMetricsReport, topHotspots, type SkillMetrics } from './hotspots.js';
export {
  compareByDate,
  compareByVersion,
  compareEventSets,
  normalCdf,
  skillVersions,
  twoProportionZTest,
  type CompareOptions,
  type CompareVerdict,
  type Comparison,
  type VersionedEvent,
} from './compare.js';
export { pyFixed, pyRound } from './rounding.js';
