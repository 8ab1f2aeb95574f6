import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

export function register(program: Command, cli: CliRuntime): void {
  program
    .command('mcp')
    .description('run the MCP server on stdio (tools for agents: feedback, skill health, outcomes, sx-feedback)')
    .option('--db <file>', 'global store file (default: $SKILLPULSE_HOME/skillpulse.db or ~/.skillpulse/skillpulse.db)')
    .addHelpText(
      'after',
      `
Examples:
  $ skillpulse mcp --db /tmp/test.db                      # serve a scratch store
  $ claude mcp add skillpulse -- skillpulse mcp          # register with Claude Code

Tools: record_feedback, list_feedback, analyze_skill, clear_feedback, skill_health,
skills_needing_attention, record_outcome, prompt_context, sx-feedback (Skillix compatible).`,
    )
    .action(
      cli.action<{ db?: string }>(async (ctx, opts) => {
        const { serveStdio } = await import('../mcp/server.js');
        // stdout carries the protocol: nothing else may be written there.
        await serveStdio(
          { env: ctx.env, cwd: ctx.cwd, now: () => new Date(), db: opts.db },
          { stdin: ctx.io.stdin, stdout: ctx.io.stdout as unknown as NodeJS.WritableStream },
        );
        return 0;
      }),
    );
}
