import type { Command } from 'commander';
import { applyConfigDefaults } from './config-defaults.js';
import { CommandContext, type CliIO, type GlobalFlags } from './context.js';

/**
 * A command's work. It returns an exit code (0 when omitted); failures are thrown as
 * `SkillpulseError` and mapped to exit codes by `runCli`.
 */
export type CommandHandler<Opts> = (ctx: CommandContext, opts: Opts, args: string[]) => Promise<number | undefined>;

/** What each `src/cli/<command>.ts` module receives to register itself. */
export interface CliRuntime {
  io: CliIO;
  /** Wraps a handler as a commander action: builds the context and records the exit code. */
  action<Opts>(handler: CommandHandler<Opts>): (...args: unknown[]) => Promise<void>;
}

export interface RuntimeState {
  exitCode: number;
}

export function globalFlagsOf(command: Command): GlobalFlags {
  const all = command.optsWithGlobals() as Record<string, unknown>;
  return { json: all.json === true, quiet: all.quiet === true, color: all.color !== false };
}

export function createRuntime(io: CliIO, state: RuntimeState): CliRuntime {
  return {
    io,
    action<Opts>(handler: CommandHandler<Opts>) {
      return async (...raw: unknown[]) => {
        const command = raw[raw.length - 1] as Command;
        const args = (raw.slice(0, -2) as unknown[]).flatMap((a) =>
          Array.isArray(a) ? a.map(String) : a === undefined ? [] : [String(a)],
        );
        const ctx = new CommandContext(io, globalFlagsOf(command));
        // Options not given on the command line take their value from the config file (only for
        // commands that define such options; see config-defaults.ts).
        await applyConfigDefaults(ctx, command);
        const opts = command.opts() as Opts;
        const code = await handler(ctx, opts, args);
        state.exitCode = typeof code === 'number' ? code : 0;
      };
    },
  };
}
