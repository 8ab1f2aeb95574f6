/**
 * Fills `DashboardData` from the store: the skill-health model (`src/store/health.ts`) for the
 * table, the stored events for the weekly series, versions and drill-down, explicit records for the
 * drill-down too. Rates, intervals and the version comparison come from `src/metrics/` (one
 * formula everywhere); this file only arranges them.
 */
import { parseTimestamp } from '../feedback/jsonl-store.js';
import { compareByVersion, skillVersions, type VersionedEvent } from '../metrics/compare.js';
import { rateOf } from '../metrics/correction-rate.js';
import type { SqliteDatabase } from '../store/database.js';
import { loadStoredFeedbackEvents, loadStoredInvocations, type StoredFeedbackEvent } from '../store/events-store.js';
import { type ExplicitFeedback, listExplicitFeedback } from '../store/explicit-feedback.js';
import { allSkillHealth, type SkillHealth } from '../store/health.js';
import { VERSION } from '../version.js';
import type { DashboardData, DashboardEvent, DashboardSkill, VersionStats, WeeklyPoint } from './dashboard-data.js';

export interface BuildDashboardOptions {
  now?: Date;
  minInvocations?: number;
  /** Where the data came from, shown in the header (e.g. the store path). */
  source: string;
  title?: string;
  /** Weeks in the rate-over-time chart (default 12). */
  weeks?: number;
  /** Events per skill kept for the drill-down, newest first (default 200). */
  eventLimit?: number;
  /** Only this skill. */
  skill?: string;
}

const DAY_MS = 86_400_000;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** Weekly correction rate with its interval: `weeks` buckets of 7 days, the last ending at `now`. */
export function weeklySeries(skillId: string, events: readonly StoredFeedbackEvent[], now: Date, weeks: number): WeeklyPoint[] {
  const end = now.getTime();
  const span = 7 * DAY_MS;
  const buckets: StoredFeedbackEvent[][] = Array.from({ length: weeks }, () => []);
  for (const event of events) {
    const ts = parseTimestamp(event.timestamp);
    if (ts === null || ts > end || ts <= end - weeks * span) continue;
    const back = Math.max(0, Math.ceil((end - ts) / span) - 1);
    buckets[weeks - 1 - back]?.push(event);
  }
  return buckets.map((bucket, i) => {
    const from = end - (weeks - i) * span;
    const to = from + span;
    const rate = rateOf(skillId, bucket);
    return {
      weekStart: new Date(from + 1).toISOString().slice(0, 10),
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      events: rate.sample_size,
      rate: rate.sample_size > 0 ? rate.correction_rate : null,
      interval: rate.sample_size > 0 ? rate.interval : null,
    };
  });
}

/** The rule and reason that decided each judged invocation (store schema v2), by invocation. */
function decidingRules(db: SqliteDatabase): Map<string, string> {
  const rules = new Map<string, string>();
  let rows: Array<{ invocation_uuid: string; skill_id: string; rule: string | null; reason: string | null }>;
  try {
    rows = db.prepare('SELECT invocation_uuid, skill_id, rule, reason FROM invocations WHERE rule IS NOT NULL').all() as typeof rows;
  } catch {
    return rules; // an older store without the columns: no rules to show
  }
  for (const row of rows) {
    if (row.rule) rules.set(`${row.invocation_uuid}\u0000${row.skill_id}`, row.reason ? `${row.rule}: ${row.reason}` : row.rule);
  }
  return rules;
}

function implicitEvent(event: StoredFeedbackEvent, version: string | null, decided: string | null): DashboardEvent {
  const rule = decided ?? (typeof event.rule === 'string' ? event.rule : null);
  return {
    id: event.event_id,
    timestamp: event.timestamp,
    sessionId: event.session_id,
    outcome: event.outcome,
    kind: 'implicit',
    correctionType: event.correction_type,
    dimension: event.dimension_hint,
    confidence: typeof event.confidence === 'number' ? event.confidence : null,
    turnsToFeedback: typeof event.turns_to_feedback === 'number' ? event.turns_to_feedback : null,
    snippet: typeof event.user_message_snippet === 'string' ? event.user_message_snippet : '',
    rule,
    skillVersion: version,
  };
}

function explicitEvent(record: ExplicitFeedback): DashboardEvent {
  return {
    id: record.id,
    timestamp: record.timestamp,
    sessionId: null,
    outcome: record.result,
    kind: 'explicit',
    correctionType: null,
    dimension: null,
    confidence: null,
    turnsToFeedback: null,
    snippet: [record.task ? `task: ${record.task}` : '', record.notes ? `notes: ${record.notes}` : ''].filter(Boolean).join(' — '),
    rule: 'recorded feedback',
    skillVersion: null,
  };
}

function verdictText(verdict: string, summary: string): string {
  return summary !== '' ? summary : verdict.replace(/_/g, ' ');
}

