import { describe, expect, it } from 'vitest';
import { displayWidth, fitColumnWidths, renderTable } from './table.js';

const widest = (text: string) => Math.max(...text.split('\n').map(displayWidth));

describe('displayWidth', () => {
  it('ignores ANSI colours and counts CJK characters as two cells', () => {
    expect(displayWidth('\u001b[31mred\u001b[39m')).toBe(3);
    expect(displayWidth('技能')).toBe(4);
    expect(displayWidth('a技b')).toBe(4);
    expect(displayWidth('（成功率: 50%）')).toBe(15);
  });
});

describe('fitColumnWidths', () => {
  it('keeps natural widths when they fit', () => {
    expect(fitColumnWidths([10, 5], [6, 6], 80)).toEqual([10, 5]);
  });
  it('narrows the widest column first and respects floors', () => {
    // overhead for 2 columns = 2*2 + 3 = 7
    expect(fitColumnWidths([50, 10], [6, 6], 37)).toEqual([20, 10]);
    expect(fitColumnWidths([50, 40], [6, 6], 37)).toEqual([15, 15]);
    expect(fitColumnWidths([50, 40], [30, 30], 37)).toEqual([30, 30]);
  });
  it('never widens a column beyond its natural width to meet a floor', () => {
    expect(fitColumnWidths([3, 100], [6, 6], 30)).toEqual([3, 20]);
  });
});

describe('renderTable', () => {
  const columns = [{ header: 'skill' }, { header: 'invocations', align: 'right' as const }, { header: 'reasons' }];
  const rows = [
    ['superpowers:writing-plans', 42, 'correction rate 0.41 above 0.30; three failures in the last 30 days; partials exceed successes'],
    ['pdf', 3, ''],
  ];

  it('fits the given width by wrapping the widest column', () => {
    for (const width of [60, 80, 100]) {
      const text = renderTable({ columns, rows, width });
      expect(widest(text)).toBeLessThanOrEqual(width);
      expect(text).toContain('invocations');
      expect(text.replace(/[\s│|]+/g, ' ')).toContain('partials exceed');
    }
  });

  it('uses natural widths on a wide terminal (one line per row)', () => {
    const text = renderTable({ columns, rows, width: 300 });
    expect(text.split('\n')).toHaveLength(6); // top, head, separator, 2 rows, bottom
    expect(text).toContain('superpowers:writing-plans');
  });

  it('right-aligns numeric columns', () => {
    const text = renderTable({ columns: [{ header: 'name' }, { header: 'count', align: 'right' }], rows: [['a', 7]], width: 80 });
    expect(text).toMatch(/│ +7 │/);
  });
});
