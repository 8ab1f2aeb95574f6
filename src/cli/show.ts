import type { Command } from 'commander';
import { addSessionOptions, runAnalysis, type SessionOpts } from './implicit-shared.js';
import type { CliRuntime } from './runtime.js';

/** `skillpulse show ID`: the invocations and reactions behind a skill's numbers, with the deciding rule. */
export function register(program: Command, cli: CliRuntime): void {
  addSessionOptions(
    program
      .command('show')
      .description('the events behind a skill’s numbers: each invocation, its outcome, the rule that decided it and the redacted snippet')
      .argument('<skill>')
      .option('--no-snippets', 'hide user-message snippets (the default when the config sets snippets.mode "none")')
      .option('--all', 'also list invocations without a reaction'),
  ).action(
    cli.action<SessionOpts & { snippets: boolean; all?: boolean }>(async (ctx, opts, args) => {
      const skill = args[0]!;
      const result = await runAnalysis(ctx, opts, skill);
      const rows = result.invocations
        .filter((a) => opts.all || a.event !== null)
        .map((a) => ({
          timestamp: a.invocation.timestamp,
          session_id: a.invocation.session_id,
          invocation_uuid: a.invocation.invocation_uuid,
          trigger: a.invocation.trigger,
          skill_version: a.invocation.skill_version,
          outcome: a.classification?.outcome ?? 'nested',
          correction_type: a.classification?.correction_type ?? null,
          confidence: a.classification?.confidence ?? null,
          turns_to_feedback: a.classification?.turns_to_feedback ?? null,
          dimension_hint: a.classification?.dimension_hint ?? null,
          rule: a.classification?.rule ?? 'nested',
          reason: a.classification?.reason ?? 'nested invocation: a subagent’s “user” is the parent agent',
          complete: a.classification?.complete ?? true,
          snippet: opts.snippets ? a.snippet : '',
          file: a.invocation.file,
        }));
      if (ctx.json) {
        ctx.printJson(rows);
        return 0;
      }
      if (rows.length === 0) {
        ctx.out(`No classified events for ${skill}.${opts.all ? '' : ' (--all lists invocations without a reaction)'}`);
        return 0;
      }
      const c = ctx.colors;
      for (const r of rows) {
        const label =
          r.outcome === 'correction'
            ? c.red(r.outcome)
            : r.outcome === 'partial'
              ? c.yellow(r.outcome)
              : r.outcome === 'acceptance'
                ? c.green(r.outcome)
                : c.dim(r.outcome);
        const type = r.correction_type ? `/${r.correction_type}` : '';
        const conf = r.confidence !== null ? ` ${r.confidence}` : '';
        const dim = r.dimension_hint ? ` [${r.dimension_hint}]` : '';
        ctx.out(
          `${r.timestamp.replace('T', ' ').slice(0, 19)}  ${label}${type}${conf}${dim}${r.complete ? '' : c.dim(' (window still open)')}`,
        );
        ctx.out(`  rule ${r.rule}: ${r.reason}`);
        if (r.snippet) ctx.out(`  “${r.snippet}”`);
        ctx.out(c.dim(`  ${r.session_id} ${r.invocation_uuid}`));
      }
      return 0;
    }),
  );
}
