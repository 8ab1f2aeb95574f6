/**
 * A report of absences (rule round 23): the person lists what did NOT go wrong — `no diff, no
 * destroys, nothing weird in the policies either. can't fault it`, `nobody's missing, no allergy
 * left off. not changing anything`, 没有报错，也没有漏的，挑不出毛病. An opening `no` there is a
 * determiner (`no diff`), not the interjection `no, …`, and the complaint words inside such clauses
 * name what is absent. With an acceptance in the message, those readings are dropped and the rest of
 * the message decides. Failures, whole-result complaints, contrasts, redos and reverts are never
 * dropped: `no tests, nothing happens when I click it` stays a complaint.
 */
import { liveHits } from './live-hits.js';
import type { TermHit, TextAnalysis } from './matcher.js';

/** A clause that opens with an absence marker (after a conjunction at most). */
const ABSENCE_CLAUSE =
  /^\s*(?:(?:and|but|also|so|plus)\s+)?(?:no|nothing|nobody|nobody's|no one|noone|none|never|not one|not a single|not even one|not even a|zero|without)\b|^\s*(?:而且|并且|也|都|还)?(?:没有|没|无|零|一个都没|一次都没|一点都没)/u;
/** Clause ends, as the matcher counts them (a dot inside a name is no end). */
const CLAUSE_END = /[,;:!?，；：！？。、\n]|\.(?!\w)/gu;
/** Readings an absence clause holds without meaning them: the determiner `no`, weak complaint words. */
const DROPPABLE = new Set(['negative', 'prohibition', 'challenge']);

/** [start, end) spans of the clauses of `text` that open with an absence marker. */
function absenceSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let start = 0;
  const ends = [...text.matchAll(CLAUSE_END)].map((m) => m.index);
  for (const end of [...ends, text.length]) {
    if (ABSENCE_CLAUSE.test(text.slice(start, end))) spans.push([start, end]);
    start = end + 1;
  }
  return spans;
}

/** The opening `no` directly followed by a word (`no diff`): a determiner, not `no, …` / `no.`. */
function determinerNo(a: TextAnalysis, h: TermHit): boolean {
  return h.category === 'rejection' && h.term === 'no' && /^\s*no\s+[\p{L}\p{N}]/u.test(a.text.slice(h.start));
}

/**
 * The analysis without the readings an absence report holds without meaning them, when the message
 * is one (an absence clause and a live acceptance); otherwise the analysis unchanged.
 */
export function withoutAbsences(a: TextAnalysis): TextAnalysis {
  const spans = absenceSpans(a.text);
  if (spans.length === 0 || [...liveHits(a, 'acceptance'), ...liveHits(a, 'waiver')].length === 0) return a;
  const inAbsence = (h: TermHit) => spans.some(([s, e]) => h.start >= s && h.start < e);
  const dropped = a.hits.filter((h) => h.kind === 'signal' && inAbsence(h) && (determinerNo(a, h) || DROPPABLE.has(h.category)));
  return dropped.length === 0 ? a : { ...a, hits: a.hits.filter((h) => !dropped.includes(h)) };
}
