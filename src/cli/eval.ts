import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';
import { registerAnalyze } from './eval-analyze.js';
import { registerBenchmark } from './eval-benchmark.js';
import { registerCompare } from './eval-compare.js';
import { registerGrade } from './eval-grade.js';
import { registerOptimize } from './eval-optimize.js';
import { registerTrigger } from './eval-trigger.js';

/** `skillpulse eval …`: trigger, optimize, benchmark, grade, compare, analyze. */
export function register(program: Command, cli: CliRuntime): void {
  const evalCommand = program
    .command('eval')
    .description('evaluate and improve skills: trigger rates, description optimisation, benchmarks, judges');
  registerTrigger(evalCommand, cli);
  registerOptimize(evalCommand, cli);
  registerBenchmark(evalCommand, cli);
  registerGrade(evalCommand, cli);
  registerCompare(evalCommand, cli);
  registerAnalyze(evalCommand, cli);
}
