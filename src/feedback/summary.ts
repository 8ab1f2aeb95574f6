/**
 * The seed's console summary of an `analyze` run, byte for byte (Python reprs: `{'k': v}` dicts in
 * first-seen order, `[('skill', n)]` lists of tuples, single-quoted strings). Pure.
 */
import type { FeedbackEvent } from './event.js';

/** Python `repr()` of a str. */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

export interface RunSummary {
  /** Every event produced in this run, including those dedupe declined to write. */
  analyzed: number;
  outcomes: Array<[string, number]>;
  topSkills: Array<[string, number]>;
}

export function summarizeEvents(events: readonly FeedbackEvent[]): RunSummary {
  const outcomes = new Map<string, number>();
  const skills = new Map<string, number>();
  for (const e of events) {
    outcomes.set(e.outcome, (outcomes.get(e.outcome) ?? 0) + 1);
    skills.set(e.skill_id, (skills.get(e.skill_id) ?? 0) + 1);
  }
  const top = [...skills.entries()]
    .map((entry, i) => ({ entry, i }))
    .sort((a, b) => b.entry[1] - a.entry[1] || a.i - b.i)
    .slice(0, 5)
    .map((x) => x.entry);
  return { analyzed: events.length, outcomes: [...outcomes.entries()], topSkills: top };
}

/** The summary lines (no trailing newline). */
export function formatRunSummary(summary: RunSummary, archived: number, outputPath: string): string {
  const outcomes = `{${summary.outcomes.map(([k, v]) => `${pyRepr(k)}: ${v}`).join(', ')}}`;
  const top = `[${summary.topSkills.map(([k, v]) => `(${pyRepr(k)}, ${v})`).join(', ')}]`;
  const lines = [`Analyzed ${summary.analyzed} feedback events`, `  Outcomes: ${outcomes}`, `  Top skills: ${top}`];
  if (archived > 0) lines.push(`  Archived ${archived} old events`);
  lines.push(outputPath);
  return lines.join('\n');
}
