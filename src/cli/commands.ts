import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

/**
 * Every command module, in the order `--help` lists them, with the top-level command names it
 * registers. A command module is thin: it declares its options and dynamically imports the core
 * module that does the work inside its action, so start-up never loads SQLite, the MCP SDK or the
 * eval machinery unless that command runs. When the command line names one of these commands,
 * only its module is loaded (`modulesFor`); help, completion and the default command load them
 * all. Add one line per command (commands.test.ts checks the names against the modules).
 */
export type RegisterCommand = (program: Command, cli: CliRuntime) => void;

export interface CommandModule {
  /** Top-level command names (and aliases) the module registers; empty for the default command. */
  names: readonly string[];
  load: () => Promise<{ register: RegisterCommand }>;
}

export const COMMANDS: readonly CommandModule[] = [
  { names: ['sessions'], load: () => import('./sessions.js') },
  { names: ['invocations'], load: () => import('./invocations.js') },
  { names: ['analyze'], load: () => import('./analyze.js') },
  { names: ['report'], load: () => import('./report.js') },
  { names: ['trend'], load: () => import('./trend.js') },
  { names: ['hotspots'], load: () => import('./hotspots.js') },
  { names: ['show'], load: () => import('./show.js') },
  { names: ['compare'], load: () => import('./compare.js') },
  { names: ['scan'], load: () => import('./scan.js') },
  { names: ['health'], load: () => import('./health.js') },
  { names: ['skills'], load: () => import('./skills.js') },
  { names: ['feedback'], load: () => import('./feedback.js') },
  { names: ['import'], load: () => import('./import.js') },
  { names: ['export'], load: () => import('./export.js') },
  { names: [], load: () => import('./default.js') },
  { names: ['mcp'], load: () => import('./mcp.js') },
  { names: ['hooks', 'hook'], load: () => import('./hooks.js') },
  { names: ['config'], load: () => import('./config.js') },
  { names: ['completion'], load: () => import('./completion.js') },
  { names: ['eval'], load: () => import('./eval.js') },
  { names: ['outcome'], load: () => import('./outcome.js') },
  { names: ['patterns'], load: () => import('./patterns.js') },
  { names: ['errors'], load: () => import('./task-errors.js') },
  { names: ['prompt-context'], load: () => import('./prompt-context.js') },
];

/** Global options that take no value, which may stand before the command name. */
const GLOBAL_FLAGS = new Set(['--json', '-q', '--quiet', '--no-color']);

/** Commands that need the whole command tree: help text and completion scripts describe it all. */
const WHOLE_TREE = new Set(['completion', 'help']);

/**
 * The modules a command line needs: only the named command's module when the first operand names
 * a known command, otherwise every module (no command, `--help`, `--version`, `help`, completion,
 * or a mistyped name, which the default command answers with a suggestion).
 */
export function modulesFor(argv: readonly string[] | undefined): readonly CommandModule[] {
  if (argv === undefined) return COMMANDS;
  const first = argv.find((arg) => !GLOBAL_FLAGS.has(arg));
  if (first === undefined || first.startsWith('-') || WHOLE_TREE.has(first)) return COMMANDS;
  const named = COMMANDS.find((module) => module.names.includes(first));
  return named ? [named] : COMMANDS;
}
