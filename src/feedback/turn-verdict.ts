/**
 * The verdict of one human turn (`judgeTurn`): the strongest signal its text carries (revert
 * request > redo > partial > rejection > explicit acceptance), what a refusal or an interrupt
 * means, and when moving on to new work is an implicit acceptance.
 */
import { withoutAbsences } from './absences.js';
import { describesNewWork, judgingHits, newWorkOpeners, quote, splitVerdict, weakHits } from './evidence.js';
import type { Lexicon } from './lexicon.js';
import { anyHits, dimensionHits, liveHits } from './live-hits.js';
import { analyzeText, type TermHit, type TextAnalysis } from './matcher.js';
import { CONFIDENCE, RANK, type TurnVerdict } from './verdict.js';
import type { WindowTurn } from './window.js';

/** A reply that only picks one of the numbered options the agent offered: `1`, `3, but …`, `option 2.` */
const OPTION_CHOICE = /^(?:option\s*)?(\d{1,2})\s*[.)]?\s*(?:$|[,，;；:：!！。]|\s(?=but\b|however\b|though\b|although\b|except\b))/u;

/** An explicit acceptance with the reason the reader sees. */
function explicitAcceptance(detail: string): TurnVerdict {
  return {
    rank: RANK.explicitAcceptance,
    outcome: 'acceptance',
    correctionType: null,
    confidence: CONFIDENCE.explicitAcceptance,
    rule: 'explicit-acceptance',
    detail,
  };
}

function textVerdict(analysis: TextAnalysis): TurnVerdict | null {
  const a = withoutAbsences(analysis);
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
  const resigned = resignedAcceptance(a);
  if (resigned) return resigned;
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
  const decided = goAheadAfterQualifier(a, qualifier, strong, acceptance, acknowledgement);
  if (decided) return decided;
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
    return explicitAcceptance(`acceptance ${quote(acceptance[0])}`);
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

/** A go-ahead that keeps the result as it is (`keep it`, `leave it`, `ship it`, `go with that`, a closing `fine`). */
const GO_AHEAD =
  /^[\s.,;!]*(?:(?:just |ok,? |okay,? |so |then |fine,? )?(?:keep|leave|ship|go with|stick with|use|merge|send|post|publish|print|upload|submit|file) (?:it|that|this|them)\b|(?:fine|ok|okay|alright|all right)(?: then)?[\s.!…]*$)/u;

/**
 * A weak flaw conceded before `but` and a go-ahead after it (rule round 23: `the error message is
 * a bit long but it tells the user what to do. keep it`): the clause after `but` carries the weight,
 * so the result is kept, not qualified. Only without a strong complaint anywhere and with nothing
 * against the result after the qualifier; `it works but it's slow` keeps its partial.
 */
function goAheadAfterQualifier(
  a: TextAnalysis,
  qualifier: readonly TermHit[],
  strong: readonly TermHit[],
  acceptance: readonly TermHit[],
  acknowledgement: readonly TermHit[],
): TurnVerdict | null {
  const q = qualifier[0];
  if (!q || strong.length > 0 || acceptance.length === 0) return null;
  if ([...acceptance, ...acknowledgement].some((h) => h.start < q.end)) return null;
  if (weakHits(a).some((h) => h.start > q.start) || NOT_LET_GO.some((c) => judgingHits(a, c).length > 0)) return null;
  const last = acceptance[acceptance.length - 1]!;
  // Its own clause (`…, fine`, `…. keep it`), not a part scoped as fine (`but the rest is fine`).
  if (!GO_AHEAD.test(last.term) || !/(?:^|[.,;!:])\s*$/u.test(a.text.slice(0, last.start))) return null;
  return explicitAcceptance(`concedes a flaw before ${quote(q)}, then goes ahead ${quote(last)}`);
}

/** A rejection that only states a preference (`I'd have gone for`, `would be cleaner`, `I'd rather`) or an opening `eh`/`meh`. */
const PREFERENCE = /^(?:i'd|i would|we'd|we would|would|'d|could|should|might|i'd rather|rather|e+h+|meh+|ugh+|hm+)\b/u;

/** What a resigned acceptance never lets go: a failure, a wrong detail, a change asked for. */
const NOT_LET_GO = ['failure', 'contrast', 'redo', 'revert_request', 'revision', 'minor', 'self_correction', 'irony'] as const;

/**
 * A resigned acceptance (rule round 23): the person names a flaw and lets it go — resignation
 * (`anyway`, `out of time`, `I'll live with it`, `3m10 is 3m10`, 没时间了, 行吧) beside a go-ahead
 * (`ship it`, `leave it`, `go with that`, `it'll do`, 就按这个走) — and asks for no change: `fine.
 * not how I'd word the highlights but we are out of time. ship it`. A failure, a wrong detail, a
 * revision, redo or revert asked for is not let go (`out of time, ship it but fix the date first`).
 */
function resignedAcceptance(a: TextAnalysis): TurnVerdict | null {
  const resigned = liveHits(a, 'resigned');
  if (resigned.length === 0) return null;
  // An acknowledgement goes ahead where it opens or closes the message (`fine, … nobody will know`, `… no time. fine`).
  const framing = liveHits(a, 'acknowledgement').filter((h) => BARE.test(a.text.slice(0, h.start)) || BARE.test(a.text.slice(h.end)));
  const goAhead = [...liveHits(a, 'acceptance'), ...liveHits(a, 'waiver'), ...framing].filter(
    (h) => !resigned.some((r) => h.start <= r.start && h.end >= r.end),
  );
  if (goAhead.length === 0 || NOT_LET_GO.some((c) => judgingHits(a, c).length > 0)) return null;
  // A preference (`I'd have gone for …`, `would be cleaner`) can be let go; a flat rejection (`the date is wrong`) cannot.
  if (liveHits(a, 'rejection').some((h) => !PREFERENCE.test(h.term))) return null;
  // A `but` after the resignation and the go-ahead brings a change back (`out of time, ship it but fix the date first`).
  const settled = Math.max(...resigned.map((h) => h.end), ...goAhead.map((h) => h.end));
  if (liveHits(a, 'qualifier').some((q) => q.start >= settled)) return null;
  return explicitAcceptance(`resigned acceptance: lets the flaw go ${quote(resigned[0])} with ${quote(goAhead[0])}`);
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
