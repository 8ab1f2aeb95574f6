/**
 * `skillpulse import FILE...`: sx-feedback `feedbacks.json` files (global `~/.skillix/data/`,
 * project `.skillix/data/`), feedback.jsonl files of implicit events (with the `archive/` folder
 * beside them), and skillpulse's own exports. Every file is read and validated before anything is
 * written; a corrupt file is reported with its position (line and column, or the JSON path of the
 * bad field) and nothing is imported. Inputs are never modified. Re-importing changes nothing:
 * records and events keep their ids and existing ones are left as they are.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { SkillpulseError } from '../errors.js';
import type { SkillInvocation } from '../invocations/types.js';
import { type SqliteDatabase, withTransaction } from './database.js';
import { type StoredFeedbackEvent, upsertFeedbackEvents, upsertInvocations } from './events-store.js';
import type { ExplicitFeedback } from './explicit-feedback.js';

const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? value : `${value}Z`)), {
  message: 'not a valid timestamp',
});

const sxRecord = z.object({
  id: z.string().min(1),
  skillName: z.string().min(1),
  result: z.enum(['success', 'failure', 'partial']),
  task: z.string().optional(),
  notes: z.string().optional(),
  timestamp,
});

const feedbackEvent = z.looseObject({
  event_id: z.string().regex(/^[0-9a-f]{16}$/, 'expected 16 lowercase hex characters'),
  timestamp,
  session_id: z.string(),
  skill_id: z.string().min(1),
  invocation_uuid: z.string().min(1),
  outcome: z.enum(['correction', 'partial', 'acceptance']),
  confidence: z.number().min(0).max(1),
  correction_type: z.string().nullable(),
  user_message_snippet: z.string(),
  turns_to_feedback: z.number().int(),
  ai_tools_used: z.array(z.string()),
  dimension_hint: z.string().nullable(),
});

const invocation = z.object({
  invocation_uuid: z.string().min(1),
  session_id: z.string(),
  skill_id: z.string().min(1),
  trigger: z.enum(['model', 'user-slash', 'nested']),
  args: z.string().nullable(),
  timestamp,
  failed: z.boolean(),
  failure_reason: z.string().nullable(),
  skill_version: z.string().nullable(),
  file: z.string(),
});

/** sx-feedback's file, or skillpulse's JSON export (which adds `events` and `invocations`). */
const feedbackFile = z.looseObject({
  version: z.string().optional(),
  updatedAt: z.string().optional(),
  feedbacks: z.array(sxRecord),
  events: z.array(feedbackEvent).optional(),
  invocations: z.array(invocation).optional(),
});

export interface ParsedImport {
  file: string;
  format: 'sx-feedback-json' | 'jsonl';
  feedbacks: ExplicitFeedback[];
  events: StoredFeedbackEvent[];
  invocations: SkillInvocation[];
}

export interface ImportFileResult {
  file: string;
  format: ParsedImport['format'];
  feedbacks: { read: number; added: number };
  events: { read: number; added: number };
  invocations: { read: number; added: number };
}

function pathOf(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const key of path) out += typeof key === 'number' ? `[${key}]` : out === '' ? String(key) : `.${String(key)}`;
  return out || '(top level)';
}

function zodFailure(file: string, error: z.ZodError, line?: number, prefix = ''): SkillpulseError {
  const issue = error.issues[0];
  const field = `${prefix}${issue ? pathOf(issue.path) : ''}` || '(top level)';
  const options: { file: string; field: string; line?: number; hint: string } = {
    file,
    field,
    hint: 'the file was left untouched and nothing was imported',
  };
  if (line !== undefined) options.line = line;
  return new SkillpulseError('INVALID_INPUT', issue?.message ?? 'invalid', options);
}

/** Line and column of a JSON.parse failure, from the engine's message (`position N`). */
function jsonSyntaxError(file: string, text: string, error: unknown, lineBase = 1): SkillpulseError {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  let line: number | undefined;
  let column: number | undefined;
  const atEnd = /end of (JSON )?input/i.test(message);
  if (position || atEnd) {
    const offset = position ? Number(position[1]) : text.replace(/\s+$/, '').length;
    const before = text.slice(0, offset);
    line = before.split('\n').length;
    column = offset - before.lastIndexOf('\n');
  }
  const clean = message.replace(/\s*\(line \d+ column \d+\)/, '').replace(/ in JSON at position \d+/, '');
  const options: { file: string; line?: number; hint: string } = { file, hint: 'the file was left untouched and nothing was imported' };
  if (line !== undefined) options.line = lineBase + line - 1;
  return new SkillpulseError('INVALID_INPUT', `not valid JSON${column !== undefined ? ` (column ${column})` : ''}: ${clean}`, options);
}

