import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

interface InvocationsOpts {
  sessions?: string[];
  skill?: string;
}

/** `skillpulse invocations`: every skill invocation found in the transcripts. */
export function register(program: Command, cli: CliRuntime): void {
  program
    .command('invocations')
    .description('list skill invocations found in transcripts (Skill tool calls and /skill commands; built-in commands excluded)')
    .option(
      '--sessions <path...>',
      "transcript folders or .jsonl files (default: the config's sessionRoots, else ~/.claude/projects, ~/.config/claude/projects or $CLAUDE_CONFIG_DIR)",
    )
    .option('--skill <id>', 'only invocations of this skill id (e.g. superpowers:writing-plans)')
    .action(
      cli.action<InvocationsOpts>(async (ctx, opts) => {
        const { scanInvocations } = await import('../invocations/scan.js');
        const { toJsonInvocation } = await import('../invocations/json.js');
        const { reportReadIssues } = await import('./read-issues.js');
        const { discoverTranscripts } = await import('../transcripts/discovery.js');
        const { excludeConfiguredProjects } = await import('./config-defaults.js');
        const discovery = await discoverTranscripts({ paths: opts.sessions, env: ctx.env, cwd: ctx.cwd });
        await excludeConfiguredProjects(ctx, discovery);
        const scan = await scanInvocations({ files: discovery.files, skill: opts.skill });
        reportReadIssues(ctx, scan.issues, scan.stats.malformed);
        if (discovery.files.length === 0 && !opts.sessions?.length) {
          const looked = discovery.roots.map((r) => r.path).join(', ');
          ctx.info(`No transcripts found (looked in ${looked || 'no folder: HOME is not set'}). Pass --sessions PATH to read others.`);
        }
        if (ctx.json) {
          ctx.printJson(scan.invocations.map(toJsonInvocation));
          return 0;
        }
        if (scan.invocations.length === 0) {
          ctx.out(opts.skill ? `No invocations of ${opts.skill} found.` : 'No skill invocations found.');
          return 0;
        }
        const { renderTable } = await import('./table.js');
        const path = await import('node:path');
        ctx.out(
          renderTable({
            columns: [
              { header: 'Time', minWidth: 16 },
              { header: 'Skill', minWidth: 20 },
              { header: 'Trigger', minWidth: 10 },
              { header: 'Outcome', minWidth: 6 },
              { header: 'Version', minWidth: 12 },
              { header: 'Where', minWidth: 14 },
            ],
            rows: scan.located.map(({ invocation: i, line }) => [
              i.timestamp.replace('T', ' ').slice(0, 16),
              i.skill_id,
              i.trigger,
              i.failed ? ctx.colors.red(short(`failed: ${i.failure_reason ?? ''}`, 32)) : 'ok',
              i.skill_version ?? '',
              `${short(path.basename(i.file, '.jsonl'), 24, true)}:${line}`,
            ]),
            width: ctx.width,
            headerStyle: ctx.colors.bold,
          }),
        );
        const failed = scan.invocations.filter((i) => i.failed).length;
        const skills = new Set(scan.invocations.map((i) => i.skill_id));
        ctx.out(`${scan.invocations.length} invocation(s) of ${skills.size} skill(s), ${failed} failed.`);
        return 0;
      }),
    );
}

/** One line, at most `max` characters; `fromEnd` keeps the end (file names differ at the end). */
function short(text: string, max: number, fromEnd = false): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return fromEnd ? `…${flat.slice(flat.length - max + 1)}` : `${flat.slice(0, max - 1)}…`;
}
