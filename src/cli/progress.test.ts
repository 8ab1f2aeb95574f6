import { describe, expect, it } from 'vitest';
import { createScanProgress, NO_PROGRESS, renderProgressLine } from './progress.js';

function fakeTty(columns = 100) {
  const chunks: string[] = [];
  return { stream: { isTTY: true, columns, write: (c: string) => chunks.push(c) }, chunks };
}
const flags = { json: false, quiet: false, color: true };

describe('createScanProgress', () => {
  it('is silent when stderr is not a terminal, or with --json or --quiet', () => {
    const piped = { write: () => true };
    expect(createScanProgress({ stream: piped, flags, env: {} })).toBe(NO_PROGRESS);
    const { stream } = fakeTty();
    expect(createScanProgress({ stream, flags: { ...flags, json: true }, env: {} })).toBe(NO_PROGRESS);
    expect(createScanProgress({ stream, flags: { ...flags, quiet: true }, env: {} })).toBe(NO_PROGRESS);
    expect(createScanProgress({ stream, flags, env: { TERM: 'dumb' } })).toBe(NO_PROGRESS);
  });

  it('draws nothing for a scan shorter than the delay', () => {
    const { stream, chunks } = fakeTty();
    let now = 0;
    const progress = createScanProgress({ stream, flags, env: {}, clock: () => now });
    progress.start(10, 10_000_000);
    now = 500;
    progress.tick(5_000_000, 5);
    now = 900;
    progress.tick(5_000_000, 5);
    progress.done();
    expect(chunks).toEqual([]);
  });

  it('draws files and MB/s after the delay, throttled, and erases itself when done', () => {
    const { stream, chunks } = fakeTty();
    let now = 0;
    const progress = createScanProgress({ stream, flags, env: {}, clock: () => now });
    progress.start(4, 40_000_000);
    now = 1000;
    progress.tick(10_000_000, 1);
    now = 1050; // within the redraw interval: no redraw
    progress.tick(10_000_000, 1);
    now = 2000;
    progress.tick(10_000_000, 1);
    progress.done();
    progress.done();
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toContain('1/4 files');
    expect(chunks[0]).toContain('10.0 MB/s');
    expect(chunks[1]).toContain('3/4 files');
    expect(chunks[1]).toContain('15.0 MB/s');
    expect(chunks[1]).toContain(' 75%');
    expect(chunks[2]).toBe('\r\u001b[2K');
  });
});

describe('renderProgressLine', () => {
  it('fits the width and shows percent, files, speed and ETA', () => {
    const line = renderProgressLine({ files: 120, totalFiles: 300, bytes: 42_000_000, totalBytes: 100_000_000, elapsedMs: 2000 }, 79);
    expect(line.length).toBeLessThanOrEqual(79);
    expect(line).toMatch(/^Scanning ━+─+ {2}42% {2}120\/300 files {2}21\.0 MB\/s {2}ETA 3s$/);
  });
  it('degrades to text on a very narrow terminal', () => {
    const line = renderProgressLine({ files: 1, totalFiles: 2, bytes: 1, totalBytes: 2, elapsedMs: 1000 }, 30);
    expect(line.length).toBeLessThanOrEqual(30);
    expect(line.startsWith('Scanning')).toBe(true);
  });
});
