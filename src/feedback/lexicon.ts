/**
 * Lexicons: the words and phrases that signal a human reaction, kept as data, one JSON file per
 * language in `src/feedback/lexicons/`. Adding a language is adding a file: the loader discovers
 * every `*.json` there. The matching rules (M1–M6) are documented in docs/feedback-rules.md and in
 * each file's `rules` list.
 */
import { hoistLeadingLookbehind } from './regex-speed.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { SkillpulseError } from '../errors.js';
import { DIMENSIONS, type Dimension, type entrySchema, lexiconSchema, SIGNAL_CATEGORIES, type SignalCategory } from './lexicon-schema.js';
import { normalizeText } from './normalize.js';

export type { LexiconFile } from './lexicon-schema.js';
export { DIMENSIONS, type Dimension, SIGNAL_CATEGORIES, type SignalCategory } from './lexicon-schema.js';

/** Categories a negator never cancels (they carry no polarity of their own). */
const NOT_NEGATABLE: ReadonlySet<SignalCategory> = new Set([
  'qualifier',
  'move_on',
  'new_task',
  'revision',
  'part',
  'aside',
  'process',
  'waiver',
  'resigned',
]);

/** One compiled entry: the term normalised like the text it is matched against. */
export interface LexiconTerm {
  term: string;
  atStart: boolean;
  atClauseStart: boolean;
  refersBack: boolean;
  afterConcession: boolean;
  interjection: boolean;
  notAfter: string[];
  notBefore: string[];
  prefix: boolean;
  negatable: boolean;
}

export interface QuestionCases {
  expectedBefore: RegExp | null;
  seenMarkers: RegExp | null;
  caseAfter: RegExp | null;
  behaviourQuestion: RegExp | null;
}

export interface Lexicon {
  language: string;
  name: string;
  mode: 'word' | 'cjk';
  rules: string[];
  negators: Set<string>;
  negationWindow: number;
  clauseBreaks: Set<string>;
  /** Normalised fillers allowed before an `at_clause_start` term, longest first. */
  clauseFillers: string[];
  negatedAcceptanceIsRejection: boolean;
  /** Normalised wh-words (word mode). */
  questionWords: Set<string>;
  /** Normalised irrealis markers, longest first. */
  irrealis: string[];
  modalIrrealis: string[];
  irrealisConditions: string[];
  /** Normalised markers of a hypothetical case in a question (round 13). */
  hypotheticalMarkers: string[];
  /** When a failure or revert word in a question is asked about (`question_cases`); absent keys are null. */
  questionCases: QuestionCases;
  /** Normalised informal spelling → normalised canonical form (word mode). */
  spellings: Map<string, string>;
  failurePatterns: RegExp[];
  /** `answer_concedes`: an assistant's answer that concedes a fault or changes the result. */
  answerConcedes: RegExp[];
  /** Units, arrows and request words of measured changes (measure.ts); null when the lexicon has none. */
  measures: { units: Map<string, { kind: 'time' | 'size'; factor: number }>; arrows: string[]; requests: string[] } | null;
  /** Global (`g`) expressions per category; see `signal_patterns`. */
  signalPatterns: Partial<Record<SignalCategory, RegExp[]>>;
  signals: Record<SignalCategory, LexiconTerm[]>;
  dimensions: Record<Dimension, LexiconTerm[]>;
}

function compileEntries(entries: z.output<typeof entrySchema>[], defaults: { negatable: boolean; prefix: boolean }): LexiconTerm[] {
  return entries.map((entry) => {
    const e = typeof entry === 'string' ? { term: entry } : entry;
    return {
      term: normalizeText(e.term),
      atStart: e.at_start ?? false,
      atClauseStart: e.at_clause_start ?? false,
      refersBack: e.refers_back ?? false,
      afterConcession: e.after_concession ?? false,
      interjection: e.interjection ?? false,
      notAfter: (e.not_after ?? []).map(normalizeText),
      notBefore: (e.not_before ?? []).map(normalizeText),
      prefix: e.prefix ?? defaults.prefix,
      negatable: e.negatable ?? defaults.negatable,
    };
  });
}

/** A lexicon's regular expression, or a CONFIG error naming the file and field it stands in. */
function compilePattern(pattern: string, flags: string, source: string, field: string, what: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch (error) {
    throw new SkillpulseError('CONFIG', `invalid lexicon: ${what} is not a valid regular expression: ${(error as Error).message}`, {
      file: source,
      field,
    });
  }
}

/** `question_cases`, compiled case-sensitive like the expressions they replace (rounds 14 and 19). */
function compileQuestionCases(cases: z.output<typeof lexiconSchema>['question_cases'], source: string): QuestionCases {
  const one = (key: keyof typeof cases) => {
    const pattern = cases[key];
    return pattern === undefined ? null : compilePattern(pattern, 'u', source, `question_cases.${key}`, 'question case');
  };
  return {
    expectedBefore: one('expected_before'),
    seenMarkers: one('seen_markers'),
    caseAfter: one('case_after'),
    behaviourQuestion: one('behaviour_question'),
  };
}

