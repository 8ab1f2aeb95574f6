/**
 * Shared by the implicit-feedback reading commands (report, trend, hotspots, show, compare):
 * the session options and the analysis run. These read sessions for now; the store will replace
 * the source later without changing their output.
 */
import type { Command } from 'commander';
import type { AnalysisResult } from '../feedback/analyze.js';
import type { CommandContext } from './context.js';
import { collect, dateOption, intOption } from './options.js';

export interface SessionOpts {
  sessions?: string[];
  sessionDir?: string[];
  window: number;
  minInvocations: number;
  now?: Date;
}

export function addSessionOptions(command: Command): Command {
  return command
    .option('--sessions <path>', 'transcript folder or .jsonl file (repeatable; default: the default roots)', collect)
    .option('--session-dir <path>', 'alias of --sessions', collect)
    .option('--window <n>', 'human turns after an invocation that can judge it', intOption(1, 100), 3)
    .option('--min-invocations <n>', 'events needed before a rate counts as sufficient data', intOption(1), 5)
    .option('--now <iso>', 'the current time for trends (default: the clock)', dateOption);
}

export async function runAnalysis(ctx: CommandContext, opts: SessionOpts, skill?: string): Promise<AnalysisResult> {
  const path = await import('node:path');
  const { existsSync } = await import('node:fs');
  const { SkillpulseError } = await import('../errors.js');
  const dirs = [...(opts.sessions ?? []), ...(opts.sessionDir ?? [])];
  for (const dir of dirs) {
    if (!existsSync(path.resolve(ctx.cwd, dir))) throw new SkillpulseError('NOT_FOUND', `Session directory not found: ${dir}`);
  }
  const { analyzeSessions } = await import('../feedback/analyze.js');
  const { reportReadIssues } = await import('./read-issues.js');
  const result = await analyzeSessions({
    sessionDirs: dirs,
    env: ctx.env,
    cwd: ctx.cwd,
    window: opts.window,
    ...(skill !== undefined ? { skillFilter: skill } : {}),
  });
  reportReadIssues(ctx, result.issues, result.stats.malformed);
  return result;
}

/** `0.40 [0.12–0.77]` */
export function rateText(rate: number, interval: { low: number; high: number } | null, fixed: (x: number, d: number) => string): string {
  return interval ? `${fixed(rate, 2)} [${fixed(interval.low, 2)}–${fixed(interval.high, 2)}]` : fixed(rate, 2);
}
