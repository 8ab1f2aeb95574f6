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
import { defaultLexicons, type Lexicon } from './lexicon.js';
import { liveHits, pickDimension } from './live-hits.js';
import { analyzeText, type TextAnalysis } from './matcher.js';
import {
  complaintVeto,
  coveredBy,
  MODEL_CONFIDENCE,
  type ModelVerdict,
  DEFAULT_ACCEPTING_TURN_THRESHOLD,
  modelVerdict,
  SECOND_STAGE_DEFAULT,
  type SecondStageOptions,
} from './model/second-stage.js';
import { findRevertCommand } from './revert.js';
import { judgeTurn } from './turn-verdict.js';
import {
  CONFIDENCE,
  type Classification,
  type DimensionHint,
  RANK,
  type Rule,
  SHARED_RESPONSE_FACTOR,
  type TurnVerdict,
} from './verdict.js';
import { type InfluenceWindow, isWindowComplete, type WindowTurn } from './window.js';

export { judgeTurn } from './turn-verdict.js';
export { CONFIDENCE, SHARED_RESPONSE_FACTOR } from './verdict.js';
export type { Classification, CorrectionType, DimensionHint, Outcome, Rule } from './verdict.js';

export interface ClassifyOptions {
  lexicons?: readonly Lexicon[];
  /**
   * The statistical second stage (model/second-stage.ts): asked when the rules gave no verdict
   * (`no-signal`) or only implicit acceptance, and, for explicit acceptance, about the window's
   * other turns (a complaint there outranks the acceptance) and, at a higher bar, the accepting
   * turn itself; and it may overrule a complaint the rules read from the person's words alone when
   * it reads no complaint in that turn (`complaintVetoThreshold`). A revert, redo, refusal or
   * interrupt is never changed. `true` = the shipped model with default settings; default
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
 * that accepted is re-read only at the higher `acceptingTurnThreshold` (sarcasm and praise beside a
 * defect carry approval words: `oh great, 63 emails … love that`).
 */
const EXPLICIT_ACCEPTANCE: Rule = 'explicit-acceptance';

function snippetSource(window: InfluenceWindow, turnIndex: number): string {
  const turn = window.turns[turnIndex - 1];
  if (!turn) return '';
  if (turn.text.trim() !== '' || (turn.kind !== 'interrupt' && turn.kind !== 'denial')) return turn.text;
  // A bare interrupt or refusal: the next prompt usually says what was wrong.
  const next = window.turns[turnIndex];
  return next && next.kind !== 'interrupt' && next.kind !== 'denial' ? next.text : '';
}

/**
 * The second stage's say on one turn's rule verdict: a complaint read from words alone that the model
 * does not read there (`complaintVeto`) becomes the model's acceptance, or no verdict.
 */
function overruleComplaint(
  turn: WindowTurn,
  verdict: TurnVerdict,
  options: SecondStageOptions,
  lexicons: readonly Lexicon[],
): TurnVerdict | null | undefined {
  if (turn.kind !== 'prompt' || !VETOABLE_RULES.has(verdict.rule)) return undefined;
  const questionsOnly = (options.complaintVetoScope ?? 'questions') === 'questions';
  if (questionsOnly && (turn.reply === undefined || !onlyAsks(turn.text, lexicons))) return undefined;
  const veto = complaintVeto(turn, options);
  if (veto === null || (questionsOnly && veto.outcome !== 'none')) return undefined;
  if (veto.outcome === 'none') return null;
  const p = veto.probabilities;
  const features = veto.features.length > 0 ? `; features ${veto.features.join(', ')}` : '';
  return {
    rank: RANK.explicitAcceptance,
    outcome: 'acceptance',
    correctionType: null,
    confidence: MODEL_CONFIDENCE,
    rule: 'model-acceptance',
    detail: `model reads an acceptance where the rules read ${verdict.rule} (${verdict.detail}; p complaint ${p.negative.toFixed(2)}, acceptance ${p.acceptance.toFixed(2)}${features})`,
  };
}

/**
 * Judges the window. Works on open windows too (`complete: false`: the verdict may change). With
 * the second stage on, a window the rules left without a verdict or with only implicit acceptance
 * is also read by the model.
 */
export function classifyWindow(window: InfluenceWindow, options: ClassifyOptions = {}): Classification {
  const lexicons = options.lexicons ?? defaultLexicons();
  const stage = options.secondStage ?? SECOND_STAGE_DEFAULT;
  if (stage === false) return classifyByRules(window, lexicons);
  const stageOptions: SecondStageOptions = { reads: coveredBy(lexicons), ...(stage === true ? {} : stage) };
  const byRules = classifyByRules(window, lexicons, (turn, verdict) => overruleComplaint(turn, verdict, stageOptions, lexicons));
  let verdict: ModelVerdict | null = null;
  const readable = window.turns.filter((t) => !settledByRules(t, lexicons));
  if (WEAK_RULES.has(byRules.rule)) verdict = modelVerdict(readable, stageOptions, byRules.rule === 'no-signal');
  else if (byRules.rule === EXPLICIT_ACCEPTANCE || byRules.rule === 'model-acceptance') {
    const others = readable.filter((t) => t.index !== byRules.turns_to_feedback);
    verdict = modelVerdict(others, stageOptions, false);
    const veto = stageOptions.acceptingTurnThreshold === undefined ? DEFAULT_ACCEPTING_TURN_THRESHOLD : stageOptions.acceptingTurnThreshold;
    if (verdict === null && veto !== null && byRules.rule === EXPLICIT_ACCEPTANCE) {
      const accepting = window.turns.filter((t) => t.index === byRules.turns_to_feedback);
      verdict = modelVerdict(accepting, { ...stageOptions, threshold: veto }, false);
    }
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

/**
 * Turns the model does not re-read for a complaint (rule round 23): a question the assistant answered
 * in words without conceding or changing anything (it asked; the answer settled it), and a turn that
 * opens with a topic change (`unrelated, but …`, 题外话: about something else).
 */
function settledByRules(turn: WindowTurn, lexicons: readonly Lexicon[]): boolean {
  if (turn.kind !== 'prompt' || turn.text.trim() === '') return false;
  const a = analyzeText(turn.text, lexicons);
  if (a.hits.some((h) => h.category === 'aside' && h.kind === 'signal' && BARE.test(a.text.slice(0, h.start)))) return true;
  return a.question && answeredInWords(turn, lexicons);
}

/** Only punctuation and spaces (or nothing). */
const BARE = /^[\s\p{P}\p{S}]*$/u;

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

/** Nothing in the turn but a question: it asks, and every signal sits in a question sentence. */
function onlyAsks(text: string, lexicons: readonly Lexicon[]): boolean {
  const q = analyzeText(text, lexicons);
  return q.question && !q.hits.some((h) => h.kind === 'signal' && !h.negated && !h.inQuestion);
}

/**
 * The person's own why-question was answered and they concede it (`why is the windmill last?` ⏐
 * `ah fair. that's fine then`, 为什么…？ ⏐ 有道理，就这样; round 20): the challenge in the question was
 * a question, and the acceptance that opens by conceding the answer decides. Only the turn right
 * after the question, only when every signal of the asked turn sits in its question (`why did
 * you …?`, 为什么…？), and only when the reply opens with a concession (`fair enough`, `makes sense`,
 * `ah ok`, 有道理, 明白了).
 */
function answeredThenAccepted(
  window: InfluenceWindow,
  best: { turn: number; verdict: TurnVerdict },
  turn: WindowTurn,
  verdict: TurnVerdict,
  lexicons: readonly Lexicon[],
): boolean {
  if (verdict.outcome !== 'acceptance' || verdict.rule !== EXPLICIT_ACCEPTANCE || turn.kind !== 'prompt') return false;
  if (best.turn !== turn.index - 1 || best.verdict.rank !== RANK.correction) return false;
  if (best.verdict.rule !== 'negative-evaluation' && best.verdict.rule !== 'rejection') return false;
  const asked = window.turns[best.turn - 1];
  if (asked?.kind !== 'prompt') return false;
  // Nothing but a question; or a question with its reason beside it (`why 50 and not 40? 20% of 200
  // is 40`) that the assistant answered without conceding or changing anything (rule round 23).
  const explained = analyzeText(asked.text, lexicons).question && answeredInWords(asked, lexicons);
  if (!onlyAsks(asked.text, lexicons) && !explained) return false;
  // Answered in words without a concession: any acceptance after it decides (`ah, grossed up. got it, thanks`).
  if (explained) return true;
  // The opening clause alone: a longer acceptance (`makes sense, keep it`) would swallow the concession.
  const opening = /^[^,;:.!?，；：。！？\n]*/u.exec(turn.text.trim())?.[0] ?? '';
  const a = analyzeText(opening, lexicons);
  return liveHits(a, 'acknowledgement').some((h) => BARE.test(a.text.slice(0, h.start)));
}

/**
 * Complaints the rules read from the person's words alone, which the second stage may overrule
 * (`complaintVeto`). A revert, a redo, a refused tool call and an interrupt are acts, not readings.
 */
const VETOABLE_RULES: ReadonlySet<Rule> = new Set<Rule>([
  'partial',
  'rejection',
  'negated-acceptance',
  'failure-report',
  'negative-evaluation',
]);

/** How much of the assistant's answer `answer_concedes` reads: a concession or a change shows first. */
const ANSWER_OPENING = 300;

/** The assistant's answer concedes a fault or changes the result (`answer_concedes` of any lexicon). */
export function answerConcedes(reply: string, lexicons: readonly Lexicon[]): boolean {
  const opening = reply.slice(0, ANSWER_OPENING).replace(/[’‘ʼ]/g, "'");
  return lexicons.some((lx) => lx.answerConcedes.some((re) => re.test(opening)));
}

/** The assistant answered the turn in words, without conceding a fault or changing the result. */
function answeredInWords(turn: Pick<WindowTurn, 'reply'>, lexicons: readonly Lexicon[]): boolean {
  return turn.reply !== undefined && turn.reply.trim() !== '' && !answerConcedes(turn.reply, lexicons);
}

/**
 * An explain question (rule round 23): a turn that is nothing but a question (`why X and not Y?`,
 * 为什么用 X 而不是 Y？), whose complaint the rules read from its words alone, and that the assistant
 * answered in words without conceding a fault or changing anything (`answer_concedes`: no `You're
 * right`, `Sorry`, `Switched it to …`, 抱歉, 已改成). It asked; it did not complain. A question the
 * agent answered by conceding or fixing stays a complaint (`why did you delete the tests?` ⏐ `Sorry —
 * restored them`); so does one with no answer in words.
 */
function explainQuestion(turn: WindowTurn, verdict: TurnVerdict, lexicons: readonly Lexicon[]): boolean {
  if (turn.kind !== 'prompt' || !VETOABLE_RULES.has(verdict.rule)) return false;
  return onlyAsks(turn.text, lexicons) && answeredInWords(turn, lexicons);
}

/** Overrules one turn's rule verdict: a replacement (null = no verdict), or undefined to keep it. */
type TurnVeto = (turn: WindowTurn, verdict: TurnVerdict) => TurnVerdict | null | undefined;

/** ` (turn 2: … overruled by the model)` for the reason, leaving out the deciding turn's own (its detail says it). */
function overruledNote(overruled: readonly { turn: number; text: string }[], deciding: number | null): string {
  const others = overruled.filter((o) => o.turn !== deciding).map((o) => o.text);
  return others.length > 0 ? ` (${others.join('; ')})` : '';
}

/** The lexicon-and-rules verdict alone (with `veto`, some turns' complaints overruled first). */
function classifyByRules(window: InfluenceWindow, lexicons: readonly Lexicon[], veto?: TurnVeto): Classification {
  const complete = isWindowComplete(window);
  const overruled: { turn: number; text: string }[] = [];
  let best: { turn: number; verdict: TurnVerdict } | null = null;
  // Every earlier turn was a typed question without a verdict.
  let onlyAsked = false;
  // Every earlier turn was a question (any kind) without a verdict (round 14).
  let anyAsked = false;
  for (const turn of window.turns) {
    let verdict = judgeTurn(turn, lexicons, onlyAsked, anyAsked);
    if (verdict && explainQuestion(turn, verdict, lexicons)) {
      overruled.push({
        turn: turn.index,
        text: `turn ${turn.index}: an explain question, answered without a concession or a change (the rules' ${verdict.rule}: ${verdict.detail})`,
      });
      verdict = null;
    }
    if (verdict && veto) {
      const replaced = veto(turn, verdict);
      if (replaced !== undefined) {
        overruled.push({
          turn: turn.index,
          text: `turn ${turn.index}: the rules' ${verdict.rule} (${verdict.detail}) overruled by the model`,
        });
        verdict = replaced;
      }
    }
    if (verdict && (best === null || verdict.rank > best.verdict.rank)) best = { turn: turn.index, verdict };
    else if (verdict && best && answeredThenAccepted(window, best, turn, verdict, lexicons)) best = { turn: turn.index, verdict };
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
      reason: none ? 'no human turn in the window' : `no signal in ${window.turns.length} human turn(s)${overruledNote(overruled, null)}`,
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
    reason: `turn ${turn} (${kind}): ${verdict.detail}${shared ? `; response shared with ${window.sharedWith.join(', ')} (confidence ×${SHARED_RESPONSE_FACTOR})` : ''}${overruledNote(overruled, verdict.rule === 'model-acceptance' ? turn : null)}`,
    snippet_source: source,
    complete,
  };
}
