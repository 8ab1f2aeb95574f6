/**
 * A pre-filter for lexicon regular expressions: from a pattern's source, the literal strings at
 * least one of which must occur in any text the pattern matches. Most messages contain none of a
 * pattern's literals (`none of`, `, not `, 写成), so the pattern need not run on them at all; with
 * hundreds of patterns per lexicon this is most of the matcher's work on long messages.
 *
 * The analysis is conservative: whatever it does not understand (backreferences, an unknown
 * escape, a character whose case folding is not plain) counts as "could be anything", never as a
 * literal. It assumes the text it is used on is normalised the way the matcher normalises (NFKC,
 * lower case) and, with the `i` flag, compares lower-cased literals. Tested against the patterns
 * themselves on every text the benchmarks hold (regex-literals.test.ts).
 */

/** What a piece of a pattern tells about the text it matches. */
interface Facts {
  /** Every string the piece can match, when that is a small known set; else null. */
  exact: Set<string> | null;
  /** At least one of these occurs in any text the piece matches; null = no such knowledge. */
  required: Set<string> | null;
}

const ANY: Facts = { exact: null, required: null };
const EMPTY: Facts = { exact: new Set(['']), required: null };
/** Cross products of exact sets larger than this are given up (the strings stay requirements). */
const MAX_EXACT = 64;
/** A requirement with more alternatives than this costs about what running the pattern does. */
const MAX_REQUIRED = 24;

class Unsupported extends Error {}

/**
 * Characters whose case-insensitive matching is plain lower-casing on NFKC-normalised text:
 * ASCII, Latin-1 and Latin Extended letters (but `ſ` and `µ`, which fold to other letters), CJK
 * scripts and punctuation, and pictographs such as emoji (no case). Anything else is not used as a
 * literal.
 */
const PLAIN_FOLDING =
  /^(?:[\u0000-\u007f\u00c0-\u017e\u0180-\u024f\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff00-\uffef]|\p{Extended_Pictographic})$/u;

class PatternReader {
  private i = 0;
  constructor(
    private readonly source: string,
    private readonly ignoreCase: boolean,
  ) {}

  read(): Facts {
    const facts = this.alternation();
    if (this.i !== this.source.length) throw new Unsupported('unbalanced');
    return facts;
  }

  private peek(): string | undefined {
    return this.source[this.i];
  }

  private alternation(): Facts {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? branches[0]! : union(branches);
  }

  private sequence(): Facts {
    const parts: Facts[] = [];
    while (this.i < this.source.length && this.peek() !== '|' && this.peek() !== ')') parts.push(this.quantified());
    return concatenate(parts);
  }

  private quantified(): Facts {
    const atom = this.atom();
    const q = this.quantifier();
    if (q === null) return atom.facts;
    if (atom.zeroWidth) return EMPTY; // a quantified assertion (`(?=x)?`) asserts nothing reliably
    if (q.min === 0) return ANY;
    // Repeated at least once: what the atom requires is still required; exact only for {1}.
    return { exact: q.min === 1 && q.max === 1 ? atom.facts.exact : null, required: requirementOf(atom.facts) };
  }

