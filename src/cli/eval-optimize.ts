import type { Command } from 'commander';
import { EXIT_CODES } from '../errors.js';
import { addTriggerFlags, createJudgeBackend, interruptGuard, type TriggerFlags } from './eval-shared.js';
import { choiceOption, intOption, numberOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface OptimizeFlags extends TriggerFlags {
  maxIterations: number;
  holdout: number;
  seed: number;
  beam: number;
  apply?: boolean;
  backend: 'claude-cli' | 'api';
  rewriteModel?: string;
}

export function registerOptimize(evalCommand: Command, cli: CliRuntime): void {
  addTriggerFlags(
    evalCommand
      .command('optimize')
      .description('rewrite the description in a train/test loop and keep the one that does best on held-out queries'),
  )
    .option('--max-iterations <n>', 'rounds of evaluate + rewrite', intOption(1, 50), 5)
    .option('--holdout <x>', 'share of each class held out for the test set (0 disables)', numberOption(0, 0.9), 0.4)
    .option('--seed <n>', 'seed of the stratified split (same split as skill-creator for the same seed)', intOption(0), 42)
    .option('--beam <n>', 'candidates rewritten per round (1 = greedy, as skill-creator)', intOption(1, 8), 1)
    .option(
      '--backend <backend>',
      'rewriter backend: claude-cli (claude -p) or api (Messages API)',
      choiceOption(['claude-cli', 'api'] as const),
      'claude-cli',
    )
    .option('--rewrite-model <model>', 'model for the rewrites (default: --model)')
    .option('--apply', 'write the best description into SKILL.md (a backup is kept)')
    .action(
      cli.action<OptimizeFlags>(async (ctx, opts) => {
        const { prepareTrigger } = await import('../eval/trigger-setup.js');
        const { planTriggerEval } = await import('../eval/trigger-eval.js');
        const { optimizeDescription } = await import('../eval/optimizer.js');
        const { renderOptimizeText } = await import('../eval/optimize-report.js');
        const tmpRoot = ctx.env.TMPDIR ? { tmpRoot: ctx.env.TMPDIR } : {};
        const prepared = await prepareTrigger(opts, { env: ctx.env, cwd: ctx.cwd, ...tmpRoot });
        for (const w of prepared.warnings) ctx.warn(`${prepared.skill.file}: ${w.message}`);
        if (opts.dryRun) {
          const plan = await planTriggerEval(prepared.configFor(prepared.description, prepared.items));
          const perIteration = plan.runs_total;
          const maxRuns = perIteration * (1 + (opts.maxIterations - 1) * opts.beam);
          const estimate = {
            ...plan,
            iterations: opts.maxIterations,
            beam: opts.beam,
            max_runs: maxRuns,
            max_estimated_cost_usd: maxRuns * plan.per_run_estimate_usd,
          };
          if (ctx.json) ctx.printJson({ dry_run: true, ...estimate });
          else {
            ctx.out(
              `Dry run: up to ${maxRuns} runs (${perIteration} per candidate, ${opts.maxIterations} iterations, beam ${opts.beam}) plus up to ${(opts.maxIterations - 1) * opts.beam} rewrite calls.`,
            );
            ctx.out(
              `Estimated cost of the runs: up to $${estimate.max_estimated_cost_usd.toFixed(2)} ($${plan.per_run_estimate_usd.toFixed(4)} per run; ${plan.estimate_basis}).`,
            );
          }
          return 0;
        }
        const backend = await createJudgeBackend(opts, ctx, opts.rewriteModel ?? opts.model);
        const guard = interruptGuard(() => {
          prepared.runner.killAll?.();
          prepared.projects.removeAllSync();
        });
        let result: Awaited<ReturnType<typeof optimizeDescription>>;
        try {
          result = await optimizeDescription({
            skillName: prepared.skill.name!,
            skillText: prepared.skill.text,
            originalDescription: prepared.description,
            items: prepared.items,
            maxIterations: opts.maxIterations,
            holdout: opts.holdout,
            seed: opts.seed,
            beam: opts.beam,
            backend,
            configFor: prepared.configFor,
            signal: guard.signal,
            onProgress: (m) => ctx.info(m),
          });
        } finally {
          guard.dispose();
          prepared.projects.removeAllSync();
        }
        let applied: { file: string; backup: string } | null = null;
        if (opts.apply && result.best_description !== prepared.skill.description) {
          const { applyDescription } = await import('../eval/apply.js');
          applied = await applyDescription(prepared.skill, result.best_description);
          ctx.info(`Wrote the best description to ${applied.file} (backup: ${applied.backup})`);
        } else if (opts.apply) {
          ctx.info('The best description is the current one; SKILL.md is unchanged.');
        }
        if (ctx.json) ctx.printJson({ ...result, applied });
        else for (const line of renderOptimizeText(result)) ctx.out(line);
        if (result.exit_reason.startsWith('interrupted')) return EXIT_CODES.ABORTED;
        if (result.budget_exhausted) return EXIT_CODES.BUDGET;
        return 0;
      }),
    );
}
