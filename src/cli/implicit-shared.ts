/**
 * Shared by the implicit-feedback reading commands (analyze, report, trend, hotspots, show,
 * compare): the session options and the analysis run. By default the sessions are scanned into
 * the store (incrementally) and the analysis is read back from it — the same result as reading
 * the transcripts, only faster on the second run, and transcripts deleted since keep their
 * history. `--no-store` reads the transcripts directly and leaves the store alone.
 */
import type { Command } from 'commander';
import type { AnalysisResult } from '../feedback/analyze.js';
import type { ExplicitFeedback } from '../store/explicit-feedback.js';
import type { CommandContext } from './context.js';
import { collect, dateOption, intOption } from './options.js';

export interface SessionOpts {
  sessions?: string[];
  sessionDir?: string[];
  window: number;
  minInvocations: number;
  now?: Date;
  db?: string;
  /** false with `--no-store`. */
  store: boolean;
}

/** `--db FILE` and `--no-store` (the store options of every reading command). */
export function addStoreOptions(command: Command): Command {
  return command
    .option('--db <file>', 'use this store file (default: $SKILLPULSE_HOME/skillpulse.db or ~/.skillpulse/skillpulse.db)')
    .option('--no-store', 'read the transcripts directly; neither read nor update the store');
}

export function addSessionOptions(command: Command): Command {
  return addStoreOptions(
    command
      .option(
        '--sessions <path>',
        "transcript folder or .jsonl file (repeatable; default: the config's sessionRoots, else the default roots)",
        collect,
      )
      .option('--session-dir <path>', 'alias of --sessions', collect)
      .option('--window <n>', 'human turns after an invocation that can judge it (config: window)', intOption(1, 100), 3)
      .option('--min-invocations <n>', 'events needed before a rate counts as sufficient data (config: minInvocations)', intOption(1), 5)
      .option('--now <iso>', 'the current time for trends (default: the clock)', dateOption),
  );
}

export interface AnalysisRequest {
  /** Transcript folders or files (already checked to exist); empty: the default roots. */
  dirs: readonly string[];
  window: number;
  skillFilter?: string | undefined;
  /** false: events and snippets carry `''` (default true). */
  snippets?: boolean;
  /** Use the store (default true). */
  store?: boolean;
  db?: string | undefined;
  /** Also return the store's explicit feedback records (empty with `store: false`). */
  explicit?: boolean;
  /** Fail with NOT_FOUND when no transcript root exists (analyze's behaviour), before touching the store. */
  requireRoots?: boolean;
}

/**
 * The analysis of the requested sessions: scanned into the store and read back from it, or read
 * directly with `store: false`. Read problems go to stderr.
 */
