/**
 * `mkdir -p` that always ends. Node 20's `mkdirSync(dir, { recursive: true })` never returns under a
 * parent that exists but refuses new entries with ENOENT (`/proc/x/y`: it retries the parent, which
 * "exists", then the child again, forever). This walks up to the nearest existing folder and
 * creates each missing one below it in turn, so a path that cannot be made fails at once with the
 * error of the step that failed.
 */
import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export function makeDirs(dir: string, mode?: number): void {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    const stats = statSync(at, { throwIfNoEntry: false });
    if (stats !== undefined) {
      if (!stats.isDirectory()) throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${at}'`), { code: 'ENOTDIR' });
      break;
    }
    missing.push(at);
    const parent = dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, mode === undefined ? undefined : { mode });
    } catch (error) {
      // Made meanwhile by another process: fine.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
