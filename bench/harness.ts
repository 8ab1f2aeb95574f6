/**
 * Pieces of the benchmark harness: building the CLI to measure (a snapshot of the committed code,
 * the working tree, or an existing dist/), running one measured child process, medians, machine
 * facts, and installing the reference reader (ccusage 18.0.11) on demand.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem, availableParallelism, release, platform } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './build-corpus.js';

export const CACHE_DIR = join(REPO_ROOT, '.bench');
export const CCUSAGE_VERSION = '18.0.11';

export type BuildSource = 'head' | 'worktree' | 'dist';

export interface BuiltCli {
  source: BuildSource;
  /** `dist/cli/main.js` of the build. */
  cli: string;
  dist: string;
  commit: string | null;
  /** Uncommitted changes under src/ when the build was made (only meaningful for worktree/dist). */
  dirty: boolean | null;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/**
 * `head`: `git archive HEAD` into `.bench/build/<commit>/` and build there (cached per commit), so
 * half-edited files in a shared checkout never break or skew the measurement. `worktree`: build
 * the checkout's dist/. `dist`: use dist/ as it is (CI, after `npm ci`).
 */
export function prepareCli(source: BuildSource, log: (line: string) => void): BuiltCli {
  const commit = git(['rev-parse', 'HEAD']);
  const dirtyText = git(['status', '--porcelain', '--', 'src']);
  const dirty = dirtyText === null ? null : dirtyText.length > 0;
  if (source === 'head') {
    if (!commit) throw new Error('--source head needs a git checkout; use --source dist or worktree');
    const root = join(CACHE_DIR, 'build');
    const dir = join(root, commit);
    const cli = join(dir, 'dist', 'cli', 'main.js');
    if (!existsSync(cli)) {
      if (existsSync(root)) for (const old of readdirSync(root)) rmSync(join(root, old), { recursive: true, force: true });
      mkdirSync(dir, { recursive: true });
      log(`building ${commit.slice(0, 10)} (git archive HEAD) in ${dir}`);
      const tar = execFileSync(
        'git',
        ['archive', '--format=tar', 'HEAD', 'src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'],
        {
          cwd: REPO_ROOT,
          maxBuffer: 256 * 1024 * 1024,
        },
      );
      execFileSync('tar', ['-x', '-C', dir], { input: tar });
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      execFileSync(process.execPath, [join(dir, 'scripts', 'build.mjs')], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    return { source, cli, dist: join(dir, 'dist'), commit, dirty: false };
  }
  if (source === 'worktree') {
    log('building the working tree (npm run build)');
    execFileSync(process.execPath, [join(REPO_ROOT, 'scripts', 'build.mjs')], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const cli = join(REPO_ROOT, 'dist', 'cli', 'main.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` or use --source head`);
  return { source, cli, dist: join(REPO_ROOT, 'dist'), commit, dirty };
}

export interface Usage {
  maxRssKB: number;
  userMs: number;
  systemMs: number;
}

export interface ChildRun {
  wallMs: number;
  exitCode: number;
  stdout: string;
  stderr: string;
  usage: Usage | null;
}

let usageCounter = 0;

/** Runs `node [--cpu-prof] <args>` with the usage reporter preloaded; never throws on exit codes. */
export function runNode(
  args: string[],
  options: { env: NodeJS.ProcessEnv; cwd?: string; cpuProfDir?: string; tmpDir: string },
): Promise<ChildRun> {
  const usageFile = join(options.tmpDir, `usage-${process.pid}-${++usageCounter}.json`);
  const nodeArgs = ['--import', pathToFileURL(join(REPO_ROOT, 'bench', 'child-usage.mjs')).href];
  if (options.cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`);
  nodeArgs.push(...args);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, nodeArgs, {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...options.env, BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      let usage: Usage | null = null;
      try {
        usage = JSON.parse(readFileSync(usageFile, 'utf8')) as Usage;
        rmSync(usageFile, { force: true });
      } catch {
        usage = null;
      }
      resolve({
        wallMs,
        exitCode: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        usage,
      });
    });
  });
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface Machine {
  cpu: string;
  cores: number;
  availableParallelism: number;
  memoryGB: number;
  freeMemoryGB: number;
  node: string;
  os: string;
  loadavgAtStart: number[];
}

export function machineFacts(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    availableParallelism: availableParallelism(),
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    freeMemoryGB: Math.round((freemem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadavgAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

/** `.bench/ccusage-18.0.11/node_modules/ccusage/dist/index.js`, installed from npm on first use. */
export function ensureCcusage(log: (line: string) => void): string {
  const prefix = join(CACHE_DIR, `ccusage-${CCUSAGE_VERSION}`);
  const entry = join(prefix, 'node_modules', 'ccusage', 'dist', 'index.js');
  const pkg = join(prefix, 'node_modules', 'ccusage', 'package.json');
  const installed = existsSync(pkg) ? (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version : null;
  if (installed !== CCUSAGE_VERSION || !existsSync(entry)) {
    log(`installing ccusage@${CCUSAGE_VERSION} into ${prefix}`);
    mkdirSync(prefix, { recursive: true });
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    execFileSync(npm, ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-save', `ccusage@${CCUSAGE_VERSION}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
  return entry;
}
