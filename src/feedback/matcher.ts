/**
 * The reaction matcher: finds lexicon terms in one human message at word or phrase level, with
 * position guards and negation (rules M1–M6, docs/feedback-rules.md). Never a raw substring test
 * for alphabetic languages. Pure.
 */
import { charAt, charBefore, isWordChar, normalizeText } from './normalize.js';
import { DIMENSIONS, type Dimension, type Lexicon, type LexiconTerm, SIGNAL_CATEGORIES, type SignalCategory } from './lexicon.js';
import { measureSpans } from './measure.js';
import { termPositions } from './term-index.js';
import { indexText, type TextIndex } from './text-index.js';
import { patternsToRun } from './regex-literals.js';
import {
  atClauseStart,
  endsWithWord,
  isBehaviourQuestion,
  isHypotheticalCase,
  isIrrealis,
  isNegated,
  LEADING_NOISE,
  onlyFillersBefore,
  sentenceFirstWord,
  startsWithWords,
} from './scope.js';

export { atClauseStart } from './scope.js';

export interface TermHit {
  category: SignalCategory | Dimension;
  kind: 'signal' | 'dimension';
  term: string;
  language: string;
  /** UTF-16 offsets in the normalised text. */
  start: number;
  end: number;
  /** Cancelled by a negator in scope ("not wrong"). */
  negated: boolean;
  /** Inside a sentence that ends with a question mark. */
  inQuestion: boolean;
  /** The clause holding the hit ends with a question mark (`this is confusing, who is it for?` → false). */
  clauseQuestion: boolean;
  /** Index of the sentence holding the hit (sentences end at . ! ? 。！？ and newlines). */
  sentence: number;
  /** Index of the clause holding the hit (clauses end at clause punctuation, `, ; :` included). */
  clause: number;
  /**
   * Beyond the first WEAK_REACH characters: the open word classes and dimension keywords there do
   * not judge the result (see QUOTED_TEXT_ONLY).
   */
  quoted?: boolean;
  /** Inside code (``` fences, `inline`): no lexicon word there is the person's verdict. */
  inCode?: boolean;
  /** Produced by a lexicon's `failure_patterns` (pasted failure output; counts inside code too). */
  pasted?: boolean;
  /** A revision that points at the result itself (`make it …`, 这个改成): never part of a new request. */
  refersBack?: boolean;
  /** Produced from a negated acceptance term ("not perfect" → rejection). */
  fromNegatedAcceptance?: boolean;
  /** Inside a question sentence opened by a wh-word (`how do I run this again?`). */
  whQuestion?: boolean;
  /** Praise under an irrealis marker (`would be perfect if`, 就能搞定): not given, so no acceptance. */
  hypothetical?: boolean;
  /** After a topic change in the same message (`unrelated, but …`, `separately:`): about something else. */
  aside?: boolean;
}

export interface TextAnalysis {
  /** The normalised text (M1). */
  text: string;
  hits: TermHit[];
  /** The message contains `?` or `？`. */
  question: boolean;
}

function matchTerm(lx: Lexicon, text: string, t: LexiconTerm, at: number): boolean {
  const end = at + t.term.length;
  if (lx.mode === 'word') {
    if (isWordChar(charBefore(text, at))) return false;
    if (!t.prefix && isWordChar(charAt(text, end))) return false;
  }
  // An opening interjection may follow a filler (`hm, hold on`, `oh wait`; round 11).
  if (t.atStart && !LEADING_NOISE.test(text.slice(0, at)) && !(t.interjection && onlyFillersBefore(lx, text, at))) return false;
  if (t.atClauseStart && !atClauseStart(lx, text, at)) return false;
  if (t.notAfter.length > 0 && endsWithWord(text.slice(0, at), t.notAfter, lx.mode)) return false;
  if (t.notBefore.length > 0 && startsWithWords(text.slice(end), t.notBefore, lx.mode)) return false;
  return true;
}

/** Rewrites informal spellings (`thats`, `dont`) to the forms the terms use, whole words only. */
export function respell(text: string, lexicons: readonly Lexicon[]): string {
  const spellings = lexicons.filter((lx) => lx.mode === 'word' && lx.spellings.size > 0).map((lx) => lx.spellings);
  if (spellings.length === 0) return text;
  return text.replace(/[\p{L}\p{N}']+/gu, (word) => {
    for (const map of spellings) {
      const to = map.get(word);
      if (to !== undefined) return to;
    }
    return word;
  });
}

