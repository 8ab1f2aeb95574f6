/**
 * Installed skills: `~/.claude/skills/<name>/SKILL.md` (user), `<project>/.claude/skills/<name>/`
 * (project) and skills inside plugins under `~/.claude/plugins/` (namespaced `<plugin>:<name>`,
 * the plugin's name taken from its `.claude-plugin/plugin.json`, else its folder).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

export interface InstalledSkill {
  /** The id invocations use: `<name>`, or `<plugin>:<name>` for plugin skills. */
  id: string;
  name: string;
  scope: 'user' | 'project' | 'plugin';
  plugin: string | null;
  /** The skill folder. */
  path: string;
}

function skillFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const folder = join(dir, entry.name);
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && safeIsDir(folder));
    if (isDir && existsSync(join(folder, 'SKILL.md'))) out.push(folder);
  }
  return out.sort();
}

function safeIsDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function pluginName(root: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(root, '.claude-plugin', 'plugin.json'), 'utf8')) as { name?: unknown };
    if (typeof manifest.name === 'string' && manifest.name !== '') return manifest.name;
  } catch {
    // No or unreadable manifest: the folder name.
  }
  return basename(root);
}

/** `skills/` folders under the plugins folder, with their plugin root (bounded depth, no symlink loops). */
function pluginSkillDirs(pluginsDir: string, maxDepth = 7): Array<{ skillsDir: string; pluginRoot: string }> {
  const found: Array<{ skillsDir: string; pluginRoot: string }> = [];
  const walk = (dir: string, depth: number) => {
    if (depth > maxDepth) return;
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === '.git') continue;
      const path = join(dir, entry.name);
      if (entry.name === 'skills') found.push({ skillsDir: path, pluginRoot: dir });
      else walk(path, depth + 1);
    }
  };
  walk(pluginsDir, 0);
  return found;
}

export function findInstalledSkills(options: { home?: string | undefined; projectRoot?: string | null }): InstalledSkill[] {
  const skills: InstalledSkill[] = [];
  const seen = new Set<string>();
  const add = (skill: InstalledSkill) => {
    const key = `${skill.scope}:${skill.id}`;
    if (seen.has(key)) return;
    seen.add(key);
    skills.push(skill);
  };
  if (options.home) {
    for (const folder of skillFolders(join(options.home, '.claude', 'skills'))) {
      add({ id: basename(folder), name: basename(folder), scope: 'user', plugin: null, path: folder });
    }
  }
  if (options.projectRoot) {
    for (const folder of skillFolders(join(options.projectRoot, '.claude', 'skills'))) {
      add({ id: basename(folder), name: basename(folder), scope: 'project', plugin: null, path: folder });
    }
  }
  if (options.home) {
    for (const { skillsDir, pluginRoot } of pluginSkillDirs(join(options.home, '.claude', 'plugins'))) {
      const plugin = pluginName(pluginRoot);
      for (const folder of skillFolders(skillsDir)) {
        add({ id: `${plugin}:${basename(folder)}`, name: basename(folder), scope: 'plugin', plugin, path: folder });
      }
    }
  }
  return skills;
}
