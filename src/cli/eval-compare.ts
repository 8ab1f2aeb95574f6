import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { addBackendFlags, type BackendFlags, createJudgeBackend, loadExpectations } from './eval-shared.js';
import { collect, intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface CompareFlags extends BackendFlags {
  prompt?: string;
  promptFile?: string;
  expectation?: string[];
  expectations?: string;
  seed?: number;
  output?: string;
}

export function registerCompare(evalCommand: Command, cli: CliRuntime): void {
  addBackendFlags(
    evalCommand
      .command('compare')
      .description('blind A/B comparison of two outputs (random order, six 1–5 criteria) → comparison.json')
      .argument('<first>', 'first output (folder or file)')
      .argument('<second>', 'second output (folder or file)')
      .option('--prompt <text>', 'the task both outputs answer')
      .option('--prompt-file <file>', 'file holding the task (or eval_metadata.json with "prompt")')
      .option('--expectation <text>', 'an expectation to check on both (repeatable)', collect)
      .option('--expectations <file>', 'JSON array of expectations, or eval_metadata.json with "assertions"')
      .option('--seed <n>', 'seed for the A/B order (default: random)', intOption(0))
      .option('-o, --output <file>', 'where to write (default: ./comparison.json)'),
  ).action(
    cli.action<CompareFlags>(async (ctx, opts, args) => {
      const { readFile } = await import('node:fs/promises');
      let task = opts.prompt;
      if (!task && opts.promptFile) {
        const file = path.resolve(ctx.cwd, opts.promptFile);
        const raw = await readFile(file, 'utf8').catch((e: Error) => {
          throw new SkillpulseError('NOT_FOUND', e.message, { file });
        });
        try {
          const meta = JSON.parse(raw) as { prompt?: unknown };
          task = typeof meta.prompt === 'string' ? meta.prompt : raw;
        } catch {
          task = raw;
        }
      }
      if (!task) throw new SkillpulseError('USAGE', 'give the task with --prompt TEXT or --prompt-file FILE');
      const expectations = await loadExpectations(opts.expectation, opts.expectations, ctx.cwd);
      const { compareOutputs } = await import('../eval/judges/comparator.js');
      const backend = await createJudgeBackend(opts, ctx);
      const first = path.resolve(ctx.cwd, args[0]!);
      const second = path.resolve(ctx.cwd, args[1]!);
      const { comparison, log } = await compareOutputs({
        first: { label: args[0]!, path: first },
        second: { label: args[1]!, path: second },
        prompt: task,
        expectations,
        backend,
        seed: opts.seed,
      });
      const file = path.resolve(ctx.cwd, opts.output ?? 'comparison.json');
      await writeFile(file, `${JSON.stringify(comparison, null, 2)}\n`);
      ctx.info(`Wrote ${file} (${log.attempts} model call${log.attempts === 1 ? '' : 's'})`);
      if (ctx.json) ctx.printJson(comparison);
      else {
        const w = comparison.winner;
        ctx.out(
          `Winner: ${w === 'TIE' ? 'tie' : `${w} = ${comparison.blind_mapping[w]}`} (overall A ${comparison.rubric.A.overall_score}, B ${comparison.rubric.B.overall_score})`,
        );
        ctx.out(comparison.reasoning);
      }
      return 0;
    }),
  );
}
