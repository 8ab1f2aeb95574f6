import { PassThrough } from 'node:stream';
import type { CliIO } from '../../src/cli/context.js';
import { runCli } from '../../src/cli/program.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output; `env` replaces the environment entirely. */
export async function runCliCaptured(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; stdin?: string } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough();
  stdin.end(options.stdin ?? '');
  const io: CliIO = {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: { write: (chunk: string) => (stderr += chunk) },
    stdin,
    env: options.env ?? { NO_COLOR: '1', HOME: '/nonexistent-home' },
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(argv, io);
  return { code, stdout, stderr };
}
