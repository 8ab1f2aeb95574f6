/**
 * Classifies an influence window (issue item 2): the human's reaction to one skill invocation.
 * Pure: `classifyWindow(window, options)` depends only on its arguments.
 *
 * Per human turn, the strongest signal of that turn is found (revert request > redo > partial >
 * rejection > explicit acceptance; see `judgeTurn`). Across the whole window the strongest signal
 * wins, the earliest turn breaking ties: revert > redo > partial > correction (rejection, denial,
 * interrupt) > explicit acceptance > implicit acceptance. A later correction therefore overrides
 * an early "ok". `turns_to_feedback` is the turn that decided.
 */
import { defaultLexicons, type Dimension, type Lexicon } from './lexicon.js';
import { analyzeText, anyHits, dimensionHits, liveHits, pickDimension, type TermHit, type TextAnalysis } from './matcher.js';
import {
  coveredBy,
  MODEL_CONFIDENCE,
  type ModelVerdict,
  modelVerdict,
  SECOND_STAGE_DEFAULT,
  type SecondStageOptions,
} from './model/second-stage.js';
import { describesNewWork, judgingHits, newWorkOpeners, quote, splitVerdict, weakHits } from './evidence.js';
import { findRevertCommand } from './revert.js';
import { type InfluenceWindow, isWindowComplete, type WindowTurn } from './window.js';

export type Outcome = 'correction' | 'partial' | 'acceptance' | 'none';
export type CorrectionType = 'revert' | 'rejection' | 'redo' | 'partial' | 'interrupt' | 'denial';
export type DimensionHint = Dimension | 'unknown';

/** The seed's confidences, plus the two reactions real transcripts are full of. */
export const CONFIDENCE = {
  rejection: 0.9,
  revert: 0.9,
  redo: 0.9,
  partial: 0.7,
  explicitAcceptance: 0.8,
  implicitAcceptance: 0.6,
  /** The person refused a tool call: as strong as a typed rejection. */
  denial: 0.9,
  /** The person stopped the agent: a correction, but sometimes only "wait, one more thing". */
  interrupt: 0.8,
} as const;

/** Confidence multiplier for invocations that share one API response (reference D7). */
export const SHARED_RESPONSE_FACTOR = 0.5;

export type Rule =
  | 'revert-command'
  | 'revert-request'
  | 'redo'
  | 'partial'
  | 'rejection'
  | 'negated-acceptance'
  /** A report that the result fails or lacks something (`you forgot …`, `still failing`, 没跑过). */
  | 'failure-report'
  /** A negative evaluation, prohibition or rhetorical why without explicit acceptance beside it. */
  | 'negative-evaluation'
  | 'denial'
  | 'interrupt'
  | 'explicit-acceptance'
  | 'implicit-acceptance'
  | 'move-on'
  | 'option-choice'
  | 'no-reaction'
  | 'no-signal'
  /**
   * Second stage (model/second-stage.ts): the model read a complaint where the rules found none or
   * only implicit acceptance, or in another turn of a window the rules accepted explicitly.
   */
  | 'model-rejection'
  /** Second stage: the model read acceptance where the rules found no signal (only with `acceptanceThreshold`). */
  | 'model-acceptance'
  /** Read back from a store written before rules were recorded (store schema v1). */
  | 'unrecorded';

export interface Classification {
  outcome: Outcome;
  correction_type: CorrectionType | null;
  confidence: number | null;
  turns_to_feedback: number | null;
  /** A dimension for corrections and partials (`unknown` when none matches); null otherwise. */
  dimension_hint: DimensionHint | null;
  /** The rule that decided, and a one-line human explanation (for `skillpulse show`). */
  rule: Rule;
  reason: string;
  /** Raw text the snippet is made from (unredacted; redact before writing). */
  snippet_source: string;
  /** The window can still change (the transcript may grow). */
  complete: boolean;
}

export interface ClassifyOptions {
  lexicons?: readonly Lexicon[];
  /**
   * The statistical second stage (model/second-stage.ts): asked when the rules gave no verdict
   * (`no-signal`) or only implicit acceptance, and, for explicit acceptance, about the window's
   * other turns only (a complaint there outranks the acceptance); a rule's correction, partial,
   * redo or revert is never changed. `true` = the shipped model with default settings; default
   * `SECOND_STAGE_DEFAULT` (on).
   */
  secondStage?: boolean | SecondStageOptions;
}

