/**
 * What the learning commands (`outcome`, `patterns`, `errors`, `prompt-context`) share: the store
 * options and opening the learning store.
 */
import type { Command } from 'commander';
import type { LearningService } from '../learning/learning-service.js';
import type { CommandContext } from './context.js';
import { dateOption } from './options.js';

export interface LearningStoreOpts {
  db?: string;
  now?: Date;
}

/** Adds `--db FILE` and `--now ISO` to a command. */
export function learningStoreOptions(command: Command): Command {
  return command
    .option('--db <file>', 'store file (default: $SKILLPULSE_HOME/skillpulse.db or ~/.skillpulse/skillpulse.db)')
    .option('--now <iso>', 'the time to record and evaluate at (default: now)', dateOption);
}

/** Opens the learning store and runs `fn` with a service over it, closing the store afterwards. */
export async function withLearning<T>(
  ctx: CommandContext,
  opts: LearningStoreOpts,
  fn: (service: LearningService, path: string) => Promise<T>,
): Promise<T> {
  const { resolveStorePath } = await import('../store/database.js');
  const { openLearningStorage } = await import('../learning/sqlite-storage.js');
  const { LearningService } = await import('../learning/learning-service.js');
  const path = resolveStorePath({ db: opts.db, env: ctx.env, cwd: ctx.cwd });
  const storage = openLearningStorage(path);
  try {
    return await fn(new LearningService(storage), path);
  } finally {
    storage.close();
  }
}

/** Fixed-point number for text output. */
export function fixed(value: number, digits = 2): string {
  return value.toFixed(digits);
}
