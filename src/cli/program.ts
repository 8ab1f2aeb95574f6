import { Command, CommanderError } from 'commander';
import { EXIT_CODES, exitCodeFor, formatError, isSkillpulseError } from '../errors.js';
import { modulesFor } from './commands.js';
import { applyHelpExamples } from './help-examples.js';
import { type CliIO, colorEnabled } from './context.js';
import { createRuntime, type RuntimeState } from './runtime.js';
import { VERSION } from '../version.js';

/**
 * The commander program. With `argv`, only the modules that command line needs are loaded (see
 * `modulesFor`); without it, every command is registered (help, completion, tests of the tree).
 */
export async function buildProgram(io: CliIO, state: RuntimeState, argv?: readonly string[]): Promise<Command> {
  const program = new Command('skillpulse')
    .description('How do your agent skills really serve users? Mine transcripts, record feedback, measure and improve skills.')
    .version(VERSION, '-V, --version')
    .option('--json', 'print only JSON on stdout (diagnostics go to stderr)')
    .option('-q, --quiet', 'print no progress or remarks on stderr')
    .option('--no-color', 'do not colour output (NO_COLOR is honoured too)')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(text),
    });
  const cli = createRuntime(io, state);
  const modules = await Promise.all(modulesFor(argv).map((module) => module.load()));
  for (const mod of modules) mod.register(program, cli);
  applyHelpExamples(program);
  // Subcommands inherit the IO settings and the exit override.
  for (const sub of program.commands) propagate(sub, io);
  return program;
}

function propagate(command: Command, io: CliIO): void {
  command.exitOverride().configureOutput({
    writeOut: (text) => io.stdout.write(text),
    writeErr: (text) => io.stderr.write(text),
  });
  for (const sub of command.commands) propagate(sub, io);
}

/** Runs the CLI in-process and returns the exit code; never calls `process.exit`. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const state: RuntimeState = { exitCode: 0 };
  let program: Command;
  try {
    program = await buildProgram(io, state, argv);
    await program.parseAsync([...argv], { from: 'user' });
    return state.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return 0;
      return error.exitCode === 0 ? 0 : EXIT_CODES.USAGE;
    }
    const useColor = colorEnabled(io.stderr, { json: false, quiet: false, color: !argv.includes('--no-color') }, io.env);
    const prefix = useColor ? '\u001b[31mskillpulse:\u001b[39m' : 'skillpulse:';
    io.stderr.write(`${prefix} ${formatError(error)}\n`);
    if (!isSkillpulseError(error) && error instanceof Error && error.stack && io.env.SKILLPULSE_DEBUG) io.stderr.write(`${error.stack}\n`);
    return exitCodeFor(error);
  }
}
