import type { Command } from 'commander';
import { addSessionOptions, runAnalysis, type SessionOpts } from './implicit-shared.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse hotspots ID`: which dimensions a skill's corrections and partials point at. */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(program.command('hotspots').description("a skill's corrections and partials per dimension").argument('<skill>')).action(
    cli.action<SessionOpts>(async (ctx, opts, args) => {
      const skill = args[0]!;
      const result = await runAnalysis(ctx, opts, skill);
      const { computeHotspotDimensions, topHotspots } = await import('../metrics/index.js');
      const hotspots = computeHotspotDimensions(result.events, skill);
      const unattributed = result.events.filter(
        (e) => (e.outcome === 'correction' || e.outcome === 'partial') && e.dimension_hint === 'unknown',
      ).length;
      if (ctx.json) {
        ctx.printJson({ skill_id: skill, hotspots, unattributed });
        return 0;
      }
      const rows = topHotspots(hotspots, Number.POSITIVE_INFINITY);
      if (rows.length === 0) ctx.out(`${skill}: no corrections or partials with a dimension`);
      else for (const [d, n] of rows) ctx.out(`${d.padEnd(16)} ${String(n).padStart(4)}`);
      if (unattributed > 0) ctx.out(`${'unknown'.padEnd(16)} ${String(unattributed).padStart(4)}  (no dimension keyword)`);
      return 0;
    }),
  );
}
