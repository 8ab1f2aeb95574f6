/**
 * Which store file a command uses. Global scope: `--db FILE`, else `$SKILLPULSE_HOME/skillpulse.db`,
 * else `~/.skillpulse/skillpulse.db`. Project scope: `<project-root>/.skillpulse/skillpulse.db`,
 * where the root is `--project-root` or the git root found from the working directory. Project
 * scope without a root is an error — never a silent write to the global store.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SkillpulseError } from '../errors.js';
import { resolveStorePath } from './database.js';

export type StoreScope = 'global' | 'project';
export const STORE_SCOPES: readonly StoreScope[] = ['global', 'project'];

export interface ScopeRequest {
  scope?: string | undefined;
  projectRoot?: string | undefined;
  /** `--db FILE`: an explicit store file, whatever the scope. */
  db?: string | undefined;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface ResolvedStore {
  scope: StoreScope;
  /** The store file. */
  path: string;
  /** The project root (project scope only). */
  projectRoot: string | null;
}

/** The nearest folder at or above `start` holding `.git` (a folder, or a file for worktrees). */
export function findGitRoot(start: string): string | null {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, '.git'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** Resolves the store for a scope. `--project-root` alone implies project scope. */
export function resolveScopedStore(request: ScopeRequest): ResolvedStore {
  const scope = request.scope ?? (request.projectRoot !== undefined ? 'project' : 'global');
  if (scope !== 'global' && scope !== 'project') {
    throw new SkillpulseError('USAGE', `unknown scope "${scope}"; expected global or project`, { field: 'scope' });
  }
  if (scope === 'global') {
    if (request.projectRoot !== undefined) {
      throw new SkillpulseError('USAGE', '--project-root only applies to --scope project', { field: 'project-root' });
    }
    return { scope, path: resolveStorePath({ db: request.db, env: request.env, cwd: request.cwd }), projectRoot: null };
  }
  let root: string | null;
  if (request.projectRoot !== undefined) {
    root = resolve(request.cwd, request.projectRoot);
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      isDir = false;
    }
    if (!isDir) throw new SkillpulseError('NOT_FOUND', 'the project root is not a folder', { file: root, field: 'project-root' });
  } else {
    root = findGitRoot(request.cwd);
  }
  if (root === null) {
    throw new SkillpulseError(
      'USAGE',
      'project scope needs a project root: none was given and no git repository contains the working folder',
      {
        field: 'scope',
        hint: 'pass --project-root DIR, or run inside the project',
      },
    );
  }
  const path = request.db ? resolve(request.cwd, request.db) : join(root, '.skillpulse', 'skillpulse.db');
  return { scope, path, projectRoot: root };
}
