/**
 * `skillpulse export`: the store's explicit feedback, implicit feedback events and invocations as
 * JSON Lines, CSV or JSON. JSON is sx-feedback's `feedbacks.json` layout plus `events` and
 * `invocations` arrays; JSONL has one object per line with a leading `kind` field; both import
 * back unchanged (`skillpulse import`).
 */
import type { SqliteDatabase } from './database.js';
import { loadStoredFeedbackEvents, loadStoredInvocations } from './events-store.js';
import { listExplicitFeedback } from './explicit-feedback.js';

export const EXPORT_FORMATS = ['jsonl', 'csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_DATA = ['all', 'explicit', 'events', 'invocations'] as const;
export type ExportData = (typeof EXPORT_DATA)[number];

export interface ExportOptions {
  format: ExportFormat;
  data?: ExportData;
  skill?: string | undefined;
  now?: Date;
}

type Row = Record<string, unknown> & { kind: 'explicit' | 'event' | 'invocation' };

export function exportRows(db: SqliteDatabase, options: { data?: ExportData; skill?: string | undefined } = {}): Row[] {
  const data = options.data ?? 'all';
  const rows: Row[] = [];
  if (data === 'all' || data === 'explicit') {
    // Oldest first, as a file grows.
    for (const record of listExplicitFeedback(db, { skillName: options.skill }).reverse()) rows.push({ kind: 'explicit', ...record });
  }
  if (data === 'all' || data === 'events') {
    for (const event of loadStoredFeedbackEvents(db, { skillId: options.skill })) rows.push({ kind: 'event', ...event });
  }
  if (data === 'all' || data === 'invocations') {
    for (const inv of loadStoredInvocations(db, { skillId: options.skill })) rows.push({ kind: 'invocation', ...inv });
  }
  return rows;
}

/** RFC 4180 field: quoted when it holds a comma, quote, CR/LF or edge whitespace; quotes doubled. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_COLUMNS = [
  'kind',
  'id',
  'event_id',
  'timestamp',
  'skill',
  'session_id',
  'invocation_uuid',
  'result',
  'outcome',
  'confidence',
  'correction_type',
  'dimension_hint',
  'turns_to_feedback',
  'ai_tools_used',
  'user_message_snippet',
  'task',
  'notes',
  'trigger',
  'args',
  'failed',
  'failure_reason',
  'skill_version',
  'file',
];

export function renderExport(db: SqliteDatabase, options: ExportOptions): string {
  const rows = exportRows(db, { data: options.data, skill: options.skill });
  switch (options.format) {
    case 'jsonl':
      return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
    case 'json': {
      const pick = (kind: Row['kind']) => rows.filter((row) => row.kind === kind).map(({ kind: _k, ...rest }) => rest);
      return `${JSON.stringify(
        {
          version: '1.0.0',
          updatedAt: (options.now ?? new Date()).toISOString(),
          feedbacks: pick('explicit'),
          events: pick('event'),
          invocations: pick('invocation'),
        },
        null,
        2,
      )}\n`;
    }
    case 'csv': {
      const lines = [CSV_COLUMNS.join(',')];
      for (const row of rows) {
        const flat: Record<string, unknown> = { ...row, skill: row.skillName ?? row.skill_id };
        lines.push(CSV_COLUMNS.map((column) => csvField(flat[column])).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    }
  }
}
