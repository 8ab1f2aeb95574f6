/**
 * A store scan with the terminal progress bar: discovers the files first (so the bar knows the
 * total), then scans them, ticking per file. The bar only shows on a terminal, after ~1 s, and
 * never with --json or --quiet (see progress.ts). Projects excluded in the config
 * (`excludeProjects`) are left out; the config's snippet policy decides what is stored, and its
 * `window` applies when the caller passes none.
 */
import type { SqliteDatabase } from '../store/database.js';
import type { StoreScanOptions, StoreScanResult } from '../store/scan.js';
import type { CommandContext } from './context.js';
import { createScanProgress } from './progress.js';

export async function scanWithProgress(
  ctx: CommandContext,
  db: SqliteDatabase,
  options: { sessions: readonly string[]; window?: number | undefined; full?: boolean; onFile?: StoreScanOptions['onFile'] },
): Promise<StoreScanResult> {
  const { discoverTranscripts } = await import('../transcripts/discovery.js');
  const { scanIntoStore } = await import('../store/scan.js');
  const { commandConfig, configuredLexicons, excludeConfiguredProjects } = await import('./config-defaults.js');
  const { config } = await commandConfig(ctx);
  const lexicons = await configuredLexicons(ctx);
  const discovered = await discoverTranscripts({ paths: options.sessions, env: ctx.env, cwd: ctx.cwd });
  await excludeConfiguredProjects(ctx, discovered);
  const progress = createScanProgress({ stream: ctx.io.stderr, flags: ctx.flags, env: ctx.env });
  progress.start(
    discovered.files.length,
    discovered.files.reduce((n, f) => n + f.size, 0),
  );
  const sizes = new Map(discovered.files.map((f) => [f.path, f.size]));
  const scanOptions: StoreScanOptions = {
    files: discovered.files,
    env: ctx.env,
    cwd: ctx.cwd,
    full: options.full === true,
    windowTurns: options.window ?? config.window,
    snippets: config.snippets,
    lexicons,
    onFile: (report) => {
      // Progress is measured in transcript bytes covered: a skipped or appended file counts whole.
      progress.tick(sizes.get(report.path) ?? report.bytesRead, 1);
      options.onFile?.(report);
    },
  };
  try {
    return await scanIntoStore(db, scanOptions);
  } finally {
    progress.done();
  }
}
