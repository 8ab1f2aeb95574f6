import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '..', '..');

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript file in a real child process (`node --import tsx`). `onStdout` sees output as
 * it arrives and may return true to SIGKILL the child at that point.
 */
export function runChild(
  script: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; onStdout?: (text: string) => boolean } = {},
): Promise<ChildResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (options.onStdout?.(stdout)) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
}
