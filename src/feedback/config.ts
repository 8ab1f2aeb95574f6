/**
 * The opt-out file `~/.claude/feedback-config.json` (issue item 7). `{"enabled": false}` stops
 * collection. A malformed file is reported (a warning naming the file) and collection continues
 * as if it were absent: never silently ignored, never a crash (reference D16).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DISABLED_MESSAGE = 'Feedback collection disabled via feedback-config.json';

export interface FeedbackConfigState {
  enabled: boolean;
  /** The file read, or null when there is none. */
  file: string | null;
  /** A problem with the file, to show the user; null when it is fine or absent. */
  warning: string | null;
}

export function feedbackConfigPath(home: string): string {
  return join(home, '.claude', 'feedback-config.json');
}

/** Reads the opt-out file under `home` (the caller passes HOME; core code never reads it). */
export function readFeedbackConfig(home: string | undefined): FeedbackConfigState {
  if (!home) return { enabled: true, file: null, warning: null };
  const file = feedbackConfigPath(home);
  if (!existsSync(file)) return { enabled: true, file: null, warning: null };
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const why = error instanceof SyntaxError ? `not valid JSON (${error.message})` : `cannot be read (${(error as Error).message})`;
    return { enabled: true, file, warning: `${file}: ${why}; ignored, feedback collection stays enabled` };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return {
      enabled: true,
      file,
      warning: `${file}: expected a JSON object such as {"enabled": false}; ignored, feedback collection stays enabled`,
    };
  }
  const enabled = (data as Record<string, unknown>).enabled;
  if (enabled === undefined) return { enabled: true, file, warning: null };
  if (typeof enabled !== 'boolean') {
    return {
      enabled: true,
      file,
      warning: `${file}: enabled: expected true or false, got ${JSON.stringify(enabled)}; ignored, feedback collection stays enabled`,
    };
  }
  return { enabled, file, warning: null };
}
