import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { FAILURE_MODES, type FailureMode } from '../learning/types.js';
import { fixed, type LearningStoreOpts, learningStoreOptions, withLearning } from './learning-shared.js';
import { choiceOption, collect, intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface OutcomeRecordOpts extends LearningStoreOpts {
  task: string;
  durationMs: number;
  errors?: number;
  retries?: number;
  success?: boolean;
  failure?: boolean;
  strategy?: string;
  files?: string[];
  criteria?: string[];
  failureMode?: FailureMode;
  failureDetails?: string;
  pattern?: string[];
  description?: string;
}

export function register(program: Command, cli: CliRuntime): void {
  const outcome = program.command('outcome').description('learn from task outcomes (implicit feedback scoring)');
  learningStoreOptions(
    outcome
      .command('record')
      .description('score a finished task and update criterion weights, patterns and their maturity')
      .requiredOption('--task <id>', 'task id')
      .requiredOption('--duration-ms <n>', 'time from start to completion in milliseconds', intOption(0))
      .option('--errors <n>', 'errors met (default: the errors recorded for the task with `errors record`)', intOption(0))
      .option('--retries <n>', 'retries (default 0)', intOption(0))
      .option('--success', 'the task succeeded')
      .option('--failure', 'the task failed')
      .option('--strategy <s>', 'decomposition strategy used, e.g. file-based (learned as a pattern)')
      .option('--files <path...>', 'files touched')
      .option('--criteria <name...>', 'criteria to feed (default: type_safe no_bugs patterns readable)')
      .option('--failure-mode <m>', `why it failed: ${FAILURE_MODES.join(', ')}`, choiceOption(FAILURE_MODES))
      .option('--failure-details <text>', 'error context (classified into a failure mode when --failure-mode is absent)')
      .option('--pattern <id-or-text>', 'a pattern used (repeatable; unknown texts are created)', collect)
      .option('--description <text>', 'the decomposition description; its recognised strategies count as used patterns'),
  ).action(
    cli.action<OutcomeRecordOpts>(async (ctx, opts) => {
      if (opts.success === opts.failure) {
        throw new SkillpulseError('USAGE', 'give exactly one of --success and --failure', { field: '--success/--failure' });
      }
      return withLearning(ctx, opts, async (service) => {
        const now = opts.now ?? new Date();
        const result = await service.recordOutcome(
          {
            bead_id: opts.task,
            duration_ms: opts.durationMs,
            error_count: opts.errors,
            retry_count: opts.retries ?? 0,
            success: opts.success === true,
            files_touched: opts.files ?? [],
            strategy: opts.strategy,
            failure_mode: opts.failureMode,
            failure_details: opts.failureDetails,
            criteria: opts.criteria,
            patterns: opts.pattern,
            description: opts.description,
          },
          now,
        );
        const { outcome: scored } = result;
        if (ctx.json) {
          ctx.printJson({
            task: scored.signals.bead_id,
            type: scored.type,
            score: scored.raw_score,
            decayed_value: scored.decayed_value,
            reasoning: scored.reasoning,
            signals: scored.signals,
            criteria: result.criteria,
            patterns: result.patterns.map((p) => ({
              ...p.pattern,
              maturity: p.maturity,
              inversion: p.inversion ? { inverted: p.inversion.inverted, reason: p.inversion.reason } : null,
            })),
          });
          return 0;
        }
        const { colors } = ctx;
        const paint = scored.type === 'helpful' ? colors.green : scored.type === 'harmful' ? colors.red : colors.yellow;
        ctx.out(`${scored.signals.bead_id}: ${paint(scored.type)} (score ${fixed(scored.raw_score)})`);
        ctx.out(`  ${scored.reasoning}`);
        if (scored.signals.failure_mode) ctx.out(`  failure mode: ${scored.signals.failure_mode}`);
        ctx.out('criteria:');
        for (const c of result.criteria) {
          const flag = c.deprecated ? ` ${colors.red('deprecated')}` : '';
          ctx.out(`  ${c.criterion}: weight ${fixed(c.weight)} (${c.helpful_count} helpful, ${c.harmful_count} harmful)${flag}`);
        }
        if (result.patterns.length > 0) ctx.out('patterns:');
        for (const p of result.patterns) {
          ctx.out(`  ${p.pattern.content}: ${p.pattern.success_count}/${p.pattern.failure_count} success/failure, ${p.maturity.state}`);
          if (p.inversion) ctx.out(`    ${colors.red('inverted into an anti-pattern:')} ${p.inversion.inverted.content}`);
        }
        return 0;
      });
    }),
  );
}