  private quantifier(): { min: number; max: number } | null {
    const c = this.peek();
    let q: { min: number; max: number } | null = null;
    if (c === '*') q = { min: 0, max: Infinity };
    else if (c === '+') q = { min: 1, max: Infinity };
    else if (c === '?') q = { min: 0, max: 1 };
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.i));
      if (!m) return null; // a literal `{` (not valid with the u flag, but be safe)
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
      q = { min, max };
    }
    if (q === null) return null;
    this.i++;
    if (this.peek() === '?') this.i++; // lazy
    return q;
  }

  private atom(): { facts: Facts; zeroWidth: boolean } {
    const c = this.source[this.i++]!;
    if (c === '(') return this.group();
    if (c === '[') return { facts: this.characterClass(), zeroWidth: false };
    if (c === '\\') return this.escape();
    if (c === '^' || c === '$') return { facts: EMPTY, zeroWidth: true };
    if (c === '.') return { facts: ANY, zeroWidth: false };
    if (c === ')' || c === '|') throw new Unsupported('unexpected');
    // A literal, possibly a surrogate pair.
    const cp = this.source.codePointAt(this.i - 1)!;
    if (cp > 0xffff) this.i++;
    return { facts: this.literal(String.fromCodePoint(cp)), zeroWidth: false };
  }

  private literal(ch: string): Facts {
    if (!PLAIN_FOLDING.test(ch)) return ANY;
    const s = this.ignoreCase ? ch.toLowerCase() : ch;
    if (s.length !== ch.length) return ANY;
    return { exact: new Set([s]), required: new Set([s]) };
  }

  private group(): { facts: Facts; zeroWidth: boolean } {
    let kind: 'plain' | 'ahead' | 'not-ahead' | 'behind' | 'not-behind' = 'plain';
    if (this.peek() === '?') {
      const rest = this.source.slice(this.i, this.i + 4);
      if (rest.startsWith('?:')) this.i += 2;
      else if (rest.startsWith('?=')) {
        kind = 'ahead';
        this.i += 2;
      } else if (rest.startsWith('?!')) {
        kind = 'not-ahead';
        this.i += 2;
      } else if (rest.startsWith('?<=')) {
        kind = 'behind';
        this.i += 3;
      } else if (rest.startsWith('?<!')) {
        kind = 'not-behind';
        this.i += 3;
      } else if (rest.startsWith('?<')) {
        const close = this.source.indexOf('>', this.i);
        if (close < 0) throw new Unsupported('group name');
        this.i = close + 1;
      } else throw new Unsupported('group modifier');
    }
    const inner = this.alternation();
    if (this.source[this.i++] !== ')') throw new Unsupported('unclosed group');
    if (kind === 'plain') return { facts: inner, zeroWidth: false };
    // Lookarounds match no text. A positive one's content must still occur in the text.
    const required = kind === 'ahead' || kind === 'behind' ? requirementOf(inner) : null;
    return { facts: { exact: new Set(['']), required }, zeroWidth: true };
  }

  private characterClass(): Facts {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.i++;
    }
    const members = new Set<string>();
    let known = true;
    while (this.i < this.source.length && this.peek() !== ']') {
      const cp = this.source.codePointAt(this.i)!;
      let ch = String.fromCodePoint(cp);
      this.i += ch.length;
      if (ch === '\\') {
        const e = this.source[this.i++];
        if (e === undefined) throw new Unsupported('escape');
        const simple = SIMPLE_ESCAPES[e];
        if (simple !== undefined) ch = simple;
        else if (/[dDwWsSpP]/.test(e)) {
          if (e === 'p' || e === 'P') this.skipProperty();
          known = false;
          continue;
        } else if (/[\^$\\.*+?()[\]{}|/\-,:;=!<>'"#&~%@`]/.test(e)) ch = e;
        else if (e === 'u' || e === 'x') {
          known = false;
          this.skipCodeEscape(e);
          continue;
        } else throw new Unsupported('class escape');
      } else if (ch === '[') throw new Unsupported('nested class');
      if (this.peek() === '-' && this.source[this.i + 1] !== ']') {
        // A range: too many members to list; no literal.
        this.i++;
        if (this.source[this.i] === '\\') this.i++;
        this.i++;
        known = false;
        continue;
      }
      members.add(ch);
    }
    if (this.source[this.i++] !== ']') throw new Unsupported('unclosed class');
    if (negated || !known || members.size === 0 || members.size > MAX_REQUIRED) return ANY;
    const exact = new Set<string>();
    for (const m of members) {
      const f = this.literal(m);
      if (f.exact === null) return ANY;
      for (const s of f.exact) exact.add(s);
    }
    return { exact, required: exact };
  }

  private escape(): { facts: Facts; zeroWidth: boolean } {
    const e = this.source[this.i++];
    if (e === undefined) throw new Unsupported('escape');
    if (e === 'b' || e === 'B') return { facts: EMPTY, zeroWidth: true };
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) return { facts: this.literal(simple), zeroWidth: false };
    if (/[dDwWsS]/.test(e)) return { facts: ANY, zeroWidth: false };
    if (e === 'p' || e === 'P') {
      this.skipProperty();
      return { facts: ANY, zeroWidth: false };
    }
    if (e === 'u' || e === 'x') {
      this.skipCodeEscape(e);
      return { facts: ANY, zeroWidth: false };
    }
    if (/[\^$\\.*+?()[\]{}|/\-,:;=!<>'"#&~%@`]/.test(e)) return { facts: this.literal(e), zeroWidth: false };
    // A backreference matches what its group matched: some text, nothing known here.
    if (/[1-9]/.test(e)) {
      while (/[0-9]/.test(this.peek() ?? '')) this.i++;
      return { facts: ANY, zeroWidth: false };
    }
    if (e === 'k' && this.peek() === '<') {
      const close = this.source.indexOf('>', this.i);
      if (close < 0) throw new Unsupported('named backreference');
      this.i = close + 1;
      return { facts: ANY, zeroWidth: false };
    }
    throw new Unsupported(`escape \\${e}`); // control escapes and the like
  }

  private skipProperty(): void {
    if (this.peek() !== '{') throw new Unsupported('property');
    const close = this.source.indexOf('}', this.i);
    if (close < 0) throw new Unsupported('property');
    this.i = close + 1;
  }

  private skipCodeEscape(kind: 'u' | 'x'): void {
    if (kind === 'u' && this.peek() === '{') {
      const close = this.source.indexOf('}', this.i);
      if (close < 0) throw new Unsupported('code point');
      this.i = close + 1;
    } else this.i += kind === 'u' ? 4 : 2;
  }
}

const SIMPLE_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };

