import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

interface SessionsOpts {
  sessions?: string[];
}

/** `skillpulse sessions`: what transcripts there are (files, sessions, client versions, lines, malformed lines). */
export function register(program: Command, cli: CliRuntime): void {
  program
    .command('sessions')
    .description('list transcript files: sessions, subagents, client versions, lines and malformed lines')
    .option(
      '--sessions <path...>',
      "transcript folders or .jsonl files (default: the config's sessionRoots, else ~/.claude/projects, ~/.config/claude/projects or $CLAUDE_CONFIG_DIR)",
    )
    .action(
      cli.action<SessionsOpts>(async (ctx, opts) => {
        const { discoverTranscripts } = await import('../transcripts/discovery.js');
        const { readConversations } = await import('../transcripts/read.js');
        const { summariseFiles } = await import('../transcripts/summary.js');
        const { reportReadIssues } = await import('./read-issues.js');
        const discovery = await discoverTranscripts({ paths: opts.sessions, env: ctx.env, cwd: ctx.cwd });
        const { excludeConfiguredProjects } = await import('./config-defaults.js');
        await excludeConfiguredProjects(ctx, discovery);
        if (discovery.files.length === 0 && !opts.sessions?.length) {
          const looked = discovery.roots.map((r) => r.path).join(', ');
          ctx.info(`No transcripts found (looked in ${looked || 'no folder: HOME is not set'}). Pass --sessions PATH to read others.`);
        }
        const read = await readConversations(discovery.files);
        const rows = summariseFiles(discovery.files, read);
        reportReadIssues(ctx, read.issues, read.stats.malformed);
        if (ctx.json) {
          ctx.printJson(rows);
          return 0;
        }
        const { renderTable } = await import('./table.js');
        const sessionIds = new Set(rows.filter((r) => r.kind === 'session').map((r) => r.session_id));
        const versions = new Set(rows.flatMap((r) => r.versions));
        ctx.out(
          renderTable({
            columns: [
              { header: 'File' },
              { header: 'Kind' },
              { header: 'Session', minWidth: 8 },
              { header: 'Versions' },
              { header: 'Lines', align: 'right' },
              { header: 'Malformed', align: 'right' },
            ],
            rows: rows.map((r) => [r.display, r.kind, r.session_id?.slice(0, 8) ?? '', r.versions.join(' '), r.lines, r.malformed]),
            width: ctx.width,
            headerStyle: ctx.colors.bold,
          }),
        );
        ctx.out(
          `${rows.length} file${rows.length === 1 ? '' : 's'}, ${sessionIds.size} session${sessionIds.size === 1 ? '' : 's'}, ` +
            `${rows.filter((r) => r.kind === 'subagent').length} subagent transcript(s), ${read.stats.lines} lines, ` +
            `${read.stats.malformed} malformed; client versions: ${[...versions].join(', ') || 'none'}`,
        );
        return 0;
      }),
    );
}
