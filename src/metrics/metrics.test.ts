import { describe, expect, it } from 'vitest';
import {
  compareByDate,
  compareByVersion,
  computeAllSkillMetrics,
  computeCorrectionRate,
  computeCorrectionTrend,
  computeHotspotDimensions,
  correctionRateSeries,
  formatMetricsReport,
  type MetricEvent,
  normalCdf,
  pyFixed,
  pyRound,
  sparkline,
  twoProportionZTest,
} from './index.js';

const now = new Date('2026-11-21T12:00:00Z');
const at = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
const C = (ts = at(1), dim: string | null = null): MetricEvent => ({
  skill_id: 's',
  outcome: 'correction',
  timestamp: ts,
  dimension_hint: dim,
});
const P = (ts = at(1), dim: string | null = null): MetricEvent => ({
  skill_id: 's',
  outcome: 'partial',
  timestamp: ts,
  dimension_hint: dim,
});
const A = (ts = at(1), dim: string | null = null): MetricEvent => ({
  skill_id: 's',
  outcome: 'acceptance',
  timestamp: ts,
  dimension_hint: dim,
});
const many = <T>(n: number, f: () => T): T[] => Array.from({ length: n }, f);
const window = (corr: number, of: number, days: number) => [...many(corr, () => C(at(days))), ...many(of - corr, () => A(at(days)))];

describe('Python rounding', () => {
  it('exact binary ties go to even; everything else rounds the exact value', () => {
    expect(pyFixed(0.125, 2)).toBe('0.12');
    expect(pyFixed(0.625, 2)).toBe('0.62');
    expect(pyFixed(0.375, 2)).toBe('0.38');
    expect(pyFixed(2.675, 2)).toBe('2.67'); // 2.67499999… in binary
    expect(pyFixed(1, 2)).toBe('1.00');
    expect(pyFixed(0, 2)).toBe('0.00');
    expect(pyFixed(-0.5, 0)).toBe('-0');
    expect(pyRound(1 / 3, 4)).toBe(0.3333);
    expect(pyRound(0.00005, 4)).toBe(0.0001); // 5.000000000000000409e-05 > tie
  });
});

describe('correction rate §15.5', () => {
  it('#58 C, P, A, A → 0.375, n 4, insufficient', () => {
    expect(computeCorrectionRate([C(), P(), A(), A()], 's')).toMatchObject({
      correction_rate: 0.375,
      sample_size: 4,
      sufficient_data: false,
      corrections: 1,
      partials: 1,
      acceptances: 2,
    });
  });
  it('#59 C, A, A → 0.3333', () => {
    expect(computeCorrectionRate([C(), A(), A()], 's').correction_rate).toBe(0.3333);
  });
  it('#60 unknown outcomes are excluded', () => {
    expect(computeCorrectionRate([C(), { skill_id: 's', outcome: 'ambiguous' }, A()], 's')).toMatchObject({
      correction_rate: 0.5,
      sample_size: 2,
    });
  });
  it('#76 --min-invocations is really used', () => {
    expect(computeCorrectionRate([C(), A(), A()], 's', { minInvocations: 3 }).sufficient_data).toBe(true);
    expect(computeCorrectionRate([C(), A(), A()], 's').sufficient_data).toBe(false);
  });
  it('Wilson 95% interval', () => {
    const r = computeCorrectionRate([...many(2, () => C()), ...many(8, () => A())], 's');
    expect(r.interval).toEqual({ low: 0.0567, high: 0.5098 });
    expect(computeCorrectionRate([], 's')).toMatchObject({ correction_rate: 0, sample_size: 0, sufficient_data: false, interval: null });
    expect(
      computeCorrectionRate(
        many(5, () => A()),
        's',
      ).interval!.low,
    ).toBe(0);
  });
  it('other skills are ignored', () => {
    expect(computeCorrectionRate([C(), { skill_id: 'x', outcome: 'correction' }], 's').sample_size).toBe(1);
  });
});

