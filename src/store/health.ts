/**
 * The one skill-health model: implicit events (from scans and imports) and explicit records feed
 * per-skill health. Decay, the helpful weight and the maturity state come from the learning
 * module (`src/learning/`), the correction rate, trend and hotspots from `src/metrics/` — this
 * file only maps a skill's evidence onto them (docs/learning.md, "Skill health").
 *
 * Signals (each at the time of the reaction — the human turn that decided an implicit event, or
 * the explicit record's time; the invocation time only for events without a known reaction
 * time, e.g. imported ones — never the scan time):
 * - implicit acceptance → helpful, weight = classifier confidence;
 * - implicit correction → harmful, weight = confidence; partial → harmful, weight = ½ × confidence
 *   (a partial counts half, as in the correction rate);
 * - explicit success → helpful 1; failure → harmful 1; partial → harmful ½.
 */
import { calculateCriterionWeight } from '../learning/criteria.js';
import { DEFAULT_LEARNING_CONFIG } from '../learning/config.js';
import { type MaturitySignal, calculateDecayedCounts, getMaturityMultiplier, maturityStateFromCounts } from '../learning/maturity.js';
import type { FeedbackEvent as LearningFeedbackEvent, MaturityState } from '../learning/types.js';
import { type CorrectionRate, computeCorrectionRate } from '../metrics/correction-rate.js';
import { computeHotspotDimensions } from '../metrics/hotspots.js';
import { type CorrectionTrend, computeCorrectionTrend } from '../metrics/trend.js';
import type { SqliteDatabase } from './database.js';
import { type StoredFeedbackEvent, loadStoredFeedbackEvents } from './events-store.js';
import {
  type ExplicitFeedback,
  type UpdateRuleHit,
  countResults,
  evaluateUpdateRules,
  listExplicitFeedback,
  windowStart,
} from './explicit-feedback.js';

export const EXPLICIT_WINDOW_DAYS = 30;

export interface HealthReason {
  code: string;
  message: string;
}

export interface SkillHealth {
  skill_id: string;
  invocations: number;
  nested: number;
  failed: number;
  first_used: string | null;
  last_used: string | null;
  implicit: CorrectionRate;
  trend: CorrectionTrend;
  hotspots: Record<string, number>;
  explicit: {
    total: number;
    success: number;
    failure: number;
    partial: number;
    /** success / total over all records, null without records. */
    success_rate: number | null;
    /** Counts and rules over the last 30 days (the sx-feedback analyze window). */
    window_days: number;
    window_total: number;
    rules: UpdateRuleHit[];
  };
  /** Confidence-decayed evidence (half-life 90 days) and the maturity state it implies. */
  maturity: {
    state: MaturityState;
    multiplier: number;
    decayed_helpful: number;
    decayed_harmful: number;
    harmful_ratio: number | null;
    /** max(0.1, H / (H + X)), 1.0 without evidence (the criterion-weight rule). */
    helpful_weight: number;
    signals: number;
    half_life_days: number;
  };
  should_update: boolean;
  reasons: HealthReason[];
}

export interface HealthOptions {
  now?: Date;
  /** Classified events needed before rates count as sufficient (default 5). */
  minInvocations?: number;
}

export interface UsageRow {
  skill_id: string;
  n: number;
  nested: number | null;
  failed: number | null;
  first: string | null;
  last: string | null;
}

/** A feedback event as health reads it (feedback.jsonl lines, store rows and analysis events alike). */
export type HealthEvent = Pick<StoredFeedbackEvent, 'event_id' | 'skill_id' | 'outcome' | 'confidence' | 'timestamp' | 'dimension_hint'>;

function signalsOf(
  events: readonly HealthEvent[],
  records: readonly ExplicitFeedback[],
  reactionTimes: ReadonlyMap<string, string> | undefined,
): MaturitySignal[] {
  const signals: MaturitySignal[] = [];
  for (const event of events) {
    const confidence = typeof event.confidence === 'number' ? event.confidence : 1;
    const timestamp = reactionTimes?.get(event.event_id) ?? event.timestamp;
    if (event.outcome === 'acceptance') signals.push({ type: 'helpful', timestamp, weight: confidence });
    else if (event.outcome === 'correction') signals.push({ type: 'harmful', timestamp, weight: confidence });
    else if (event.outcome === 'partial') signals.push({ type: 'harmful', timestamp, weight: confidence / 2 });
  }
  for (const record of records) {
    if (record.result === 'success') signals.push({ type: 'helpful', timestamp: record.timestamp, weight: 1 });
    else signals.push({ type: 'harmful', timestamp: record.timestamp, weight: record.result === 'failure' ? 1 : 0.5 });
  }
  return signals;
}

