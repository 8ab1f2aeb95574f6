/**
 * Turns trigger-eval options (as the CLI and the library take them) into a ready evaluation:
 * the validated skill, the candidate description, the eval set, the runner, the isolated-project
 * registry, the cache and the budget. Shared by `eval trigger` and `eval optimize`.
 */
import os from 'node:os';
import path from 'node:path';
import { SkillpulseError } from '../errors.js';
import { BudgetTracker } from './budget.js';
import { skillpulseHome, TriggerCache } from './cache.js';
import type { DetectPolicy } from './detection.js';
import { type EvalItem, loadEvalSet } from './eval-set.js';
import { createRunner } from './runners/index.js';
import { findUserSkill, TempProjects } from './runners/isolation.js';
import type { AgentSdkLoader } from './runners/agent-sdk.js';
import type { RunnerName, TriggerRunner } from './runners/types.js';
import { assertValidSkill, readSkillDir, type SkillFile, type SkillIssue, validateDescription, withDescription } from './skill-file.js';
import type { TriggerEvalConfig } from './trigger-eval.js';

export interface TriggerOptions {
  skillPath: string;
  evalSet: string;
  description?: string | undefined;
  runsPerQuery: number;
  numWorkers: number;
  triggerThreshold: number;
  /** Seconds per run. */
  timeout: number;
  model?: string | undefined;
  runner: RunnerName;
  claudeBin?: string | undefined;
  detect: DetectPolicy;
  maxBudgetUsd?: number | undefined;
  /** false with `--no-cache`. */
  cache: boolean;
}

export const TRIGGER_DEFAULTS = {
  runsPerQuery: 3,
  numWorkers: 10,
  triggerThreshold: 0.5,
  timeout: 30,
  runner: 'claude-cli' as RunnerName,
  detect: 'whole-turn' as DetectPolicy,
};

export interface PreparedTrigger {
  skill: SkillFile;
  skillDir: string;
  description: string;
  items: EvalItem[];
  runner: TriggerRunner & { killAll?: () => void };
  projects: TempProjects;
  cache: TriggerCache | null;
  budget: BudgetTracker;
  userSkillConflict: string | null;
  warnings: SkillIssue[];
  /** The trigger-eval configuration for a candidate description. */
  configFor(description: string, items: readonly EvalItem[]): TriggerEvalConfig;
}

export interface PrepareEnvironment {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where temporary projects go (default: the OS temp folder). */
  tmpRoot?: string;
  loadSdk?: AgentSdkLoader;
}

export function checkCandidate(description: string, field = '--description'): string {
  const trimmed = description.trim();
  if (trimmed === '') throw new SkillpulseError('USAGE', 'the description is empty', { field });
  const issue = validateDescription(trimmed)[0];
  if (issue) throw new SkillpulseError('USAGE', issue.message, { field });
  return trimmed;
}

export async function prepareTrigger(options: TriggerOptions, where: PrepareEnvironment): Promise<PreparedTrigger> {
  const skillDir = path.resolve(where.cwd, options.skillPath);
  const skill = await readSkillDir(skillDir);
  const warnings = assertValidSkill(skill);
  const description = options.description !== undefined ? checkCandidate(options.description) : skill.description!;
  const items = await loadEvalSet(path.resolve(where.cwd, options.evalSet));
  const projects = new TempProjects(where.tmpRoot ?? os.tmpdir());
  const runner = await createRunner({
    runner: options.runner,
    claudeBin: options.claudeBin,
    env: where.env,
    cwd: where.cwd,
    projects,
    ...(where.loadSdk ? { loadSdk: where.loadSdk } : {}),
  });
  const home = skillpulseHome(where.env, where.cwd);
  const cache = options.cache && home ? new TriggerCache(home) : null;
  const budget = new BudgetTracker(options.maxBudgetUsd);
  const userSkillConflict = findUserSkill(where.env.HOME, skill.name!);
  return {
    skill,
    skillDir,
    description,
    items,
    runner,
    projects,
    cache,
    budget,
    userSkillConflict,
    warnings,
    configFor(candidate, evalItems) {
      return {
        skillName: skill.name!,
        description: candidate,
        skillMd: withDescription(skill, candidate),
        items: evalItems,
        runsPerQuery: options.runsPerQuery,
        numWorkers: options.numWorkers,
        threshold: options.triggerThreshold,
        timeoutSec: options.timeout,
        model: options.model,
        policy: options.detect,
        runner,
        cache,
        budget,
        userSkillConflict,
      };
    },
  };
}
