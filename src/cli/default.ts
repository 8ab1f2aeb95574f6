/**
 * `skillpulse` with no command: scan the configured (or default) transcript locations into the
 * store, incrementally and with the progress bar on long scans, then print every skill's health,
 * worst first, as a table that fits the terminal.
 */
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { editDistance } from '../edit-distance.js';
import type { CommandContext } from './context.js';
import type { CliRuntime } from './runtime.js';

/** The example sessions shipped with the package (the same path from src/cli and dist/cli). */
export const EXAMPLES_DIR = fileURLToPath(new URL('../../examples/sessions', import.meta.url));

/** Whether the default transcript locations hold any transcript at all. */
async function hasTranscripts(ctx: CommandContext): Promise<boolean> {
  const { discoverTranscripts } = await import('../transcripts/discovery.js');
  const found = await discoverTranscripts({ paths: [], env: ctx.env, cwd: ctx.cwd });
  return found.files.length > 0;
}

/** The visible command closest to a mistyped one, if any is close. */
function closestCommand(program: Command, typed: string): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const command of program.commands) {
    if ((command as unknown as { _hidden?: boolean })._hidden) continue;
    for (const name of [command.name(), ...command.aliases()]) {
      const d = editDistance(typed, name);
      if (d < bestDistance || (name.startsWith(typed) && typed.length >= 3 && bestDistance > 1)) {
        best = name;
        bestDistance = Math.min(d, 1);
      }
    }
  }
  return best;
}

export function register(program: Command, cli: CliRuntime): void {
  // An operand slot (not shown in help) so that a mistyped command gets a helpful error below.
  program.argument('[command...]').usage('[options] [command]');
  program.action(
    cli.action<Record<string, never>>(async (ctx, _opts, args) => {
      if (args.length > 0) {
        const { SkillpulseError } = await import('../errors.js');
        const typed = args[0] ?? '';
        const suggestion = closestCommand(program, typed);
        throw new SkillpulseError('USAGE', `unknown command '${typed}'`, {
          hint: suggestion ? `did you mean ${suggestion}? see skillpulse --help` : 'see skillpulse --help',
        });
      }
      const { commandConfig, configuredSessionRoots } = await import('./config-defaults.js');
      const { readFeedbackConfig, DISABLED_MESSAGE } = await import('../feedback/config.js');
      const { resolveStorePath } = await import('../store/database.js');
      const { openStore } = await import('../store/store.js');
      const { allSkillHealth } = await import('../store/health.js');
      const { scanWithProgress } = await import('./scan-progress.js');
      const loaded = await commandConfig(ctx);
      const { config } = loaded;
      const optOut = readFeedbackConfig(ctx.env.HOME);
      if (optOut.warning) ctx.warn(optOut.warning);
      const collecting = optOut.enabled && config.enabled;
      // Roots set in a config file replace the defaults (missing ones skipped); otherwise discovery's defaults apply.
      const configured = collecting ? await configuredSessionRoots(ctx, loaded) : null;
      const configuredRoots = configured !== null;
      const roots = configured ?? [];
      // A newcomer with no transcripts yet sees real output from the bundled example sessions,
      // scanned into a throw-away in-memory store: the user's own store is never touched by them.
      const examples = collecting && !configuredRoots && !(await hasTranscripts(ctx)) ? EXAMPLES_DIR : null;
      const storePath = examples ? ':memory:' : resolveStorePath({ env: ctx.env, cwd: ctx.cwd });
      if (examples) {
        ctx.info(
          'No Claude Code transcripts found (~/.claude/projects, ~/.config/claude/projects, CLAUDE_CONFIG_DIR); ' +
            `showing the bundled example sessions in ${examples} instead. Your store was not touched.`,
        );
      }
      const db = openStore(storePath);
      try {
        let scanned: { files: number; events: number; durationMs: number } | null = null;
        if (!collecting) {
          ctx.warn(
            `${!optOut.enabled ? DISABLED_MESSAGE : 'collection is disabled in the skillpulse config'}; showing the store without scanning`,
          );
        } else {
          const result = await scanWithProgress(ctx, db, { sessions: examples ? [examples] : roots, window: config.window });
          scanned = { files: result.files, events: result.events, durationMs: result.durationMs };
        }
        const health = allSkillHealth(db, { now: new Date(), minInvocations: config.minInvocations });
        if (ctx.json) {
          ctx.printJson({ store: examples ? null : storePath, examples, scanned, skills: health });
          return 0;
        }
        if (scanned) {
          const into = examples ? 'an in-memory store' : storePath;
          ctx.info(`Scanned ${scanned.files} transcript files in ${(scanned.durationMs / 1000).toFixed(2)} s into ${into}`);
        }
        if (health.length === 0) {
          ctx.out('No skills found yet: no skill invocations in the transcripts and no recorded feedback.');
          ctx.out('Run `skillpulse --help` to see what skillpulse can do.');
          return 0;
        }
        const { renderHealthTable } = await import('./health-table.js');
        ctx.out(renderHealthTable(health, { width: ctx.width, colors: ctx.colors }));
        const attention = health.filter((h) => h.should_update).length;
        ctx.out(`${health.length} skill${health.length === 1 ? '' : 's'}, ${attention} needing attention.`);
        ctx.out('Details: skillpulse health SKILL · dashboard: skillpulse report --html FILE');
        return 0;
      } finally {
        db.close();
      }
    }),
  );
}