/** The requirement a piece gives: its own, else its exact strings (if none is empty). */
function requirementOf(f: Facts): Set<string> | null {
  return better(f.required, f.exact !== null && !f.exact.has('') ? f.exact : null);
}

/** The more selective of two requirements: the one whose shortest literal is longer. */
function better(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  const useless = (s: Set<string> | null) => s === null || s.has('') || s.size > MAX_REQUIRED;
  if (useless(a)) return useless(b) ? null : b;
  if (useless(b)) return a;
  if (a === null || b === null) return null; // (narrowing only: both are usable here)
  const shortest = (s: Set<string>) => Math.min(...[...s].map((x) => x.length));
  const sa = shortest(a);
  const sb = shortest(b);
  if (sa !== sb) return sa > sb ? a : b;
  return a.size <= b.size ? a : b;
}

function union(branches: Facts[]): Facts {
  let exact: Set<string> | null = new Set();
  const required = new Set<string>();
  let requiredKnown = true;
  for (const b of branches) {
    if (exact !== null && b.exact !== null) for (const s of b.exact) exact.add(s);
    else exact = null;
    const r = requirementOf(b);
    if (r === null) requiredKnown = false;
    else for (const s of r) required.add(s);
  }
  if (exact !== null && exact.size > MAX_EXACT) exact = null;
  return { exact, required: requiredKnown ? required : null };
}

function concatenate(parts: Facts[]): Facts {
  let best: Set<string> | null = null;
  let run: Set<string> | null = new Set(['']);
  let whole: Set<string> | null = new Set(['']);
  const flush = () => {
    if (run !== null) best = better(best, run.has('') ? null : run);
  };
  for (const p of parts) {
    best = better(best, p.required);
    if (p.exact === null) {
      flush();
      run = new Set(['']);
      whole = null;
      continue;
    }
    run = run === null ? null : product(run, p.exact);
    if (run === null) run = new Set(['']); // too many combinations: start a new run here
    whole = whole === null ? null : product(whole, p.exact);
  }
  flush();
  return { exact: whole, required: best };
}

function product(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_EXACT) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

/**
 * Literals at least one of which occurs in every text `source` (with `flags`) can match; null when
 * the pattern gives no such literal (run it on every text). With the `i` flag the literals are
 * lower case: compare them with the normalised (lower-cased) text.
 */
