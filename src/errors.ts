/**
 * Typed errors. Every failure a user can cause or meet has a code; the CLI maps codes to
 * exit codes in exactly one place (`exitCodeFor`) and prints one line per error.
 */

export type ErrorCode =
  /** Bad command-line usage: unknown flag, missing or malformed argument. */
  | 'USAGE'
  /** An input file (eval set, import file, config) is malformed. */
  | 'INVALID_INPUT'
  /** A named file, folder, skill or record does not exist. */
  | 'NOT_FOUND'
  /** A configuration file is malformed or holds an invalid value. */
  | 'CONFIG'
  /** The store cannot be opened, read or written. */
  | 'STORE'
  /** The store was written by a newer skillpulse than this one. */
  | 'STORE_VERSION'
  /** An external program or service (the claude CLI, the Messages API) failed. */
  | 'EXTERNAL'
  /** A spending limit was reached. */
  | 'BUDGET'
  /** The user declined a confirmation or interrupted the run. */
  | 'ABORTED'
  /** A bug in skillpulse. */
  | 'INTERNAL';

export const EXIT_CODES: Readonly<Record<ErrorCode, number>> = {
  USAGE: 2,
  INVALID_INPUT: 3,
  NOT_FOUND: 4,
  CONFIG: 5,
  STORE: 6,
  STORE_VERSION: 7,
  EXTERNAL: 8,
  BUDGET: 9,
  ABORTED: 130,
  INTERNAL: 70,
};

/** Where in an input the problem is; rendered as `file:line: field:` before the message. */
export interface ErrorLocation {
  file?: string;
  line?: number;
  field?: string;
}

export interface SkillpulseErrorOptions extends ErrorLocation {
  cause?: unknown;
  /** A short suggestion printed after the message, e.g. "run `skillpulse scan` first". */
  hint?: string;
}

export class SkillpulseError extends Error {
  readonly code: ErrorCode;
  readonly location: ErrorLocation;
  readonly hint: string | undefined;

  constructor(code: ErrorCode, message: string, options: SkillpulseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'SkillpulseError';
    this.code = code;
    this.hint = options.hint;
    const location: ErrorLocation = {};
    if (options.file !== undefined) location.file = options.file;
    if (options.line !== undefined) location.line = options.line;
    if (options.field !== undefined) location.field = options.field;
    this.location = location;
  }
}

export function isSkillpulseError(error: unknown): error is SkillpulseError {
  return error instanceof SkillpulseError;
}

export function exitCodeFor(error: unknown): number {
  return isSkillpulseError(error) ? EXIT_CODES[error.code] : EXIT_CODES.INTERNAL;
}

/** One line: `file:line: field: message (hint)`. Never a stack trace for known errors. */
export function formatError(error: unknown): string {
  if (!isSkillpulseError(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return `internal error: ${message}`;
  }
  const { file, line, field } = error.location;
  let where = '';
  if (file !== undefined) where += line !== undefined ? `${file}:${line}: ` : `${file}: `;
  if (field !== undefined) where += `${field}: `;
  const hint = error.hint ? ` (${error.hint})` : '';
  return `${where}${error.message}${hint}`.replace(/\s*\n\s*/g, ' ');
}
