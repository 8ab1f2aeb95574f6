/**
 * A rewrite of lexicon regular expressions that keeps their meaning and makes them cheap to run.
 * A pattern that opens with a lookbehind, `(?<!…)rest` / `(?<=…)rest`, makes the engine run the
 * lookbehind (often a bounded scan back over dozens of characters) at every position of the text
 * before it looks at `rest`. `(?=rest)(?<!…)rest` asserts exactly the same at the same position but
 * fails fast where `rest` cannot start. Only done when the rewrite is plainly equivalent: `rest` has
 * no top-level alternative (which the lookbehind would not govern) and no backreference (the copy
 * renumbers groups).
 *
 * It is also only done when `rest` must start with a literal (`\bfrom scratch`, `(?:还是|仍然)`):
 * then the lookahead fails at the first character almost everywhere. Where `rest` can start at any
 * word (`(?:the )?[a-z][\w-]*…`, a negative lookahead, another lookbehind), the lookahead runs the
 * whole of `rest` at every position, which costs more than the lookbehind it guards: over the bench
 * corpus's 5,002 human texts, the 59 patterns that open with a lookbehind cost 9.0 s as written,
 * 5.5 s all hoisted and 2.1 s hoisted by this rule (the best choice per pattern: 1.8 s).
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
  if (!startsWithLiteral(rest)) return source;
  return `(?=${rest})${source.slice(0, end)}${rest}`;
}

/** Characters that begin something other than one literal character in a pattern source. */
const NOT_LITERAL = new Set(['\\', '[', '(', ')', '.', '^', '$', '|', '?', '*', '+', '{']);

/** Whether the quantifier at `at` (if any) lets the element before it match nothing. */
function optional(source: string, at: number): boolean {
  const q = source[at];
  return q === '?' || q === '*' || source.startsWith('{0', at);
}

/**
 * Whether every match of `source` must begin with a literal character: after an optional `\b`,
 * either a literal (an escaped punctuation mark counts) or a required `(?:…)` group each of whose
 * alternatives starts with a literal in the same sense. Classes, `.`, `\w`-style escapes,
 * lookarounds and optional groups do not.
 */
export function startsWithLiteral(source: string): boolean {
  const s = source.startsWith('\\b') ? source.slice(2) : source;
  if (s === '') return false;
  if (s[0] === '\\') return s.length > 1 && /[^\p{L}\p{N}_]/u.test(s[1]!) && !optional(s, 2);
  if (!s.startsWith('(')) return !NOT_LITERAL.has(s[0]!) && !optional(s, 1);
  if (!s.startsWith('(?:')) return false;
  const close = groupEnd(s, 0);
  if (close < 0) return false;
  if (optional(s, close)) return false;
  const alternatives: string[] = [];
  let from = 3;
  walkStructure(s.slice(0, close - 1), 0, (ch, depth, i) => {
    if (ch === '|' && depth === 1) {
      alternatives.push(s.slice(from, i));
      from = i + 1;
    }
    return false;
  });
  alternatives.push(s.slice(from, close - 1));
  return alternatives.every((alternative) => startsWithLiteral(alternative));
}
