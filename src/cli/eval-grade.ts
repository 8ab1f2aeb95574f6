import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { addBackendFlags, type BackendFlags, createJudgeBackend, loadExpectations } from './eval-shared.js';
import { collect } from './options.js';
import type { CliRuntime } from './runtime.js';

interface GradeFlags extends BackendFlags {
  outputs: string;
  transcript?: string;
  expectation?: string[];
  expectations?: string;
  output?: string;
}

export function registerGrade(evalCommand: Command, cli: CliRuntime): void {
  addBackendFlags(
    evalCommand
      .command('grade')
      .description('grade one run against its expectations (PASS/FAIL with quoted evidence) → grading.json')
      .requiredOption('--outputs <dir>', "the run's outputs folder")
      .option('--transcript <file>', 'transcript of the run (default: <outputs>/../transcript.md)')
      .option('--expectation <text>', 'an expectation (repeatable)', collect)
      .option('--expectations <file>', 'JSON array of expectations, or eval_metadata.json with "assertions"')
      .option('-o, --output <file>', 'where to write (default: <outputs>/../grading.json)'),
  ).action(
    cli.action<GradeFlags>(async (ctx, opts) => {
      const expectations = await loadExpectations(opts.expectation, opts.expectations, ctx.cwd);
      if (expectations.length === 0) throw new SkillpulseError('USAGE', 'give at least one --expectation or --expectations FILE');
      const { gradeRun } = await import('../eval/judges/grader.js');
      const outputsDir = path.resolve(ctx.cwd, opts.outputs);
      const backend = await createJudgeBackend(opts, ctx);
      const { grading, log } = await gradeRun({
        expectations,
        outputsDir,
        transcriptFile: opts.transcript ? path.resolve(ctx.cwd, opts.transcript) : undefined,
        backend,
      });
      const file = opts.output ? path.resolve(ctx.cwd, opts.output) : path.join(path.dirname(outputsDir), 'grading.json');
      await writeFile(file, `${JSON.stringify(grading, null, 2)}\n`);
      ctx.info(`Wrote ${file} (${log.attempts} model call${log.attempts === 1 ? '' : 's'})`);
      if (ctx.json) ctx.printJson(grading);
      else {
        for (const e of grading.expectations) ctx.out(`[${e.passed ? 'PASS' : 'FAIL'}] ${e.text}\n       ${e.evidence}`);
        ctx.out(`${grading.summary.passed}/${grading.summary.total} passed (pass_rate ${grading.summary.pass_rate})`);
      }
      return 0;
    }),
  );
}
