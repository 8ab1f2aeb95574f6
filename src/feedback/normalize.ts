/**
 * Text normalisation for the feedback matcher (rule M1) and code-point helpers.
 * Lengths and slices count Unicode code points, as the original (Python) did, never UTF-16 units.
 */

const APOSTROPHES = /[\u2019\u2018\u02bc\u2032`]/g;
const WHITESPACE_RUN = /\s+/gu;

/** M1: NFKC, lowercase, curly/modifier apostrophes to `'`, whitespace runs collapsed, trimmed. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(APOSTROPHES, "'").replace(WHITESPACE_RUN, ' ').trim();
}

/** Whitespace runs collapsed to one space and trimmed (the snippet rule; case and width kept). */
export function collapseWhitespace(text: string): string {
  return text.replace(WHITESPACE_RUN, ' ').trim();
}

/** Number of Unicode code points. */
export function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The first `max` code points of `text`. */
export function takeCodePoints(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = '';
  let n = 0;
  for (const ch of text) {
    if (n === max) break;
    out += ch;
    n++;
  }
  return out;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A CJK ideograph or kana/hangul syllable. */
export function isCjk(ch: string): boolean {
  return CJK.test(ch);
}

/**
 * A character that continues a word in an alphabetic script (letters and digits, CJK excluded:
 * CJK text has no spaces, so a Latin keyword directly beside a Chinese character is still a word).
 */
export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined || ch === '') return false;
  return LETTER_OR_DIGIT.test(ch) && !CJK.test(ch);
}

/** The code point ending just before UTF-16 index `index`. */
export function charBefore(text: string, index: number): string | undefined {
  if (index <= 0) return undefined;
  const cu = text.charCodeAt(index - 1);
  if (cu >= 0xdc00 && cu <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text[index - 1];
}

/** The code point starting at UTF-16 index `index`. */
export function charAt(text: string, index: number): string | undefined {
  if (index >= text.length) return undefined;
  const cp = text.codePointAt(index);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}
