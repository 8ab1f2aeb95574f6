/**
 * A progress bar for long scans: files done, MB/s and an ETA, redrawn in place on stderr.
 *
 * It appears only when it helps: stderr is a terminal (never when piped or redirected), neither
 * `--json` nor `--quiet` is set, `TERM` is not `dumb`, and the scan has already run for about a
 * second (short scans print nothing at all). Redraws are throttled so drawing never costs the scan
 * measurable time. The scan code only calls `start`, `tick` and `done`; when the bar is disabled
 * these are no-ops.
 */
import type { GlobalFlags, OutputStream } from './context.js';

export interface ScanProgress {
  /** The work ahead: how many files and bytes the scan will read. */
  start(totalFiles: number, totalBytes: number): void;
  /** Work finished since the last call: `bytes` read and `files` completed (default 0). */
  tick(bytes: number, files?: number): void;
  /** The scan ended (or failed): erase the bar. Safe to call more than once. */
  done(): void;
}

export interface ProgressOptions {
  stream: OutputStream;
  flags: GlobalFlags;
  env: NodeJS.ProcessEnv;
  /** Milliseconds clock (default `Date.now`). */
  clock?: () => number;
  /** Show the bar only once the scan has run this long (default 1000 ms). */
  delayMs?: number;
  /** Minimum time between two redraws (default 100 ms). */
  intervalMs?: number;
  /** Words before the bar (default "Scanning"). */
  label?: string;
}

/** A progress reporter that never draws. */
export const NO_PROGRESS: ScanProgress = Object.freeze({
  start() {},
  tick() {},
  done() {},
});

/** Whether a bar may be drawn on this stream with these flags. */
export function progressEnabled(stream: OutputStream, flags: GlobalFlags, env: NodeJS.ProcessEnv): boolean {
  if (flags.json || flags.quiet) return false;
  if (stream.isTTY !== true) return false;
  if (env.TERM === 'dumb' || (env.CI !== undefined && env.CI !== '' && env.CI !== 'false')) return false;
  return true;
}

/** The bar for a scan, or `NO_PROGRESS` when it should not be shown. */
export function createScanProgress(options: ProgressOptions): ScanProgress {
  if (!progressEnabled(options.stream, options.flags, options.env)) return NO_PROGRESS;
  return new TerminalProgress(options);
}

class TerminalProgress implements ScanProgress {
  private readonly stream: OutputStream;
  private readonly clock: () => number;
  private readonly delayMs: number;
  private readonly intervalMs: number;
  private readonly label: string;
  private totalFiles = 0;
  private totalBytes = 0;
  private files = 0;
  private bytes = 0;
  private startedAt = -1;
  private lastDraw = Number.NEGATIVE_INFINITY;
  private drawn = false;
  private finished = false;

  constructor(options: ProgressOptions) {
    this.stream = options.stream;
    this.clock = options.clock ?? Date.now;
    this.delayMs = options.delayMs ?? 1000;
    this.intervalMs = options.intervalMs ?? 100;
    this.label = options.label ?? 'Scanning';
  }

  start(totalFiles: number, totalBytes: number): void {
    this.totalFiles = Math.max(0, totalFiles);
    this.totalBytes = Math.max(0, totalBytes);
    this.files = 0;
    this.bytes = 0;
    this.startedAt = this.clock();
    this.finished = false;
  }

  tick(bytes: number, files = 0): void {
    if (this.finished) return;
    if (this.startedAt < 0) this.startedAt = this.clock();
    this.bytes += Math.max(0, bytes);
    this.files += Math.max(0, files);
    const now = this.clock();
    if (now - this.startedAt < this.delayMs) return;
    if (now - this.lastDraw < this.intervalMs) return;
    this.lastDraw = now;
    this.draw(now);
  }

  done(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.drawn) this.stream.write('\r\u001b[2K');
    this.drawn = false;
  }

  private draw(now: number): void {
    const columns = typeof this.stream.columns === 'number' && this.stream.columns > 20 ? this.stream.columns : 80;
    const line = renderProgressLine(
      { files: this.files, totalFiles: this.totalFiles, bytes: this.bytes, totalBytes: this.totalBytes, elapsedMs: now - this.startedAt },
      columns - 1,
      this.label,
    );
    this.stream.write(`\r\u001b[2K${line}`);
    this.drawn = true;
  }
}

export interface ProgressState {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  elapsedMs: number;
}

/**
 * One line of progress text, at most `width` characters:
 * `Scanning ━━━━━━━━────────  42%  120/300 files  35.2 MB/s  ETA 3s`.
 * Pure, so it is tested without a terminal.
 */
export function renderProgressLine(state: ProgressState, width: number, label = 'Scanning'): string {
  const fraction =
    state.totalBytes > 0
      ? Math.min(1, state.bytes / state.totalBytes)
      : state.totalFiles > 0
        ? Math.min(1, state.files / state.totalFiles)
        : 0;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.bytes / seconds : 0;
  const speed = `${formatMegabytes(rate)}/s`;
  const filesText = `${state.files}/${state.totalFiles} files`;
  const remaining = rate > 0 && state.totalBytes > state.bytes ? (state.totalBytes - state.bytes) / rate : 0;
  const eta = fraction < 1 && rate > 0 ? `ETA ${formatDuration(remaining)}` : '';
  const tail = [percent, filesText, speed, eta].filter((part) => part !== '').join('  ');
  const room = width - label.length - tail.length - 3;
  if (room < 5) return `${label} ${tail}`.slice(0, Math.max(0, width));
  const barWidth = Math.min(40, room);
  const full = Math.round(fraction * barWidth);
  const bar = `${'━'.repeat(full)}${'─'.repeat(barWidth - full)}`;
  return `${label} ${bar} ${tail}`;
}

/** Bytes as megabytes with one decimal (`35.2 MB`); MB = 10^6 bytes. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

function formatDuration(seconds: number): string {
  const s = Math.ceil(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return `${m}m${String(s % 60).padStart(2, '0')}s`;
}
