#!/usr/bin/env node
import module from 'node:module';

// Node ≥ 22.1 can cache compiled modules on disk, which roughly halves the start-up of every later
// run; on Node 20 the function does not exist and start-up is as before. It must run before the CLI
// modules load, hence the dynamic import below.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const { runCli } = await import('./program.js');

// A closed pipe (`skillpulse invocations --json | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  cwd: process.cwd(),
});