/** Pasted failure output (`TypeError: …`, `ENOENT`, a traceback): rejection hits, never negated. */
function failureHits(lx: Lexicon, text: string, ix: TextIndex): TermHit[] {
  const out: TermHit[] = [];
  for (const pattern of patternsToRun(lx, lx.failurePatterns, text)) {
    const m = pattern.exec(text);
    if (!m || m[0] === '') continue;
    const end = m.index + m[0].length;
    out.push({
      category: 'rejection',
      kind: 'signal',
      pasted: true,
      term: m[0],
      language: lx.language,
      start: m.index,
      end,
      negated: false,
      inQuestion: ix.questionSentence(end),
      clauseQuestion: ix.questionClause(end),
      sentence: ix.sentence(m.index),
      clause: ix.clause(m.index),
    });
  }
  return out;
}

/** Hits of the lexicon's `signal_patterns` (open word classes); negation as for listed terms. */
function patternHits(lx: Lexicon, text: string, ix: TextIndex): TermHit[] {
  const out: TermHit[] = [];
  for (const [category, patterns] of Object.entries(lx.signalPatterns) as [SignalCategory, RegExp[]][]) {
    for (const pattern of patternsToRun(lx, patterns, text)) {
      for (const m of text.matchAll(pattern)) {
        if (m[0] === '') continue;
        const start = m.index;
        const end = start + m[0].length;
        const negated = NEGATABLE_PATTERN.has(category) && HAS_LETTER.test(m[0]) && isNegated(lx, text, start);
        const hypothetical = (category === 'acceptance' || category === 'acknowledgement') && isIrrealis(lx, text, start, end);
        const hit: TermHit = {
          ...(hypothetical ? { hypothetical: true } : {}),
          category,
          kind: 'signal',
          term: m[0],
          language: lx.language,
          start,
          end,
          negated,
          inQuestion: ix.questionSentence(end),
          clauseQuestion: ix.questionClause(end),
          sentence: ix.sentence(start),
          clause: ix.clause(start),
        };
        out.push(hit);
        // As for listed terms: negated praise ("isn't solid") is a rejection.
        if (negated && category === 'acceptance' && lx.negatedAcceptanceIsRejection) {
          out.push({ ...hit, category: 'rejection', negated: false, fromNegatedAcceptance: true });
        }
      }
    }
  }
  return out;
}

/** A term with a letter in it: only words are negated, never an emoji alone. */
const HAS_LETTER = /\p{L}/u;

/** Categories a hypothetical case in a question mutes (`if … fails?`, 如果…失败…？; round 13). */
const HYPOTHETICAL_IN_QUESTION: ReadonlySet<TermHit['category']> = new Set(['failure', 'negative']);

/** Pattern categories a negator in scope cancels (as for listed terms). */
const NEGATABLE_PATTERN: ReadonlySet<SignalCategory> = new Set([
  'rejection',
  'failure',
  'negative',
  'prohibition',
  'challenge',
  'redo',
  'revert_request',
  'acceptance',
  'acknowledgement',
]);

/** Beyond this many characters the open word classes are quoted text, not live (see live-hits.ts). */
export const WEAK_REACH = 240;

/**
 * The normalised text (M1 + spellings) and the [start, end) offsets of code in it: ``` fences (an
 * unclosed one runs to the end) and `inline` spans, found in the raw text (normalisation turns
 * backticks into apostrophes) and normalised piece by piece.
 */