/** Validates and compiles one lexicon document. `source` names the file in errors. */
export function compileLexicon(data: unknown, source = '<lexicon>'): Lexicon {
  const parsed = lexiconSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issue.path.join('.') : undefined;
    throw new SkillpulseError('CONFIG', `invalid lexicon: ${issue?.message ?? 'unknown problem'}`, {
      file: source,
      ...(field ? { field } : {}),
    });
  }
  const lx = parsed.data;
  const expand = (pattern: string, field: string) =>
    pattern.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
      const members = lx.word_classes[name];
      if (members === undefined) {
        throw new SkillpulseError('CONFIG', `invalid lexicon: unknown word class {${name}}`, { file: source, field });
      }
      return `(?:${members.join('|')})`;
    });
  const failurePatterns = lx.failure_patterns.map((pattern, i) => {
    const field = `failure_patterns.${i}`;
    return compilePattern(hoistLeadingLookbehind(expand(pattern, field)), 'iu', source, field, 'failure pattern');
  });
  const answerConcedes = lx.answer_concedes.map((pattern, i) =>
    compilePattern(pattern, 'iu', source, `answer_concedes.${i}`, 'answer pattern'),
  );
  const signalPatterns: Partial<Record<SignalCategory, RegExp[]>> = {};
  for (const [category, patterns] of Object.entries(lx.signal_patterns) as [SignalCategory, string[]][]) {
    signalPatterns[category] = patterns.map((pattern, i) => {
      const field = `signal_patterns.${category}.${i}`;
      return compilePattern(hoistLeadingLookbehind(expand(pattern, field)), 'giu', source, field, 'signal pattern');
    });
  }
  const signals = {} as Record<SignalCategory, LexiconTerm[]>;
  for (const category of SIGNAL_CATEGORIES) {
    signals[category] = compileEntries(lx.signals[category], {
      negatable: !NOT_NEGATABLE.has(category),
      prefix: false,
    });
  }
  // A term that normalises to nothing (only whitespace) would match everywhere.
  const blank = (group: 'signals' | 'dimensions', category: string, terms: LexiconTerm[]) => {
    const i = terms.findIndex((t) => t.term === '');
    if (i >= 0) {
      throw new SkillpulseError('CONFIG', 'invalid lexicon: a term is empty after normalisation', {
        file: source,
        field: `${group}.${category}.${i}`,
      });
    }
  };
  for (const category of SIGNAL_CATEGORIES) blank('signals', category, signals[category]);
  const notImperative = lx.new_task_not_before.map(normalizeText);
  for (const t of signals.new_task) t.notBefore = [...t.notBefore, ...notImperative];
  const dimensions = {} as Record<Dimension, LexiconTerm[]>;
  // M6: English dimension keywords start at a word boundary but may continue.
  for (const dim of DIMENSIONS) dimensions[dim] = compileEntries(lx.dimensions[dim], { negatable: false, prefix: true });
  for (const dim of DIMENSIONS) blank('dimensions', dim, dimensions[dim]);
  return {
    language: lx.language,
    name: lx.name,
    mode: lx.mode,
    rules: lx.rules,
    negators: new Set(lx.negators.map(normalizeText)),
    negationWindow: lx.negation_window,
    clauseBreaks: new Set(lx.clause_breaks.map(normalizeText)),
    clauseFillers: lx.clause_fillers.map(normalizeText).sort((a, b) => b.length - a.length),
    negatedAcceptanceIsRejection: lx.negated_acceptance_is_rejection,
    questionWords: new Set(lx.question_words.map(normalizeText)),
    irrealis: lx.irrealis.map(normalizeText).sort((a, b) => b.length - a.length),
    modalIrrealis: lx.modal_irrealis.map(normalizeText),
    irrealisConditions: lx.irrealis_conditions.map(normalizeText),
    hypotheticalMarkers: lx.hypothetical_markers.map(normalizeText),
    questionCases: compileQuestionCases(lx.question_cases, source),
    spellings: new Map(Object.entries(lx.spellings).map(([from, to]) => [normalizeText(from), normalizeText(to)])),
    failurePatterns,
    answerConcedes,
    measures: lx.measures
      ? {
          units: new Map(Object.entries(lx.measures.units).map(([u, [kind, factor]]) => [normalizeText(u), { kind, factor }])),
          arrows: lx.measures.arrows,
          requests: lx.measures.requests.map(normalizeText),
        }
      : null,
    signalPatterns,
    signals,
    dimensions,
  };
}

/** The folder holding the bundled lexicons (copied beside the compiled code by the build). */
export function bundledLexiconDir(): string {
  return fileURLToPath(new URL('./lexicons/', import.meta.url));
}

/** Reads every `*.json` lexicon in `dir`, sorted by file name. A bad file is an error naming it. */
export function loadLexiconDir(dir: string): Lexicon[] {
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  return names.map((name) => loadLexiconFile(join(dir, name)));
}

