/**
 * The error accumulator: errors met while running a task, for retry prompts and for the error
 * count of the task's outcome.
 */
import { randomBytes } from 'node:crypto';
import { SkillpulseError } from '../errors.js';
import { InMemoryErrorStorage } from './memory-storage.js';
import { type ErrorContextFormatOptions, formatErrorContext } from './prompt-format.js';
import type { ErrorStorage } from './storage.js';
import { type Instant, toEpochMs, toIsoString } from './time.js';
import { ERROR_TYPES, type ErrorEntry, type ErrorStats, type ErrorType } from './types.js';

export interface RecordErrorOptions {
  stack_trace?: string;
  tool_name?: string;
  context?: string;
}

export class ErrorAccumulator {
  readonly storage: ErrorStorage;
  private readonly format: Omit<ErrorContextFormatOptions, 'includeResolved'>;

  /** `format` sets the language and time formatter of `getErrorContext` (default: English, ISO UTC). */
  constructor(storage: ErrorStorage = new InMemoryErrorStorage(), format: Omit<ErrorContextFormatOptions, 'includeResolved'> = {}) {
    this.storage = storage;
    this.format = format;
  }

  /**
   * Records an error of a task. The id is `<task>-<type>-<epoch ms>-<random>`, unique even for two
   * errors in the same millisecond.
   */
  async recordError(
    beadId: string,
    errorType: ErrorType,
    message: string,
    options: RecordErrorOptions = {},
    now: Instant = new Date(),
  ): Promise<ErrorEntry> {
    if (typeof beadId !== 'string' || beadId.trim() === '') {
      throw new SkillpulseError('INVALID_INPUT', 'the task id must not be empty', { field: 'bead_id' });
    }
    if (!ERROR_TYPES.includes(errorType)) {
      throw new SkillpulseError('INVALID_INPUT', `unknown error type "${errorType}" (expected ${ERROR_TYPES.join(', ')})`, {
        field: 'error_type',
      });
    }
    if (typeof message !== 'string' || message.trim() === '') {
      throw new SkillpulseError('INVALID_INPUT', 'the error message must not be empty', { field: 'message' });
    }
    const entry: ErrorEntry = {
      id: `${beadId}-${errorType}-${toEpochMs(now, 'now')}-${randomBytes(4).toString('hex')}`,
      bead_id: beadId,
      error_type: errorType,
      message,
      timestamp: toIsoString(now, 'now'),
      resolved: false,
    };
    if (options.stack_trace) entry.stack_trace = options.stack_trace;
    if (options.tool_name) entry.tool_name = options.tool_name;
    if (options.context) entry.context = options.context;
    await this.storage.store(entry);
    return entry;
  }

  /** Marks an error resolved; false when no error has this id. */
  async resolveError(errorId: string): Promise<boolean> {
    return this.storage.markResolved(errorId);
  }

  async getErrors(beadId: string): Promise<ErrorEntry[]> {
    return this.storage.getByBead(beadId);
  }

  async getUnresolvedErrors(beadId: string): Promise<ErrorEntry[]> {
    return this.storage.getUnresolvedByBead(beadId);
  }

  /** The error context block for a retry prompt (resolved errors left out unless asked for). */
  async getErrorContext(
    beadId: string,
    includeResolved = false,
    format: Omit<ErrorContextFormatOptions, 'includeResolved'> = {},
  ): Promise<string> {
    const errors = await this.storage.getByBead(beadId);
    return formatErrorContext(errors, { ...this.format, ...format, includeResolved });
  }

  /** `{total (resolved included), unresolved, by_type}`; use `total` as the outcome's error count. */
  async getErrorStats(beadId: string): Promise<ErrorStats> {
    return computeErrorStats(await this.storage.getByBead(beadId));
  }
}

/** Error counts of a list of errors, `by_type` in order of first appearance. */
export function computeErrorStats(errors: readonly ErrorEntry[]): ErrorStats {
  const byType: Partial<Record<ErrorType, number>> = {};
  let unresolved = 0;
  for (const entry of errors) {
    byType[entry.error_type] = (byType[entry.error_type] ?? 0) + 1;
    if (!entry.resolved) unresolved++;
  }
  return { total: errors.length, unresolved, by_type: byType };
}