function skillEntry(
  health: SkillHealth,
  evidence: {
    events: StoredFeedbackEvent[];
    explicit: ExplicitFeedback[];
    versionOf: (e: StoredFeedbackEvent) => string | null;
    ruleOf: (e: StoredFeedbackEvent) => string | null;
    invocationsByVersion: Map<string, number>;
  },
  options: { now: Date; weeks: number; eventLimit: number },
): DashboardSkill {
  const id = health.skill_id;
  const versioned: VersionedEvent[] = evidence.events.map((e) => ({ ...e, skill_version: evidence.versionOf(e) }));
  const versions: VersionStats[] = skillVersions(versioned, id).map((version) => {
    const mine = versioned.filter((e) => e.skill_version === version);
    const times = mine
      .map((e) => e.timestamp ?? '')
      .filter((t) => t !== '')
      .sort();
    const rate = rateOf(id, mine);
    return {
      version,
      firstSeen: times[0] ?? '',
      lastSeen: times[times.length - 1] ?? '',
      invocations: evidence.invocationsByVersion.get(version) ?? 0,
      events: rate.sample_size,
      rate: rate.sample_size > 0 ? rate.correction_rate : null,
      interval: rate.sample_size > 0 ? rate.interval : null,
    };
  });
  const comparison = compareByVersion(versioned, id);
  const all = [
    ...evidence.events.map((e) => implicitEvent(e, evidence.versionOf(e), evidence.ruleOf(e))),
    ...evidence.explicit.map((r) => explicitEvent(r)),
  ].sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : a.id < b.id ? -1 : 1));
  const implicit = health.implicit;
  return {
    id,
    invocations: health.invocations,
    events: implicit.sample_size,
    corrections: implicit.corrections,
    partials: implicit.partials,
    acceptances: implicit.acceptances,
    correctionRate: implicit.sample_size > 0 ? implicit.correction_rate : null,
    interval: implicit.sample_size > 0 ? implicit.interval : null,
    sufficientData: implicit.sufficient_data,
    trend: { direction: health.trend.direction, delta: health.trend.trend ?? null },
    maturity: health.maturity.state,
    explicit:
      health.explicit.total > 0
        ? {
            total: health.explicit.total,
            success: health.explicit.success,
            failure: health.explicit.failure,
            partial: health.explicit.partial,
            successRate: health.explicit.success_rate,
          }
        : null,
    shouldUpdate: health.should_update,
    reasons: health.reasons.map((r) => r.message),
    hotspots: Object.entries(health.hotspots)
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([dimension, count]) => ({ dimension, count })),
    weekly: weeklySeries(id, evidence.events, options.now, options.weeks),
    versions,
    comparison: comparison
      ? {
          before: comparison.before_label.replace(/^version /, ''),
          after: comparison.after_label.replace(/^version /, ''),
          delta: comparison.difference,
          pValue: comparison.p_value,
          verdict: verdictText(comparison.verdict, comparison.summary),
        }
      : null,
    eventList: all.slice(0, options.eventLimit),
    eventsOmitted: Math.max(0, all.length - options.eventLimit),
  };
}

/** The dashboard's data from an open store. */
export function buildDashboardData(db: SqliteDatabase, options: BuildDashboardOptions): DashboardData {
  const now = options.now ?? new Date();
  const healthOptions = options.minInvocations !== undefined ? { now, minInvocations: options.minInvocations } : { now };
  let healths = allSkillHealth(db, healthOptions);
  if (options.skill !== undefined) healths = healths.filter((h) => h.skill_id === options.skill);
  const events = groupBy(loadStoredFeedbackEvents(db), (e) => e.skill_id);
  const explicit = groupBy(listExplicitFeedback(db), (r) => r.skillName);
  const invocations = loadStoredInvocations(db);
  const versionByInvocation = new Map<string, string | null>();
  const invocationsByVersion = new Map<string, Map<string, number>>();
  for (const inv of invocations) {
    versionByInvocation.set(`${inv.invocation_uuid}\u0000${inv.skill_id}`, inv.skill_version);
    if (inv.skill_version) {
      const perSkill = invocationsByVersion.get(inv.skill_id) ?? new Map<string, number>();
      perSkill.set(inv.skill_version, (perSkill.get(inv.skill_version) ?? 0) + 1);
      invocationsByVersion.set(inv.skill_id, perSkill);
    }
  }
  const versionOf = (e: StoredFeedbackEvent) => versionByInvocation.get(`${e.invocation_uuid}\u0000${e.skill_id}`) ?? null;
  const rules = decidingRules(db);
  const ruleOf = (e: StoredFeedbackEvent) => rules.get(`${e.invocation_uuid}\u0000${e.skill_id}`) ?? null;
  const skills = healths.map((h) =>
    skillEntry(
      h,
      {
        events: events.get(h.skill_id) ?? [],
        explicit: explicit.get(h.skill_id) ?? [],
        versionOf,
        ruleOf,
        invocationsByVersion: invocationsByVersion.get(h.skill_id) ?? new Map(),
      },
      { now, weeks: options.weeks ?? 12, eventLimit: options.eventLimit ?? 200 },
    ),
  );
  return {
    title: options.title ?? 'skillpulse — skill health',
    generatedAt: now.toISOString(),
    skillpulseVersion: VERSION,
    source: options.source,
    minInvocations: options.minInvocations ?? 5,
    totals: {
      skills: skills.length,
      invocations: skills.reduce((n, s) => n + s.invocations, 0),
      events: skills.reduce((n, s) => n + s.events, 0),
      explicit: skills.reduce((n, s) => n + (s.explicit?.total ?? 0), 0),
    },
    skills,
  };
}