export function requiredLiterals(source: string, flags = ''): string[] | null {
  try {
    const facts = new PatternReader(source, flags.includes('i')).read();
    const required = better(requirementOf(facts), null);
    return required === null ? null : [...required].sort();
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** Whether `text` can match a pattern with these `requiredLiterals` (null: always). */
export function mayMatch(text: string, literals: readonly string[] | null): boolean {
  if (literals === null) return true;
  for (const l of literals) if (text.includes(l)) return true;
  return false;
}

const known = new WeakMap<RegExp, string[] | null>();

/** `requiredLiterals` of a compiled pattern, worked out once per RegExp object. */
export function literalsOf(re: RegExp): string[] | null {
  let literals = known.get(re);
  if (literals === undefined) {
    literals = requiredLiterals(re.source, re.flags);
    known.set(re, literals);
  }
  return literals;
}

/**
 * Finds which of a fixed set of literals occur in a text, in one pass: literals are indexed by
 * their first two UTF-16 units (one-unit literals by that unit), so each position costs one map
 * look-up plus a comparison per literal that starts with the same two units.
 */
export class LiteralScanner {
  private readonly single = new Set<string>();
  private readonly byPair = new Map<number, string[]>();

  constructor(literals: Iterable<string>) {
    for (const l of new Set(literals)) {
      if (l.length === 0) continue;
      if (l.length === 1) {
        this.single.add(l);
        continue;
      }
      const key = l.charCodeAt(0) * 0x10000 + l.charCodeAt(1);
      const list = this.byPair.get(key);
      if (list) list.push(l);
      else this.byPair.set(key, [l]);
    }
  }

  /** The literals that occur in `text`. */
  present(text: string): Set<string> {
    const found = new Set<string>();
    const single = this.single;
    const byPair = this.byPair;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      if (single.size > 0) {
        const ch = text[i]!;
        if (single.has(ch)) found.add(ch);
      }
      if (i + 1 >= n) break;
      const list = byPair.get(text.charCodeAt(i) * 0x10000 + text.charCodeAt(i + 1));
      if (list === undefined) continue;
      for (const l of list) if (!found.has(l) && text.startsWith(l, i)) found.add(l);
    }
    return found;
  }
}

/** The pattern lists of one lexicon (its failure patterns and every category's signal patterns). */
export interface PatternSet {
  failurePatterns: readonly RegExp[];
  signalPatterns: Partial<Record<string, readonly RegExp[]>>;
}

interface Prefilter {
  scanner: LiteralScanner;
  /** The last text scanned and what occurs in it: the lists of one lexicon are asked about one text in turn. */
  text: string | null;
  present: Set<string>;
}

const prefilters = new WeakMap<PatternSet, Prefilter>();

function prefilterOf(set: PatternSet): Prefilter {
  let p = prefilters.get(set);
  if (p === undefined) {
    const all = [...set.failurePatterns, ...Object.values(set.signalPatterns).flatMap((list) => list ?? [])];
    p = { scanner: new LiteralScanner(all.flatMap((re) => literalsOf(re) ?? [])), text: null, present: new Set() };
    prefilters.set(set, p);
  }
  return p;
}

/** Whether a pattern with these literals can match a text in which the `present` literals occur. */
export function anyPresent(literals: readonly string[] | null, present: ReadonlySet<string>): boolean {
  if (literals === null) return true;
  for (const l of literals) if (present.has(l)) return true;
  return false;
}

/** Switch for measurements and the equivalence test: with `enabled` false every pattern runs on every text. */
export const patternPrefilter = { enabled: true };

/**
 * The patterns of `list` (one of `set`'s lists) worth running on `text`, normalised as the matcher
 * normalises: those that can match it by their literals; all of them with the pre-filter off.
 */
export function patternsToRun(set: PatternSet, list: readonly RegExp[], text: string): readonly RegExp[] {
  if (!patternPrefilter.enabled || list.length === 0) return list;
  const p = prefilterOf(set);
  if (p.text !== text) {
    p.present = p.scanner.present(text);
    p.text = text;
  }
  const present = p.present;
  return list.filter((re) => anyPresent(literalsOf(re), present));
}
