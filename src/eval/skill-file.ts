/**
 * SKILL.md: real YAML frontmatter parsing and skill-creator's `quick_validate` rules.
 *
 * Parsing is pure (`parseSkillMd(text, file)`); `readSkillDir(dir)` is the one I/O edge.
 * Validation messages are exactly quick_validate's, so authors see the same words in both tools.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, stringify } from 'yaml';
import { SkillpulseError } from '../errors.js';
import { codePointLength } from './stats.js';

export const SKILL_FILE_NAME = 'SKILL.md';
export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;
/** quick_validate's allowed frontmatter keys, in the order its message lists them. */
export const ALLOWED_FRONTMATTER_KEYS = ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] as const;

export interface SkillFile {
  /** Path of SKILL.md (as given), for messages. */
  file: string;
  /** The whole file text. */
  text: string;
  /** The frontmatter mapping as parsed YAML. */
  frontmatter: Record<string, unknown>;
  /** Everything after the closing `---` line. */
  body: string;
  /** `name`, trimmed, when it is a string. */
  name: string | undefined;
  /** `description`, trimmed, when it is a string (YAML block scalars keep their YAML meaning). */
  description: string | undefined;
}

export interface SkillIssue {
  field: string;
  message: string;
  /** `error`: skill-creator rejects the skill; `warning`: reported, evaluation continues. */
  severity: 'error' | 'warning';
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses SKILL.md text. Throws INVALID_INPUT naming the file (and line for YAML errors). */
export function parseSkillMd(text: string, file: string): SkillFile {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!source.startsWith('---')) throw new SkillpulseError('INVALID_INPUT', 'No YAML frontmatter found', { file, line: 1 });
  const match = FRONTMATTER.exec(source);
  if (!match)
    throw new SkillpulseError('INVALID_INPUT', 'Invalid frontmatter format', {
      file,
      line: 1,
      hint: 'close the frontmatter with a --- line',
    });
  const yamlText = match[1] ?? '';
  const doc = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true });
  const firstError = doc.errors[0];
  if (firstError) {
    const offset = firstError.pos[0];
    const yamlLine = yamlText.slice(0, offset).split('\n').length;
    throw new SkillpulseError('INVALID_INPUT', `Invalid YAML in frontmatter: ${firstError.message.split('\n')[0]}`, {
      file,
      line: yamlLine + 1,
    });
  }
  const value: unknown = doc.toJS();
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SkillpulseError('INVALID_INPUT', 'Frontmatter must be a YAML dictionary', { file, line: 2 });
  }
  const frontmatter = value as Record<string, unknown>;
  const name = typeof frontmatter.name === 'string' ? frontmatter.name.trim() : undefined;
  const description = typeof frontmatter.description === 'string' ? frontmatter.description.trim() : undefined;
  return { file, text: source, frontmatter, body: source.slice(match[0].length), name, description };
}

function typeName(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'object') return 'dict';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return typeof value;
}

/** quick_validate's name checks for one name; `[]` when valid. */
export function validateSkillName(raw: unknown): SkillIssue[] {
  if (typeof raw !== 'string') return [{ field: 'name', severity: 'error', message: `Name must be a string, got ${typeName(raw)}` }];
  const name = raw.trim();
  if (name === '') return [];
  if (!/^[a-z0-9-]+$/.test(name)) {
    return [
      { field: 'name', severity: 'error', message: `Name '${name}' should be kebab-case (lowercase letters, digits, and hyphens only)` },
    ];
  }
  if (name.startsWith('-') || name.endsWith('-') || name.includes('--')) {
    return [{ field: 'name', severity: 'error', message: `Name '${name}' cannot start/end with hyphen or contain consecutive hyphens` }];
  }
  const len = codePointLength(name);
  if (len > MAX_NAME_LENGTH) {
    return [
      { field: 'name', severity: 'error', message: `Name is too long (${len} characters). Maximum is ${MAX_NAME_LENGTH} characters.` },
    ];
  }
  return [];
}

/** quick_validate's description checks for one description (also used for candidates). */
export function validateDescription(raw: unknown): SkillIssue[] {
  if (typeof raw !== 'string')
    return [{ field: 'description', severity: 'error', message: `Description must be a string, got ${typeName(raw)}` }];
  const description = raw.trim();
  const issues: SkillIssue[] = [];
  if (/[<>]/.test(description))
    issues.push({ field: 'description', severity: 'error', message: 'Description cannot contain angle brackets (< or >)' });
  const len = codePointLength(description);
  if (len > MAX_DESCRIPTION_LENGTH) {
    issues.push({
      field: 'description',
      severity: 'error',
      message: `Description is too long (${len} characters). Maximum is ${MAX_DESCRIPTION_LENGTH} characters.`,
    });
  }
  return issues;
}