/** Rule verdicts the second stage may replace: nothing found, or acceptance only from moving on. */
const WEAK_RULES: ReadonlySet<Rule> = new Set<Rule>(['no-signal', 'implicit-acceptance', 'move-on']);

/**
 * An acceptance the rules read in so many words. The model may still read a complaint in one of
 * the window's OTHER turns (`ok nice` ⏐ `hm, reading it properly now, step 3 runs before step 4
 * creates the database`): across a window a correction outranks an acceptance (issue 3). The turn
 * that accepted is not re-read.
 */
const EXPLICIT_ACCEPTANCE: Rule = 'explicit-acceptance';

interface TurnVerdict {
  rank: number;
  outcome: Exclude<Outcome, 'none'>;
  correctionType: CorrectionType | null;
  confidence: number;
  rule: Rule;
  detail: string;
}

/** A reply that only picks one of the numbered options the agent offered: `1`, `3, but …`, `option 2.` */
const OPTION_CHOICE = /^(?:option\s*)?(\d{1,2})\s*[.)]?\s*(?:$|[,，;；:：!！。]|\s(?=but\b|however\b|though\b|although\b|except\b))/u;

const RANK = { revert: 7, redo: 6, partial: 5, correction: 4, explicitAcceptance: 3, implicitAcceptance: 2 } as const;

