import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { addBackendFlags, type BackendFlags, createJudgeBackend } from './eval-shared.js';
import type { CliRuntime } from './runtime.js';

interface AnalyzeFlags extends BackendFlags {
  comparison?: string;
  benchmark?: string;
  skillA?: string;
  skillB?: string;
  transcriptA?: string;
  transcriptB?: string;
  writeNotes?: boolean;
  output?: string;
}

async function skillText(dir: string | undefined, cwd: string): Promise<string | null> {
  if (!dir) return null;
  const full = path.resolve(cwd, dir);
  const file = full.endsWith('.md') ? full : path.join(full, 'SKILL.md');
  return readFile(file, 'utf8').catch(() => {
    throw new SkillpulseError('NOT_FOUND', 'no SKILL.md here', { file });
  });
}

export function registerAnalyze(evalCommand: Command, cli: CliRuntime): void {
  addBackendFlags(
    evalCommand
      .command('analyze')
      .description(
        'explain a comparison (why the winner won) or a benchmark (assertions that never discriminate, always fail, favour a side) → analysis.json',
      )
      .option('--comparison <file>', 'comparison.json from `eval compare`')
      .option('--skill-a <dir>', 'skill behind output A of the comparison (its SKILL.md is shown after unblinding)')
      .option('--skill-b <dir>', 'skill behind output B')
      .option('--transcript-a <file>', 'transcript of run A')
      .option('--transcript-b <file>', 'transcript of run B')
      .option('--benchmark <file>', 'benchmark.json from `eval benchmark`')
      .option('--write-notes', 'with --benchmark: also put the notes into benchmark.json and benchmark.md')
      .option('-o, --output <file>', 'where to write (default: analysis.json beside the input)'),
  ).action(
    cli.action<AnalyzeFlags>(async (ctx, opts) => {
      if (!opts.comparison === !opts.benchmark)
        throw new SkillpulseError('USAGE', 'give exactly one of --comparison FILE or --benchmark FILE');
      const backend = await createJudgeBackend(opts, ctx);
      const input = path.resolve(ctx.cwd, (opts.comparison ?? opts.benchmark)!);
      const file = opts.output ? path.resolve(ctx.cwd, opts.output) : path.join(path.dirname(input), 'analysis.json');
      if (opts.benchmark) {
        const { analyzeBenchmark } = await import('../eval/judges/analyzer.js');
        const { notes, patterns, benchmark } = await analyzeBenchmark(input, backend);
        await writeFile(file, `${JSON.stringify(notes, null, 2)}\n`);
        if (opts.writeNotes) {
          const { renderBenchmarkMd } = await import('../eval/benchmark-md.js');
          benchmark.notes = notes;
          await writeFile(input, `${JSON.stringify(benchmark, null, 2)}\n`);
          await writeFile(input.replace(/\.json$/i, '') + '.md', renderBenchmarkMd(benchmark));
        }
        ctx.info(`Wrote ${file}`);
        if (ctx.json) ctx.printJson({ notes, patterns });
        else {
          for (const p of patterns) ctx.out(`[${p.kind}] ${p.text}`);
          for (const n of notes) ctx.out(`- ${n}`);
        }
        return 0;
      }
      const { analyzeComparison } = await import('../eval/judges/analyzer.js');
      const { readOptionalText } = await import('../eval/judges/sources.js');
      let comparison: import('../eval/judges/comparator.js').Comparison;
      try {
        comparison = JSON.parse(await readFile(input, 'utf8'));
      } catch (error) {
        throw new SkillpulseError('INVALID_INPUT', `cannot read comparison: ${(error as Error).message}`, { file: input });
      }
      if (!comparison?.blind_mapping || !comparison.rubric)
        throw new SkillpulseError('INVALID_INPUT', 'not a comparison.json from `eval compare` (blind_mapping missing)', { file: input });
      const { A, B } = comparison.blind_mapping;
      const { analysis } = await analyzeComparison({
        comparison,
        skills: { [A]: await skillText(opts.skillA, ctx.cwd), [B]: await skillText(opts.skillB, ctx.cwd) },
        transcripts: {
          [A]: await readOptionalText(opts.transcriptA ? path.resolve(ctx.cwd, opts.transcriptA) : undefined),
          [B]: await readOptionalText(opts.transcriptB ? path.resolve(ctx.cwd, opts.transcriptB) : undefined),
        },
        backend,
      });
      await writeFile(file, `${JSON.stringify(analysis, null, 2)}\n`);
      ctx.info(`Wrote ${file}`);
      if (ctx.json) ctx.printJson(analysis);
      else {
        ctx.out(`Winner: ${analysis.comparison_summary.winner_skill}`);
        for (const s of analysis.winner_strengths) ctx.out(`+ ${s}`);
        for (const w of analysis.loser_weaknesses) ctx.out(`- ${w}`);
        for (const s of analysis.improvement_suggestions) ctx.out(`[${s.priority}/${s.category}] ${s.suggestion}`);
      }
      return 0;
    }),
  );
}