function normalizeWithCode(raw: string, lexicons: readonly Lexicon[]): { text: string; code: [number, number][] } {
  const re = /```[\s\S]*?(?:```|$)|`[^`\n]+`/gu;
  const pieces: { text: string; code: boolean }[] = [];
  let last = 0;
  for (const m of raw.matchAll(re)) {
    pieces.push({ text: raw.slice(last, m.index), code: false }, { text: m[0], code: true });
    last = m.index + m[0].length;
  }
  pieces.push({ text: raw.slice(last), code: false });
  let text = '';
  const code: [number, number][] = [];
  for (const p of pieces) {
    const n = respell(normalizeText(p.text), lexicons);
    if (n === '') continue;
    if (text !== '') text += ' ';
    if (p.code) code.push([text.length, text.length + n.length]);
    text += n;
  }
  return { text, code };
}

const analyses = new WeakMap<readonly Lexicon[], Map<string, TextAnalysis>>();
/** Analyses kept per lexicon set: the turns of a few windows (a turn is read by up to three rules). */
const ANALYSES_KEPT = 256;

/**
 * Finds every lexicon hit in `raw` (any language: all lexicons run over every message). The same
 * text with the same lexicons gives the same (frozen) analysis object: a turn is judged, checked
 * for an aside revert and searched for a dimension, and windows of one response share turns.
 */
export function analyzeText(raw: string, lexicons: readonly Lexicon[]): TextAnalysis {
  let cache = analyses.get(lexicons);
  if (cache === undefined) {
    cache = new Map();
    analyses.set(lexicons, cache);
  }
  const known = cache.get(raw);
  if (known !== undefined) return known;
  const analysis = analyzeTextUncached(raw, lexicons);
  for (const h of analysis.hits) Object.freeze(h);
  Object.freeze(analysis.hits);
  Object.freeze(analysis);
  if (cache.size >= ANALYSES_KEPT) cache.clear();
  cache.set(raw, analysis);
  return analysis;
}

function analyzeTextUncached(raw: string, lexicons: readonly Lexicon[]): TextAnalysis {
  const { text, code } = normalizeWithCode(raw, lexicons);
  const hits: TermHit[] = [];
  if (text === '') return { text, hits, question: false };
  const afterConcession = new Set<TermHit>();
  const interjections = new Set<TermHit>();
  const ix = indexText(text);
  for (const lx of lexicons) {
    const positions = termPositions(lx, text);
    hits.push(...failureHits(lx, text, ix));
    hits.push(...patternHits(lx, text, ix));
    for (const m of measureSpans(lx, text)) {
      hits.push({
        category: m.category,
        kind: 'signal',
        term: m.term,
        language: lx.language,
        start: m.start,
        end: m.end,
        negated: false,
        inQuestion: ix.questionSentence(m.end),
        clauseQuestion: ix.questionClause(m.end),
        sentence: ix.sentence(m.start),
        clause: ix.clause(m.start),
      });
    }
    for (const category of SIGNAL_CATEGORIES) {
      for (const t of lx.signals[category]) {
        for (const at of positions.get(t.term)) {
          if (!matchTerm(lx, text, t, at)) continue;
          const end = at + t.term.length;
          // A negator negates words: an emoji is its own verdict (`nothing else got worse 👌`; round 14).
          const negated = t.negatable && HAS_LETTER.test(t.term) && isNegated(lx, text, at);
          const hit: TermHit = {
            category,
            kind: 'signal',
            term: t.term,
            language: lx.language,
            start: at,
            end,
            negated,
            inQuestion: ix.questionSentence(end),
            clauseQuestion: ix.questionClause(end),
            sentence: ix.sentence(at),
            clause: ix.clause(at),
            ...(t.refersBack ? { refersBack: true } : {}),
            ...((category === 'acceptance' || category === 'acknowledgement') && isIrrealis(lx, text, at, at + t.term.length)
              ? { hypothetical: true }
              : {}),
          };
          if (t.afterConcession) afterConcession.add(hit);
          if (t.interjection) interjections.add(hit);
          hits.push(hit);
          if (negated && category === 'acceptance' && lx.negatedAcceptanceIsRejection) {
            hits.push({ ...hit, category: 'rejection', negated: false, fromNegatedAcceptance: true });
          }
        }
      }
    }
    for (const dim of DIMENSIONS) {
      for (const t of lx.dimensions[dim]) {
        for (const at of positions.get(t.term)) {
          if (!matchTerm(lx, text, t, at)) continue;
          hits.push({
            category: dim,
            kind: 'dimension',
            term: t.term,
            language: lx.language,
            start: at,
            end: at + t.term.length,
            negated: false,
            inQuestion: false,
            clauseQuestion: false,
            sentence: ix.sentence(at),
            clause: ix.clause(at),
          });
        }
      }
    }
  }
  const questionWords = new Set(lexicons.flatMap((lx) => [...lx.questionWords]));
  const byLanguage = new Map(lexicons.map((lx) => [lx.language, lx]));
  for (const h of hits) {
    if (h.start >= WEAK_REACH) h.quoted = true;
    // A failure asked about as a case (`what happens if the write fails?`; round 13) is not reported.
    if (h.inQuestion && !h.pasted && HYPOTHETICAL_IN_QUESTION.has(h.category)) {
      const lx = byLanguage.get(h.language);
      if (lx && isHypotheticalCase(lx, text, h.start, h.end)) h.hypothetical = true;
    }
    // A revert asked about as the system's behaviour (`does the second schedule just revert?`) is no request (round 14).
    if (h.category === 'revert_request' && h.inQuestion) {
      const lx = byLanguage.get(h.language);
      if (lx && isBehaviourQuestion(lx, text, h.start)) h.hypothetical = true;
    }
    if (!h.pasted && code.some(([from, to]) => h.start >= from && h.start < to)) h.inCode = true;
    if (h.inQuestion && questionWords.size > 0) {
      const first = sentenceFirstWord(text, h.start);
      if (first !== undefined && questionWords.has(first)) h.whQuestion = true;
    }
  }
  // An entry that counts only after a concession (`还没`, `没处理`) swallows nothing when it does not count (round 7).
  let kept = dropContained(hits);
  const idle = hits.filter((h) => afterConcession.has(h) && !followsConcession(kept, h));
  if (idle.length > 0) kept = dropContained(hits.filter((h) => !idle.includes(h)));
  // An opening interjection or hold yields to a self-correction: `ugh, my bad, I meant PAY-1182`.
  const selfCorrections = kept.filter((h) => h.kind === 'signal' && h.category === 'self_correction' && !h.negated && !h.inCode);
  const selfCorrects = selfCorrections.length > 0;
  // A right-vs-wrong detail in the sentence of a self-correction restates the person's own
  // instruction (`my mistake: the version should be 2.1, not 2.0`; round 6).
  const ownDetail = (h: TermHit) => h.category === 'contrast' && selfCorrections.some((s) => s.sentence === h.sentence);
  // A topic change: what follows it in the message is about something else (`thanks! unrelated, but …`).
  const aside = kept.find((h) => h.kind === 'signal' && h.category === 'aside' && !h.inCode);
  if (aside) {
    // The question after an aside is its own: the verdict before it is not asked (好的，题外话，…？).
    const head = indexText(text.slice(0, aside.start));
    for (const h of kept) {
      if (h.start >= aside.end) h.aside = true;
      else if (h.end <= aside.start) {
        h.inQuestion = head.questionSentence(h.end);
        h.clauseQuestion = head.questionClause(h.end);
      }
    }
  }
  // A shrug waives the concern raised before it in its sentence (`… but honestly it's fine as is`; round 14).
  for (const w of kept) {
    if (w.kind !== 'signal' || w.category !== 'waiver' || w.inCode || w.aside || w.inQuestion) continue;
    for (const h of kept) {
      if (h !== w && h.kind === 'signal' && WAIVED.has(h.category) && !h.pasted && h.sentence === w.sentence && h.start < w.start) {
        h.hypothetical = true;
      }
    }
  }
  return {
    text,
    hits: kept.filter(
      (h) => (!afterConcession.has(h) || followsConcession(kept, h)) && !(selfCorrects && interjections.has(h)) && !ownDetail(h),
    ),
    question: QUESTION_MARK.test(raw),
  };
}

