/**
 * The runner contract: one isolated trigger run of one query against one candidate skill.
 * `claude-cli` spawns the real client; `agent-sdk` drives `@anthropic-ai/claude-agent-sdk`.
 * Both feed the same `TriggerDetector`, so detection is identical whichever runs the model.
 */
import type { DetectPolicy, RunObservation, TriggerDetector, Verdict } from '../detection.js';

export type RunnerName = 'claude-cli' | 'agent-sdk';
export const RUNNER_NAMES: readonly RunnerName[] = ['claude-cli', 'agent-sdk'];

export interface RunRequest {
  query: string;
  /** The candidate's name: it is installed as `.claude/skills/<skillName>/SKILL.md`. */
  skillName: string;
  /** The full SKILL.md text to install (frontmatter with the candidate description + body). */
  skillMd: string;
  model: string | undefined;
  timeoutMs: number;
  policy: DetectPolicy;
  /** Aborts the run (Ctrl-C): the process is killed and the temporary project removed. */
  signal?: AbortSignal | undefined;
}

export interface RunOutcome {
  verdict: Verdict;
  observation: RunObservation;
  durationMs: number;
  /** True when the process was stopped because the answer was known before the turn ended. */
  stoppedEarly: boolean;
  /** Tokens the stream reported (input + output + cache), for cost estimates of stopped runs. */
  tokens: number;
}

export interface TriggerRunner {
  readonly name: RunnerName;
  /** Identifies the client build for the cache key (e.g. `2.1.330`). */
  clientVersion(): Promise<string>;
  run(request: RunRequest): Promise<RunOutcome>;
}

/** The outcome of a finished run: the verdict, what the detector saw and the time since `startedMs`. */
export function runOutcome(verdict: Verdict, detector: TriggerDetector, startedMs: number, stoppedEarly: boolean): RunOutcome {
  return {
    verdict,
    observation: detector.observation,
    durationMs: Date.now() - startedMs,
    stoppedEarly,
    tokens: detector.observation.tokens,
  };
}
