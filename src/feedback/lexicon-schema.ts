/**
 * The lexicon file format (one JSON file per language, src/feedback/lexicons/*.json), as a zod
 * schema: entries with their guards, the per-language settings and the signal categories. The
 * compiled form and the loader are in lexicon.ts.
 */
import { z } from 'zod';

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
  'process',
  'contrast',
  'irony',
  'waiver',
  'resigned',
] as const;
export type SignalCategory = (typeof SIGNAL_CATEGORIES)[number];

/** Dimensions in tie-break order (trigger_quality first: the most specific complaint, reference D8). */
export const DIMENSIONS = ['trigger_quality', 'accuracy', 'coverage', 'reliability', 'efficiency', 'security'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export const entrySchema = z.union([
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

export const lexiconSchema = z
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
    /**
     * Markers of a hypothetical case (`if`, `in case`, 如果, 万一): a failure or negative word after
     * one in the same question sentence asks what would happen (`what happens if the write fails?`,
     * 如果新集群写失败了怎么处理？), it reports nothing (round 13).
     */
    hypothetical_markers: z.array(z.string().min(1)).default([]),
    /**
     * Regular expressions (Unicode, case-sensitive, on the normalised text) that tell when a failure
     * word in a question is asked about, not reported (rounds 14 and 19). `expected_before`: what
     * stands at the end of the sentence before the failure word when the failure is expected to
     * happen (`how long will writes fail`, 大概会失败多久); `seen_markers`: words anywhere before it that
     * say the failure was seen all the same (`why`, `still`, 为什么); `case_after`: what directly
     * follows the failure word when it names a case (失败的时候, 挂了的话); `behaviour_question`: the
     * sentence head of a revert word in a question about what the system does (`does the second
     * schedule just revert?`, not `can you revert?`). Each is optional: a language without one has
     * no such rule.
     */
    question_cases: z
      .object({
        expected_before: z.string().min(1).optional(),
        seen_markers: z.string().min(1).optional(),
        case_after: z.string().min(1).optional(),
        behaviour_question: z.string().min(1).optional(),
      })
      .strict()
      .default({}),
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
     * Regular expressions (case-insensitive, Unicode) that recognise, in the opening of the
     * assistant's answer to a turn, that it concedes a fault or changes the result (`You're right`,
     * `Sorry`, `Switched it to …`, `Removing …`, 抱歉, 已改成, 重新导出). A why-question about the result
     * answered without one is an explain question, not a complaint (rule round 23).
     */
    answer_concedes: z.array(z.string().min(1)).default([]),
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
        /**
         * An instruction about the workflow around the result (round 6: `unstage everything`, `don't
         * commit yet`, `I want to go through the diff myself`; 先别提交, 我晚点自己过一遍): no verdict. A
         * prohibition or cancel inside it yields to it (containment), a qualifier in its clause qualifies
         * nothing, and it keeps the message from counting as moving on.
         */
        process: z.array(entrySchema).default([]),
        /**
         * Strong (round 6): the right detail stated beside the wrong one (`the flag is --dry-run, not
         * --dryrun`, `port 8080, not 3000`, 是 v2 不是 v1). Inside a new request's clause it describes the
         * new work; in the sentence of a self-correction (`my mistake: 2.1, not 2.0`) it is the person's own.
         */
        contrast: z.array(entrySchema).default([]),
        /**
         * A marker of irony (round 11: 🙃, 😅, 🤡, `/s`): no verdict alone (`thanks 😅`), but a weak
         * complaint beside it is meant, so it beats the praise it mocks (`love that the region is
         * hardcoded 🙃`).
         */
        irony: z.array(entrySchema).default([]),
        /**
         * A shrug that waives the concern just raised (round 14: `I'd have put X first but honestly
         * it's fine as is`, `a bit cryptic as a name but not worth another round`, 不过无所谓): the
         * complaint and qualifier before it in its sentence no longer count, and it accepts the result.
         */
        waiver: z.array(entrySchema).default([]),
        /**
         * Resignation (rule round 23: `anyway`, `out of time`, `I'll live with it`, `can't argue
         * with`, 没时间了, 将就): beside a go-ahead (`ship it`, `leave it`, 就这样) and with no change
         * asked for, the flaw the message names is let go and the result accepted (turn-verdict.ts,
         * `resignedAcceptance`). No verdict alone.
         */
        resigned: z.array(entrySchema).default([]),
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
