/**
 * A rewrite of lexicon regular expressions that keeps their meaning and makes them cheap to run.
 * A pattern that opens with a lookbehind, `(?<!…)rest` / `(?<=…)rest`, makes the engine run the
 * lookbehind (often a bounded scan back over dozens of characters) at every position of the text
 * before it looks at `rest`. `(?=rest)(?<!…)rest` asserts exactly the same at the same position but
 * fails fast where `rest` cannot start. Only done when the rewrite is plainly equivalent: `rest` has
 * no top-level alternative (which the lookbehind would not govern) and no backreference (the copy
 * renumbers groups).
 */

/** The index just past the group that opens at `from` (a `(`), or -1 when it is not closed. */
function groupEnd(source: string, from: number): number {
  let depth = 0;
  let inClass = false;
  for (let i = from; i < source.length; i++) {
    const ch = source[i];
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
    else if (ch === ')') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Whether `source` has a `|` outside every group and class. */
function hasTopLevelAlternative(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
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
    else if (ch === '|' && depth === 0) return true;
  }
  return false;
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
