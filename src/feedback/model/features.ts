/**
 * Features of one human turn for the second-stage model: normalised word unigrams and bigrams
 * (alphabetic scripts), character unigrams and bigrams of CJK runs (Chinese needs no
 * segmentation), emoji/symbol characters and two punctuation marks. Pure and deterministic.
 */

/** Only the start of a long message is read (pasted specs and logs are not the reaction). */
export const MAX_FEATURE_CHARS = 240;

const CJK = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u;
const WORD_CHAR = /[\p{L}\p{N}']/u;
const SYMBOL = /\p{Extended_Pictographic}/u;

/** NFKC, lowercase, curly apostrophes → `'`, whitespace collapsed; cut at MAX_FEATURE_CHARS. */
export function normalizeForModel(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[’‘ʼ`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_FEATURE_CHARS);
}

export interface Tokens {
  /** Alphabetic words (with apostrophes: `isn't`), in order; `|` marks a clause break. */
  words: string[];
  /** CJK runs (maximal sequences of CJK characters). */
  cjkRuns: string[];
  /** Emoji and pictographs. */
  symbols: string[];
}

/** Splits normalised text into words, CJK runs and symbols. Punctuation ends a clause. */
export function tokenize(text: string): Tokens {
  const words: string[] = [];
  const cjkRuns: string[] = [];
  const symbols: string[] = [];
  let word = '';
  let run = '';
  const flushWord = () => {
    const w = word.replace(/^'+|'+$/g, '');
    if (w !== '') words.push(w);
    word = '';
  };
  const flushRun = () => {
    if (run !== '') cjkRuns.push(run);
    run = '';
  };
  for (const ch of normalizeForModel(text)) {
    if (CJK.test(ch)) {
      flushWord();
      run += ch;
      continue;
    }
    flushRun();
    if (WORD_CHAR.test(ch)) {
      word += ch;
      continue;
    }
    flushWord();
    if (SYMBOL.test(ch)) symbols.push(ch);
    else if (/[,.;:!?，。；：！？、()（）]/u.test(ch) && words.length > 0 && words[words.length - 1] !== '|') words.push('|');
  }
  flushWord();
  flushRun();
  if (words[words.length - 1] === '|') words.pop();
  return { words, cjkRuns, symbols };
}

/**
 * Chinese function characters: too common to be evidence alone (不 in 不好意思/不用了解, 了 in every
 * past tense); they still count inside character bigrams (不对, 错了, 没了).
 */
const CJK_FUNCTION_CHARS = new Set([...'了不的是把吧吗呢啊我你他这那个一在有就也都还和要给']);

/** Words that negate what follows them in their clause (plus every word ending in `n't`). */
const NEGATORS = new Set(['not', 'no', 'never', 'nothing', 'none', 'nobody', 'nowhere', 'without', 'zero', 'neither', 'nor', 'cannot']);
/** How many words after a negator are read as negated. */
const NEGATION_SCOPE = 3;

const isNegator = (w: string): boolean => NEGATORS.has(w) || w.endsWith("n't");

/**
 * The feature set of a text (each feature once, sorted): `w:` word, `b:` word bigram (`^` marks the
 * message start; a word with a digit is `#` in both), `n:2+` (two or more such words), `c:` CJK
 * character, `cc:` CJK character bigram, `s:` symbol, `p:?` / `p:!`. A word
 * up to NEGATION_SCOPE words after a negator in the same clause is `w:!word` instead of `w:word`, so
 * `nothing broke` / `no errors` do not share the complaint's evidence of `broke` / `errors`.
 */
export function extractFeatures(text: string): string[] {
  const { words, cjkRuns, symbols } = tokenize(text);
  const out = new Set<string>();
  let prev = '^';
  let negated = 0;
  let numbers = 0;
  for (const token of words) {
    if (token === '|') {
      prev = '|';
      negated = 0;
      continue;
    }
    // Any word with a digit is `#`: the figure itself is noise, that a message states figures is not.
    const number = /\d/.test(token);
    if (number) numbers++;
    const w = number ? '#' : token;
    out.add(negated > 0 ? `w:!${w}` : `w:${w}`);
    negated = isNegator(w) ? NEGATION_SCOPE : Math.max(0, negated - 1);
    if (prev !== '|') out.add(`b:${prev}_${w}`);
    prev = w;
  }
  // Two figures or more: a correction stated as facts often sets one against another (12h rest, 14h minimum).
  if (numbers >= 2) out.add('n:2+');
  for (const r of cjkRuns) {
    const chars = [...r];
    for (let i = 0; i < chars.length; i++) {
      if (!CJK_FUNCTION_CHARS.has(chars[i]!)) out.add(`c:${chars[i]}`);
      if (i + 1 < chars.length) out.add(`cc:${chars[i]}${chars[i + 1]}`);
    }
  }
  for (const s of symbols) out.add(`s:${s}`);
  const normalized = normalizeForModel(text);
  if (/[?？]/u.test(normalized)) out.add('p:?');
  if (/[!！]/u.test(normalized)) out.add('p:!');
  return [...out].sort();
}

/** Only the opening of the assistant's answer is read: how it took the turn shows first. */
export const MAX_REPLY_FEATURE_CHARS = 160;

/**
 * Features of the assistant's answer to a turn (`WindowTurn.reply`): `r:` word, `rcc:` CJK character
 * bigram, each once, sorted. Kept apart from the person's words: `sorry` in the answer is other
 * evidence than `sorry` in the turn.
 */
export function extractReplyFeatures(reply: string): string[] {
  const { words, cjkRuns } = tokenize(reply.slice(0, MAX_REPLY_FEATURE_CHARS));
  const out = new Set<string>();
  for (const w of words) if (w !== '|') out.add(`r:${/\d/.test(w) ? '#' : w}`);
  for (const r of cjkRuns) {
    const chars = [...r];
    for (let i = 0; i + 1 < chars.length; i++) out.add(`rcc:${chars[i]}${chars[i + 1]}`);
  }
  return [...out].sort();
}