function toFeedback(record: z.infer<typeof sxRecord>): ExplicitFeedback {
  const feedback: ExplicitFeedback = { id: record.id, skillName: record.skillName, result: record.result, timestamp: record.timestamp };
  if (record.task !== undefined) feedback.task = record.task;
  if (record.notes !== undefined) feedback.notes = record.notes;
  return feedback;
}

/** Reads and validates one file; throws INVALID_INPUT naming the position of the first problem. */
export function parseImportFile(file: string): ParsedImport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new SkillpulseError('NOT_FOUND', `cannot read: ${(error as Error).message}`, { file, cause: error });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parsed: ParsedImport = { file, format: 'jsonl', feedbacks: [], events: [], invocations: [] };
  if (!file.endsWith('.jsonl') && /^\s*\{/.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw jsonSyntaxError(file, text, error);
    }
    const result = feedbackFile.safeParse(value);
    if (!result.success) throw zodFailure(file, result.error);
    parsed.format = 'sx-feedback-json';
    parsed.feedbacks = result.data.feedbacks.map(toFeedback);
    parsed.events = (result.data.events ?? []) as StoredFeedbackEvent[];
    parsed.invocations = result.data.invocations ?? [];
    return parsed;
  }
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw jsonSyntaxError(file, line, error, index + 1);
    }
    const kind = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).kind : undefined;
    if (kind === 'explicit') {
      const { kind: _k, ...rest } = value as Record<string, unknown>;
      const result = sxRecord.safeParse(rest);
      if (!result.success) throw zodFailure(file, result.error, index + 1);
      parsed.feedbacks.push(toFeedback(result.data));
    } else if (kind === 'invocation') {
      const { kind: _k, ...rest } = value as Record<string, unknown>;
      const result = invocation.safeParse(rest);
      if (!result.success) throw zodFailure(file, result.error, index + 1);
      parsed.invocations.push(result.data);
    } else {
      let candidate = value;
      if (kind === 'event') {
        const { kind: _k, ...rest } = value as Record<string, unknown>;
        candidate = rest;
      }
      const result = feedbackEvent.safeParse(candidate);
      if (!result.success) throw zodFailure(file, result.error, index + 1);
      parsed.events.push(result.data as StoredFeedbackEvent);
    }
  });
  return parsed;
}

/**
 * The files an argument stands for: a folder holding `feedbacks.json` and/or `feedback.jsonl`
 * (also under `data/`), or a file; a `feedback.jsonl` brings the `archive/*.jsonl` beside it.
 */
export function expandImportPaths(args: readonly string[], cwd: string): string[] {
  const out: string[] = [];
  const add = (file: string) => {
    if (!out.includes(file)) out.push(file);
  };
  for (const arg of args) {
    const path = resolve(cwd, arg);
    if (!existsSync(path)) throw new SkillpulseError('NOT_FOUND', 'no such file or folder', { file: path });
    const files: string[] = [];
    if (statSync(path).isDirectory()) {
      for (const folder of [path, join(path, 'data')]) {
        for (const name of ['feedbacks.json', 'feedback.jsonl']) if (existsSync(join(folder, name))) files.push(join(folder, name));
      }
      if (files.length === 0) {
        throw new SkillpulseError('NOT_FOUND', 'holds no feedbacks.json or feedback.jsonl', { file: path });
      }
    } else files.push(path);
    for (const file of files) {
      add(file);
      if (basename(file) === 'feedback.jsonl') {
        const archive = join(dirname(file), 'archive');
        if (existsSync(archive) && statSync(archive).isDirectory()) {
          for (const name of readdirSync(archive).sort()) if (name.endsWith('.jsonl')) add(join(archive, name));
        }
      }
    }
  }
  return out;
}

/** Validates every file, then imports all of them in one transaction (all or nothing). */
export function importFiles(db: SqliteDatabase, files: readonly string[]): ImportFileResult[] {
  const parsed = files.map(parseImportFile);
  const insertFeedback = db.prepare(
    'INSERT OR IGNORE INTO explicit_feedback (id, skill_name, result, task, notes, timestamp, ts_ms, source) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  return withTransaction(db, () =>
    parsed.map((input) => {
      let added = 0;
      for (const record of input.feedbacks) {
        const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(record.timestamp);
        const ms = Date.parse(hasZone ? record.timestamp : `${record.timestamp}Z`);
        added += Number(
          insertFeedback.run(
            record.id,
            record.skillName,
            record.result,
            record.task ?? null,
            record.notes ?? null,
            record.timestamp,
            ms,
            `import:${input.file}`,
          ).changes,
        );
      }
      const events = upsertFeedbackEvents(db, input.events, { file: null, source: 'import' });
      const invocations = upsertInvocations(
        db,
        input.invocations.map((inv) => ({ invocation: inv })),
        'import',
      );
      return {
        file: input.file,
        format: input.format,
        feedbacks: { read: input.feedbacks.length, added },
        events: { read: input.events.length, added: events },
        invocations: { read: input.invocations.length, added: invocations },
      };
    }),
  );
}