describe('trend (explicit now, basis points)', () => {
  it('#62 improving', () => {
    const t = computeCorrectionTrend([...many(5, () => A(at(1))), ...window(2, 5, 45)], 's', { now });
    expect(t).toMatchObject({
      trend: -0.4,
      recent_rate: 0,
      prior_rate: 0.4,
      recent_sample: 5,
      prior_sample: 5,
      direction: 'improving',
      delta_bp: -4000,
    });
  });
  it('#63 0.05 vs 0 is stable', () => {
    expect(computeCorrectionTrend([...window(1, 20, 1), ...window(0, 20, 45)], 's', { now })).toMatchObject({
      trend: 0.05,
      direction: 'stable',
    });
  });
  it('#64 0.55 vs 0.50 is stable (exactly 500 bp)', () => {
    expect(computeCorrectionTrend([...window(11, 20, 1), ...window(10, 20, 45)], 's', { now })).toMatchObject({
      trend: 0.05,
      direction: 'stable',
      delta_bp: 500,
    });
  });
  it('#65 0.2 vs 0.15 and #66 0.15 vs 0.1 are stable', () => {
    expect(computeCorrectionTrend([...window(4, 20, 1), ...window(3, 20, 45)], 's', { now }).direction).toBe('stable');
    expect(computeCorrectionTrend([...window(3, 20, 1), ...window(2, 20, 45)], 's', { now }).direction).toBe('stable');
  });
  it('#67 −0.05 both ways is stable', () => {
    expect(computeCorrectionTrend([...window(10, 20, 1), ...window(11, 20, 45)], 's', { now }).direction).toBe('stable');
    expect(computeCorrectionTrend([...window(0, 20, 1), ...window(1, 20, 45)], 's', { now }).direction).toBe('stable');
  });
  it('just over 500 bp is worsening', () => {
    expect(computeCorrectionTrend([...window(12, 20, 1), ...window(10, 20, 45)], 's', { now })).toMatchObject({
      direction: 'worsening',
      delta_bp: 1000,
    });
  });
  it('#61 no prior data → insufficient_data (the issue; the original said worsening)', () => {
    expect(computeCorrectionTrend(window(1, 5, 1), 's', { now })).toMatchObject({
      trend: null,
      recent_rate: 0.2,
      prior_rate: null,
      recent_sample: 5,
      prior_sample: 0,
      direction: 'insufficient_data',
    });
  });
  it('#68 windows are (now−30d, now] and (now−60d, now−30d]; the future and garbage are left out', () => {
    const t = computeCorrectionTrend([C(at(30.0001)), C(at(60.0001)), C(at(-5)), C('garbage'), C(at(30))], 's', { now });
    expect(t).toMatchObject({ recent_sample: 0, prior_sample: 2, direction: 'insufficient_data' });
  });
  it('#69 a naive timestamp is UTC', () => {
    const t = computeCorrectionTrend([C('2026-11-20T10:00:00'), A('2026-10-10T10:00:00')], 's', { now });
    expect(t).toMatchObject({ recent_sample: 1, prior_sample: 1, direction: 'worsening' });
  });
  it('series and sparkline', () => {
    const series = correctionRateSeries([C(at(1)), A(at(2)), C(at(10)), A(at(50)), C(at(7))], 's', { now, buckets: 8, bucketDays: 7 });
    expect(series.map((p) => p.sample)).toEqual([1, 0, 0, 0, 0, 0, 1, 3]);
    expect(series.map((p) => p.rate)).toEqual([0, null, null, null, null, null, 1, 0.6667]);
    expect(sparkline(series.map((p) => p.rate))).toBe('▁·····█▆');
    expect(sparkline([0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 1])).toBe('▁▂▃▄▅▆▇█');
  });
});