function textVerdict(a: TextAnalysis): TurnVerdict | null {
  const revert = liveHits(a, 'revert_request');
  if (revert.length > 0) {
    return {
      rank: RANK.revert,
      outcome: 'correction',
      correctionType: 'revert',
      confidence: CONFIDENCE.revert,
      rule: 'revert-request',
      detail: `asks to revert (${quote(revert[0])})`,
    };
  }
  const redo = liveHits(a, 'redo');
  if (redo.length > 0) {
    return {
      rank: RANK.redo,
      outcome: 'correction',
      correctionType: 'redo',
      confidence: CONFIDENCE.redo,
      rule: 'redo',
      detail: `asks for a redo (${quote(redo[0])})`,
    };
  }
  // A complaint about the whole result (`not what I asked`, `supposed to go on X, not Y`): a
  // qualifier before it does not make it a partial (round 5).
  const total = liveHits(a, 'total_rejection');
  if (total.length > 0) {
    return {
      rank: RANK.correction,
      outcome: 'correction',
      correctionType: 'rejection',
      confidence: CONFIDENCE.rejection,
      rule: 'rejection',
      detail: `rejects the whole result ${quote(total[0])}`,
    };
  }
  // Strong evidence against the result: rejection phrases and failure reports ("you forgot …").
  const rejection = liveHits(a, 'rejection');
  const failure = judgingHits(a, 'failure');
  // The right detail beside the wrong one (`the flag is --dry-run, not --dryrun`; round 6).
  const contrast = judgingHits(a, 'contrast');
  // An irony marker (🙃, 😅) makes a weak complaint beside it meant: it beats the praise (round 11).
  const ironic = liveHits(a, 'irony').length > 0 ? weakHits(a) : [];
  const strong = [...rejection, ...failure, ...contrast, ...ironic].sort((x, y) => x.start - y.start);
  // A shrug that waives the concern before it (`… but not worth another round`) accepts the result (round 14).
  const acceptance = [...liveHits(a, 'acceptance'), ...liveHits(a, 'waiver')];
  const choice = OPTION_CHOICE.exec(a.text);
  // A qualifier in the clause of a process instruction (`great. unstage everything though`, 不过先别提交)
  // qualifies the workflow, not the result (round 6).
  const process = liveHits(a, 'process');
  const qualifier = liveHits(a, 'qualifier').filter((q) => !process.some((p) => p.clause === q.clause));
  // A concession ("ok", "close", 还行, "keep the index") is no verdict alone, but "close, but …"
  // qualifies the result.
  const acknowledgement = [...liveHits(a, 'acknowledgement'), ...liveHits(a, 'retain')];
  // A qualifier qualifies a concession: one in this message, or — when the message opens with it
  // (但是命名不对 after 可以) — the reply before. Mid-message without any concession (`I thought it was
  // fixed, but it's back`) it only joins two complaints: the strong one decides (round 5).
  const opensWithQualifier = qualifier.some((q) => /^[\s\p{P}\p{S}]*$/u.test(a.text.slice(0, q.start)));
  const conceded = acceptance.length > 0 || acknowledgement.length > 0 || choice !== null;
  if (qualifier.length > 0 && (conceded || (strong.length > 0 && opensWithQualifier))) {
    const other = strong[0]
      ? quote(strong[0])
      : acceptance[0]
        ? quote(acceptance[0])
        : acknowledgement[0]
          ? quote(acknowledgement[0])
          : `option ${choice?.[1]}`;
    return {
      rank: RANK.partial,
      outcome: 'partial',
      correctionType: 'partial',
      confidence: CONFIDENCE.partial,
      rule: 'partial',
      detail: `qualifier ${quote(qualifier[0])} with ${strong.length > 0 ? 'rejection' : acceptance.length > 0 ? 'acceptance' : acknowledgement.length > 0 ? 'concession' : 'choice'} ${other}`,
    };
  }
  // A deficiency graded as minor (`nit: …`, `one small thing: …`, 小问题) concedes the rest.
  const minor = liveHits(a, 'minor');
  if (minor.length > 0) {
    return {
      rank: RANK.partial,
      outcome: 'partial',
      correctionType: 'partial',
      confidence: CONFIDENCE.partial,
      rule: 'partial',
      detail: `minor deficiency ${quote(minor[0])}`,
    };
  }
  const split = splitVerdict(a, strong);
  if (split) {
    return {
      rank: RANK.partial,
      outcome: 'partial',
      correctionType: 'partial',
      confidence: CONFIDENCE.partial,
      rule: 'partial',
      detail: split,
    };
  }
  if (strong.length > 0) {
    const h = strong[0]!;
    const isFailure = h.category === 'failure';
    const isContrast = h.category === 'contrast';
    return {
      rank: RANK.correction,
      outcome: 'correction',
      correctionType: 'rejection',
      confidence: CONFIDENCE.rejection,
      rule: h.fromNegatedAcceptance ? 'negated-acceptance' : isFailure ? 'failure-report' : 'rejection',
      detail: h.fromNegatedAcceptance
        ? `negated acceptance ("not … ${h.term}")`
        : isFailure
          ? `reports a failure ${quote(h)}`
          : isContrast
            ? `states the right detail beside the wrong one ${quote(h)}`
            : `rejection ${quote(h)}`,
    };
  }
  if (acceptance.length > 0) {
    return {
      rank: RANK.explicitAcceptance,
      outcome: 'acceptance',
      correctionType: null,
      confidence: CONFIDENCE.explicitAcceptance,
      rule: 'explicit-acceptance',
      detail: `acceptance ${quote(acceptance[0])}`,
    };
  }
  // Weak evidence: a negative evaluation, a prohibition or a rhetorical why, with no explicit
  // acceptance in the same message ("don't change anything else, this is great" stays acceptance).
  const weak = weakHits(a);
  if (weak.length > 0) {
    const h = weak[0]!;
    const what =
      h.category === 'prohibition' ? 'prohibition' : h.category === 'challenge' ? 'challenges the result' : 'negative evaluation';
    return {
      rank: RANK.correction,
      outcome: 'correction',
      correctionType: 'rejection',
      confidence: CONFIDENCE.rejection,
      rule: 'negative-evaluation',
      detail: `${what} ${quote(h)}`,
    };
  }
  if (choice) {
    return {
      rank: RANK.implicitAcceptance,
      outcome: 'acceptance',
      correctionType: null,
      confidence: CONFIDENCE.implicitAcceptance,
      rule: 'option-choice',
      detail: `picks option ${choice[1]} of those offered`,
    };
  }
  return null;
}

/** Categories whose live hit means the message is not simply moving on. */
const NOT_MOVING_ON = [
  'rejection',
  'failure',
  'negative',
  'prohibition',
  'challenge',
  'redo',
  'revert_request',
  'self_correction',
  'revision',
  'retain',
  'total_rejection',
  'minor',
  'process',
  'contrast',
] as const;

/** Clause punctuation; a dot inside a name (`.env.example`, `matrix.node`) is no sentence end. */
const CLAUSE_PUNCTUATION = /[,;:!?，；：！？。\n]|\.(?!\w)/u;

/**
 * A dimension keyword later in the sentence a request opens, separated from it only by
 * conjunctions (`now write a .env.example with placeholders for the sandbox keys and the webhook
 * secret`): the `and` ends a clause, but the keyword still names part of the new work (round 12).
 */
