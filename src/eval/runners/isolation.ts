/**
 * Isolated temporary projects: every run gets its own folder holding only the candidate, installed
 * as a real project skill (`.claude/skills/<name>/SKILL.md`), so parallel runs never see each
 * other's copies (upstream's shared `.claude/commands` made recall fall to 1/workers).
 *
 * Every folder created is tracked in a `TempProjects` registry, so an interrupted evaluation can
 * remove whatever is still on disk (`removeAllSync`, safe to call from a signal or exit handler).
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface IsolatedProject {
  dir: string;
  /** Absolute path of the installed SKILL.md. */
  skillFile: string;
  remove(): Promise<void>;
}

export class TempProjects {
  private readonly live = new Set<string>();
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /** Creates a project holding the candidate skill. */
  async create(skillName: string, skillMd: string): Promise<IsolatedProject> {
    const dir = await mkdtemp(path.join(this.root, 'skillpulse-eval-'));
    this.live.add(dir);
    try {
      const skillDir = path.join(dir, '.claude', 'skills', skillName);
      await mkdir(skillDir, { recursive: true });
      const skillFile = path.join(skillDir, 'SKILL.md');
      await writeFile(skillFile, skillMd);
      return {
        dir,
        skillFile,
        remove: async () => {
          await rm(dir, { recursive: true, force: true, maxRetries: 3 });
          this.live.delete(dir);
        },
      };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      this.live.delete(dir);
      throw error;
    }
  }

  /** Folders not yet removed. */
  get pending(): string[] {
    return [...this.live];
  }

  /** Removes every folder still on disk, synchronously (for signal and exit handlers). */
  removeAllSync(): void {
    for (const dir of this.live) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // best effort: reported by the caller through `pending`
      }
      if (!existsSync(dir)) this.live.delete(dir);
    }
  }
}

/**
 * A skill with the candidate's name installed for the user (`$HOME/.claude/skills/<name>`) would
 * shadow the candidate (user scope beats project scope). Runs are limited to project settings,
 * which keeps it out, but it is still reported so the author knows. Returns its path or null.
 */
export function findUserSkill(home: string | undefined, skillName: string): string | null {
  if (!home) return null;
  const file = path.join(home, '.claude', 'skills', skillName, 'SKILL.md');
  return existsSync(file) ? file : null;
}