/**
 * Reads and validates one lexicon file. Errors (code CONFIG) name the file and, for content
 * problems, the field inside it (`signals.acceptance.3`, `signal_patterns.redo.0`) or the line of
 * a JSON syntax error; `configField` names the setting that listed the file when it cannot be read.
 */
export function loadLexiconFile(file: string, configField?: string): Lexicon {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'does not exist' : `cannot be read (${(error as Error).message})`;
    throw new SkillpulseError('CONFIG', `lexicon file ${reason}`, {
      file,
      ...(configField ? { field: configField } : {}),
      hint: 'lexicons.files lists extra lexicon JSON files in the format of src/feedback/lexicons/en.json',
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const at = /position (\d+)/.exec((error as Error).message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    throw new SkillpulseError('CONFIG', `lexicon is not valid JSON: ${(error as Error).message}`, {
      file,
      ...(line !== undefined ? { line } : {}),
      cause: error,
    });
  }
  return compileLexicon(data, file);
}

let bundled: Lexicon[] | undefined;

/** The bundled lexicons (en, zh, and any other file in the folder), loaded once. */
export function defaultLexicons(): Lexicon[] {
  bundled ??= loadLexiconDir(bundledLexiconDir());
  return bundled;
}

/**
 * Which lexicons classify reactions: the config's `lexicons` setting (`ResolvedConfig.lexicons`
 * has exactly this shape). Absent or `null` languages = every lexicon found; `files` are extra
 * lexicon files in the bundled format, added to the bundled ones (a file for a language that is
 * already bundled adds its terms: both lexicons run over every message). The language filter
 * applies to bundled and extra lexicons alike.
 */
export interface LexiconSelection {
  languages?: readonly string[] | null;
  /** Absolute paths, or relative to `cwd` (the config loader already makes them absolute). */
  files?: readonly string[];
}

/** Whether the selection is the default one (every bundled lexicon, no extra file). */
export function isDefaultLexiconSelection(selection: LexiconSelection | undefined): boolean {
  return selection === undefined || ((selection.languages ?? null) === null && (selection.files ?? []).length === 0);
}

const selected = new Map<string, { stamp: string; lexicons: Lexicon[] }>();

/**
 * The lexicons a selection names, validated: every extra file is read and compiled (errors name
 * the file and the field, see `loadLexiconFile`), and a language no lexicon provides is an error
 * naming `lexicons.languages`. Cached per selection; an extra file is re-read when its size or
 * modification time changes. The default selection returns `defaultLexicons()`.
 */
export function loadLexicons(selection: LexiconSelection = {}, options: { cwd?: string } = {}): Lexicon[] {
  if (isDefaultLexiconSelection(selection)) return defaultLexicons();
  const files = (selection.files ?? []).map((f) => (options.cwd === undefined ? resolve(f) : resolve(options.cwd, f)));
  const languages = selection.languages ?? null;
  const key = JSON.stringify([languages, files]);
  const stamp = files.map(fileStamp).join('|');
  const cached = selected.get(key);
  if (cached && cached.stamp === stamp) return cached.lexicons;
  const all = [...defaultLexicons(), ...files.map((file, i) => loadLexiconFile(file, `lexicons.files.${i}`))];
  let lexicons = all;
  if (languages !== null) {
    const available = [...new Set(all.map((lx) => lx.language))].sort();
    const missing = languages.filter((l) => !available.includes(l));
    if (missing.length > 0 || languages.length === 0) {
      throw new SkillpulseError(
        'CONFIG',
        languages.length === 0
          ? 'lexicons.languages selects no language: reactions could not be classified'
          : `no lexicon for language ${missing.map((l) => `"${l}"`).join(', ')} (available: ${available.join(', ')})`,
        { field: 'lexicons.languages', hint: 'add a lexicon file for it to lexicons.files, or remove it from lexicons.languages' },
      );
    }
    lexicons = all.filter((lx) => languages.includes(lx.language));
  }
  selected.set(key, { stamp, lexicons });
  return lexicons;
}

function fileStamp(file: string): string {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/**
 * A short fingerprint of what a selection classifies with ('' for the default selection): the
 * languages and the content of every extra file. A store scan keeps it in each file's cursor so a
 * changed selection re-judges the transcripts.
 */
export function lexiconSelectionFingerprint(selection: LexiconSelection | undefined, options: { cwd?: string } = {}): string {
  if (selection === undefined || isDefaultLexiconSelection(selection)) return '';
  const hash = createHash('sha1').update(JSON.stringify(selection.languages ?? null));
  for (const f of selection.files ?? []) {
    const file = options.cwd === undefined ? resolve(f) : resolve(options.cwd, f);
    hash.update('\0').update(file).update('\0');
    try {
      hash.update(readFileSync(file));
    } catch {
      hash.update('missing');
    }
  }
  return hash.digest('hex').slice(0, 16);
}
