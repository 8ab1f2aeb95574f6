import type { Command } from 'commander';
import { MATURITY_STATES } from '../learning/maturity.js';
import type { PatternChange, PatternView } from '../learning/learning-service.js';
import type { MaturityState } from '../learning/types.js';
import type { CommandContext } from './context.js';
import { type LearningStoreOpts, learningStoreOptions, withLearning } from './learning-shared.js';
import { choiceOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface PatternsOpts extends LearningStoreOpts {
  state?: MaturityState;
}

export function register(program: Command, cli: CliRuntime): void {
  // --db and --now live on `patterns` itself (commander lets a parent's options follow the
  // subcommand), so `patterns observe ID --success --db x` works; subcommands read them from here.
  const patterns = learningStoreOptions(
    program
      .command('patterns')
      .description('list learned decomposition patterns by maturity; observe, promote, deprecate, reset, extract')
      .option('--state <state>', `only patterns in this state: ${MATURITY_STATES.join(', ')}`, choiceOption(MATURITY_STATES)),
  );
  const shared = (): PatternsOpts => patterns.opts() as PatternsOpts;

  patterns.action(
    cli.action<PatternsOpts>(async (ctx, opts) =>
      withLearning(ctx, opts, async (service) => {
        const views = await service.listPatterns({ state: opts.state });
        if (ctx.json) {
          ctx.printJson(views.map(viewJson));
          return 0;
        }
        if (views.length === 0) {
          ctx.info(opts.state ? `no ${opts.state} patterns` : 'no patterns learned yet (record outcomes with `skillpulse outcome record`)');
          return 0;
        }
        const { renderTable } = await import('./table.js');
        ctx.out(
          renderTable({
            columns: [
              { header: 'ID' },
              { header: 'STATE' },
              { header: 'OK', align: 'right' },
              { header: 'FAIL', align: 'right' },
              { header: 'PATTERN' },
            ],
            rows: views.map((v) => [v.pattern.id, stateOf(v), v.pattern.success_count, v.pattern.failure_count, v.pattern.content]),
            width: ctx.width,
            headerStyle: ctx.colors.bold,
          }),
        );
        return 0;
      }),
    ),
  );

  patterns
    .command('observe')
    .description('record one success or failure of a pattern (may invert it into an anti-pattern)')
    .argument('<id>', 'pattern id or exact content')
    .option('--success', 'it worked')
    .option('--failure', 'it did not')
    .option('--task <id>', 'the task it was used in')
    .action(
      cli.action<{ success?: boolean; failure?: boolean; task?: string }>(async (ctx, opts, args) => {
        const { SkillpulseError } = await import('../errors.js');
        if (opts.success === opts.failure)
          throw new SkillpulseError('USAGE', 'give exactly one of --success and --failure', { field: '--success/--failure' });
        const store = shared();
        return withLearning(ctx, store, async (service) => {
          const update = await service.observePattern(args[0] ?? '', opts.success === true, opts.task, store.now ?? new Date());
          if (ctx.json) {
            ctx.printJson({
              ...viewJson(update),
              inversion: update.inversion ? { inverted: update.inversion.inverted, reason: update.inversion.reason } : null,
            });
            return 0;
          }
          printChange(ctx, update);
          if (update.inversion)
            ctx.out(
              `${ctx.colors.red('inverted into an anti-pattern:')} ${update.inversion.inverted.content} (${update.inversion.inverted.id})`,
            );
          return 0;
        });
      }),
    );

  patterns
    .command('promote')
    .description('mark a pattern proven by hand (a deprecated pattern must be reset first)')
    .argument('<id>', 'pattern id or exact content')
    .action(
      cli.action(async (ctx, _opts, args) => {
        const store = shared();
        return withLearning(ctx, store, async (service) => {
          const change = await service.promote(args[0] ?? '', store.now ?? new Date(), (message) => ctx.warn(message));
          return report(ctx, change);
        });
      }),
    );

  patterns
    .command('deprecate')
    .description('mark a pattern deprecated by hand, with a reason')
    .argument('<id>', 'pattern id or exact content')
    .requiredOption('--reason <text>', 'why it should not be used')
    .action(
      cli.action<{ reason: string }>(async (ctx, opts, args) => {
        const store = shared();
        return withLearning(ctx, store, async (service) =>
          report(ctx, await service.deprecate(args[0] ?? '', opts.reason, store.now ?? new Date())),
        );
      }),
    );

  patterns
    .command('reset')
    .description('put a pattern back to candidate (the way out of a manual deprecation)')
    .argument('<id>', 'pattern id or exact content')
    .action(
      cli.action(async (ctx, _opts, args) => {
        const store = shared();
        return withLearning(ctx, store, async (service) => report(ctx, await service.reset(args[0] ?? '', store.now ?? new Date())));
      }),
    );

  patterns
    .command('extract')
    .description('list the decomposition strategies a description uses (English or Chinese); no store needed')
    .argument('<description>', 'the decomposition description')
    .option('--lang <lang>', 'names in en (default) or zh', choiceOption(['en', 'zh'] as const))
    .action(
      cli.action<{ lang?: 'en' | 'zh' }>(async (ctx, opts, args) => {
        const { extractPatternsFromDescription } = await import('../learning/pattern-extraction.js');
        const found = extractPatternsFromDescription(args.join(' '), { lang: opts.lang ?? 'en' });
        if (ctx.json) ctx.printJson(found);
        else if (found.length === 0) ctx.info('no known decomposition strategy found');
        else for (const name of found) ctx.out(name);
        return 0;
      }),
    );
}

function stateOf(view: PatternView): string {
  if (view.maturity) return view.maturity.state;
  return view.pattern.kind === 'anti_pattern' ? 'anti-pattern' : 'candidate';
}

function viewJson(view: PatternView) {
  return { ...view.pattern, state: stateOf(view), maturity: view.maturity };
}

function printChange(ctx: CommandContext, change: PatternChange): void {
  const m = change.maturity;
  const reason = m.state === 'deprecated' && m.deprecation_reason ? ` (${m.deprecation_reason})` : '';
  ctx.out(
    `${change.pattern.content} [${change.pattern.id}]: ${m.state}${reason}, ${change.pattern.success_count}/${change.pattern.failure_count} success/failure`,
  );
}

function report(ctx: CommandContext, change: PatternChange): number {
  if (ctx.json) ctx.printJson(viewJson(change));
  else printChange(ctx, change);
  return 0;
}
