/**
 * A rewrite of lexicon regular expressions that keeps their meaning and makes them cheap to run.
 * A pattern that opens with a lookbehind, `(?<!…)rest` / `(?<=…)rest`, makes the engine run the
 * lookbehind (often a bounded scan back over dozens of characters) at every position of the text
 * before it looks at `rest`. `(?=rest)(?<!…)rest` asserts exactly the same at the same position but
 * fails fast where `rest` cannot start. Only done when the rewrite is plainly equivalent: `rest` has
 * no top-level alternative (which the lookbehind would not govern) and no backreference (the copy
 * renumbers groups).
 */

/**
 * Walks the structure of a pattern source from `from`: calls `visit(ch, depth, i)` for every
 * character outside escapes and character classes, with the group depth after an opening and
 * before a closing parenthesis is counted; stops at the first `true` and returns its index, else -1.
 */
function walkStructure(source: string, from: number, visit: (ch: string, depth: number, i: number) => boolean): number {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (visit(ch, depth, i)) return i;
  }
  return -1;
}

/** The index just past the group that opens at `from` (a `(`), or -1 when it is not closed. */
function groupEnd(source: string, from: number): number {
  const close = walkStructure(source, from, (ch, depth) => ch === ')' && depth === 0);
  return close < 0 ? -1 : close + 1;
}

/** Whether `source` has a `|` outside every group and class. */
function hasTopLevelAlternative(source: string): boolean {
  return walkStructure(source, 0, (ch, depth) => ch === '|' && depth === 0) >= 0;
}

/** `(?<!X)rest` → `(?=rest)(?<!X)rest` where that is equivalent (see the file comment); else unchanged. */
export function hoistLeadingLookbehind(source: string): string {
  if (!source.startsWith('(?<!') && !source.startsWith('(?<=')) return source;
  const end = groupEnd(source, 0);
  if (end < 0) return source;
  const rest = source.slice(end);
  if (rest === '' || hasTopLevelAlternative(rest) || /\\[1-9]|\\k</.test(rest)) return source;
  return `(?=${rest})${source.slice(0, end)}${rest}`;
}