function inOpenedRequest(a: TextAnalysis, d: { start: number }, openers: readonly TermHit[]): boolean {
  return openers.some((o) => o.start <= d.start && !CLAUSE_PUNCTUATION.test(a.text.slice(o.end, d.start)));
}

/** Only punctuation and spaces (or nothing). */
const BARE = /^[\s\p{P}\p{S}]*$/u;

/**
 * A message that opens by acknowledging the answer before it and moves straight on (`fine. now run
 * 200 games …`, `ok, next: …`, 好，接下来…; round 15): the acknowledgement closes the question.
 */
function acknowledgedMoveOn(a: TextAnalysis): TermHit | undefined {
  const ack = liveHits(a, 'acknowledgement').find((h) => BARE.test(a.text.slice(0, h.start)));
  if (!ack) return undefined;
  return liveHits(a, 'move_on').find((o) => o.start >= ack.end && BARE.test(a.text.slice(ack.end, o.start)));
}

/**
 * Implicit acceptance needs positive evidence that the person moves on: a move-on opener (`now`,
 * `next`, `let's`, 接下来, 顺便) or an imperative that starts new work or uses the result (`add …`,
 * `push …`, 部署) at the start of a clause — and nothing against the result: no question, no live
 * correction, failure, negative evaluation, prohibition, redo, revert, self-correction or revision
 * request, no qualifier, no dimension keyword (D9). Mere length without a known negative word is
 * not evidence (it was where most unseen complaints landed).
 */
function implicitVerdict(a: TextAnalysis, moveOnOnly = false): TurnVerdict | null {
  if (a.question) return null;
  // Negated correction words ("I didn't say it was incorrect") do not block moving on.
  const blocking = NOT_MOVING_ON.reduce((n, c) => n + judgingHits(a, c).length, 0) + anyHits(a, 'qualifier').length;
  // A dimension keyword is a complaint's topic (D9) unless it describes the new request itself.
  const scope = newWorkOpeners(a);
  const openers = [...scope.tasks, ...scope.moveOn];
  const dimensions = dimensionHits(a).filter(
    (d) => !d.quoted && !d.inCode && !describesNewWork(d, openers, scope.headed) && !inOpenedRequest(a, d, openers),
  );
  if (blocking > 0 || dimensions.length > 0) return null;
  // After a wh-question only a heading that changes the topic (`different thing: …`) moves on, or
  // an opener right after an acknowledgement of the answer (`fine. now run …`; round 15).
  const moveOn = moveOnOnly ? (newWorkOpeners(a).headed[0] ?? acknowledgedMoveOn(a)) : liveHits(a, 'move_on')[0];
  if (moveOn) {
    return {
      rank: RANK.implicitAcceptance,
      outcome: 'acceptance',
      correctionType: null,
      confidence: CONFIDENCE.implicitAcceptance,
      rule: 'move-on',
      detail: `moves on (${quote(moveOn)})`,
    };
  }
  const task = moveOnOnly ? undefined : liveHits(a, 'new_task')[0];
  if (task) {
    return {
      rank: RANK.implicitAcceptance,
      outcome: 'acceptance',
      correctionType: null,
      confidence: CONFIDENCE.implicitAcceptance,
      rule: 'implicit-acceptance',
      detail: `new request (${quote(task)})`,
    };
  }
  return null;
}

/**
 * The strongest signal in one human turn. Moving on counts in the first turn, or after turns that
 * only asked a neutral question (`does it handle bulk imports?` ⏐ `ok. next thing, …`; round 9).
 * After any other question without a verdict (`what dpi did you assume?` ⏐ `203 is what we have.
 * ok different thing: …`; round 14) only a move-on heading with its colon counts (`next up, add …`
 * after `where is the output?` stays no signal: a wh-question may hint at a gap).
 */
