/**
 * Asks a model for JSON that fits a zod schema (plus optional semantic checks), retrying with the
 * problems spelled out when the answer does not fit, and reporting clearly when it never does.
 */
import type { z } from 'zod';
import { SkillpulseError } from '../../errors.js';
import type { ModelBackend } from '../backends.js';

/** Pulls the JSON value out of a model answer: a ```json fence, else the outermost {…} or […]. */
export function extractJson(text: string): unknown {
  const fence = /```(?:json)?\s*\n([\s\S]*?)```/.exec(text);
  const candidates: string[] = [];
  if (fence) candidates.push(fence[1]!);
  const firstObj = text.indexOf('{');
  const firstArr = text.indexOf('[');
  const starts = [firstObj, firstArr].filter((i) => i !== -1).sort((a, b) => a - b);
  for (const start of starts) {
    const close = text[start] === '{' ? '}' : ']';
    const end = text.lastIndexOf(close);
    if (end > start) candidates.push(text.slice(start, end + 1));
  }
  candidates.push(text.trim());
  let lastError: Error | undefined;
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch (error) {
      lastError = error as Error;
    }
  }
  throw new Error(`the answer holds no valid JSON (${lastError?.message ?? 'empty answer'})`);
}

export interface JsonCallLog {
  attempts: number;
  problems: string[][];
  cost_usd: number;
}

export interface JsonCallOptions<T> {
  /** Extra checks on a schema-valid value; each returned string is a problem. */
  check?: (value: T) => string[];
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** Names the judge in the final error. */
  what: string;
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.slice(0, 12).map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`);
}

export async function callJson<S extends z.ZodType>(
  backend: ModelBackend,
  prompt: string,
  schema: S,
  options: JsonCallOptions<z.infer<S>>,
): Promise<{ value: z.infer<S>; log: JsonCallLog }> {
  const retries = options.retries ?? 2;
  const log: JsonCallLog = { attempts: 0, problems: [], cost_usd: 0 };
  let current = prompt;
  for (let attempt = 0; attempt <= retries; attempt++) {
    log.attempts++;
    const answer = await backend.complete(current);
    log.cost_usd += answer.costUsd ?? 0;
    let problems: string[];
    try {
      const parsed = schema.safeParse(extractJson(answer.text));
      if (parsed.success) {
        problems = options.check ? options.check(parsed.data) : [];
        if (problems.length === 0) return { value: parsed.data, log };
      } else {
        problems = describeIssues(parsed.error);
      }
    } catch (error) {
      problems = [(error as Error).message];
    }
    log.problems.push(problems);
    current = `${prompt}\n\n---\n\nYour previous answer could not be used:\n${problems.map((p) => `- ${p}`).join('\n')}\n\nAnswer again with only the JSON object, fixing these problems.`;
  }
  throw new SkillpulseError(
    'EXTERNAL',
    `the ${options.what} answer did not fit the schema after ${log.attempts} attempts: ${log.problems.at(-1)?.slice(0, 3).join('; ')}`,
  );
}