/** Pure: health from already-loaded evidence. */
export function computeSkillHealth(
  skillId: string,
  evidence: {
    usage: Omit<UsageRow, 'skill_id'> | null;
    events: readonly HealthEvent[];
    explicit: readonly ExplicitFeedback[];
    /** Time of the deciding human turn by event_id (maturity evidence counts from the reaction). */
    reactionTimes?: ReadonlyMap<string, string> | undefined;
  },
  options: HealthOptions = {},
): SkillHealth {
  const now = options.now ?? new Date();
  const rateOptions = options.minInvocations !== undefined ? { minInvocations: options.minInvocations } : {};
  const implicit = computeCorrectionRate(evidence.events, skillId, rateOptions);
  const trend = computeCorrectionTrend(evidence.events, skillId, { now });
  const hotspots = computeHotspotDimensions(evidence.events, skillId);
  const all = countResults(evidence.explicit);
  const start = windowStart(EXPLICIT_WINDOW_DAYS, now)?.getTime() ?? Number.NEGATIVE_INFINITY;
  const recent = evidence.explicit.filter((r) => Date.parse(r.timestamp) >= start);
  const rules = evaluateUpdateRules(countResults(recent));

  const signals = signalsOf(evidence.events, evidence.explicit, evidence.reactionTimes);
  const config = DEFAULT_LEARNING_CONFIG.maturity;
  const counts = calculateDecayedCounts(signals, config, now);
  const state = maturityStateFromCounts(counts, config);
  const total = counts.decayedHelpful + counts.decayedHarmful;
  const weightEvents: LearningFeedbackEvent[] = signals.map((s, i) => ({
    id: `${skillId}-${i}`,
    criterion: skillId,
    type: s.type === 'helpful' ? 'helpful' : 'harmful',
    timestamp: typeof s.timestamp === 'string' ? s.timestamp : new Date(s.timestamp).toISOString(),
    raw_value: s.weight ?? 1,
  }));
  const helpfulWeight = calculateCriterionWeight(weightEvents, undefined, now).weight;

  const reasons: HealthReason[] = [];
  for (const hit of rules)
    reasons.push({ code: `explicit_${hit.rule}`, message: `explicit feedback (last ${EXPLICIT_WINDOW_DAYS} days): ${hit.reason}` });
  if (state === 'deprecated') {
    reasons.push({
      code: 'maturity_deprecated',
      message: `decayed evidence is ${((counts.decayedHarmful / total) * 100).toFixed(0)}% harmful (more than ${config.deprecationThreshold * 100}% over ${total.toFixed(1)} decayed signals)`,
    });
  }
  if (implicit.sufficient_data && implicit.correction_rate > DEFAULT_LEARNING_CONFIG.maxHarmfulRatio) {
    reasons.push({
      code: 'high_correction_rate',
      message: `correction rate ${implicit.correction_rate.toFixed(2)} over ${implicit.sample_size} classified reactions (above ${DEFAULT_LEARNING_CONFIG.maxHarmfulRatio})`,
    });
  }
  if (trend.direction === 'worsening') {
    reasons.push({ code: 'worsening_trend', message: `correction rate rose by ${(trend.trend ?? 0).toFixed(2)} over the last 30 days` });
  }
  const failed = Number(evidence.usage?.failed ?? 0);
  if (failed > 0)
    reasons.push({ code: 'failed_invocations', message: `${failed} invocation${failed === 1 ? '' : 's'} failed (e.g. Unknown skill)` });

  return {
    skill_id: skillId,
    invocations: Number(evidence.usage?.n ?? 0),
    nested: Number(evidence.usage?.nested ?? 0),
    failed,
    first_used: evidence.usage?.first ?? null,
    last_used: evidence.usage?.last ?? null,
    implicit,
    trend,
    hotspots,
    explicit: {
      total: all.total,
      success: all.success,
      failure: all.failure,
      partial: all.partial,
      success_rate: all.total > 0 ? all.success / all.total : null,
      window_days: EXPLICIT_WINDOW_DAYS,
      window_total: recent.length,
      rules,
    },
    maturity: {
      state,
      multiplier: getMaturityMultiplier(state),
      decayed_helpful: counts.decayedHelpful,
      decayed_harmful: counts.decayedHarmful,
      harmful_ratio: total > config.floatEpsilon ? counts.decayedHarmful / total : null,
      helpful_weight: helpfulWeight,
      signals: signals.length,
      half_life_days: config.halfLifeDays,
    },
    should_update: reasons.length > 0,
    reasons,
  };
}

