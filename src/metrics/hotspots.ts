/**
 * Hotspot dimensions and all-skill metrics (issue item 8), and the seed's plain-text report.
 */
import { type CorrectionRate, computeCorrectionRate, type MetricEvent, type RateOptions } from './correction-rate.js';
import { pyFixed } from './rounding.js';

/**
 * Counts of `dimension_hint` over a skill's corrections and partials, in first-seen order. Empty
 * hints and `unknown` (no dimension matched) are not dimensions and are not counted.
 */
export function computeHotspotDimensions(events: readonly MetricEvent[], skillId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.skill_id !== skillId || (e.outcome !== 'correction' && e.outcome !== 'partial')) continue;
    const d = e.dimension_hint;
    if (typeof d !== 'string' || d === '' || d === 'unknown') continue;
    out[d] = (out[d] ?? 0) + 1;
  }
  return out;
}

export interface SkillMetrics extends CorrectionRate {
  hotspot_dimensions: Record<string, number>;
}

/** Python's default string order (code points). */
function byCodePoint(a: string, b: string): number {
  const ca = [...a].map((c) => c.codePointAt(0)!);
  const cb = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
  return ca.length - cb.length;
}

/** One entry per distinct non-empty skill id, sorted ascending. */
export function computeAllSkillMetrics(events: readonly MetricEvent[], options: RateOptions = {}): SkillMetrics[] {
  const ids = [...new Set(events.map((e) => e.skill_id).filter((s) => typeof s === 'string' && s !== ''))].sort(byCodePoint);
  return ids.map((id) => ({ ...computeCorrectionRate(events, id, options), hotspot_dimensions: computeHotspotDimensions(events, id) }));
}

/** Up to `limit` hotspots by count descending; ties keep first-seen order. */
export function topHotspots(hotspots: Record<string, number>, limit = 3): Array<[string, number]> {
  return Object.entries(hotspots)
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => b.entry[1] - a.entry[1] || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.entry);
}

/** The seed's text report: header, then one block per skill by correction rate (descending, stable). No trailing newline. */
export function formatMetricsReport(metrics: readonly SkillMetrics[]): string {
  const lines = ['Skill Feedback Metrics', '='.repeat(40)];
  const ordered = metrics.map((m, i) => ({ m, i })).sort((a, b) => b.m.correction_rate - a.m.correction_rate || a.i - b.i);
  for (const { m } of ordered) {
    let line = `  ${m.skill_id}: correction_rate=${pyFixed(m.correction_rate, 2)} (n=${m.sample_size}, corrections=${m.corrections}, partials=${m.partials}, acceptances=${m.acceptances})`;
    if (!m.sufficient_data) line += ' (insufficient data)';
    lines.push(line);
    const top = topHotspots(m.hotspot_dimensions);
    if (top.length > 0) lines.push(`    hotspots: ${top.map(([d, c]) => `${d}=${c}`).join(', ')}`);
  }
  return lines.join('\n');
}
