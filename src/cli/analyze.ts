import type { Command } from 'commander';
import { addStoreOptions } from './implicit-shared.js';
import { collect, dateOption, intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface AnalyzeOpts {
  sessionDir?: string[];
  output: string;
  snippets: boolean;
  skillFilter?: string;
  minInvocations: number;
  window: number;
  archiveDays: number;
  now?: Date;
  db?: string;
  store: boolean;
}

/** `skillpulse analyze`: mine transcripts for implicit feedback and append it to feedback.jsonl. */
export function register(program: Command, cli: CliRuntime): void {
  const command = program
    .command('analyze')
    .description("classify the human's reaction after each skill invocation and append the events to feedback.jsonl")
    .option(
      '--session-dir <dir>',
      "transcript folder or .jsonl file (repeatable; default: the config's sessionRoots, else ~/.claude/projects and the other default roots)",
      collect,
    )
    .option('--sessions <dir>', 'alias of --session-dir', collect)
    .option('--output <file>', 'feedback store to append to', 'feedback-store/feedback.jsonl')
    .option('--no-snippets', 'store empty user-message snippets (privacy mode; the default when the config sets snippets.mode "none")')
    .option('--skill-filter <id>', 'only report invocations of this skill id')
    .option(
      '--min-invocations <n>',
      'events needed before a correction rate counts as sufficient data (config: minInvocations)',
      intOption(1),
      5,
    )
    .option('--window <n>', 'human turns after an invocation that can judge it (config: window)', intOption(1, 100), 3)
    .option(
      '--archive-days <n>',
      'move events older than this to archive/ beside the output (0 = never; config: archiveDays)',
      intOption(0),
      90,
    )
    .option('--now <iso>', 'the current time for archiving (default: the clock)', dateOption);
  addStoreOptions(command).action(
    cli.action<AnalyzeOpts & { sessions?: string[] }>(async (ctx, opts) => {
      const path = await import('node:path');
      const { existsSync } = await import('node:fs');
      const { SkillpulseError } = await import('../errors.js');
      const { DISABLED_MESSAGE, readFeedbackConfig } = await import('../feedback/config.js');
      const config = readFeedbackConfig(ctx.env.HOME);
      if (config.warning) ctx.warn(config.warning);
      if (!config.enabled) {
        if (ctx.json) ctx.printJson({ enabled: false, message: DISABLED_MESSAGE, config: config.file });
        else ctx.out(DISABLED_MESSAGE);
        return 0;
      }
      const dirs = [...(opts.sessionDir ?? []), ...(opts.sessions ?? [])];
      for (const dir of dirs) {
        const abs = path.resolve(ctx.cwd, dir.startsWith('~/') && ctx.env.HOME ? path.join(ctx.env.HOME, dir.slice(2)) : dir);
        if (!existsSync(abs)) throw new SkillpulseError('NOT_FOUND', `Session directory not found: ${dir}`);
      }
      const { analyzeForCommand } = await import('./implicit-shared.js');
      const { analysis: result } = await analyzeForCommand(ctx, {
        dirs,
        window: opts.window,
        snippets: opts.snippets,
        skillFilter: opts.skillFilter,
        store: opts.store,
        db: opts.db,
        requireRoots: true,
      });
      const { writeFeedbackEvents, archiveOldEvents } = await import('../feedback/jsonl-store.js');
      const output = path.resolve(ctx.cwd, opts.output);
      const written = writeFeedbackEvents(output, result.events);
      const archive = archiveOldEvents(output, { days: opts.archiveDays, ...(opts.now ? { now: opts.now } : {}) });
      const { summarizeEvents, formatRunSummary } = await import('../feedback/summary.js');
      const summary = summarizeEvents(result.events);
      if (ctx.json) {
        const { computeAllSkillMetrics } = await import('../metrics/index.js');
        const open = result.invocations.filter((a) => a.classification && !a.classification.complete).length;
        ctx.printJson({
          analyzed: summary.analyzed,
          outcomes: Object.fromEntries(summary.outcomes),
          top_skills: summary.topSkills.map(([skill_id, count]) => ({ skill_id, count })),
          written: written.written,
          duplicates: written.duplicates,
          archived: archive.archived,
          archive_file: archive.file,
          output,
          sessions: result.sessions,
          files: result.files,
          invocations: result.invocations.length,
          no_reaction: result.invocations.filter((a) => a.classification?.outcome === 'none').length,
          nested: result.invocations.filter((a) => !a.windowed).length,
          open_windows: open,
          metrics: computeAllSkillMetrics(result.events, { minInvocations: opts.minInvocations }),
        });
        return 0;
      }
      ctx.out(formatRunSummary(summary, archive.archived, opts.output));
      ctx.info(
        `${result.invocations.length} invocation(s) in ${result.sessions} session(s); ${written.written} new event(s) written, ${written.duplicates} already stored.`,
      );
      return 0;
    }),
  );
}
