import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { confirm } from './confirm.js';
import type { SqliteDatabase } from '../store/database.js';
import type { CommandContext } from './context.js';
import { choiceOption, dateOption, intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

export interface ScopeOpts {
  scope?: string;
  projectRoot?: string;
  db?: string;
  now?: Date;
}

export function scopeOptions(command: Command): Command {
  return command
    .option(
      '--scope <scope>',
      'global or project (default global; --project-root implies project)',
      choiceOption(['global', 'project'] as const),
    )
    .option('--project-root <dir>', 'project root for project scope (default: the git root of the working folder)')
    .option('--db <file>', 'use this store file');
}

export async function openScoped(
  ctx: CommandContext,
  opts: ScopeOpts,
): Promise<{ scope: 'global' | 'project'; path: string; projectRoot: string | null; db: SqliteDatabase }> {
  const { resolveScopedStore } = await import('../store/scope.js');
  const { openStore } = await import('../store/store.js');
  const resolved = resolveScopedStore({ scope: opts.scope, projectRoot: opts.projectRoot, db: opts.db, env: ctx.env, cwd: ctx.cwd });
  return { ...resolved, db: openStore(resolved.path) };
}

function describeStore(scope: string, path: string): string {
  return `${scope} store ${path}`;
}

export function register(program: Command, cli: CliRuntime): void {
  const feedback = program
    .command('feedback')
    .description('record, list, analyze and clear explicit skill feedback (success / failure / partial)');

  scopeOptions(
    feedback
      .command('record')
      .description('record one verdict for a skill')
      .requiredOption('--skill <name>', 'skill name')
      .requiredOption('--result <result>', 'success, failure or partial', choiceOption(['success', 'failure', 'partial'] as const))
      .option('--task <text>', 'what the skill was used for')
      .option('--notes <text>', 'remarks, e.g. why it failed')
      .option('--now <iso>', 'record time (default: now)', dateOption),
  ).action(
    cli.action<ScopeOpts & { skill: string; result: string; task?: string; notes?: string }>(async (ctx, opts) => {
      const { recordExplicitFeedback } = await import('../store/explicit-feedback.js');
      const { sxRecordResponse } = await import('../store/sx-format.js');
      const store = await openScoped(ctx, opts);
      try {
        const record = recordExplicitFeedback(
          store.db,
          { skillName: opts.skill, result: opts.result, task: opts.task, notes: opts.notes },
          opts.now ? { now: opts.now } : {},
        );
        if (ctx.json) {
          ctx.printJson({ ...sxRecordResponse(record), scope: store.scope, store: store.path });
          return 0;
        }
        ctx.out(`Recorded ${record.result} for ${record.skillName} (${record.id}) in the ${describeStore(store.scope, store.path)}`);
        if (record.result === 'failure') {
          ctx.info(`If ${record.skillName} fails often, run: skillpulse feedback analyze --skill ${record.skillName}`);
        }
        return 0;
      } finally {
        store.db.close();
      }
    }),
  );

  scopeOptions(
    feedback
      .command('list')
      .description('list recorded feedback, newest first')
      .option('--skill <name>', 'only this skill')
      .option('--days <n>', 'only the last N days (0 or less = all time)', intOption(Number.MIN_SAFE_INTEGER))
      .option('--limit <n>', 'show at most N records (default 20, 0 = all)', intOption(0))
      .option('--now <iso>', 'reference time for --days (default: now)', dateOption),
  ).action(
    cli.action<ScopeOpts & { skill?: string; days?: number; limit?: number }>(async (ctx, opts) => {
      const { listExplicitFeedback, countResults } = await import('../store/explicit-feedback.js');
      const { sxListResponse } = await import('../store/sx-format.js');
      const store = await openScoped(ctx, opts);
      try {
        const records = listExplicitFeedback(store.db, { skillName: opts.skill, days: opts.days, now: opts.now ?? new Date() });
        const limit = opts.limit ?? 20;
        if (ctx.json) {
          ctx.printJson({ ...sxListResponse(records, { skillName: opts.skill, limit }), scope: store.scope, store: store.path });
          return 0;
        }
        const counts = countResults(records);
        const what = opts.skill !== undefined ? `${opts.skill}: ` : '';
        const window = opts.days !== undefined && opts.days > 0 ? ` in the last ${opts.days} days` : '';
        ctx.out(
          `${what}${counts.total} record${counts.total === 1 ? '' : 's'}${window} (success ${counts.success}, failure ${counts.failure}, partial ${counts.partial}) — ${describeStore(store.scope, store.path)}`,
        );
        const shown = limit > 0 ? records.slice(0, limit) : records;
        for (const record of shown) {
          const result =
            record.result === 'success'
              ? ctx.colors.green(record.result)
              : record.result === 'failure'
                ? ctx.colors.red(record.result)
                : ctx.colors.yellow(record.result);
          const extra = [record.task ? `task: ${record.task}` : '', record.notes ? `notes: ${record.notes}` : '']
            .filter(Boolean)
            .join('  ');
          ctx.out(`  ${record.timestamp}  ${record.skillName}  ${result}${extra ? `  ${extra}` : ''}`);
        }
        if (shown.length < records.length) ctx.out(`  … ${records.length - shown.length} more (use --limit 0 to show all)`);
        return 0;
      } finally {
        store.db.close();
      }
    }),
  );

  scopeOptions(
    feedback
      .command('analyze')
      .description('analyze one skill: counts, success rate and whether it should be updated')
      .requiredOption('--skill <name>', 'skill name')
      .option('--days <n>', 'window in days (default 30; 0 or less = all time)', intOption(Number.MIN_SAFE_INTEGER), 30)
      .option('--now <iso>', 'reference time for --days (default: now)', dateOption),
  ).action(
    cli.action<ScopeOpts & { skill: string; days: number }>(async (ctx, opts) => {
      const { analyzeExplicitFeedback } = await import('../store/explicit-feedback.js');
      const { sxAnalyzeResponse } = await import('../store/sx-format.js');
      const store = await openScoped(ctx, opts);
      try {
        const analysis = analyzeExplicitFeedback(store.db, { skillName: opts.skill, days: opts.days, now: opts.now ?? new Date() });
        if (ctx.json) {
          ctx.printJson({ ...sxAnalyzeResponse(analysis), scope: store.scope, store: store.path });
          return 0;
        }
        const { counts } = analysis;
        const window = analysis.days > 0 ? `last ${analysis.days} days` : 'all time';
        ctx.out(`${analysis.skillName} — ${window}, ${describeStore(store.scope, store.path)}`);
        if (counts.total === 0) {
          ctx.out('  no feedback recorded in this window');
          return 0;
        }
        ctx.out(`  records       ${counts.total} (success ${counts.success}, failure ${counts.failure}, partial ${counts.partial})`);
        ctx.out(`  success rate  ${(analysis.successRate * 100).toFixed(1)}%`);
        if (analysis.shouldUpdate) {
          ctx.out(`  ${ctx.colors.red('should update: yes')}`);
          for (const hit of analysis.reasons) ctx.out(`    - ${hit.reason}`);
          ctx.out(`  next: read the skill's SKILL.md, find why it fails, and improve it`);
        } else {
          ctx.out(`  ${ctx.colors.green('should update: no')} (no update rule fired)`);
        }
        ctx.out('  recent:');
        for (const record of analysis.recent) {
          const extra = [record.task ? `task: ${record.task}` : '', record.notes ? `notes: ${record.notes}` : '']
            .filter(Boolean)
            .join('  ');
          ctx.out(`    ${record.timestamp}  ${record.result}${extra ? `  ${extra}` : ''}`);
        }
        return 0;
      } finally {
        store.db.close();
      }
    }),
  );

  scopeOptions(
    feedback
      .command('clear')
      .description('delete recorded feedback of one skill (--skill) or all of it (--all)')
      .option('--skill <name>', 'delete this skill’s records')
      .option('--all', 'delete every record in the store')
      .option('-y, --yes', 'do not ask for confirmation'),
  ).action(
    cli.action<ScopeOpts & { skill?: string; all?: boolean; yes?: boolean }>(async (ctx, opts) => {
      if (opts.skill === undefined && !opts.all) {
        throw new SkillpulseError('USAGE', 'say what to clear: --skill NAME, or --all to delete every record');
      }
      if (opts.skill !== undefined && opts.all) throw new SkillpulseError('USAGE', '--skill and --all cannot be combined');
      const { clearExplicitFeedback, countExplicitFeedback } = await import('../store/explicit-feedback.js');
      const { sxClearResponse } = await import('../store/sx-format.js');
      const store = await openScoped(ctx, opts);
      try {
        const target = { skillName: opts.skill };
        if (!opts.yes && ctx.io.stdin.isTTY === true) {
          const n = countExplicitFeedback(store.db, target);
          const what = opts.skill !== undefined ? `the ${n} record${n === 1 ? '' : 's'} of ${opts.skill}` : `all ${n} records`;
          if (!(await confirm(ctx, `Delete ${what} from the ${describeStore(store.scope, store.path)}?`))) {
            throw new SkillpulseError('ABORTED', 'nothing deleted');
          }
        }
        const cleared = clearExplicitFeedback(store.db, target);
        if (ctx.json) {
          ctx.printJson({ ...sxClearResponse(cleared, opts.skill, store.scope), store: store.path });
          return 0;
        }
        const what = opts.skill !== undefined ? ` of ${opts.skill}` : '';
        ctx.out(`Deleted ${cleared} record${cleared === 1 ? '' : 's'}${what} from the ${describeStore(store.scope, store.path)}`);
        return 0;
      } finally {
        store.db.close();
      }
    }),
  );
}
