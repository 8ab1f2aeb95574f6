import type { Command } from 'commander';
import { ERROR_TYPES, type ErrorType } from '../learning/types.js';
import { type LearningStoreOpts, learningStoreOptions, withLearning } from './learning-shared.js';
import { choiceOption } from './options.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse errors record|resolve|stats|context`: the error accumulator of tasks. */
export function register(program: Command, cli: CliRuntime): void {
  // --db / --now on the parent, readable after the subcommand (see patterns.ts).
  const errors = learningStoreOptions(
    program.command('errors').description('record and resolve errors met while running a task; stats and retry context'),
  );
  const shared = (): LearningStoreOpts => errors.opts() as LearningStoreOpts;

  errors
    .command('record')
    .description('record an error of a task')
    .requiredOption('--task <id>', 'task id')
    .requiredOption('--type <type>', ERROR_TYPES.join(', '), choiceOption(ERROR_TYPES))
    .requiredOption('--message <text>', 'what went wrong')
    .option('--stack <text>', 'stack trace')
    .option('--tool <name>', 'the tool that failed')
    .option('--context <text>', 'what was being done')
    .action(
      cli.action<{ task: string; type: ErrorType; message: string; stack?: string; tool?: string; context?: string }>(async (ctx, opts) => {
        const store = shared();
        return withLearning(ctx, store, async (service) => {
          const { ErrorAccumulator } = await import('../learning/error-accumulator.js');
          const entry = await new ErrorAccumulator(service.storage.errors).recordError(
            opts.task,
            opts.type,
            opts.message,
            { stack_trace: opts.stack, tool_name: opts.tool, context: opts.context },
            store.now ?? new Date(),
          );
          if (ctx.json) ctx.printJson(entry);
          else ctx.out(entry.id);
          return 0;
        });
      }),
    );

  errors
    .command('resolve')
    .description('mark an error resolved (it leaves the retry context)')
    .argument('<id>', 'error id, as printed by `errors record`')
    .action(
      cli.action(async (ctx, _opts, args) =>
        withLearning(ctx, shared(), async (service) => {
          const id = args[0] ?? '';
          if (!(await service.storage.errors.markResolved(id))) {
            const { SkillpulseError } = await import('../errors.js');
            throw new SkillpulseError('NOT_FOUND', `no error with id "${id}"`, { hint: 'ids are printed by `skillpulse errors record`' });
          }
          if (ctx.json) ctx.printJson({ id, resolved: true });
          else ctx.out(`resolved ${id}`);
          return 0;
        }),
      ),
    );

  errors
    .command('stats')
    .description('error counts of a task: total (resolved included), unresolved, by type')
    .requiredOption('--task <id>', 'task id')
    .action(
      cli.action<{ task: string }>(async (ctx, opts) =>
        withLearning(ctx, shared(), async (service) => {
          const { computeErrorStats } = await import('../learning/error-accumulator.js');
          const stats = computeErrorStats(await service.storage.errors.getByBead(opts.task));
          if (ctx.json) {
            ctx.printJson(stats);
            return 0;
          }
          ctx.out(`${opts.task}: ${stats.total} error(s), ${stats.unresolved} unresolved`);
          for (const [type, n] of Object.entries(stats.by_type)) ctx.out(`  ${type}: ${n}`);
          return 0;
        }),
      ),
    );

  errors
    .command('context')
    .description('the error context to put in a retry prompt')
    .requiredOption('--task <id>', 'task id')
    .option('--include-resolved', 'show resolved errors too')
    .option('--lang <lang>', 'en (default) or zh', choiceOption(['en', 'zh'] as const))
    .action(
      cli.action<{ task: string; includeResolved?: boolean; lang?: 'en' | 'zh' }>(async (ctx, opts) =>
        withLearning(ctx, shared(), async (service) => {
          const { formatErrorContext } = await import('../learning/prompt-format.js');
          const text = formatErrorContext(await service.storage.errors.getByBead(opts.task), {
            lang: opts.lang ?? 'en',
            includeResolved: opts.includeResolved === true,
          });
          if (ctx.json) ctx.printJson({ task: opts.task, context: text });
          else if (text === '') ctx.info(`no ${opts.includeResolved ? '' : 'unresolved '}errors for ${opts.task}`);
          else ctx.io.stdout.write(text);
          return 0;
        }),
      ),
    );
}
