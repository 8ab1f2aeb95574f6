/**
 * Tables that fit the terminal. A thin layer over cli-table3: it measures each column's natural
 * width (ANSI colours ignored, CJK and other wide characters counted as two cells), and when the
 * table would be wider than `width` it narrows the widest columns first, down to a floor, letting
 * cli-table3 wrap their text onto more lines. Numbers stay right-aligned.
 */
import Table from 'cli-table3';

export type Align = 'left' | 'right' | 'center';

export interface TableColumn {
  header: string;
  align?: Align;
  /** Never narrow this column below this many cells (default 6, or the header's longest word). */
  minWidth?: number;
}

export interface TableOptions {
  columns: readonly TableColumn[];
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>;
  /** Total width available, e.g. `ctx.width`. */
  width: number;
  /** Colour function for header cells (e.g. `ctx.colors.bold`); none when omitted. */
  headerStyle?: (text: string) => string;
}

const ANSI = /\u001b\[[0-9;]*[A-Za-z]|\u001b\]8;[^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/** Terminal cells a string occupies: ANSI sequences are 0, wide (CJK, fullwidth, emoji) characters 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text.replace(ANSI, '')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    if (code >= 0x300 && code <= 0x36f) continue; // combining marks
    if (code === 0x200b || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) continue;
    width += isWide(code) ? 2 : 1;
  }
  return width;
}

function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x1f300 && code <= 0x1f64f) ||
    (code >= 0x1f900 && code <= 0x1f9ff) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}

const PADDING = 2; // one cell either side of the content
const FLOOR = 6;

/**
 * Content widths (without padding) for each column so that the rendered table is at most
 * `width` cells wide, or as narrow as the floors allow. Pure; exported for tests.
 */
export function fitColumnWidths(natural: readonly number[], floors: readonly number[], width: number): number[] {
  const widths = natural.map((w) => Math.max(1, w));
  const overhead = widths.length * PADDING + widths.length + 1; // padding + borders
  let total = widths.reduce((a, b) => a + b, 0) + overhead;
  while (total > width) {
    let widest = -1;
    for (let i = 0; i < widths.length; i++) {
      const floor = Math.min(floors[i] ?? FLOOR, natural[i] ?? FLOOR);
      if ((widths[i] ?? 0) > floor && (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0))) widest = i;
    }
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 1) - 1;
    total -= 1;
  }
  return widths;
}

/** Renders a table no wider than `options.width` (unless the columns' floors force it). */
export function renderTable(options: TableOptions): string {
  const { columns, rows } = options;
  const cells = rows.map((row) => columns.map((_, i) => cellText(row[i])));
  const natural = columns.map((column, i) => Math.max(displayWidth(column.header), ...cells.map((row) => maxLineWidth(row[i] ?? ''))));
  const floors = columns.map((column) => column.minWidth ?? Math.max(FLOOR, ...column.header.split(/\s+/).map(displayWidth)));
  const widths = fitColumnWidths(natural, floors, options.width);
  const style = options.headerStyle ?? ((text: string) => text);
  const table = new Table({
    head: columns.map((column) => style(column.header)),
    colWidths: widths.map((w) => w + PADDING),
    colAligns: columns.map((column) => column.align ?? 'left'),
    wordWrap: true,
    wrapOnWordBoundary: true,
    style: { head: [], border: [], compact: true, 'padding-left': 1, 'padding-right': 1 },
  });
  for (const row of cells) table.push(row);
  return table.toString();
}

function cellText(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

function maxLineWidth(text: string): number {
  let max = 0;
  for (const line of text.split('\n')) max = Math.max(max, displayWidth(line));
  return max;
}
