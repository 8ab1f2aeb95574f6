/** Reading what judges look at: output folders (text files inlined, capped) and transcripts. */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SkillpulseError } from '../../errors.js';

const PER_FILE = 20_000;
const TOTAL = 100_000;
const SKIP = new Set(['transcript.md', 'user_notes.md', 'metrics.json']);

export interface OutputFile {
  path: string;
  text: string;
  truncated: boolean;
}

function looksBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 4096).includes(0);
}

/** The text files of an output folder (or one file), relative paths, capped; binaries listed only. */
export async function readOutputs(target: string): Promise<{ files: OutputFile[]; binaries: string[] }> {
  const info = await stat(target).catch(() => null);
  if (!info) throw new SkillpulseError('NOT_FOUND', 'no such file or folder', { file: target });
  const files: OutputFile[] = [];
  const binaries: string[] = [];
  let total = 0;
  const visit = async (file: string, rel: string) => {
    const buffer = await readFile(file);
    if (looksBinary(buffer)) {
      binaries.push(rel);
      return;
    }
    const full = buffer.toString('utf8');
    const room = Math.max(0, Math.min(PER_FILE, TOTAL - total));
    files.push({ path: rel, text: full.slice(0, room), truncated: full.length > room });
    total += Math.min(full.length, room);
  };
  if (info.isFile()) {
    await visit(target, path.basename(target));
    return { files, binaries };
  }
  const walk = async (dir: string, prefix: string) => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '.git') await walk(path.join(dir, entry.name), rel);
      } else if (entry.isFile() && !(prefix === '' && SKIP.has(entry.name))) {
        await visit(path.join(dir, entry.name), rel);
      }
    }
  };
  await walk(target, '');
  return { files, binaries };
}

export function renderOutputs(outputs: { files: OutputFile[]; binaries: string[] }): string {
  const parts = outputs.files.map((f) => `<file path="${f.path}">\n${f.text}${f.truncated ? '\n[truncated]' : ''}\n</file>`);
  if (outputs.binaries.length > 0) parts.push(`Binary files (not shown): ${outputs.binaries.join(', ')}`);
  return parts.length > 0 ? parts.join('\n') : '(no output files)';
}

export async function readOptionalText(file: string | undefined, cap = 60_000): Promise<string | null> {
  if (!file || !existsSync(file)) return null;
  const text = await readFile(file, 'utf8');
  return text.length > cap ? `${text.slice(0, cap)}\n[truncated]` : text;
}

export async function readOptionalJson(file: string): Promise<Record<string, unknown> | null> {
  if (!existsSync(file)) return null;
  try {
    const value: unknown = JSON.parse(await readFile(file, 'utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch (error) {
    throw new SkillpulseError('INVALID_INPUT', `invalid JSON: ${(error as Error).message}`, { file });
  }
}

/** Whitespace-insensitive containment, for checking that evidence quotes the sources. */
export function normaliseForQuote(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}
