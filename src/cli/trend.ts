import type { Command } from 'commander';
import { addSessionOptions, runAnalysis, type SessionOpts } from './implicit-shared.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse trend ID`: last 30 days vs the 30 before, with a weekly sparkline. */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(
    program
      .command('trend')
      .description("a skill's correction-rate trend: last 30 days vs the prior 30, weekly sparkline")
      .argument('<skill>'),
  ).action(
    cli.action<SessionOpts>(async (ctx, opts, args) => {
      const skill = args[0]!;
      const result = await runAnalysis(ctx, opts, skill);
      const { computeCorrectionTrend, correctionRateSeries, pyFixed, sparkline } = await import('../metrics/index.js');
      const now = opts.now ?? new Date();
      const trend = computeCorrectionTrend(result.events, skill, { now });
      const series = correctionRateSeries(result.events, skill, { now, buckets: 8, bucketDays: 7 });
      if (ctx.json) {
        ctx.printJson({ ...trend, series, sparkline: sparkline(series.map((p) => p.rate)) });
        return 0;
      }
      ctx.out(`${skill}: ${trend.direction}`);
      if (trend.trend !== null)
        ctx.out(`  change ${trend.trend >= 0 ? '+' : ''}${pyFixed(trend.trend, 2)} (${trend.delta_bp} bp; stable within ±500 bp)`);
      ctx.out(`  last 30 days  ${trend.recent_rate === null ? '-' : pyFixed(trend.recent_rate, 2)} (n=${trend.recent_sample})`);
      ctx.out(`  prior 30 days ${trend.prior_rate === null ? '-' : pyFixed(trend.prior_rate, 2)} (n=${trend.prior_sample})`);
      ctx.out(`  weekly ${sparkline(series.map((p) => p.rate))}  (8 weeks, oldest first; · = no events)`);
      return 0;
    }),
  );
}
