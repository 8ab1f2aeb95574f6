import type { DashboardData, DashboardEvent, DashboardSkill, WeeklyPoint } from '../../src/report/dashboard-data.js';

/** A hostile string: renders as text or the page is broken. */
export const HOSTILE = '</script><script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

function weeks(rates: Array<number | null>, start = Date.UTC(2026, 0, 5)): WeeklyPoint[] {
  return rates.map((rate, i) => {
    const events = rate === null ? 0 : 6 + i;
    const half = rate === null ? 0 : Math.min(0.25, 0.9 / Math.sqrt(events + 1));
    const from = start + i * 7 * 86_400_000 - 1;
    return {
      weekStart: new Date(from + 1).toISOString().slice(0, 10),
      from: new Date(from).toISOString(),
      to: new Date(from + 7 * 86_400_000).toISOString(),
      events,
      rate,
      interval: rate === null ? null : { low: Math.max(0, rate - half), high: Math.min(1, rate + half) },
    };
  });
}

function event(i: number, outcome: string, partial: Partial<DashboardEvent> = {}): DashboardEvent {
  return {
    id: `ev${String(i).padStart(4, '0')}`,
    timestamp: new Date(Date.UTC(2026, 0, 5) + i * 36 * 3_600_000).toISOString(),
    sessionId: `5e55${String(i).padStart(4, '0')}-aaaa-bbbb-cccc-000000000000`,
    outcome,
    kind: 'implicit',
    correctionType: outcome === 'correction' ? 'rejection' : null,
    dimension: outcome === 'correction' || outcome === 'partial' ? 'accuracy' : null,
    confidence: outcome === 'acceptance' ? 0.8 : 0.9,
    turnsToFeedback: 1,
    snippet: outcome === 'correction' ? 'no, that is wrong — the table lost its header' : 'looks good, thanks',
    rule: outcome === 'correction' ? 'rejection word "wrong"' : 'explicit acceptance "looks good"',
    skillVersion: i < 20 ? 'a1b2c3' : 'd4e5f6',
    ...partial,
  };
}

function skill(partial: Partial<DashboardSkill> & { id: string }): DashboardSkill {
  return {
    invocations: 0,
    events: 0,
    corrections: 0,
    partials: 0,
    acceptances: 0,
    correctionRate: null,
    interval: null,
    sufficientData: false,
    trend: { direction: 'insufficient_data', delta: null },
    maturity: 'candidate',
    explicit: null,
    shouldUpdate: false,
    reasons: [],
    hotspots: [],
    weekly: [],
    versions: [],
    comparison: null,
    eventList: [],
    eventsOmitted: 0,
    ...partial,
  };
}

export function sampleDashboardData(): DashboardData {
  const planEvents = Array.from({ length: 30 }, (_, i) =>
    event(
      i,
      i % 3 === 0 ? 'correction' : i % 5 === 0 ? 'partial' : 'acceptance',
      i === 3 ? { snippet: HOSTILE, dimension: 'security' } : {},
    ),
  );
  const skills: DashboardSkill[] = [
    skill({
      id: 'superpowers:writing-plans',
      invocations: 41,
      events: 30,
      corrections: 10,
      partials: 4,
      acceptances: 16,
      correctionRate: 0.4,
      interval: { low: 0.25, high: 0.57 },
      sufficientData: true,
      trend: { direction: 'worsening', delta: 0.12 },
      maturity: 'established',
      explicit: { total: 5, success: 1, failure: 3, partial: 1, successRate: 0.2 },
      shouldUpdate: true,
      reasons: ['correction rate 40% (95% 25–57%) is above 30%', 'explicit: 3 failures in the last 30 days'],
      hotspots: [
        { dimension: 'accuracy', count: 9 },
        { dimension: 'coverage', count: 3 },
        { dimension: 'security', count: 1 },
      ],
      weekly: weeks([0.2, 0.3, null, 0.35, 0.5, 0.45, 0.6]),
      versions: [
        {
          version: 'a1b2c3',
          firstSeen: '2026-01-05T09:00:00Z',
          lastSeen: '2026-01-30T12:00:00Z',
          invocations: 25,
          events: 20,
          rate: 0.3,
          interval: { low: 0.15, high: 0.52 },
        },
        {
          version: 'd4e5f6',
          firstSeen: '2026-02-01T09:00:00Z',
          lastSeen: '2026-02-20T12:00:00Z',
          invocations: 16,
          events: 10,
          rate: 0.6,
          interval: { low: 0.31, high: 0.83 },
        },
      ],
      comparison: { before: 'a1b2c3', after: 'd4e5f6', delta: 0.3, pValue: 0.11, verdict: 'worse, but not significant yet' },
      eventList: planEvents.reverse(),
    }),
    skill({
      id: 'pdf',
      invocations: 12,
      events: 9,
      corrections: 1,
      acceptances: 8,
      correctionRate: 0.11,
      interval: { low: 0.02, high: 0.43 },
      sufficientData: true,
      trend: { direction: 'stable', delta: 0.02 },
      maturity: 'proven',
      hotspots: [{ dimension: 'efficiency', count: 1 }],
      weekly: weeks([0.1, 0.15, 0.1]),
      eventList: [event(100, 'correction', { dimension: 'efficiency', snippet: '太慢了，不要每次都重新生成' }), event(101, 'acceptance')],
    }),
    skill({
      id: HOSTILE,
      invocations: 2,
      events: 1,
      acceptances: 1,
      correctionRate: 0,
      interval: { low: 0, high: 0.79 },
      weekly: weeks([0]),
    }),
    skill({ id: 'never-used', maturity: 'candidate' }),
  ];
  return {
    title: 'skillpulse — skill health',
    generatedAt: '2026-02-21T10:00:00.000Z',
    skillpulseVersion: '0.1.0',
    source: '/home/me/.skillpulse/skillpulse.db',
    minInvocations: 5,
    totals: { skills: skills.length, invocations: 55, events: 40, explicit: 5 },
    skills,
  };
}
