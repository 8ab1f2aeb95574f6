/**
 * Lexicons: the words and phrases that signal a human reaction, kept as data, one JSON file per
 * language in `src/feedback/lexicons/`. Adding a language is adding a file: the loader discovers
 * every `*.json` there. The matching rules (M1–M6) are documented in docs/feedback-rules.md and in
 * each file's `rules` list.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SkillpulseError } from '../errors.js';
import { normalizeText } from './normalize.js';

export const SIGNAL_CATEGORIES = [
  'rejection',
  'failure',
  'negative',
  'prohibition',
  'challenge',
  'redo',
  'revert_request',
  'acceptance',
  'acknowledgement',
  'self_correction',
  'qualifier',
  'move_on',
  'new_task',
  'revision',
  'retain',
  'part',
  'total_rejection',
  'aside',
  'minor',
] as const;
export type SignalCategory = (typeof SIGNAL_CATEGORIES)[number];

/** Categories a negator never cancels (they carry no polarity of their own). */
const NOT_NEGATABLE: ReadonlySet<SignalCategory> = new Set(['qualifier', 'move_on', 'new_task', 'revision', 'part', 'aside']);

/** Dimensions in tie-break order (trigger_quality first: the most specific complaint, reference D8). */
export const DIMENSIONS = ['trigger_quality', 'accuracy', 'coverage', 'reliability', 'efficiency', 'security'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const entrySchema = z.union([
  z.string().min(1),
  z
    .object({
      term: z.string().min(1),
      /** Only at the start of the message (after leading whitespace and punctuation). */
      at_start: z.boolean().optional(),
      /** Not when directly preceded by one of these (cjk: characters; word: the previous word). */
      not_after: z.array(z.string().min(1)).optional(),
      /** Not when directly followed by one of these (cjk: characters; word: the next words). */
      not_before: z.array(z.string().min(1)).optional(),
      /** Word mode: the match may continue into a longer word (`format` → `formatting`). */
      prefix: z.boolean().optional(),
      /** Word mode: whether a negator in scope cancels it (default true for signals, false for qualifiers). */
      negatable: z.boolean().optional(),
      /**
       * Only at the start of a clause: the start of the message or after clause punctuation, with
       * at most the lexicon's `clause_fillers` before it (`please don't …`, `ok, now …`, 你别…).
       */
      at_clause_start: z.boolean().optional(),
      /** A revision that points at the result itself (`make it`, 这个改成): never read as part of a new request. */
      refers_back: z.boolean().optional(),
      /**
       * Counts only after a concession in an earlier clause of the same message (an acceptance or
       * acknowledgement hit): `almost, just the dates are wrong`, 大部分可以，就是… — but `just push
       * it` and 就是这个 are no qualifier.
       */
      after_concession: z.boolean().optional(),
      /**
       * An opening interjection or hold (`ugh`, `wait`, 等等) that yields to a self-correction in the
       * same message: `ugh, my bad, I meant PAY-1182` corrects the person's own instruction.
       */
      interjection: z.boolean().optional(),
      note: z.string().optional(),
    })
    .strict(),
]);

const lexiconSchema = z
  .object({
    $comment: z.string().optional(),
    language: z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]+)?$/),
    name: z.string(),
    /** `word`: whole-word matching (M2); `cjk`: substring matching with the entries' guards (M5). */
    mode: z.enum(['word', 'cjk']),
    rules: z.array(z.string()).default([]),
    negators: z.array(z.string()).default([]),
    negation_window: z.number().int().min(0).max(10).default(4),
    clause_breaks: z.array(z.string()).default([]),
    /**
     * Words (word mode) or strings (cjk) that may stand between a clause start and an
     * `at_clause_start` term: `please`, `ok`, `and`; 请, 你.
     */
    clause_fillers: z.array(z.string().min(1)).default([]),
    /**
     * Words after which a `new_task` verb is a noun or a report, not an imperative (`build is
     * failing`, `commit message`, `deploy failed`); added to every `new_task` entry's `not_before`.
     */
    new_task_not_before: z.array(z.string().min(1)).default([]),
    /**
     * Word mode: words that open a wh-question (`how`, `what`). A redo word inside a question
     * sentence opened by one asks about something else (`how do I run this again?`), not for a redo.
     */
    question_words: z.array(z.string().min(1)).default([]),
    /**
     * Markers of an unreal or hypothetical statement directly before an acceptance or
     * acknowledgement term (word mode: among the two words before it in its clause; cjk: the text
     * just before it): `would be perfect if …`, 一个函数就能搞定 — the praise is not given, so it is
     * no acceptance (nor a rejection).
     */
    irrealis: z.array(z.string().min(1)).default([]),
    /**
     * Modals (`would`, `could`) that make praise hypothetical only when a condition follows in the
     * same sentence (`irrealis_conditions`: `if`, `unless`, `but`, `with`…): `it would be perfect if
     * it handled timezones` is no acceptance, `that would be great` (taking up an offer) is.
     */
    modal_irrealis: z.array(z.string().min(1)).default([]),
    irrealis_conditions: z.array(z.string().min(1)).default([]),
    /** Word mode: a negated acceptance term ("not perfect") is a rejection. */
    negated_acceptance_is_rejection: z.boolean().default(false),
    /**
     * Word mode: informal spellings rewritten to the form the terms use before matching, whole
     * words only (`thats` → `that's`, `dont` → `don't`). Applied to every message.
     */
    spellings: z.record(z.string().min(1), z.string().min(1)).default({}),
    /**
     * Regular expressions (case-insensitive, Unicode) that recognise pasted failure output
     * (`TypeError:`, `ENOENT`, `Traceback (most recent call last)`). A message holding one reports
     * that the result fails: a rejection. Language-neutral; checked on every message.
     */
    failure_patterns: z.array(z.string().min(1)).default([]),
    /**
     * Word classes too open for a list, as regular expressions (case-insensitive, Unicode) per
     * signal category, matched on the normalised text: `(try|do|write) … (again|once more)`,
     * `too <adjective>` after a copula, 太<X> except 太好/太棒. A match is a hit of that category
     * and obeys negation like a listed term (word mode).
     */
    signal_patterns: z.partialRecord(z.enum(SIGNAL_CATEGORIES), z.array(z.string().min(1))).default({}),
    /**
     * Named word classes (round 5) that `signal_patterns` and `failure_patterns` refer to as
     * `{name}`: each becomes a non-capturing alternation of its (regular-expression) members, so
     * `no {problem}` reads `no (?:errors?|failures?|bugs?|…)`. An unknown name is a lexicon error.
     */
    /**
     * Measured change of a cost (round 5, measure.ts): `units` maps a unit to its kind (time or
     * size, lower is better) and factor; `arrows` are regular-expression fragments between the two
     * measurements (`to`, `->`, 变成, 到); `requests` make it a wanted change, not a report (`get`,
     * `reduce`, 把, 目标).
     */
    measures: z
      .object({
        units: z.record(z.string().min(1), z.tuple([z.enum(['time', 'size']), z.number().positive()])),
        arrows: z.array(z.string().min(1)).min(1),
        requests: z.array(z.string().min(1)).default([]),
      })
      .strict()
      .optional(),
    word_classes: z.record(z.string().regex(/^[a-z_]+$/), z.array(z.string().min(1)).min(1)).default({}),
    signals: z
      .object({
        rejection: z.array(entrySchema).default([]),
        redo: z.array(entrySchema).default([]),
        revert_request: z.array(entrySchema).default([]),
        acceptance: z.array(entrySchema).default([]),
        /** Weak acknowledgements ("ok"): no verdict alone, but with a qualifier they make a partial. */
        acknowledgement: z.array(entrySchema).default([]),
        /**
         * The person corrects their own instruction ("my mistake", 我说错了): no verdict on the
         * skill, and it keeps the message from counting as moving on (implicit acceptance).
         */
        self_correction: z.array(entrySchema).default([]),
        qualifier: z.array(entrySchema).default([]),
        move_on: z.array(entrySchema).default([]),
        /** Strong: a report that the result fails or lacks something (`you forgot`, `still failing`, 没跑过). */
        failure: z.array(entrySchema).default([]),
        /** Weak: a negative evaluation (`worse`, `messy`, `meh`, 太慢, 乱). Explicit acceptance in the same message wins. */
        negative: z.array(entrySchema).default([]),
        /** Weak: a prohibition opening a clause (`don't …`, `never …`, 不要, 别). */
        prohibition: z.array(entrySchema).default([]),
        /** Weak: a rhetorical why about the result (`why is it …`, 怎么又). Lets negatives inside a question count. */
        challenge: z.array(entrySchema).default([]),
        /** Positive evidence of moving on: an imperative that starts new work or uses the result (`add …`, `push …`, 部署). */
        new_task: z.array(entrySchema).default([]),
        /** A request to modify the result (`make it shorter`, `change it to`, 改成): no verdict, but not moving on. */
        revision: z.array(entrySchema).default([]),
        /**
         * Keeping part of the result (`keep the index`, 保留): a concession. With a qualifier, or with a
         * revision in another clause (`keep the index, drop the trigger`), the reaction is a partial.
         */
        retain: z.array(entrySchema).default([]),
        /**
         * Words that scope an evaluation to a part of the result (`the first two`, `the rest`,
         * 前面, 其他): a part-scoped acceptance beside a complaint in another clause is a partial.
         */
        part: z.array(entrySchema).default([]),
        /**
         * Strong (round 5): a complaint about the whole result — it misses the intent or the target
         * (`not what I asked`, `supposed to go on X, not Y`, `wrong branch`, 不是我要的) or it is
         * unusable (`nothing compiles`). A qualifier does not soften it into a partial.
         */
        total_rejection: z.array(entrySchema).default([]),
        /**
         * A topic change inside the message (round 5: `unrelated, but`, `separately:`, 题外话): the
         * clauses after it are about something else and judge nothing.
         */
        aside: z.array(entrySchema).default([]),
        /**
         * A deficiency graded as minor (round 5: `nit:`, `with nits`, `one small thing`, 小问题): a
         * concession and a qualifier in one word, so a partial even without an acceptance beside it.
         */
        minor: z.array(entrySchema).default([]),
      })
      .strict(),
    dimensions: z
      .object({
        trigger_quality: z.array(entrySchema).default([]),
        accuracy: z.array(entrySchema).default([]),
        coverage: z.array(entrySchema).default([]),
        reliability: z.array(entrySchema).default([]),
        efficiency: z.array(entrySchema).default([]),
        security: z.array(entrySchema).default([]),
      })
      .strict(),
  })
  .strict();

