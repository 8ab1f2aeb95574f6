/**
 * Correction trend (issue item 8, reference D14/D15): rate in (now−30d, now] minus rate in
 * (now−60d, now−30d]. Rates are rounded to 4 decimals and compared as integer basis points, so
 * 0.55 vs 0.50 is exactly 500 bp: stable. `insufficient_data` when either window is empty.
 * `now` is always explicit.
 */
import { parseTimestamp } from '../feedback/jsonl-store.js';
import { type MetricEvent, rateOf } from './correction-rate.js';
import { pyRound } from './rounding.js';

const DAY_MS = 86_400_000;
export const TREND_WINDOW_DAYS = 30;
/** |delta| ≤ 500 bp (0.05) is stable. */
export const STABLE_BP = 500;

export type TrendDirection = 'improving' | 'worsening' | 'stable' | 'insufficient_data';

export interface CorrectionTrend {
  skill_id: string;
  /** recent − prior, 4 decimals; null with insufficient data. */
  trend: number | null;
  recent_rate: number | null;
  prior_rate: number | null;
  recent_sample: number;
  prior_sample: number;
  direction: TrendDirection;
  /** The same difference in integer basis points (null with insufficient data). */
  delta_bp: number | null;
}

export interface TrendOptions {
  now: Date;
  windowDays?: number;
}

export function toBasisPoints(rate: number): number {
  return Math.round(rate * 10_000);
}

export function computeCorrectionTrend(events: readonly MetricEvent[], skillId: string, options: TrendOptions): CorrectionTrend {
  const now = options.now.getTime();
  const span = (options.windowDays ?? TREND_WINDOW_DAYS) * DAY_MS;
  const recent: MetricEvent[] = [];
  const prior: MetricEvent[] = [];
  for (const e of events) {
    if (e.skill_id !== skillId) continue;
    const ts = parseTimestamp(e.timestamp);
    if (ts === null) continue;
    if (ts > now - span && ts <= now) recent.push(e);
    else if (ts > now - 2 * span && ts <= now - span) prior.push(e);
  }
  const r = rateOf(skillId, recent);
  const p = rateOf(skillId, prior);
  const recentRate = r.sample_size > 0 ? r.correction_rate : null;
  const priorRate = p.sample_size > 0 ? p.correction_rate : null;
  if (recentRate === null || priorRate === null) {
    return {
      skill_id: skillId,
      trend: null,
      recent_rate: recentRate,
      prior_rate: priorRate,
      recent_sample: r.sample_size,
      prior_sample: p.sample_size,
      direction: 'insufficient_data',
      delta_bp: null,
    };
  }
  const delta = toBasisPoints(recentRate) - toBasisPoints(priorRate);
  return {
    skill_id: skillId,
    trend: pyRound(delta / 10_000, 4),
    recent_rate: recentRate,
    prior_rate: priorRate,
    recent_sample: r.sample_size,
    prior_sample: p.sample_size,
    direction: delta > STABLE_BP ? 'worsening' : delta < -STABLE_BP ? 'improving' : 'stable',
    delta_bp: delta,
  };
}

export interface RatePoint {
  /** Start and end (exclusive start, inclusive end) of the bucket, ISO. */
  from: string;
  to: string;
  rate: number | null;
  sample: number;
}

/** Correction rate per bucket of `bucketDays`, oldest first, the last bucket ending at `now`. */
export function correctionRateSeries(
  events: readonly MetricEvent[],
  skillId: string,
  options: { now: Date; buckets?: number; bucketDays?: number },
): RatePoint[] {
  const n = options.buckets ?? 8;
  const span = (options.bucketDays ?? 7) * DAY_MS;
  const now = options.now.getTime();
  const groups: MetricEvent[][] = Array.from({ length: n }, () => []);
  for (const e of events) {
    if (e.skill_id !== skillId) continue;
    const ts = parseTimestamp(e.timestamp);
    if (ts === null || ts > now || ts <= now - n * span) continue;
    // Bucket k back from now covers (now − (k+1)·span, now − k·span].
    const k = Math.max(0, Math.ceil((now - ts) / span) - 1);
    groups[n - 1 - k]!.push(e);
  }
  return groups.map((g, i) => {
    const r = rateOf(skillId, g);
    return {
      from: new Date(now - (n - i) * span).toISOString(),
      to: new Date(now - (n - 1 - i) * span).toISOString(),
      rate: r.sample_size > 0 ? r.correction_rate : null,
      sample: r.sample_size,
    };
  });
}

const BLOCKS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** Sparkline of rates in [0, 1] on an absolute scale (8 levels); `·` for a bucket with no data. */
export function sparkline(values: ReadonlyArray<number | null>): string {
  return values
    .map((v) => {
      if (v === null || !Number.isFinite(v)) return '·';
      const clamped = Math.min(1, Math.max(0, v));
      return BLOCKS[Math.min(BLOCKS.length - 1, Math.floor(clamped * BLOCKS.length))]!;
    })
    .join('');
}
