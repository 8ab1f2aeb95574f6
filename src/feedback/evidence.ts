/**
 * Evidence in one analysed message (round 3–5 scope rules, docs/feedback-rules.md): which hits judge
 * the result (not the new work a request describes), the weak evidence against it, and a verdict
 * split over parts of the result. Pure; used by classify.ts.
 */
import type { SignalCategory } from './lexicon.js';
import { liveHits } from './live-hits.js';
import type { TermHit, TextAnalysis } from './matcher.js';

export function quote(h: TermHit | undefined): string {
  return h ? `"${h.term}"` : '';
}

/**
 * Move-on and new-task openers and the hits they scope. Words after an imperative that starts
 * new work, in its clause, describe that work (`add retries for failed uploads`; 接下来把失败告警接到…
 * opens with 把). A move-on opener ending in a colon (`next: …`, 接下来：…) heads the description of
 * the next task: everything after it describes that task (round 5).
 */
/**
 * The colon of a heading right after a move-on opener, or after the opener and a noun naming the
 * next item (`next one: …`, `next up: …`, `next task: …`; round 14).
 */
const HEADING_COLON = /^\s*(?:(?:one|up|thing|task|item|bug|issue|ticket|request|job|step|problem|page)\s*)?[:：]/u;

export function newWorkOpeners(a: TextAnalysis): { tasks: TermHit[]; moveOn: TermHit[]; headed: TermHit[] } {
  const moveOn = liveHits(a, 'move_on');
  const headed = moveOn.filter((o) => HEADING_COLON.test(a.text.slice(o.end)));
  return { tasks: liveHits(a, 'new_task'), moveOn, headed };
}

/** The hit lies in the scope of one of the openers (its clause, or after a headed opener). */
export function describesNewWork(h: TermHit, openers: readonly TermHit[], headed: readonly TermHit[]): boolean {
  return openers.some((o) => o !== h && o.start <= h.start && (o.clause === h.clause || headed.includes(o)));
}

/**
 * Live hits of `category` that judge the result. Words inside the clause of a new request describe
 * the new work, not the result: a failure or negative word after an imperative that starts new
 * work or under a headed move-on (`next: …`), and a revision after a move-on opener or such an
 * imperative (顺便把 node 版本改成 20) — unless the revision points back at the result (`now make
 * it shorter`).
 */
export function judgingHits(a: TextAnalysis, category: SignalCategory): TermHit[] {
  const hits = liveHits(a, category);
  const describes = category === 'failure' || category === 'contrast' || category === 'negative' || category === 'revision';
  if (!describes) return hits;
  const { tasks, moveOn, headed } = newWorkOpeners(a);
  const openers = category === 'revision' ? [...tasks, ...moveOn] : [...tasks, ...headed];
  if (openers.length === 0) return hits;
  return hits.filter(
    (h) =>
      (h.refersBack === true && !afterHeadedSubject(a, h, headed)) ||
      (category === 'failure' && RECURRENCE.test(h.term)) ||
      !describesNewWork(h, openers, headed),
  );
}

/**
 * A failure that persists (`still fails`, 还是报错) is about the result even under a headed move-on
 * (`换个话题：导出还是报错`; round 11): new work has not failed yet. So is one the person pins on the
 * agent (`other thing: you forgot the index`, 你漏了; round 13).
 */
const RECURRENCE = /^(?:still|again|you\b|your\b|还是|仍然|依然|又|你)/u;

/**
 * A revision under a headed move-on after the next task's own subject (`next: the reset link is
 * valid for 24h, make it expire after 30 minutes`): its `it` is that subject, not the result
 * (round 11). Right after the heading (`next: make it shorter`) it still points back.
 */
function afterHeadedSubject(a: TextAnalysis, h: TermHit, headed: readonly TermHit[]): boolean {
  return headed.some((o) => o.end <= h.start && /[\p{L}\p{N}]/u.test(a.text.slice(o.end, h.start)));
}

/** Weak evidence against the result: negative evaluations, prohibitions, rhetorical whys. */
export function weakHits(a: TextAnalysis): TermHit[] {
  return [...judgingHits(a, 'negative'), ...liveHits(a, 'prohibition'), ...liveHits(a, 'challenge')].sort((x, y) => x.start - y.start);
}

/**
 * A verdict split over parts of the result without a qualifier word: one part accepted and
 * another rejected, in different clauses. Either the acceptance is scoped to a part (`the first two
 * endpoints are fine, the third returns the wrong type`; 前面两个没问题，第三个不对), or the person keeps
 * one part and revises another (`keep the index, drop the trigger`). A bare `thanks. you forgot
 * the index` is no split (nothing scopes the thanks): the complaint decides.
 */
export function splitVerdict(a: TextAnalysis, strong: readonly TermHit[]): string | null {
  const against = [...strong, ...weakHits(a)];
  const parts = liveHits(a, 'part');
  const scoped = [...liveHits(a, 'acceptance'), ...liveHits(a, 'acknowledgement')].find((h) =>
    parts.some((p) => p.clause === h.clause && p.start <= h.start),
  );
  if (scoped) {
    // The complaint sits in another clause, or after another named part in the same clause
    // (`build job 跑通了 👍 deploy job 还是 fail`; round 8).
    const other = against.find((h) => h.clause !== scoped.clause || parts.some((p) => p.start >= scoped.end && p.end <= h.start));
    if (other) return `part accepted ${quote(scoped)}, part rejected ${quote(other)}`;
    // A revision stated in another sentence is about another part (`api and worker are exactly
    // right. postgres should show lock waits`; round 11); not a question (`should we also …?`).
    // So is one in another clause that names its own part (普通员工这套没问题，…，这块改一下就行; round 14).
    const revised = judgingHits(a, 'revision').find(
      (h) => !h.inQuestion && (h.sentence !== scoped.sentence || (h.clause !== scoped.clause && parts.some((p) => p.clause === h.clause))),
    );
    if (revised) return `part accepted ${quote(scoped)}, part revised ${quote(revised)}`;
  }
  const retained = liveHits(a, 'retain').sort((x, y) => x.start - y.start);
  const keep = retained[0];
  if (keep) {
    const other = [...against, ...judgingHits(a, 'revision')].find((h) => h.clause !== keep.clause);
    if (other) return `keeps part ${quote(keep)}, revises another ${quote(other)}`;
    // Keep one part and drop the others (`keep the composite index, drop the other two`, `keep only
    // the first and delete the rest`; round 11): two separate retain hits.
    const dropped = retained.find((h) => h.start >= keep.end);
    if (dropped) return `keeps part ${quote(keep)}, drops the others ${quote(dropped)}`;
  }
  return null;
}
