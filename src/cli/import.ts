import type { Command } from 'commander';
import { type ScopeOpts, openScoped, scopeOptions } from './feedback.js';
import type { CliRuntime } from './runtime.js';

export function register(program: Command, cli: CliRuntime): void {
  scopeOptions(
    program
      .command('import')
      .description('import sx-feedback feedbacks.json, feedback.jsonl (with its archive/) or a skillpulse export into the store')
      .argument('<files...>', 'files, or folders holding feedbacks.json / feedback.jsonl (e.g. ~/.skillix/data)'),
  ).action(
    cli.action<ScopeOpts>(async (ctx, opts, args) => {
      const { expandImportPaths, importFiles } = await import('../store/import.js');
      const files = expandImportPaths(args, ctx.cwd);
      const store = await openScoped(ctx, opts);
      try {
        const results = importFiles(store.db, files);
        if (ctx.json) {
          ctx.printJson({ store: store.path, scope: store.scope, files: results });
          return 0;
        }
        for (const result of results) {
          const parts: string[] = [];
          if (result.feedbacks.read > 0 || result.format === 'sx-feedback-json')
            parts.push(`${result.feedbacks.added} of ${result.feedbacks.read} feedback records`);
          if (result.events.read > 0) parts.push(`${result.events.added} of ${result.events.read} events`);
          if (result.invocations.read > 0) parts.push(`${result.invocations.added} of ${result.invocations.read} invocations`);
          ctx.out(
            `${result.file}: imported ${parts.length ? parts.join(', ') : 'nothing (empty file)'} (the rest were already in the store)`,
          );
        }
        ctx.info(`into the ${store.scope} store ${store.path}`);
        return 0;
      } finally {
        store.db.close();
      }
    }),
  );
}
