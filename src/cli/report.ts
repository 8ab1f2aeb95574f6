import type { Command } from 'commander';
import { addSessionOptions, rateText, runAnalysis, type SessionOpts } from './implicit-shared.js';
import type { CliRuntime } from './runtime.js';

/**
 * `skillpulse report`: the one skill-health model for every skill, worst first — usage, correction rate with
 * interval, trend with sparkline, hotspots, explicit success rate, decayed evidence, maturity, should_update
 * with every reason — read from the store after an incremental scan (`--no-store`: from the transcripts).
 */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(
    program
      .command('report')
      .description(
        'skill health, worst first: invocations, classified events, correction rate with 95% interval, trend with sparkline, hotspots, explicit success rate, decayed helpful/harmful, maturity, should_update with reasons',
      )
      .option('--skill <id>', 'only this skill')
      .option('--html <file>', 'write a self-contained HTML dashboard (from the store, after scanning) instead of printing'),
  ).action(
    cli.action<SessionOpts & { skill?: string; html?: string; db?: string }>(async (ctx, opts) => {
      if (opts.html !== undefined) {
        const { writeHtmlReport } = await import('./report-html.js');
        const sessions = [...(opts.sessions ?? []), ...(opts.sessionDir ?? [])];
        return writeHtmlReport(ctx, { ...opts, html: opts.html, sessions });
      }
      const result = await runAnalysis(ctx, opts, opts.skill, { explicit: true });
      const { buildHealthReports } = await import('../store/health-report.js');
      const { pyFixed, topHotspots } = await import('../metrics/index.js');
      const reports = buildHealthReports(result, result.explicit, {
        now: opts.now ?? new Date(),
        minInvocations: opts.minInvocations,
        skill: opts.skill,
      });
      if (ctx.json) {
        ctx.printJson({
          sessions: result.sessions,
          invocations: result.invocations.length,
          failed: result.failed.length,
          events: result.events.length,
          skills: reports,
        });
        return 0;
      }
      if (reports.length === 0) {
        ctx.out(opts.skill ? `No invocations of ${opts.skill} found.` : 'No skill invocations found.');
        return 0;
      }
      const c = ctx.colors;
      const pct = (x: number | null) => (x === null ? '–' : `${pyFixed(x * 100, 0)}%`);
      ctx.out(
        c.bold(
          `Skill health, worst first (${result.sessions} sessions, ${result.invocations.length} invocations` +
            `${result.failed.length > 0 ? ` + ${result.failed.length} failed` : ''}, ${result.events.length} classified)`,
        ),
      );
      for (const r of reports) {
        const cr = r.correction_rate;
        ctx.out('');
        const flag = r.should_update ? c.red('should update') : c.green('ok');
        ctx.out(`${c.bold(r.skill_id)}  ${flag}  maturity ${r.maturity.state} (×${r.maturity.multiplier})`);
        ctx.out(
          `  invocations ${r.invocations}${r.nested ? ` (${r.nested} nested)` : ''}${r.failed ? ` · ${r.failed} failed` : ''} · classified ${r.events} · no reaction ${r.no_reaction}${r.open_windows ? ` · ${r.open_windows} still open` : ''}`,
        );
        if (r.events === 0) ctx.out('  correction rate: no classified reactions yet');
        else {
          ctx.out(
            `  correction rate ${rateText(cr.correction_rate, cr.interval, pyFixed)} (n=${cr.sample_size}, corrections=${cr.corrections}, partials=${cr.partials}, acceptances=${cr.acceptances})${cr.sufficient_data ? '' : c.dim(' (insufficient data)')}`,
          );
          const t = r.trend;
          const trendText =
            t.direction === 'insufficient_data'
              ? `insufficient data (recent n=${t.recent_sample}, prior n=${t.prior_sample})`
              : `${t.direction} (${t.trend! >= 0 ? '+' : ''}${pyFixed(t.trend!, 2)}; last 30d ${pyFixed(t.recent_rate!, 2)} n=${t.recent_sample}, prior 30d ${pyFixed(t.prior_rate!, 2)} n=${t.prior_sample})`;
          ctx.out(`  trend ${r.sparkline} ${trendText}`);
          const hot = topHotspots(r.hotspots, 6);
          if (hot.length > 0) ctx.out(`  hotspots ${hot.map(([d, n]) => `${d}=${n}`).join(', ')}`);
        }
        const x = r.explicit;
        ctx.out(
          x.total === 0
            ? '  explicit feedback: none recorded'
            : `  explicit success rate ${pct(x.success_rate)} (${x.total} records: success ${x.success}, failure ${x.failure}, partial ${x.partial})`,
        );
        const m = r.maturity;
        ctx.out(
          `  evidence (decayed, half-life ${m.half_life_days} d, at reaction time): helpful ${pyFixed(m.decayed_helpful, 2)}, harmful ${pyFixed(m.decayed_harmful, 2)}, helpful weight ${pyFixed(m.helpful_weight, 2)}`,
        );
        for (const reason of r.reasons) ctx.out(`  - ${reason.message}`);
      }
      return 0;
    }),
  );
}
