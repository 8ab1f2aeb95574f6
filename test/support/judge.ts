import { type Classification, classifyWindow } from '../../src/feedback/classify.js';
import { buildWindows } from '../../src/feedback/window.js';
import { buildConversation, type Step } from './conversation.js';

/**
 * Every invocation window of `steps` (up to three human turns each) judged by the lexicon rules
 * alone, the second stage off: what the classify-roundN tests pin down.
 */
export function judgeByRules(steps: Step[]): Classification[] {
  const { conversation, located } = buildConversation(steps);
  return buildWindows(conversation, located, { maxTurns: 3 }).map((w) => classifyWindow(w, { secondStage: false }));
}

/** The verdict on a skill invocation followed by these human turns (rules alone). */
export function firstByRules(...turns: string[]): Classification {
  return judgeByRules([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!;
}
