import { createColors } from 'picocolors';

type Colors = ReturnType<typeof createColors>;

/** The process edges a command may touch. Tests pass their own; `main.ts` passes the real ones. */
export interface CliIO {
  stdout: OutputStream;
  stderr: OutputStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Options every command accepts. */
export interface GlobalFlags {
  json: boolean;
  quiet: boolean;
  color: boolean;
}

export function colorEnabled(stream: OutputStream, flags: GlobalFlags, env: NodeJS.ProcessEnv): boolean {
  if (!flags.color) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/**
 * What a command's handler gets: the IO edges, the global flags, and output helpers that keep
 * stdout for data and stderr for diagnostics. With `--json`, only JSON reaches stdout.
 */
export class CommandContext {
  readonly io: CliIO;
  readonly flags: GlobalFlags;
  /** Colours for stdout text (off when piped, with --no-color, NO_COLOR, or --json). */
  readonly colors: Colors;
  /** Colours for stderr text. */
  readonly errColors: Colors;

  constructor(io: CliIO, flags: GlobalFlags) {
    this.io = io;
    this.flags = flags;
    this.colors = createColors(!flags.json && colorEnabled(io.stdout, flags, io.env));
    this.errColors = createColors(colorEnabled(io.stderr, flags, io.env));
  }

  get json(): boolean {
    return this.flags.json;
  }

  get cwd(): string {
    return this.io.cwd;
  }

  get env(): NodeJS.ProcessEnv {
    return this.io.env;
  }

  /** Terminal width for tables, or 100 when stdout is not a terminal. */
  get width(): number {
    const columns = this.io.stdout.columns;
    return typeof columns === 'number' && columns > 20 ? columns : 100;
  }

  /** Data for humans on stdout (one line, newline added). */
  out(text: string): void {
    this.io.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }

  /** Data for machines on stdout: pretty JSON with a trailing newline. */
  printJson(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** Progress and remarks on stderr; silenced by --quiet. */
  info(message: string): void {
    if (!this.flags.quiet) this.io.stderr.write(`${message}\n`);
  }

  /** Problems worth knowing on stderr; shown even with --quiet. */
  warn(message: string): void {
    this.io.stderr.write(`${this.errColors.yellow('warning:')} ${message}\n`);
  }
}