function usageRows(db: SqliteDatabase, skillId?: string): UsageRow[] {
  return db
    .prepare(
      `SELECT skill_id, COUNT(*) AS n, SUM(trigger = 'nested') AS nested, SUM(failed) AS failed, MIN(timestamp) AS first, MAX(timestamp) AS last
       FROM invocations ${skillId !== undefined ? 'WHERE skill_id = ?' : ''} GROUP BY skill_id`,
    )
    .all(...(skillId !== undefined ? [skillId] : [])) as UsageRow[];
}

/** Reaction times (the deciding human turn) of the scanned events, by event_id. */
export function loadReactionTimes(db: SqliteDatabase, skillId?: string): Map<string, string> {
  const rows = db
    .prepare(
      `SELECT event_id, reaction_at FROM invocations WHERE reaction_at IS NOT NULL AND event_id IS NOT NULL${skillId !== undefined ? ' AND skill_id = ?' : ''}`,
    )
    .all(...(skillId !== undefined ? [skillId] : [])) as Array<{ event_id: string; reaction_at: string }>;
  return new Map(rows.map((row) => [row.event_id, row.reaction_at]));
}

/** Health of one skill from the store. */
export function skillHealth(db: SqliteDatabase, skillId: string, options: HealthOptions = {}): SkillHealth {
  const usage = usageRows(db, skillId)[0] ?? null;
  return computeSkillHealth(
    skillId,
    {
      usage,
      events: loadStoredFeedbackEvents(db, { skillId }),
      explicit: listExplicitFeedback(db, { skillName: skillId }),
      reactionTimes: loadReactionTimes(db, skillId),
    },
    options,
  );
}

/** Worst first: needs an update, then more reasons, lower maturity multiplier, higher harmful ratio, more use. */
export function compareHealth(a: SkillHealth, b: SkillHealth): number {
  return (
    Number(b.should_update) - Number(a.should_update) ||
    b.reasons.length - a.reasons.length ||
    a.maturity.multiplier - b.maturity.multiplier ||
    (b.maturity.harmful_ratio ?? -1) - (a.maturity.harmful_ratio ?? -1) ||
    b.implicit.correction_rate - a.implicit.correction_rate ||
    b.invocations - a.invocations ||
    (a.skill_id < b.skill_id ? -1 : a.skill_id > b.skill_id ? 1 : 0)
  );
}

/** Health of every skill with usage, events or explicit feedback in the store, worst first. */
export function allSkillHealth(db: SqliteDatabase, options: HealthOptions = {}): SkillHealth[] {
  const usage = new Map(usageRows(db).map((row) => [row.skill_id, row]));
  const events = new Map<string, StoredFeedbackEvent[]>();
  for (const event of loadStoredFeedbackEvents(db)) {
    const list = events.get(event.skill_id);
    if (list) list.push(event);
    else events.set(event.skill_id, [event]);
  }
  const explicit = new Map<string, ExplicitFeedback[]>();
  for (const record of listExplicitFeedback(db)) {
    const list = explicit.get(record.skillName);
    if (list) list.push(record);
    else explicit.set(record.skillName, [record]);
  }
  const ids = new Set([...usage.keys(), ...events.keys(), ...explicit.keys()]);
  const reactionTimes = loadReactionTimes(db);
  return [...ids]
    .map((id) =>
      computeSkillHealth(
        id,
        { usage: usage.get(id) ?? null, events: events.get(id) ?? [], explicit: explicit.get(id) ?? [], reactionTimes },
        options,
      ),
    )
    .sort(compareHealth);
}