export function judgeTurn(
  turn: WindowTurn,
  lexicons: readonly Lexicon[],
  afterQuestion = false,
  afterAnyQuestion = false,
): TurnVerdict | null {
  const a = analyzeText(turn.text, lexicons);
  const fromText = textVerdict(a);
  if (turn.kind === 'denial') {
    // A refusal is at least a correction; what the person typed can make it stronger or name it.
    if (fromText && fromText.rank >= RANK.correction) return { ...fromText, detail: `tool call refused; ${fromText.detail}` };
    return {
      rank: RANK.correction,
      outcome: 'correction',
      correctionType: 'denial',
      confidence: CONFIDENCE.denial,
      rule: 'denial',
      detail: turn.text.trim() ? 'tool call refused with a reason' : 'tool call refused',
    };
  }
  if (turn.kind === 'interrupt') {
    if (fromText && fromText.rank >= RANK.correction) return fromText;
    return {
      rank: RANK.correction,
      outcome: 'correction',
      correctionType: 'interrupt',
      confidence: CONFIDENCE.interrupt,
      rule: 'interrupt',
      detail: 'the person stopped the agent',
    };
  }
  if (fromText) return fromText;
  if (turn.index === 1 || afterQuestion) return implicitVerdict(a);
  return afterAnyQuestion ? implicitVerdict(a, true) : null;
}

function snippetSource(window: InfluenceWindow, turnIndex: number): string {
  const turn = window.turns[turnIndex - 1];
  if (!turn) return '';
  if (turn.text.trim() !== '' || (turn.kind !== 'interrupt' && turn.kind !== 'denial')) return turn.text;
  // A bare interrupt or refusal: the next prompt usually says what was wrong.
  const next = window.turns[turnIndex];
  return next && next.kind !== 'interrupt' && next.kind !== 'denial' ? next.text : '';
}

/**
 * Judges the window. Works on open windows too (`complete: false`: the verdict may change). With
 * the second stage on, a window the rules left without a verdict or with only implicit acceptance
 * is also read by the model.
 */
export function classifyWindow(window: InfluenceWindow, options: ClassifyOptions = {}): Classification {
  const lexicons = options.lexicons ?? defaultLexicons();
  const byRules = classifyByRules(window, lexicons);
  const stage = options.secondStage ?? SECOND_STAGE_DEFAULT;
  if (stage === false) return byRules;
  const stageOptions: SecondStageOptions = { reads: coveredBy(lexicons), ...(stage === true ? {} : stage) };
  let verdict: ModelVerdict | null = null;
  if (WEAK_RULES.has(byRules.rule)) verdict = modelVerdict(window.turns, stageOptions, byRules.rule === 'no-signal');
  else if (byRules.rule === EXPLICIT_ACCEPTANCE) {
    const others = window.turns.filter((t) => t.index !== byRules.turns_to_feedback);
    verdict = modelVerdict(others, stageOptions, false);
  }
  if (verdict === null) return byRules;
  const turn = window.turns[verdict.turn - 1];
  const source = snippetSource(window, verdict.turn);
  const shared = window.sharedWith.length > 0;
  const correction = verdict.outcome === 'correction';
  const what = correction ? 'complaint' : 'acceptance';
  const features = verdict.features.length > 0 ? `; features ${verdict.features.join(', ')}` : '';
  return {
    outcome: verdict.outcome,
    correction_type: correction ? 'rejection' : null,
    confidence: shared ? MODEL_CONFIDENCE * SHARED_RESPONSE_FACTOR : MODEL_CONFIDENCE,
    turns_to_feedback: verdict.turn,
    dimension_hint: correction ? (pickDimension(analyzeText(source, lexicons))?.dimension ?? 'unknown') : null,
    rule: correction ? 'model-rejection' : 'model-acceptance',
    reason: `turn ${verdict.turn} (${turn?.kind ?? 'prompt'}): model reads a ${what} (p ${verdict.probability.toFixed(2)}${features}; rules: ${byRules.rule}${byRules.rule === EXPLICIT_ACCEPTANCE ? ` in turn ${byRules.turns_to_feedback}, outranked by a correction` : ''})${shared ? `; response shared with ${window.sharedWith.join(', ')} (confidence ×${SHARED_RESPONSE_FACTOR})` : ''}`,
    snippet_source: source,
    complete: byRules.complete,
  };
}

/** The turn asks for a revert only after a topic change (`unrelated: …`, `separately: revert …`). */
function revertAskedAside(turn: WindowTurn | undefined, lexicons: readonly Lexicon[]): boolean {
  if (!turn || turn.text.trim() === '') return false;
  const hits = analyzeText(turn.text, lexicons).hits.filter((h) => h.category === 'revert_request' && !h.negated);
  return hits.length > 0 && hits.every((h) => h.aside === true);
}

/**
 * A neutral yes/no question about the result (`does it also handle bulk imports?`, 支持批量导入吗？):
 * after it, the next turn may still move on. `where is the output?` or `hm?` hint that something is
 * missing or unclear, so they keep the round-3 rule (moving on counts in turn 1 only).
 */
