/** The built-in command list (one data file, `builtin-commands.json`, copied to dist/ by the build). */
import { createRequire } from 'node:module';

// createRequire rather than a JSON import: Node 20 prints an ExperimentalWarning for JSON modules.
const data = createRequire(import.meta.url)('./builtin-commands.json') as { commands: string[] };

export const BUILTIN_COMMANDS: ReadonlySet<string> = new Set(data.commands);

/** True for Claude Code's own commands (`/clear`, `/model`, …): never skill invocations. */
export function isBuiltinCommand(name: string): boolean {
  return BUILTIN_COMMANDS.has(name.replace(/^\//, '').trim());
}
