/**
 * Trigger eval sets: skill-creator's JSON array of `{query, should_trigger}` (other keys are
 * ignored, as upstream). Validated at the boundary with zod; every problem names the file, the
 * item index and the field. Duplicate queries are refused: upstream silently pools them, which
 * would also leak test queries into the train split.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { SkillpulseError } from '../errors.js';

export interface EvalItem {
  query: string;
  should_trigger: boolean;
}

const ItemSchema = z.object({
  query: z.string().refine((q) => q.trim() !== '', 'must be a non-empty string'),
  should_trigger: z.boolean(),
});

/** The line (1-based) on which the `index`-th top-level array element starts, if findable. */
function lineOfItem(text: string, index: number): number | undefined {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let line = 1;
  let item = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      if (depth === 1 && c === '{') {
        item++;
        if (item === index) return line;
      }
      depth++;
    } else if (c === ']' || c === '}') depth--;
  }
  return undefined;
}

/** Validates parsed JSON as an eval set. `file` is used in messages. */
export function parseEvalSet(value: unknown, file: string, text?: string): EvalItem[] {
  if (!Array.isArray(value)) {
    throw new SkillpulseError('INVALID_INPUT', 'an eval set must be a JSON array of {"query", "should_trigger"} objects', { file });
  }
  const items: EvalItem[] = [];
  const seen = new Map<string, number>();
  value.forEach((raw, index) => {
    const line = text !== undefined ? lineOfItem(text, index) : undefined;
    const where = { file, ...(line !== undefined ? { line } : {}) };
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new SkillpulseError('INVALID_INPUT', 'must be an object with "query" and "should_trigger"', { ...where, field: `[${index}]` });
    }
    const parsed = ItemSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const key = String(issue.path[0] ?? '');
      const got = (raw as Record<string, unknown>)[key];
      const message =
        got === undefined
          ? 'is missing'
          : key === 'should_trigger'
            ? `must be true or false, got ${JSON.stringify(got)}`
            : key === 'query' && typeof got !== 'string'
              ? `must be a string, got ${JSON.stringify(got)}`
              : issue.message;
      throw new SkillpulseError('INVALID_INPUT', message, { ...where, field: `[${index}].${key}` });
    }
    const query = parsed.data.query;
    const previous = seen.get(query);
    if (previous !== undefined) {
      throw new SkillpulseError('INVALID_INPUT', `duplicate query (same text as item ${previous})`, {
        ...where,
        field: `[${index}].query`,
        hint: 'each query may appear once',
      });
    }
    seen.set(query, index);
    items.push({ query, should_trigger: parsed.data.should_trigger });
  });
  if (items.length === 0) throw new SkillpulseError('INVALID_INPUT', 'the eval set is empty', { file });
  return items;
}

export async function loadEvalSet(file: string): Promise<EvalItem[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SkillpulseError(code === 'ENOENT' ? 'NOT_FOUND' : 'INVALID_INPUT', `cannot read eval set: ${(error as Error).message}`, {
      file,
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const match = /position (\d+)/.exec((error as Error).message);
    const line = match ? text.slice(0, Number(match[1])).split('\n').length : undefined;
    throw new SkillpulseError('INVALID_INPUT', `invalid JSON: ${(error as Error).message}`, {
      file,
      ...(line !== undefined ? { line } : {}),
    });
  }
  return parseEvalSet(value, file, text);
}
