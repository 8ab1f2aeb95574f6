/**
 * The feedback event: exactly the seed's feedback.jsonl schema (field names, types and order),
 * with `correction_type` extended by `interrupt` and `denial` and `dimension_hint` by `unknown`.
 * Serialised like the original (Python `json.dumps`: `", "` and `": "` separators, non-ASCII kept).
 */
import { createHash } from 'node:crypto';
import type { Classification, CorrectionType, DimensionHint } from './classify.js';
import { makeSnippet } from './redact.js';
import type { InfluenceWindow } from './window.js';

export type FeedbackOutcome = 'correction' | 'partial' | 'acceptance';

export interface FeedbackEvent {
  event_id: string;
  timestamp: string;
  session_id: string;
  skill_id: string;
  invocation_uuid: string;
  outcome: FeedbackOutcome;
  confidence: number;
  correction_type: CorrectionType | null;
  user_message_snippet: string;
  turns_to_feedback: number;
  ai_tools_used: string[];
  dimension_hint: DimensionHint | null;
}

/** First 16 lowercase hex characters of SHA-256 over `<invocation_uuid>:<skill_id>` (UTF-8). */
export function eventId(invocationUuid: string, skillId: string): string {
  return createHash('sha256').update(`${invocationUuid}:${skillId}`, 'utf8').digest('hex').slice(0, 16);
}

/** The event for a classified window, or null for outcome `none` (counted, never written). */
export function toFeedbackEvent(
  window: InfluenceWindow,
  c: Classification,
  options: { snippets?: boolean; snippetMaxLength?: number } = {},
): FeedbackEvent | null {
  if (c.outcome === 'none' || c.confidence === null || c.turns_to_feedback === null) return null;
  const inv = window.invocation;
  const tools = [...new Set(window.toolUses.map((t) => t.name))].sort(compareCodePoints);
  return {
    event_id: eventId(inv.invocation_uuid, inv.skill_id),
    timestamp: inv.timestamp,
    session_id: inv.session_id,
    skill_id: inv.skill_id,
    invocation_uuid: inv.invocation_uuid,
    outcome: c.outcome,
    confidence: c.confidence,
    correction_type: c.correction_type,
    user_message_snippet: makeSnippet(c.snippet_source, {
      enabled: options.snippets !== false,
      ...(options.snippetMaxLength !== undefined ? { maxLength: options.snippetMaxLength } : {}),
    }),
    turns_to_feedback: c.turns_to_feedback,
    ai_tools_used: tools,
    dimension_hint: c.dimension_hint,
  };
}

/** Python's `sorted()` order for strings: by code point. */
export function compareCodePoints(a: string, b: string): number {
  const ca = [...a];
  const cb = [...b];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const d = ca[i]!.codePointAt(0)! - cb[i]!.codePointAt(0)!;
    if (d !== 0) return d;
  }
  return ca.length - cb.length;
}

/** `json.dumps(value, ensure_ascii=False)`: `", "` and `": "` separators, non-ASCII literal. */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`);
    return `{${parts.join(', ')}}`;
  }
  return JSON.stringify(String(value));
}

/** One feedback.jsonl line (no newline). */
export function serializeEvent(event: FeedbackEvent): string {
  return pythonJson(event);
}
