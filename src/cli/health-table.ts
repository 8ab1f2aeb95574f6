/** The skill-health table of the default command: one row per skill, fitted to the terminal. */
import type { createColors } from 'picocolors';
import type { SkillHealth } from '../store/health.js';
import { renderTable } from './table.js';

type Colors = ReturnType<typeof createColors>;

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;

export function renderHealthTable(health: readonly SkillHealth[], options: { width: number; colors: Colors }): string {
  const c = options.colors;
  const rows = health.map((h) => {
    const rate =
      h.implicit.sample_size === 0
        ? c.dim('no reactions')
        : `${pct(h.implicit.correction_rate)}${h.implicit.interval ? ` (${pct(h.implicit.interval.low)}–${pct(h.implicit.interval.high)})` : ''}${h.implicit.sufficient_data ? '' : c.dim(` n=${h.implicit.sample_size}`)}`;
    const trend =
      h.trend.direction === 'worsening'
        ? c.red('worsening')
        : h.trend.direction === 'improving'
          ? c.green('improving')
          : h.trend.direction === 'stable'
            ? 'stable'
            : c.dim('–');
    const explicit = h.explicit.total === 0 ? c.dim('–') : `${h.explicit.success}/${h.explicit.total} ok`;
    const maturity =
      h.maturity.state === 'deprecated'
        ? c.red(h.maturity.state)
        : h.maturity.state === 'proven'
          ? c.green(h.maturity.state)
          : h.maturity.state;
    // Terse reason names here; `skillpulse health SKILL` explains each.
    const reasons = h.should_update ? c.red(h.reasons.map((r) => r.code.replace(/_/g, ' ')).join(', ')) : c.green('no');
    return [h.skill_id, h.invocations, rate, trend, explicit, maturity, reasons];
  });
  return renderTable({
    columns: [
      { header: 'Skill', minWidth: 12 },
      { header: 'Uses', align: 'right' },
      { header: 'Correction rate', minWidth: 10 },
      { header: 'Trend', minWidth: 9 },
      { header: 'Explicit', minWidth: 8 },
      { header: 'Maturity', minWidth: 10 },
      { header: 'Should update', minWidth: 14 },
    ],
    rows,
    width: options.width,
    headerStyle: c.bold,
  });
}