export type LexiconFile = z.input<typeof lexiconSchema>;

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
  /** Normalised informal spelling → normalised canonical form (word mode). */
  spellings: Map<string, string>;
  failurePatterns: RegExp[];
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
    try {
      return new RegExp(expand(pattern, `failure_patterns.${i}`), 'iu');
    } catch (error) {
      if (error instanceof SkillpulseError) throw error;
      throw new SkillpulseError(
        'CONFIG',
        `invalid lexicon: failure pattern is not a valid regular expression: ${(error as Error).message}`,
        {
          file: source,
          field: `failure_patterns.${i}`,
        },
      );
    }
  });
  const signalPatterns: Partial<Record<SignalCategory, RegExp[]>> = {};
  for (const [category, patterns] of Object.entries(lx.signal_patterns) as [SignalCategory, string[]][]) {
    signalPatterns[category] = patterns.map((pattern, i) => {
      try {
        return new RegExp(expand(pattern, `signal_patterns.${category}.${i}`), 'giu');
      } catch (error) {
        if (error instanceof SkillpulseError) throw error;
        throw new SkillpulseError(
          'CONFIG',
          `invalid lexicon: signal pattern is not a valid regular expression: ${(error as Error).message}`,
          {
            file: source,
            field: `signal_patterns.${category}.${i}`,
          },
        );
      }
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
    spellings: new Map(Object.entries(lx.spellings).map(([from, to]) => [normalizeText(from), normalizeText(to)])),
    failurePatterns,
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
