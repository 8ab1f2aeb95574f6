import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { commandPath } from './help-examples.js';
import { buildProgram } from './program.js';

async function visibleCommands(): Promise<string[]> {
  const io = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: new PassThrough(), env: {}, cwd: '/' };
  const program = await buildProgram(io, { exitCode: 0 });
  const help = program.createHelp();
  const paths: string[] = [];
  const walk = (command: Command) => {
    for (const sub of help.visibleCommands(command)) {
      if (sub.name() === 'help') continue;
      paths.push(commandPath(sub));
      walk(sub);
    }
  };
  walk(program);
  return paths;
}

describe('--help', () => {
  it('shows examples for the program and for every visible command', async () => {
    const paths = await visibleCommands();
    expect(paths.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const path of ['', ...paths]) {
      const run = await runCliCaptured([...path.split(' ').filter(Boolean), '--help']);
      expect(run.code).toBe(0);
      if (!/Examples:\n {2}\$ skillpulse/.test(run.stdout)) missing.push(path || '(program)');
    }
    expect(missing).toEqual([]);
  });
});
