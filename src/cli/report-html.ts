/**
 * `skillpulse report --html FILE`: scan the sessions into the store (incrementally, with the
 * progress bar on long scans), build the dashboard from the store's health model and write one
 * self-contained HTML file. Used by `report.ts` and by the default command.
 */
import type { CommandContext } from './context.js';
import { makeDirs } from '../make-dirs.js';
import { SkillpulseError } from '../errors.js';

export interface ReportHtmlOptions {
  html: string;
  db?: string | undefined;
  sessions?: string[] | undefined;
  skill?: string | undefined;
  minInvocations?: number | undefined;
  window?: number | undefined;
  now?: Date | undefined;
}

export async function writeHtmlReport(ctx: CommandContext, opts: ReportHtmlOptions): Promise<number> {
  const { resolve } = await import('node:path');
  const { renameSync, rmSync, writeFileSync } = await import('node:fs');
  const { resolveStorePath } = await import('../store/database.js');
  const { openStore } = await import('../store/store.js');
  const { buildDashboardData } = await import('../report/dashboard-build.js');
  const { renderDashboardHtml } = await import('../report/dashboard-html.js');
  const { scanWithProgress } = await import('./scan-progress.js');
  const storePath = resolveStorePath({ db: opts.db, env: ctx.env, cwd: ctx.cwd });
  const db = openStore(storePath);
  try {
    await scanWithProgress(ctx, db, { sessions: opts.sessions ?? [], window: opts.window });
    const data = buildDashboardData(db, {
      now: opts.now ?? new Date(),
      source: storePath,
      ...(opts.minInvocations !== undefined ? { minInvocations: opts.minInvocations } : {}),
      ...(opts.skill !== undefined ? { skill: opts.skill } : {}),
    });
    const target = resolve(ctx.cwd, opts.html);
    const temporary = `${target}.tmp-${Date.now()}`;
    try {
      makeDirs(resolve(target, '..'));
      writeFileSync(temporary, renderDashboardHtml(data));
      renameSync(temporary, target);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw new SkillpulseError('STORE', `cannot write the dashboard: ${(error as Error).message}`, { file: target, cause: error });
    }
    if (ctx.json)
      ctx.printJson({
        html: target,
        store: storePath,
        skills: data.totals.skills,
        invocations: data.totals.invocations,
        events: data.totals.events,
      });
    else ctx.out(`Wrote the dashboard (${data.totals.skills} skills, ${data.totals.events} classified events) to ${target}`);
    return 0;
  } finally {
    db.close();
  }
}
