import type { Command } from 'commander';
import { addSessionOptions, rateText, runAnalysis, type SessionOpts } from './implicit-shared.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse report`: per-skill correction rate, interval, trend with sparkline, hotspots. */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(
    program
      .command('report')
      .description('per skill: invocations, classified events, correction rate with 95% interval, trend with sparkline, hotspots')
      .option('--skill <id>', 'only this skill')
      .option('--html <file>', 'write a self-contained HTML dashboard (from the store, after scanning) instead of printing')
      .option('--db <file>', 'with --html: use this store file'),
  ).action(
    cli.action<SessionOpts & { skill?: string; html?: string; db?: string }>(async (ctx, opts) => {
      if (opts.html !== undefined) {
        const { writeHtmlReport } = await import('./report-html.js');
        const sessions = [...(opts.sessions ?? []), ...(opts.sessionDir ?? [])];
        return writeHtmlReport(ctx, { ...opts, html: opts.html, sessions });
      }
      const result = await runAnalysis(ctx, opts, opts.skill);
      const { buildSkillReports } = await import('../feedback/skill-report.js');
      const { pyFixed, topHotspots } = await import('../metrics/index.js');
      const reports = buildSkillReports(result.invocations, { now: opts.now ?? new Date(), minInvocations: opts.minInvocations });
      if (ctx.json) {
        ctx.printJson({ sessions: result.sessions, invocations: result.invocations.length, events: result.events.length, skills: reports });
        return 0;
      }
      if (reports.length === 0) {
        ctx.out(opts.skill ? `No invocations of ${opts.skill} found.` : 'No skill invocations found.');
        return 0;
      }
      const c = ctx.colors;
      ctx.out(
        c.bold(
          `Skill feedback (${result.sessions} sessions, ${result.invocations.length} invocations, ${result.events.length} classified)`,
        ),
      );
      for (const r of reports) {
        const cr = r.correction_rate;
        ctx.out('');
        ctx.out(c.bold(r.skill_id));
        ctx.out(
          `  invocations ${r.invocations}${r.nested ? ` (${r.nested} nested)` : ''} · classified ${r.events} · no reaction ${r.no_reaction}${r.open_windows ? ` · ${r.open_windows} still open` : ''}`,
        );
        if (r.events === 0) {
          ctx.out('  correction rate: no classified reactions yet');
          continue;
        }
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
      return 0;
    }),
  );
}
