/**
 * A report of absences (rule round 23): the person lists what did NOT go wrong and accepts —
 * `no diff, no destroys, nothing weird in the policies either. can't fault it`, `No one missing, no
 * doubles … Cheers`. The opening `no` there is a determiner (`no diff`), not the interjection `no, …`
 * / `no.`, so with a live acceptance in the message it is not read as a rejection. Everything else
 * is judged as before: `no tests, nothing happens when I click it. thanks` stays a failure report,
 * and without an acceptance (`no lowercase please`) the `no` stays a rejection.
 */
import { liveHits } from './live-hits.js';
import type { TermHit, TextAnalysis } from './matcher.js';

/** The opening `no` directly followed by a word (`no diff`): a determiner, not `no, …` / `no.`. */
function determinerNo(a: TextAnalysis, h: TermHit): boolean {
  return h.kind === 'signal' && h.category === 'rejection' && h.term === 'no' && /^no\s+[\p{L}\p{N}]/u.test(a.text.slice(h.start));
}

/** The analysis without an opening determiner `no` when the message accepts; otherwise unchanged. */
export function withoutAbsences(a: TextAnalysis): TextAnalysis {
  const no = a.hits.find((h) => determinerNo(a, h));
  if (!no || [...liveHits(a, 'acceptance'), ...liveHits(a, 'waiver')].length === 0) return a;
  return { ...a, hits: a.hits.filter((h) => h !== no) };
}