/**
 * All quick_validate findings for a parsed frontmatter, in quick_validate's order. Unexpected
 * keys are a warning here (Claude Code itself accepts more keys than quick_validate allows);
 * everything else is an error.
 */
export function validateSkillFrontmatter(frontmatter: Record<string, unknown>): SkillIssue[] {
  const issues: SkillIssue[] = [];
  const allowed = new Set<string>(ALLOWED_FRONTMATTER_KEYS);
  const unexpected = Object.keys(frontmatter)
    .filter((k) => !allowed.has(k))
    .sort();
  if (unexpected.length > 0) {
    issues.push({
      field: unexpected.join(', '),
      severity: 'warning',
      message: `Unexpected key(s) in SKILL.md frontmatter: ${unexpected.join(', ')}. Allowed properties are: ${ALLOWED_FRONTMATTER_KEYS.join(', ')}`,
    });
  }
  if (!('name' in frontmatter)) issues.push({ field: 'name', severity: 'error', message: "Missing 'name' in frontmatter" });
  if (!('description' in frontmatter))
    issues.push({ field: 'description', severity: 'error', message: "Missing 'description' in frontmatter" });
  if ('name' in frontmatter) issues.push(...validateSkillName(frontmatter.name));
  if ('description' in frontmatter) issues.push(...validateDescription(frontmatter.description));
  if ('compatibility' in frontmatter) {
    const c = frontmatter.compatibility;
    if (typeof c !== 'string') {
      issues.push({ field: 'compatibility', severity: 'error', message: `Compatibility must be a string, got ${typeName(c)}` });
    } else if (codePointLength(c) > MAX_COMPATIBILITY_LENGTH) {
      issues.push({
        field: 'compatibility',
        severity: 'error',
        message: `Compatibility is too long (${codePointLength(c)} characters). Maximum is ${MAX_COMPATIBILITY_LENGTH} characters.`,
      });
    }
  }
  return issues;
}

/** Throws the first error-level issue as INVALID_INPUT with file and field. Returns the warnings. */
export function assertValidSkill(skill: SkillFile): SkillIssue[] {
  const issues = validateSkillFrontmatter(skill.frontmatter);
  const error = issues.find((i) => i.severity === 'error');
  if (error) throw new SkillpulseError('INVALID_INPUT', error.message, { file: skill.file, field: error.field });
  if (!skill.name) throw new SkillpulseError('INVALID_INPUT', "Missing 'name' in frontmatter", { file: skill.file, field: 'name' });
  if (!skill.description) throw new SkillpulseError('INVALID_INPUT', 'Description is empty', { file: skill.file, field: 'description' });
  return issues.filter((i) => i.severity === 'warning');
}

/** Reads `<dir>/SKILL.md` and parses it (not validated). */
export async function readSkillDir(dir: string): Promise<SkillFile> {
  const file = path.join(dir, SKILL_FILE_NAME);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new SkillpulseError('NOT_FOUND', `No SKILL.md found at ${dir}`, {
        file,
        hint: '--skill-path must be a skill folder holding SKILL.md',
      });
    }
    throw new SkillpulseError('INVALID_INPUT', `cannot read SKILL.md: ${(error as Error).message}`, { file, cause: error });
  }
  return parseSkillMd(text, file);
}

/**
 * SKILL.md text with the description replaced (other keys, their order and the body kept).
 * Used to install a candidate into an isolated project and by `optimize --apply`.
 */
export function withDescription(skill: SkillFile, description: string): string {
  const doc = parseDocument(FRONTMATTER.exec(skill.text)?.[1] ?? '');
  doc.set('description', description);
  const yamlText = doc.toString({ lineWidth: 0 }).replace(/\n$/, '');
  return `---\n${yamlText}\n---\n${skill.body}`;
}

/** A minimal SKILL.md for a name and description (used when no frontmatter text is at hand). */
export function renderSkillMd(name: string, description: string, body = ''): string {
  return `---\n${stringify({ name, description }, { lineWidth: 0 })}---\n${body}`;
}
