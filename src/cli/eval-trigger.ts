import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { EXIT_CODES } from '../errors.js';
import { addTriggerFlags, interruptGuard, type TriggerFlags } from './eval-shared.js';
import type { CliRuntime } from './runtime.js';

export function registerTrigger(evalCommand: Command, cli: CliRuntime): void {
  addTriggerFlags(
    evalCommand
      .command('trigger')
      .description("measure how often a skill's description makes Claude invoke it (isolated runs of the real client)"),
  ).action(
    cli.action<TriggerFlags>(async (ctx, opts) => {
      const { prepareTrigger } = await import('../eval/trigger-setup.js');
      const { planTriggerEval, runTriggerEval } = await import('../eval/trigger-eval.js');
      const { renderPlanText, renderTriggerHtml, renderTriggerText } = await import('../eval/trigger-report.js');
      const prepared = await prepareTrigger(opts, { env: ctx.env, cwd: ctx.cwd, ...(ctx.env.TMPDIR ? { tmpRoot: ctx.env.TMPDIR } : {}) });
      for (const w of prepared.warnings) ctx.warn(`${prepared.skill.file}: ${w.message}`);
      if (prepared.userSkillConflict) {
        ctx.warn(
          `a skill named "${prepared.skill.name}" is installed for the user at ${prepared.userSkillConflict}; runs use project settings only so it cannot shadow the candidate`,
        );
      }
      const config = prepared.configFor(prepared.description, prepared.items);
      if (opts.dryRun) {
        const plan = await planTriggerEval(config);
        if (ctx.json) ctx.printJson({ dry_run: true, skill_name: prepared.skill.name, description: prepared.description, ...plan });
        else for (const line of renderPlanText(plan)) ctx.out(line);
        return 0;
      }
      const guard = interruptGuard(() => {
        prepared.runner.killAll?.();
        prepared.projects.removeAllSync();
      });
      let result: Awaited<ReturnType<typeof runTriggerEval>>;
      try {
        result = await runTriggerEval({
          ...config,
          signal: guard.signal,
          onRun: (e) => {
            const d = e.detail;
            ctx.info(
              `[${e.done}/${e.total}] ${d.status}${d.cached ? ' (cached)' : ''}${d.error ? `: ${d.error}` : ''}: ${e.query.slice(0, 60)}`,
            );
          },
        });
      } finally {
        guard.dispose();
        prepared.projects.removeAllSync();
      }
      if (opts.html) {
        const file = path.resolve(ctx.cwd, opts.html);
        await writeFile(file, renderTriggerHtml(result));
        ctx.info(`Report: ${file}`);
      }
      if (ctx.json) ctx.printJson(result);
      else for (const line of renderTriggerText(result)) ctx.out(line);
      if (result.summary.interrupted) return EXIT_CODES.ABORTED;
      if (result.summary.budget_exhausted) return EXIT_CODES.BUDGET;
      return 0;
    }),
  );
}
