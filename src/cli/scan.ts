import type { Command } from 'commander';
import { intOption } from './options.js';
import type { CliRuntime } from './runtime.js';

interface ScanOpts {
  sessions?: string[];
  full?: boolean;
  debug?: boolean;
  db?: string;
  window?: number;
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(bytes < 1_048_576 ? 2 : 1)} MB`;

/** `skillpulse scan`: ingest transcripts into the store, reading only what changed. */
export function register(program: Command, cli: CliRuntime): void {
  program
    .command('scan')
    .description(
      'ingest transcripts into the store incrementally (unchanged files cost one stat; appended files are read from where the last scan stopped)',
    )
    .option(
      '--sessions <path...>',
      "transcript folders or .jsonl files (default: the config's sessionRoots, else ~/.claude/projects, ~/.config/claude/projects or $CLAUDE_CONFIG_DIR)",
    )
    .option('--full', 'ignore the cursors and read every file from the start')
    .option('--debug', 'print per-file decisions and read statistics on stderr')
    .option('--window <n>', 'human turns per influence window (default: config window, else 3; a change re-reads files)', intOption(1, 100))
    .option('--db <file>', 'use this store file')
    .action(
      cli.action<ScanOpts>(async (ctx, opts) => {
        const { resolveStorePath } = await import('../store/database.js');
        const { openStore } = await import('../store/store.js');
        const { scanIntoStore } = await import('../store/scan.js');
        const { reportReadIssues } = await import('./read-issues.js');
        const path = resolveStorePath({ db: opts.db, env: ctx.env, cwd: ctx.cwd });
        const db = openStore(path);
        try {
          const scanOptions: Parameters<typeof scanIntoStore>[1] = {
            sessions: opts.sessions ?? [],
            env: ctx.env,
            cwd: ctx.cwd,
            full: opts.full === true,
          };
          if (opts.window !== undefined) scanOptions.windowTurns = opts.window;
          if (opts.debug) {
            scanOptions.onFile = (f) => {
              const what =
                f.action === 'skip'
                  ? 'skipped (cursor: unchanged)'
                  : f.action === 'append'
                    ? `appended: read from byte ${f.from}`
                    : `read in full (${f.reason})`;
              const counts =
                f.action === 'skip'
                  ? ''
                  : `, ${f.bytesRead} bytes, ${f.invocations} invocations, ${f.events} events, ${f.openWindows} open windows`;
              ctx.io.stderr.write(`debug: ${f.path}: ${what}${counts}\n`);
            };
          }
          // The progress bar (files, MB/s) appears on a terminal for scans longer than ~1 s.
          const { scanWithProgress } = await import('./scan-progress.js');
          const result = await scanWithProgress(ctx, db, {
            sessions: scanOptions.sessions ?? [],
            window: scanOptions.windowTurns,
            full: scanOptions.full === true,
            onFile: scanOptions.onFile,
          });
          reportReadIssues(ctx, result.issues, result.stats.malformed);
          if (opts.debug) {
            const s = result.stats;
            ctx.io.stderr.write(
              `debug: files seen ${result.files}, skipped by cursor ${result.skipped}, appended ${result.appended}, read in full ${result.reread} ${JSON.stringify(result.fullReasons)}\n` +
                `debug: bytes read ${s.bytes}, lines ${s.lines}, parsed ${s.parsed}, pre-filtered ${s.prefiltered}, malformed ${s.malformed}, recovered ${s.recovered}, duplicates ${s.duplicates}, ${result.durationMs.toFixed(1)} ms\n`,
            );
          }
          if (ctx.json) {
            ctx.printJson({ store: path, ...result, issues: result.issues.length });
            return 0;
          }
          ctx.out(
            `Scanned ${result.files} transcript file${result.files === 1 ? '' : 's'} in ${(result.durationMs / 1000).toFixed(2)} s: ` +
              `${result.reread} read in full, ${result.appended} appended, ${result.skipped} unchanged; ${mb(result.stats.bytes)} read; ` +
              `${result.invocations} invocations and ${result.events} feedback events upserted into ${path}`,
          );
          return 0;
        } finally {
          db.close();
        }
      }),
    );
}
