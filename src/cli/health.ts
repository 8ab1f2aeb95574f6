import type { Command } from 'commander';
import { dateOption, intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface HealthOpts {
  db?: string;
  now?: Date;
  minInvocations?: number;
  scan?: boolean;
  sessions?: string[];
}

const pct = (x: number | null) => (x === null ? '–' : `${(x * 100).toFixed(0)}%`);

/** `skillpulse health [SKILL]`: the skill-health model, for one skill or all of them worst first. */
export function register(program: Command, cli: CliRuntime): void {
  program
    .command('health')
    .description(
      'skill health from the store: usage, correction rate, explicit success rate, trend, hotspots, decayed maturity, should-update reasons',
    )
    .argument('[skill]', 'skill id (default: every skill, worst first)')
    .option('--scan', 'scan transcripts into the store first')
    .option('--sessions <path...>', "with --scan: transcript folders or files (default: the config's sessionRoots, else the default roots)")
    .option(
      '--min-invocations <n>',
      'classified reactions needed before rates count (default: config minInvocations, else 5)',
      intOption(1),
    )
    .option('--now <iso>', 'reference time (default: now)', dateOption)
    .option('--db <file>', 'use this store file')
    .action(
      cli.action<HealthOpts>(async (ctx, opts, args) => {
        const { resolveStorePath } = await import('../store/database.js');
        const { openStore } = await import('../store/store.js');
        const { skillHealth, allSkillHealth } = await import('../store/health.js');
        const path = resolveStorePath({ db: opts.db, env: ctx.env, cwd: ctx.cwd });
        const db = openStore(path);
        try {
          if (opts.scan) {
            // The configured window, excluded projects and snippet policy apply, as for `scan`.
            const { scanWithProgress } = await import('./scan-progress.js');
            const { reportReadIssues } = await import('./read-issues.js');
            const scanned = await scanWithProgress(ctx, db, { sessions: opts.sessions ?? [] });
            reportReadIssues(ctx, scanned.issues, scanned.stats.malformed);
          }
          const options = {
            now: opts.now ?? new Date(),
            ...(opts.minInvocations !== undefined ? { minInvocations: opts.minInvocations } : {}),
          };
          const list = args[0] !== undefined ? [skillHealth(db, args[0], options)] : allSkillHealth(db, options);
          if (ctx.json) {
            ctx.printJson(args[0] !== undefined ? list[0] : list);
            return 0;
          }
          if (list.length === 0) {
            ctx.out(`No skills in the store ${path} yet: run skillpulse scan, or record feedback.`);
            return 0;
          }
          const c = ctx.colors;
          for (const h of list) {
            const flag = h.should_update ? c.red('needs attention') : c.green('ok');
            ctx.out(`${c.bold(h.skill_id)}  ${flag}  maturity ${h.maturity.state} (×${h.maturity.multiplier})`);
            ctx.out(
              `  used ${h.invocations}×${h.nested ? ` (${h.nested} nested)` : ''}${h.failed ? `, ${h.failed} failed` : ''}${h.last_used ? `, last ${h.last_used}` : ''}`,
            );
            const interval = h.implicit.interval ? ` [${h.implicit.interval.low.toFixed(2)}–${h.implicit.interval.high.toFixed(2)}]` : '';
            ctx.out(
              `  implicit: correction rate ${h.implicit.correction_rate.toFixed(2)}${interval} over ${h.implicit.sample_size} reactions${h.implicit.sufficient_data ? '' : ' (insufficient data)'}; trend ${h.trend.direction}`,
            );
            ctx.out(
              `  explicit: ${h.explicit.total} records, success rate ${pct(h.explicit.success_rate)} (success ${h.explicit.success}, failure ${h.explicit.failure}, partial ${h.explicit.partial})`,
            );
            ctx.out(
              `  evidence (decayed, half-life ${h.maturity.half_life_days} d): helpful ${h.maturity.decayed_helpful.toFixed(2)}, harmful ${h.maturity.decayed_harmful.toFixed(2)}, helpful weight ${h.maturity.helpful_weight.toFixed(2)}`,
            );
            const hot = Object.entries(h.hotspots).filter(([, n]) => n > 0);
            if (hot.length) ctx.out(`  hotspots: ${hot.map(([d, n]) => `${d} ${n}`).join(', ')}`);
            for (const reason of h.reasons) ctx.out(`  - ${reason.message}`);
          }
          return 0;
        } finally {
          db.close();
        }
      }),
    );
}
