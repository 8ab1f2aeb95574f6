import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import type { CommandContext } from './context.js';
import type { CliRuntime } from './runtime.js';

interface WhereOpts {
  user?: boolean;
  project?: boolean;
  local?: boolean;
  settings?: string;
}

type Scope = 'user' | 'project' | 'local';

function scopeOf(opts: WhereOpts): Scope {
  const chosen = [opts.user && 'user', opts.project && 'project', opts.local && 'local'].filter(Boolean) as Scope[];
  if (chosen.length > 1) throw new Error('unreachable');
  return chosen[0] ?? 'user';
}

async function settingsFile(ctx: CommandContext, opts: WhereOpts): Promise<string> {
  const { resolve } = await import('node:path');
  if (opts.settings) return resolve(ctx.cwd, opts.settings);
  const { settingsPath } = await import('../hooks/install.js');
  return settingsPath(scopeOf(opts), ctx.env, ctx.cwd);
}

function whereOptions(command: Command): Command {
  return command
    .option('--user', 'the user settings, ~/.claude/settings.json (default)')
    .option('--project', 'the project settings, <project>/.claude/settings.json (shared with the team)')
    .option('--local', 'the local project settings, <project>/.claude/settings.local.json (not committed)')
    .option('--settings <file>', 'edit this settings file instead')
    .hook('preAction', (cmd) => {
      const o = cmd.opts() as WhereOpts;
      if ([o.user, o.project, o.local, o.settings !== undefined].filter(Boolean).length > 1) {
        cmd.error('error: give only one of --user, --project, --local and --settings', { exitCode: 2, code: 'skillpulse.usage' });
      }
    });
}

/** The CLI script that is running (dist/cli/main.js), or null when running from sources. */
function cliScript(): string | null {
  const script = fileURLToPath(new URL('./main.js', import.meta.url));
  return existsSync(script) ? script : null;
}

