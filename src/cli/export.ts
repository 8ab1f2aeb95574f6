import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { SkillpulseError } from '../errors.js';
import { type ScopeOpts, openScoped, scopeOptions } from './feedback.js';
import { choiceOption } from './options.js';
import type { CliRuntime } from './runtime.js';

export function register(program: Command, cli: CliRuntime): void {
  scopeOptions(
    program
      .command('export')
      .description('export explicit feedback, implicit events and invocations from the store')
      .requiredOption('--format <format>', 'jsonl, csv or json', choiceOption(['jsonl', 'csv', 'json'] as const))
      .option('--output <file>', 'write to this file instead of stdout')
      .option(
        '--data <what>',
        'all, explicit, events or invocations (default all)',
        choiceOption(['all', 'explicit', 'events', 'invocations'] as const),
      )
      .option('--skill <id>', 'only this skill')
      .option('--force', 'overwrite an existing --output file'),
  ).action(
    cli.action<
      ScopeOpts & {
        format: 'jsonl' | 'csv' | 'json';
        output?: string;
        data?: 'all' | 'explicit' | 'events' | 'invocations';
        skill?: string;
        force?: boolean;
      }
    >(async (ctx, opts) => {
      const { renderExport } = await import('../store/export.js');
      const output = opts.output !== undefined ? resolve(ctx.cwd, opts.output) : undefined;
      if (output !== undefined && existsSync(output) && !opts.force) {
        throw new SkillpulseError('USAGE', 'already exists; pass --force to overwrite it', { file: output });
      }
      const store = await openScoped(ctx, opts);
      let text: string;
      try {
        text = renderExport(store.db, { format: opts.format, data: opts.data ?? 'all', skill: opts.skill });
      } finally {
        store.db.close();
      }
      if (output === undefined) {
        ctx.io.stdout.write(text);
        return 0;
      }
      const temp = `${output}.${process.pid}.tmp`;
      writeFileSync(temp, text);
      renameSync(temp, output);
      ctx.info(`wrote ${output}`);
      return 0;
    }),
  );
}
