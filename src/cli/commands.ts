import type { Command } from 'commander';
import type { CliRuntime } from './runtime.js';

/**
 * Every command module, in the order `--help` lists them. A command module is thin: it declares
 * its options and dynamically imports the core module that does the work inside its action, so
 * start-up never loads SQLite, the MCP SDK or the eval machinery unless that command runs.
 * Add one line per command.
 */
export type RegisterCommand = (program: Command, cli: CliRuntime) => void;

export const COMMANDS: ReadonlyArray<() => Promise<{ register: RegisterCommand }>> = [
  () => import('./sessions.js'),
  () => import('./invocations.js'),
  () => import('./analyze.js'),
  () => import('./report.js'),
  () => import('./trend.js'),
  () => import('./hotspots.js'),
  () => import('./show.js'),
  () => import('./compare.js'),
  () => import('./scan.js'),
  () => import('./health.js'),
  () => import('./skills.js'),
  () => import('./feedback.js'),
  () => import('./import.js'),
  () => import('./export.js'),
  () => import('./default.js'),
  () => import('./mcp.js'),
  () => import('./hooks.js'),
  () => import('./config.js'),
  () => import('./completion.js'),
  () => import('./eval.js'),
  () => import('./outcome.js'),
  () => import('./patterns.js'),
  () => import('./task-errors.js'),
  () => import('./prompt-context.js'),
];
