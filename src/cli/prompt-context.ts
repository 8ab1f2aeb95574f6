import type { Command } from 'commander';
import { type LearningStoreOpts, learningStoreOptions, withLearning } from './learning-shared.js';
import { choiceOption } from './options.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse prompt-context`: what a decomposition prompt should include from what was learned. */
export function register(program: Command, cli: CliRuntime): void {
  learningStoreOptions(
    program
      .command('prompt-context')
      .description('print what a decomposition prompt should include: anti-patterns, patterns by maturity, a task’s errors')
      .option('--lang <lang>', 'en (default) or zh', choiceOption(['en', 'zh'] as const))
      .option('--task <id>', 'also include the error context of this task')
      .option('--include-resolved', 'with --task: show resolved errors too'),
  ).action(
    cli.action<LearningStoreOpts & { lang?: 'en' | 'zh'; task?: string; includeResolved?: boolean }>(async (ctx, opts) =>
      withLearning(ctx, opts, async (service) => {
        const text = await service.promptContext({
          lang: opts.lang ?? 'en',
          task: opts.task,
          includeResolved: opts.includeResolved === true,
        });
        if (ctx.json) ctx.printJson({ lang: opts.lang ?? 'en', context: text });
        else if (text === '') ctx.info('nothing learned yet (record outcomes with `skillpulse outcome record`)');
        else ctx.io.stdout.write(text);
        return 0;
      }),
    ),
  );
}
