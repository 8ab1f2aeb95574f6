/**
 * `optimize --apply`: writes a description into SKILL.md, keeping a backup of the previous file
 * (`SKILL.md.bak-<UTC timestamp>`, never overwriting an existing backup). Refuses when the file
 * changed since it was read, so no edit made meanwhile is lost.
 */
import { constants } from 'node:fs';
import { copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import { SkillpulseError } from '../errors.js';
import { type SkillFile, withDescription } from './skill-file.js';

export interface Applied {
  file: string;
  backup: string;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export async function applyDescription(skill: SkillFile, description: string, now: Date = new Date()): Promise<Applied> {
  const current = await readFile(skill.file, 'utf8');
  const currentText = current.startsWith('\uFEFF') ? current.slice(1) : current;
  if (currentText !== skill.text) {
    throw new SkillpulseError('ABORTED', 'SKILL.md changed while the optimiser ran; not overwriting it', {
      file: skill.file,
      hint: 'rerun with --apply, or paste the best description by hand',
    });
  }
  let backup = `${skill.file}.bak-${stamp(now)}`;
  for (let n = 1; ; n++) {
    try {
      await copyFile(skill.file, backup, constants.COPYFILE_EXCL);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 50) throw error;
      backup = `${skill.file}.bak-${stamp(now)}-${n}`;
    }
  }
  const tmp = `${skill.file}.tmp-${process.pid}`;
  await writeFile(tmp, withDescription(skill, description));
  await rename(tmp, skill.file);
  return { file: skill.file, backup };
}