/**
 * A question mark, not the `?` of a URL's query string between two word characters
 * (`/ladder?season=2025`; round 14, like scope.ts `wordDot`).
 */
const QUESTION_MARK = /？|\?(?![\p{L}\p{N}_])|(?<![\p{L}\p{N}_])\?/u;

/** Categories a later waiver in the same sentence cancels (round 14). */
const WAIVED: ReadonlySet<TermHit['category']> = new Set([
  'rejection',
  'failure',
  'negative',
  'contrast',
  'minor',
  'revision',
  'qualifier',
  'prohibition',
  'challenge',
  'redo',
]);

/** A live acceptance or acknowledgement in an earlier clause (for `after_concession` entries). */
function followsConcession(hits: readonly TermHit[], h: TermHit): boolean {
  return hits.some(
    (c) =>
      c.kind === 'signal' &&
      (c.category === 'acceptance' || c.category === 'acknowledgement') &&
      !c.negated &&
      !c.hypothetical &&
      !c.inCode &&
      c.clause < h.clause,
  );
}

/**
 * A signal hit lying strictly inside a longer signal hit of another category is dropped (the
 * longer phrase is the more specific reading: "not bad" is acceptance, not "bad"). Scope words
 * (`part`: `mostly`, 那块) carry no verdict and neither yield nor win: `mostly fine` is an
 * acceptance scoped to a part.
 */
function dropContained(hits: TermHit[]): TermHit[] {
  return hits.filter(
    (h) =>
      h.kind !== 'signal' ||
      h.category === 'part' ||
      h.category === 'resigned' ||
      !hits.some(
        (o) =>
          o !== h &&
          o.kind === 'signal' &&
          o.category !== 'part' &&
          o.category !== h.category &&
          // A negated acceptance ("not perfect") stays a rejection, unless a longer live acceptance
          // holds it ("can't believe that worked first try").
          (h.fromNegatedAcceptance !== true || o.category === 'acceptance') &&
          !o.negated &&
          o.start <= h.start &&
          o.end >= h.end &&
          o.end - o.start > h.end - h.start,
      ),
  );
}
