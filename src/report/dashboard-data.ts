/**
 * What the HTML dashboard shows. The renderer (`dashboard-html.ts`) takes only this type, so it
 * is tested with any data; `dashboard-build.ts` fills it from the store's skill-health model.
 *
 * Rates are fractions in [0, 1]; timestamps ISO 8601 strings; every string may come from a
 * transcript and is treated as untrusted text by the page (never parsed as HTML).
 */

export type Maturity = 'candidate' | 'established' | 'proven' | 'deprecated';
export type TrendDirection = 'improving' | 'worsening' | 'stable' | 'insufficient_data';

export interface RateInterval {
  low: number;
  high: number;
}

/** One week of a skill's correction rate: the 7 days (from, to], the last week ending at the report's `now`. */
export interface WeeklyPoint {
  /** `YYYY-MM-DD` label of the week (the day after `from`). */
  weekStart: string;
  /** Exclusive start, ISO. */
  from: string;
  /** Inclusive end, ISO. */
  to: string;
  /** Classified events (corrections + partials + acceptances) in the week. */
  events: number;
  /** null when the week has no classified events. */
  rate: number | null;
  interval: RateInterval | null;
}

export interface HotspotCount {
  dimension: string;
  count: number;
}

/** The correction rate of one skill version (`skill_version` from the transcripts). */
export interface VersionStats {
  version: string;
  firstSeen: string;
  lastSeen: string;
  invocations: number;
  events: number;
  rate: number | null;
  interval: RateInterval | null;
}

/** Before/after of the two most recent versions (or a date split), with a plain verdict. */
export interface VersionComparison {
  before: string;
  after: string;
  /** after − before rate. */
  delta: number | null;
  pValue: number | null;
  /** e.g. "better (significant, p = 0.01)" or "no clear difference". */
  verdict: string;
}

/** One event behind the numbers: an implicit reaction or an explicit verdict. */
export interface DashboardEvent {
  id: string;
  timestamp: string;
  sessionId: string | null;
  /** `correction` | `partial` | `acceptance` (implicit) or `success` | `failure` | `partial` (explicit). */
  outcome: string;
  kind: 'implicit' | 'explicit';
  /** rejection, revert, redo, interrupt, denial… (implicit corrections), else null. */
  correctionType: string | null;
  dimension: string | null;
  confidence: number | null;
  turnsToFeedback: number | null;
  /** Redacted, ≤ 200 characters; '' when snippets are off. For explicit feedback: task/notes. */
  snippet: string;
  /** The rule that decided the outcome, when known. */
  rule: string | null;
  skillVersion: string | null;
}

export interface ExplicitSummary {
  total: number;
  success: number;
  failure: number;
  partial: number;
  successRate: number | null;
}

export interface DashboardSkill {
  id: string;
  invocations: number;
  /** Classified implicit events (corrections, partials, acceptances). */
  events: number;
  corrections: number;
  partials: number;
  acceptances: number;
  /** (corrections + 0.5 × partials) / events; null without events. */
  correctionRate: number | null;
  interval: RateInterval | null;
  sufficientData: boolean;
  trend: { direction: TrendDirection; delta: number | null };
  maturity: Maturity;
  explicit: ExplicitSummary | null;
  shouldUpdate: boolean;
  reasons: string[];
  hotspots: HotspotCount[];
  weekly: WeeklyPoint[];
  versions: VersionStats[];
  comparison: VersionComparison | null;
  /** Newest first; may be capped (see `eventsOmitted`). */
  eventList: DashboardEvent[];
  /** Events left out of `eventList` to keep the file small. */
  eventsOmitted: number;
}

export interface DashboardData {
  title: string;
  generatedAt: string;
  skillpulseVersion: string;
  /** Store or folders the data came from (shown in the header). */
  source: string;
  minInvocations: number;
  totals: { skills: number; invocations: number; events: number; explicit: number };
  /** Worst first, as the report orders them. */
  skills: DashboardSkill[];
}
