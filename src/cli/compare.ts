import type { Command } from 'commander';
import { addSessionOptions, rateText, runAnalysis, type SessionOpts } from './implicit-shared.js';
import { dateOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface CompareOpts extends SessionOpts {
  at?: Date;
  byVersion?: boolean;
  before?: string;
  after?: string;
}

/** `skillpulse compare SKILL --at DATE | --by-version`: did a change help? */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(
    program
      .command('compare')
      .description("compare a skill's correction rate before and after a date or between skill versions (two-proportion z-test)")
      .argument('<skill>')
      .option('--at <date>', 'split at this date: before it vs from it', dateOption)
      .option('--by-version', 'compare skill versions (the hash of the injected skill body); default the last two')
      .option('--before <version>', 'with --by-version: the earlier version')
      .option('--after <version>', 'with --by-version: the later version'),
  ).action(
    cli.action<CompareOpts>(async (ctx, opts, args) => {
      const skill = args[0]!;
      const { SkillpulseError } = await import('../errors.js');
      if (!opts.at && !opts.byVersion) throw new SkillpulseError('USAGE', 'compare needs --at DATE or --by-version');
      const result = await runAnalysis(ctx, opts, skill);
      const { compareByDate, compareByVersion, pyFixed, skillVersions } = await import('../metrics/index.js');
      const versioned = result.invocations.flatMap((a) => (a.event ? [{ ...a.event, skill_version: a.invocation.skill_version }] : []));
      let comparison: ReturnType<typeof compareByDate> | null;
      if (opts.byVersion) {
        const pair = opts.before && opts.after ? { before: opts.before, after: opts.after } : undefined;
        comparison = compareByVersion(versioned, skill, pair, { minInvocations: opts.minInvocations });
        if (comparison === null) {
          const versions = skillVersions(versioned, skill);
          throw new SkillpulseError(
            'NOT_FOUND',
            `${skill} has ${versions.length} known version(s) in classified events; a comparison needs two`,
            {
              hint: 'use --at DATE',
            },
          );
        }
      } else {
        comparison = compareByDate(result.events, skill, opts.at!, { minInvocations: opts.minInvocations });
      }
      if (ctx.json) {
        ctx.printJson(comparison);
        return 0;
      }
      const b = comparison.before;
      const a = comparison.after;
      ctx.out(`${comparison.before_label}: ${rateText(b.correction_rate, b.interval, pyFixed)} (n=${b.sample_size})`);
      ctx.out(`${comparison.after_label}: ${rateText(a.correction_rate, a.interval, pyFixed)} (n=${a.sample_size})`);
      ctx.out(`${comparison.test}: z=${comparison.z ?? '-'}, p=${comparison.p_value ?? '-'} (alpha ${comparison.alpha})`);
      ctx.out(`verdict: ${comparison.verdict.replaceAll('_', ' ')}. ${comparison.summary}`);
      return 0;
    }),
  );
}
