import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { COMMANDS, modulesFor } from './commands.js';
import type { CliIO } from './context.js';
import { createRuntime } from './runtime.js';

const io = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: process.stdin, env: {}, cwd: '/' } as unknown as CliIO;

describe('command registry', () => {
  it('names exactly the top-level commands and aliases each module registers', async () => {
    for (const module of COMMANDS) {
      const program = new Command('skillpulse');
      (await module.load()).register(program, createRuntime(io, { exitCode: 0 }));
      const registered = program.commands.flatMap((command) => [command.name(), ...command.aliases()]);
      expect(registered).toEqual([...module.names]);
    }
  });

  it('loads only the named command for a command line that names one', () => {
    expect(modulesFor(['scan', '--sessions', 'x']).flatMap((m) => m.names)).toEqual(['scan']);
    expect(modulesFor(['--json', '-q', 'report', '--skill', 'x']).flatMap((m) => m.names)).toEqual(['report']);
    expect(modulesFor(['hook', 'capture']).flatMap((m) => m.names)).toEqual(['hooks', 'hook']);
    expect(modulesFor(['errors', 'stats']).flatMap((m) => m.names)).toEqual(['errors']);
  });

  it('loads every module for help, completion, no command, a mistyped command and the library', () => {
    for (const argv of [[], ['--help'], ['--version'], ['help', 'scan'], ['completion', 'bash'], ['helth'], ['--json']]) {
      expect(modulesFor(argv)).toBe(COMMANDS);
    }
    expect(modulesFor(undefined)).toBe(COMMANDS);
  });

  it('still answers a mistyped command with a suggestion and lists every command in --help', async () => {
    expect((await runCliCaptured(['scna'])).stderr).toContain('did you mean scan?');
    const help = (await runCliCaptured(['--help'])).stdout;
    for (const module of COMMANDS) for (const name of module.names.filter((n) => n !== 'hook')) expect(help).toContain(name);
  });
});