export function register(program: Command, cli: CliRuntime): void {
  const hooks = program
    .command('hooks')
    .description('capture sessions automatically: add skillpulse hooks to Claude Code settings (SessionEnd, Stop)')
    .addHelpText(
      'after',
      `
Examples:
  $ skillpulse hooks install              # every session of this user, ~/.claude/settings.json
  $ skillpulse hooks install --project    # this project only, .claude/settings.json
  $ skillpulse hooks status
  $ skillpulse hooks uninstall

Each hook scans only the session that triggered it, incrementally; it never fails or blocks the
session (problems go to ~/.skillpulse/hooks.log). Opt out with {"enabled": false} in
~/.claude/feedback-config.json or ~/.skillpulse/config.json.`,
    );

  whereOptions(
    hooks
      .command('install')
      .description('add the capture hooks (idempotent; other settings are kept; a backup is written first)')
      .option('--command <cmd>', 'the command the hook runs (default: "skillpulse hook capture", or node + this CLI when not on PATH)')
      .addHelpText(
        'after',
        '\nExamples:\n  $ skillpulse hooks install\n  $ skillpulse hooks install --project\n  $ skillpulse hooks install --settings ./settings.json --command "npx skillpulse hook capture"',
      ),
  ).action(
    cli.action<WhereOpts & { command?: string }>(async (ctx, opts) => {
      const { captureCommand, installHooks } = await import('../hooks/install.js');
      const { SkillpulseError } = await import('../errors.js');
      const file = await settingsFile(ctx, opts);
      const command = opts.command ?? captureCommand({ env: ctx.env, nodePath: process.execPath, cliScript: cliScript() });
      if (opts.command !== undefined && !/\bhook capture\b/.test(command)) {
        throw new SkillpulseError('USAGE', 'the hook command must run "skillpulse hook capture"', { field: '--command' });
      }
      const marked = /skillpulse/i.test(command) ? command : `${command} # skillpulse`;
      const change = installHooks(file, marked, new Date());
      if (ctx.json) {
        ctx.printJson(change);
        return 0;
      }
      if (!change.changed) ctx.out(`Hooks already installed in ${file}; nothing changed.`);
      else {
        ctx.out(`Installed skillpulse hooks (${change.status.map((s) => s.event).join(', ')}) in ${file}`);
        if (change.backup) ctx.info(`backup of the previous file: ${change.backup}`);
      }
      ctx.info(`hook command: ${marked}`);
      return 0;
    }),
  );

  whereOptions(
    hooks
      .command('uninstall')
      .description('remove the capture hooks (only skillpulse hooks; a backup is written first)')
      .addHelpText('after', '\nExamples:\n  $ skillpulse hooks uninstall\n  $ skillpulse hooks uninstall --project'),
  ).action(
    cli.action<WhereOpts>(async (ctx, opts) => {
      const { uninstallHooks } = await import('../hooks/install.js');
      const file = await settingsFile(ctx, opts);
      const change = uninstallHooks(file, new Date());
      if (ctx.json) ctx.printJson(change);
      else if (!change.changed) ctx.out(`No skillpulse hooks in ${file}; nothing changed.`);
      else {
        ctx.out(`Removed the skillpulse hooks from ${file}`);
        if (change.backup) ctx.info(`backup of the previous file: ${change.backup}`);
      }
      return 0;
    }),
  );

  whereOptions(
    hooks
      .command('status')
      .description('show where the capture hooks are installed and what the last capture did')
      .addHelpText('after', '\nExamples:\n  $ skillpulse hooks status\n  $ skillpulse hooks status --json'),
  ).action(
    cli.action<WhereOpts>(async (ctx, opts) => {
      const { hooksStatusOf, settingsPath } = await import('../hooks/install.js');
      const { hookLogPath, lastCapturePath } = await import('../hooks/capture.js');
      const { readFeedbackConfig } = await import('../feedback/config.js');
      const { readFileSync } = await import('node:fs');
      const explicit = opts.settings !== undefined || opts.user || opts.project || opts.local;
      const files = explicit
        ? [await settingsFile(ctx, opts)]
        : (['user', 'project', 'local'] as const).map((scope) => settingsPath(scope, ctx.env, ctx.cwd));
      const unique = [...new Set(files)];
      const settings = unique.map((file) => hooksStatusOf(file));
      let last: unknown = null;
      try {
        last = JSON.parse(readFileSync(lastCapturePath(ctx.env, ctx.cwd), 'utf8'));
      } catch {}
      const optOut = readFeedbackConfig(ctx.env.HOME);
      const log = hookLogPath(ctx.env, ctx.cwd);
      if (ctx.json) {
        ctx.printJson({ settings, lastCapture: last, optedOut: !optOut.enabled, log });
        return 0;
      }
      for (const s of settings) {
        const installed = s.status.filter((e) => e.installed).map((e) => e.event);
        const state = installed.length === 0 ? ctx.colors.dim('not installed') : ctx.colors.green(`installed (${installed.join(', ')})`);
        ctx.out(`${state}  ${s.file}${s.exists ? '' : ctx.colors.dim(' (no file)')}`);
      }
      if (!optOut.enabled) ctx.out(ctx.colors.yellow(`collection is disabled by ${optOut.file}`));
      if (last && typeof last === 'object') {
        const l = last as {
          at?: string;
          status?: string;
          event?: string;
          sessionId?: string;
          events?: number;
          durationMs?: number;
          detail?: string;
        };
        ctx.out(
          `last capture: ${l.at} ${l.event ?? ''} session ${l.sessionId ?? '-'}: ${l.status}` +
            (l.status === 'captured' ? `, ${l.events} events in ${Math.round(l.durationMs ?? 0)} ms` : l.detail ? ` (${l.detail})` : ''),
        );
      } else ctx.out('last capture: none yet');
      ctx.out(`log: ${log}`);
      return 0;
    }),
  );

  const hook = program.command('hook', { hidden: true }).description('entry points run by Claude Code hooks');
  hook
    .command('capture')
    .description('read the hook input JSON on stdin and capture that session into the store (always exits 0)')
    .action(
      cli.action<Record<string, never>>(async (ctx) => {
        try {
          const { runCapture } = await import('../hooks/capture.js');
          await runCapture({ env: ctx.env, cwd: ctx.cwd, stdin: ctx.io.stdin });
        } catch (error) {
          try {
            const { logHookLine } = await import('../hooks/capture.js');
            logHookLine(ctx.env, ctx.cwd, `${new Date().toISOString()} failed: ${(error as Error).message}`);
          } catch {}
        }
        return 0;
      }),
    );
}
