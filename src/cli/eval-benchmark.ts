import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

interface BenchmarkFlags {
  skillName?: string;
  skillPath?: string;
  executorModel?: string;
  analyzerModel?: string;
  output?: string;
}

export function registerBenchmark(evalCommand: Command, cli: CliRuntime): void {
  evalCommand
    .command('benchmark')
    .description('aggregate graded runs (skill-creator layouts) into benchmark.json and benchmark.md')
    .argument('<dir>', 'benchmark folder: <eval>/<config>/run-N/grading.json or <eval>/<config>/grading.json')
    .option('--skill-name <name>', 'skill name for the report')
    .option('--skill-path <path>', 'skill path for the report')
    .option('--executor-model <model>', 'model that ran the evals')
    .option('--analyzer-model <model>', 'model that graded them')
    .option('-o, --output <file>', 'benchmark.json path (default: <dir>/benchmark.json; the .md goes beside it)')
    .action(
      cli.action<BenchmarkFlags>(async (ctx, opts, args) => {
        const { aggregateBenchmark } = await import('../eval/benchmark.js');
        const { renderBenchmarkMd } = await import('../eval/benchmark-md.js');
        const dir = path.resolve(ctx.cwd, args[0]!);
        const benchmark = await aggregateBenchmark(dir, {
          skillName: opts.skillName,
          skillPath: opts.skillPath,
          executorModel: opts.executorModel,
          analyzerModel: opts.analyzerModel,
          warn: (m) => ctx.warn(m),
        });
        const jsonFile = opts.output ? path.resolve(ctx.cwd, opts.output) : path.join(dir, 'benchmark.json');
        const mdFile = jsonFile.replace(/\.json$/i, '') + '.md';
        const md = renderBenchmarkMd(benchmark);
        await writeFile(jsonFile, `${JSON.stringify(benchmark, null, 2)}\n`);
        await writeFile(mdFile, md);
        ctx.info(`Wrote ${jsonFile} and ${mdFile}`);
        if (ctx.json) ctx.printJson(benchmark);
        else ctx.out(md);
        return 0;
      }),
    );
}