describe('hotspots and report', () => {
  it('#70 hotspots over corrections and partials only, first-seen order', () => {
    const h = computeHotspotDimensions(
      [C(at(1), 'coverage'), P(at(1), 'accuracy'), A(at(1), 'accuracy'), C(at(1), 'accuracy'), C(at(1), ''), C(at(1), 'unknown')],
      's',
    );
    expect(h).toEqual({ coverage: 1, accuracy: 2 });
    expect(Object.keys(h)).toEqual(['coverage', 'accuracy']);
  });
  it('#71 all-skill metrics and the report bytes', () => {
    const events: MetricEvent[] = [
      { skill_id: 'b', outcome: 'correction' },
      { skill_id: 'a', outcome: 'partial', dimension_hint: 'efficiency' },
      { skill_id: 'a', outcome: 'acceptance' },
      { skill_id: 'a', outcome: 'acceptance' },
      { skill_id: 'a', outcome: 'acceptance' },
      { skill_id: 'c', outcome: 'acceptance' },
      { skill_id: '', outcome: 'correction' },
    ];
    const all = computeAllSkillMetrics(events);
    expect(all.map((m) => m.skill_id)).toEqual(['a', 'b', 'c']);
    expect(formatMetricsReport(all)).toBe(
      [
        'Skill Feedback Metrics',
        '========================================',
        '  b: correction_rate=1.00 (n=1, corrections=1, partials=0, acceptances=0) (insufficient data)',
        '  a: correction_rate=0.12 (n=4, corrections=0, partials=1, acceptances=3) (insufficient data)',
        '    hotspots: efficiency=1',
        '  c: correction_rate=0.00 (n=1, corrections=0, partials=0, acceptances=1) (insufficient data)',
      ].join('\n'),
    );
  });
  it('#72 top three hotspots, ties in first-seen order', () => {
    const m = { ...computeAllSkillMetrics(many(5, () => A()))[0]!, hotspot_dimensions: { a: 1, b: 3, c: 1, d: 3 } };
    expect(formatMetricsReport([m]).split('\n')[3]).toBe('    hotspots: b=3, d=3, a=1');
  });
  it('#73 empty', () => {
    expect(formatMetricsReport([])).toBe(`Skill Feedback Metrics\n${'='.repeat(40)}`);
  });
});

describe('before/after comparison', () => {
  it('the z-test matches a hand computation', () => {
    // 10/20 vs 2/20: pooled 0.3, se = sqrt(.3*.7*(.1)) = 0.144914, z = -0.4/0.144914 = -2.7603
    const t = twoProportionZTest(10, 20, 2, 20)!;
    expect(t.z).toBeCloseTo(-2.7603, 3);
    expect(t.p).toBeCloseTo(0.00577, 4);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
  });
  it('by date: a real drop is improved; small samples are insufficient', () => {
    const cut = new Date(at(20));
    const events = [...window(10, 20, 40), ...window(2, 20, 5)];
    const c = compareByDate(events, 's', cut);
    expect(c).toMatchObject({ verdict: 'improved', difference: -0.4, before: { sample_size: 20 }, after: { sample_size: 20 } });
    expect(c.summary).toContain('the change helped');
    expect(compareByDate([...window(1, 3, 40), ...window(0, 3, 5)], 's', cut).verdict).toBe('insufficient_data');
    expect(compareByDate([...window(5, 20, 40), ...window(4, 20, 5)], 's', cut).verdict).toBe('no_significant_change');
    expect(compareByDate([...window(2, 20, 40), ...window(12, 20, 5)], 's', cut).verdict).toBe('worse');
  });
  it('by skill version, defaulting to the last two versions by first use', () => {
    const v = (version: string, days: number, outcome: string) => ({ skill_id: 's', outcome, timestamp: at(days), skill_version: version });
    const events = [
      ...many(10, () => v('v1', 50, 'correction')),
      ...many(10, () => v('v1', 50, 'acceptance')),
      ...many(1, () => v('v2', 10, 'correction')),
      ...many(19, () => v('v2', 10, 'acceptance')),
    ];
    const c = compareByVersion(events, 's')!;
    expect(c.before_label).toBe('version v1');
    expect(c.verdict).toBe('improved');
    expect(
      compareByVersion(
        events.filter((e) => e.skill_version === 'v1'),
        's',
      ),
    ).toBeNull();
  });
});
