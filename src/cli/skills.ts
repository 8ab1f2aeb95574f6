import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

interface SkillsOpts {
  db?: string;
  projectRoot?: string;
}

/** `skillpulse skills`: installed skills beside their usage in the store (never-used ones included). */
export function register(program: Command, cli: CliRuntime): void {
  program
    .command('skills')
    .description('list installed skills (~/.claude/skills, project .claude/skills, plugin skills) beside their usage in the store')
    .option('--project-root <dir>', 'project whose .claude/skills to include (default: the git root of the working folder)')
    .option('--db <file>', 'use this store file')
    .action(
      cli.action<SkillsOpts>(async (ctx, opts) => {
        const { resolve } = await import('node:path');
        const { resolveStorePath } = await import('../store/database.js');
        const { openStore } = await import('../store/store.js');
        const { findGitRoot } = await import('../store/scope.js');
        const { findInstalledSkills } = await import('../store/installed-skills.js');
        const { invocationCountsBySkill } = await import('../store/events-store.js');
        const { explicitFeedbackSkills } = await import('../store/explicit-feedback.js');
        const projectRoot = opts.projectRoot !== undefined ? resolve(ctx.cwd, opts.projectRoot) : findGitRoot(ctx.cwd);
        const installed = findInstalledSkills({ home: ctx.env.HOME ?? ctx.env.USERPROFILE, projectRoot });
        const path = resolveStorePath({ db: opts.db, env: ctx.env, cwd: ctx.cwd });
        const db = openStore(path);
        let usage: Map<string, { invocations: number; failed: number; lastUsed: string | null }>;
        let explicit: Map<string, number>;
        try {
          usage = invocationCountsBySkill(db);
          explicit = new Map(explicitFeedbackSkills(db).map((s) => [s.skillName, s.count]));
        } finally {
          db.close();
        }
        const rows = installed.map((skill) => {
          const used = usage.get(skill.id) ?? (skill.plugin === null ? undefined : usage.get(skill.name));
          return {
            id: skill.id,
            scope: skill.scope,
            path: skill.path,
            installed: true,
            invocations: used?.invocations ?? 0,
            failed: used?.failed ?? 0,
            last_used: used?.lastUsed ?? null,
            explicit_feedback: explicit.get(skill.id) ?? 0,
          };
        });
        const known = new Set(installed.flatMap((s) => [s.id, s.name]));
        for (const [id, used] of usage) {
          if (known.has(id)) continue;
          rows.push({
            id,
            scope: 'user',
            path: '',
            installed: false,
            invocations: used.invocations,
            failed: used.failed,
            last_used: used.lastUsed,
            explicit_feedback: explicit.get(id) ?? 0,
          });
        }
        rows.sort((a, b) => Number(b.installed) - Number(a.installed) || a.invocations - b.invocations || (a.id < b.id ? -1 : 1));
        if (ctx.json) {
          ctx.printJson(rows.map((r) => ({ ...r, scope: r.installed ? r.scope : null, path: r.installed ? r.path : null })));
          return 0;
        }
        if (rows.length === 0) {
          ctx.out('No installed skills and no usage in the store.');
          return 0;
        }
        for (const r of rows) {
          const where = r.installed ? r.scope : 'not installed';
          const use = r.invocations === 0 ? ctx.colors.yellow('never used') : `${r.invocations}× used, last ${r.last_used}`;
          ctx.out(
            `${r.id}  (${where})  ${use}${r.failed ? `, ${r.failed} failed` : ''}${r.explicit_feedback ? `, ${r.explicit_feedback} explicit feedback` : ''}`,
          );
        }
        return 0;
      }),
    );
}