export async function analyzeForCommand(
  ctx: CommandContext,
  request: AnalysisRequest,
): Promise<{ analysis: AnalysisResult; explicit: ExplicitFeedback[] }> {
  const { reportReadIssues } = await import('./read-issues.js');
  const { SkillpulseError } = await import('../errors.js');
  const { discoverTranscripts } = await import('../transcripts/discovery.js');
  const discovery = await discoverTranscripts({ paths: request.dirs, env: ctx.env, cwd: ctx.cwd });
  if (request.requireRoots && request.dirs.length === 0 && !discovery.roots.some((r) => r.exists)) {
    throw new SkillpulseError('NOT_FOUND', `Session directory not found: ${discovery.roots[0]?.path ?? '~/.claude/projects'}`, {
      hint: 'pass --session-dir DIR',
    });
  }
  // The config: projects it excludes are neither read nor reported; its snippet policy decides
  // what is stored and printed (`none`: no snippet anywhere).
  const { commandConfig, configuredLexicons, excludeConfiguredProjects } = await import('./config-defaults.js');
  const { config } = await commandConfig(ctx);
  const lexicons = await configuredLexicons(ctx);
  const discovered = discovery.files.length;
  const excluded = await excludeConfiguredProjects(ctx, discovery);
  const snippets = request.snippets !== false && config.snippets.mode !== 'none';
  let analysis: AnalysisResult;
  let explicit: ExplicitFeedback[] = [];
  if (request.store === false) {
    const { analyzeSessions } = await import('../feedback/analyze.js');
    const options = {
      env: ctx.env,
      cwd: ctx.cwd,
      window: request.window,
      snippetMaxLength: config.snippets.maxLength,
      lexiconSelection: lexicons,
      ...(snippets ? {} : { snippets: false }),
      ...(request.skillFilter !== undefined ? { skillFilter: request.skillFilter } : {}),
    };
    if (discovery.files.length === discovered) analysis = await analyzeSessions({ ...options, sessionDirs: request.dirs });
    else if (discovery.files.length === 0) {
      const { emptyStats } = await import('../transcripts/reader.js');
      analysis = {
        invocations: [],
        failed: [],
        events: [],
        sessions: 0,
        files: 0,
        stats: emptyStats(),
        issues: [],
        roots: discovery.roots,
      };
    } else {
      // Excluded projects left out: the remaining files are read as explicit files, in discovery order.
      analysis = {
        ...(await analyzeSessions({ ...options, sessionDirs: discovery.files.map((f) => f.path) })),
        roots: discovery.roots,
      };
    }
  } else {
    const { resolveStorePath } = await import('../store/database.js');
    const { openStore } = await import('../store/store.js');
    const { analyzeWithStore } = await import('../store/analysis.js');
    const { createScanProgress } = await import('./progress.js');
    const db = openStore(resolveStorePath({ db: request.db, env: ctx.env, cwd: ctx.cwd }));
    const progress = createScanProgress({ stream: ctx.io.stderr, flags: ctx.flags, env: ctx.env });
    try {
      const sizes = new Map(discovery.files.map((f) => [f.path, f.size]));
      progress.start(
        discovery.files.length,
        discovery.files.reduce((n, f) => n + f.size, 0),
      );
      const roots = discovery.roots.filter((r) => r.exists).map((r) => r.path);
      analysis = await analyzeWithStore(db, {
        discovery,
        window: request.window,
        skillFilter: request.skillFilter,
        snippets,
        snippetPolicy: config.snippets,
        lexiconSelection: lexicons,
        cwd: ctx.cwd,
        ...(excluded ? { excludeFile: (file: string) => excluded(file, roots) } : {}),
        onFile: (f) => progress.tick(f.action === 'skip' ? (sizes.get(f.path) ?? 0) : f.bytesRead, 1),
      });
      if (request.explicit) {
        const { listExplicitFeedback } = await import('../store/explicit-feedback.js');
        explicit = listExplicitFeedback(db, request.skillFilter !== undefined ? { skillName: request.skillFilter } : {});
      }
    } finally {
      progress.done();
      db.close();
    }
  }
  reportReadIssues(ctx, analysis.issues, analysis.stats.malformed);
  return { analysis, explicit };
}

/** The analysis for a reading command; `extra.explicit` also returns the store's explicit records. */
export async function runAnalysis(
  ctx: CommandContext,
  opts: SessionOpts,
  skill?: string,
  extra: { explicit?: boolean } = {},
): Promise<AnalysisResult & { explicit: ExplicitFeedback[] }> {
  const path = await import('node:path');
  const { existsSync } = await import('node:fs');
  const { SkillpulseError } = await import('../errors.js');
  const dirs = [...(opts.sessions ?? []), ...(opts.sessionDir ?? [])];
  for (const dir of dirs) {
    if (!existsSync(path.resolve(ctx.cwd, dir))) throw new SkillpulseError('NOT_FOUND', `Session directory not found: ${dir}`);
  }
  const { analysis, explicit } = await analyzeForCommand(ctx, {
    dirs,
    window: opts.window,
    skillFilter: skill,
    store: opts.store,
    db: opts.db,
    explicit: extra.explicit === true,
  });
  return { ...analysis, explicit };
}

/** `0.40 [0.12–0.77]` */
export function rateText(rate: number, interval: { low: number; high: number } | null, fixed: (x: number, d: number) => string): string {
  return interval ? `${fixed(rate, 2)} [${fixed(interval.low, 2)}–${fixed(interval.high, 2)}]` : fixed(rate, 2);
}
