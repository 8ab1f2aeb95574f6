/**
 * The trigger-run cache: a decided run (triggered or not) is stored under the skillpulse home,
 * keyed by (runner, model, description hash, query, run index, client version) plus the skill
 * name and detection policy, which also change the answer. A repeated evaluation with the same
 * key costs nothing. Errors are never cached. One small JSON file per run:
 * `<home>/cache/trigger/<first 2 hex>/<sha256>.json`.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DetectPolicy } from './detection.js';

export interface CacheKeyParts {
  runner: string;
  model: string | undefined;
  description: string;
  query: string;
  runIndex: number;
  clientVersion: string;
  skillName: string;
  policy: DetectPolicy;
}

export interface CachedRun {
  triggered: boolean;
  /** What the run cost when it was made (reported or estimated); a cache hit costs 0. */
  costUsd: number | null;
  durationMs: number;
  otherSkills: string[];
  toolsCalled: string[];
  text: string;
  createdAt: string;
  key: Omit<CacheKeyParts, 'description'> & { descriptionSha256: string };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** `SKILLPULSE_HOME` (relative to `cwd`), else `$HOME/.skillpulse` (as the store); null without either. */
export function skillpulseHome(env: NodeJS.ProcessEnv, cwd: string): string | null {
  if (env.SKILLPULSE_HOME) return path.resolve(cwd, env.SKILLPULSE_HOME);
  const home = env.HOME ?? env.USERPROFILE;
  return home ? path.join(home, '.skillpulse') : null;
}

export function cacheKey(parts: CacheKeyParts): string {
  return sha256(
    JSON.stringify([
      'trigger-v1',
      parts.runner,
      parts.model ?? '(default)',
      sha256(parts.description),
      parts.query,
      parts.runIndex,
      parts.clientVersion,
      parts.skillName,
      parts.policy,
    ]),
  );
}

export class TriggerCache {
  readonly dir: string;

  constructor(home: string) {
    this.dir = path.join(home, 'cache', 'trigger');
  }

  private file(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  async get(parts: CacheKeyParts): Promise<CachedRun | undefined> {
    try {
      const value = JSON.parse(await readFile(this.file(cacheKey(parts)), 'utf8')) as CachedRun;
      return typeof value.triggered === 'boolean' ? value : undefined;
    } catch {
      return undefined;
    }
  }

  async put(parts: CacheKeyParts, run: Omit<CachedRun, 'key'>): Promise<void> {
    const key = cacheKey(parts);
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const { description, ...rest } = parts;
    const entry: CachedRun = { ...run, key: { ...rest, descriptionSha256: sha256(description) } };
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, `${JSON.stringify(entry)}\n`);
    await rename(tmp, file);
  }

  /** Mean cost of cached runs made with this runner and model (for dry-run estimates); null when none. */
  async meanCost(runner: string, model: string | undefined): Promise<{ mean: number; n: number } | null> {
    let sum = 0;
    let n = 0;
    let shards: string[];
    try {
      shards = await readdir(this.dir);
    } catch {
      return null;
    }
    for (const shard of shards) {
      let files: string[];
      try {
        files = await readdir(path.join(this.dir, shard));
      } catch {
        continue;
      }
      for (const f of files) {
        if (!f.endsWith('.json')) continue;
        try {
          const run = JSON.parse(await readFile(path.join(this.dir, shard, f), 'utf8')) as CachedRun;
          if (run.key?.runner === runner && (run.key.model ?? undefined) === model && typeof run.costUsd === 'number') {
            sum += run.costUsd;
            n++;
          }
        } catch {
          // a broken cache entry is ignored (and overwritten on the next run)
        }
        if (n >= 500) return { mean: sum / n, n };
      }
    }
    return n > 0 ? { mean: sum / n, n } : null;
  }
}