const POLAR_QUESTION =
  /^(?:(?:and|also|so|oh|ok|okay)[,]?\s+)?(?:does|do|did|is|are|will|would|can|could|should|has|have)\s[^?]*\?\s*$|(?:吗|么)\s*[?？]\s*$/u;
/**
 * The same question typed without its question mark (`does it show up on focus with the normal
 * outline or did you restyle it`; round 13): one sentence in question word order, an auxiliary then
 * a subject. Not a bare `do` (`do it like the other one` is an imperative).
 */
const POLAR_WITHOUT_MARK =
  /^(?:does|did|is|are|was|were|will|would|can|could|should|has|have)\s+(?:it|this|that|they|you|we|there|the|these|those)\b[^.!?\n]*$/u;
function polarQuestion(a: TextAnalysis): boolean {
  return a.question ? POLAR_QUESTION.test(a.text) : POLAR_WITHOUT_MARK.test(a.text.trim());
}

/** The lexicon-and-rules verdict alone. */
function classifyByRules(window: InfluenceWindow, lexicons: readonly Lexicon[]): Classification {
  const complete = isWindowComplete(window);
  let best: { turn: number; verdict: TurnVerdict } | null = null;
  // Every earlier turn was a typed question without a verdict.
  let onlyAsked = false;
  // Every earlier turn was a question (any kind) without a verdict (round 14).
  let anyAsked = false;
  for (const turn of window.turns) {
    const verdict = judgeTurn(turn, lexicons, onlyAsked, anyAsked);
    if (verdict && (best === null || verdict.rank > best.verdict.rank)) best = { turn: turn.index, verdict };
    const asked = verdict === null && turn.kind === 'prompt';
    const analysis = asked ? analyzeText(turn.text, lexicons) : null;
    onlyAsked = (turn.index === 1 || onlyAsked) && analysis !== null && polarQuestion(analysis);
    anyAsked = (turn.index === 1 || anyAsked) && analysis !== null && analysis.question;
  }
  // The assistant throwing work away after the person reacted (never before: an agent undoing its
  // own experiment before anyone spoke is not a human reaction).
  if (window.turns.length > 0 && (best === null || best.verdict.rank < RANK.revert)) {
    for (const use of window.toolUses) {
      if (use.command === null || use.afterTurns < 1) continue;
      // A revert the person asked for as an aside (`separately: revert the last commit`) is about
      // something else (round 5).
      if (revertAskedAside(window.turns[use.afterTurns - 1], lexicons)) continue;
      const match = findRevertCommand(use.command);
      if (match) {
        best = {
          turn: use.afterTurns,
          verdict: {
            rank: RANK.revert,
            outcome: 'correction',
            correctionType: 'revert',
            confidence: CONFIDENCE.revert,
            rule: 'revert-command',
            detail: `assistant ran \`${match.command}\``,
          },
        };
        break;
      }
    }
  }
  if (best === null) {
    const none = window.turns.length === 0;
    return {
      outcome: 'none',
      correction_type: null,
      confidence: null,
      turns_to_feedback: null,
      dimension_hint: null,
      rule: none ? 'no-reaction' : 'no-signal',
      reason: none ? 'no human turn in the window' : `no signal in ${window.turns.length} human turn(s)`,
      snippet_source: '',
      complete,
    };
  }
  const { turn, verdict } = best;
  const source = snippetSource(window, turn);
  let dimension: DimensionHint | null = null;
  if (verdict.outcome !== 'acceptance') dimension = pickDimension(analyzeText(source, lexicons))?.dimension ?? 'unknown';
  const shared = window.sharedWith.length > 0;
  const confidence = shared ? verdict.confidence * SHARED_RESPONSE_FACTOR : verdict.confidence;
  const kind = window.turns[turn - 1]?.kind ?? 'prompt';
  return {
    outcome: verdict.outcome,
    correction_type: verdict.correctionType,
    confidence,
    turns_to_feedback: turn,
    dimension_hint: dimension,
    rule: verdict.rule,
    reason: `turn ${turn} (${kind}): ${verdict.detail}${shared ? `; response shared with ${window.sharedWith.join(', ')} (confidence ×${SHARED_RESPONSE_FACTOR})` : ''}`,
    snippet_source: source,
    complete,
  };
}
