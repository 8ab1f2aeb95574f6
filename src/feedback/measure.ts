/**
 * Measured change (round 5): a before → after measurement of a cost the person reports — time or
 * size, where lower is better (`from 2s to 20s`, 从 2 秒变成 20 秒, `1.2G 到 180M`). A cost that grew
 * is a regression (a failure report, also after praise: 厉害了，优化完从 2 秒变成 20 秒); one that fell
 * is an improvement (acceptance). Units, arrows and the words that make it a request (`get it from
 * 2s to 200ms`, 把耗时降到…) are lexicon data (`measures`). Pure.
 */
import type { Lexicon } from './lexicon.js';
import { clauseBreakAt } from './scope.js';

export interface MeasureSpan {
  category: 'failure' | 'acceptance';
  term: string;
  start: number;
  end: number;
}

/** Below this ratio of after to before (or above its inverse) a change counts. */
const MIN_CHANGE = 1.2;

function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = new WeakMap<Lexicon, RegExp | null>();

function measureRegex(lx: Lexicon): RegExp | null {
  if (compiled.has(lx)) return compiled.get(lx) ?? null;
  const m = lx.measures;
  let re: RegExp | null = null;
  if (m !== null && m.units.size > 0 && m.arrows.length > 0) {
    const units = [...m.units.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegex)
      .join('|');
    const num = '(\\d+(?:\\.\\d+)?)';
    re = new RegExp(
      `(?<![\\p{L}\\p{N}.])${num}\\s*(${units})(?![a-z])\\s*(?:${m.arrows.join('|')})\\s*${num}\\s*(${units})(?![a-z])`,
      'gu',
    );
  }
  compiled.set(lx, re);
  return re;
}

/** The clause before `at` holds a request marker (`get`, `reduce`, 把, 目标): the change is wanted, not reported. */
function requested(lx: Lexicon, text: string, at: number): boolean {
  let from = 0;
  for (let i = at - 1; i >= 0; i--) {
    if (clauseBreakAt(text, i)) {
      from = i + 1;
      break;
    }
  }
  const clause = text.slice(from, at);
  const requests = lx.measures?.requests ?? [];
  if (lx.mode === 'cjk') return requests.some((r) => clause.includes(r));
  const words = new Set(clause.match(/[\p{L}\p{N}']+/gu) ?? []);
  return requests.some((r) => (r.includes(' ') ? clause.includes(r) : words.has(r)));
}

/** Reported before → after changes of a cost in `text` (normalised). */
export function measureSpans(lx: Lexicon, text: string): MeasureSpan[] {
  const re = measureRegex(lx);
  if (re === null || lx.measures === null) return [];
  const out: MeasureSpan[] = [];
  for (const m of text.matchAll(re)) {
    const before = lx.measures.units.get(m[2]!);
    const after = lx.measures.units.get(m[4]!);
    if (!before || !after || before.kind !== after.kind) continue;
    const a = Number(m[1]) * before.factor;
    const b = Number(m[3]) * after.factor;
    if (!(a > 0 && b > 0) || requested(lx, text, m.index)) continue;
    const span = { term: m[0], start: m.index, end: m.index + m[0].length };
    if (b >= a * MIN_CHANGE) out.push({ category: 'failure', ...span });
    else if (a >= b * MIN_CHANGE) out.push({ category: 'acceptance', ...span });
  }
  return out;
}
