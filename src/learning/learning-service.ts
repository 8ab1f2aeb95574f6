/**
 * The learning loop over a storage backend: record an outcome (score it, feed its criteria, observe
 * its patterns, invert failing ones, update maturity), observe / promote / deprecate / reset
 * patterns, list them, and build the prompt context. The CLI commands are thin wrappers over this.
 */
import { SkillpulseError } from '../errors.js';
import { createPattern, type PatternInversion, recordPatternObservation } from './anti-patterns.js';
import { type LearningConfig, type LearningConfigOverrides, learningConfigOf } from './config.js';
import { calculateCriterionWeight, shouldDeprecateCriterion } from './criteria.js';
import { computeErrorStats } from './error-accumulator.js';
import { createPatternMaturity, deprecatePattern, promotePattern, resetPatternMaturity, updatePatternMaturity } from './maturity.js';
import { type OutcomeInput, outcomeToFeedbackEvents, scoreImplicitFeedback } from './outcome-scoring.js';
import { extractPatternsFromDescription } from './pattern-extraction.js';
import { formatAntiPatternsForPrompt, formatErrorContext, formatPatternsWithMaturityForPrompt } from './prompt-format.js';
import type { PromptLanguage } from './prompt-texts.js';
import type { LearningStorage } from './storage.js';
import { type Instant, toIsoString } from './time.js';
import type { CriterionWeight, DecompositionPattern, FeedbackEvent, MaturityState, PatternMaturity, ScoredOutcome } from './types.js';

export interface RecordOutcomeInput extends Omit<OutcomeInput, 'error_count'> {
  /** Errors met; when omitted, the task's recorded errors (resolved included) are counted. */
  error_count?: number;
  /** Criteria to feed (default: type_safe, no_bugs, patterns, readable). */
  criteria?: readonly string[];
  /** Patterns used, by id or exact content (unknown contents are created). */
  patterns?: readonly string[];
  /** A decomposition description whose recognised strategies count as used patterns. */
  description?: string;
}

export interface CriterionStatus extends CriterionWeight {
  deprecated: boolean;
}

export interface PatternUpdate {
  pattern: DecompositionPattern;
  maturity: PatternMaturity;
  inversion?: PatternInversion;
}

export interface RecordedOutcome {
  outcome: ScoredOutcome;
  feedback: FeedbackEvent[];
  criteria: CriterionStatus[];
  patterns: PatternUpdate[];
}

export interface PatternView {
  pattern: DecompositionPattern;
  /** null for anti-patterns that never had maturity feedback. */
  maturity: PatternMaturity | null;
}

/** A pattern after a manual change, with its (now existing) maturity record. */
export interface PatternChange {
  pattern: DecompositionPattern;
  maturity: PatternMaturity;
}

export class LearningService {
  readonly config: LearningConfig;

  constructor(
    readonly storage: LearningStorage,
    config?: LearningConfigOverrides,
  ) {
    this.config = learningConfigOf(config);
  }

  /** Scores an outcome and learns from it, atomically. */
  async recordOutcome(input: RecordOutcomeInput, now: Instant = new Date()): Promise<RecordedOutcome> {
    return this.storage.transaction(async () => {
      const errorStats = computeErrorStats(await this.storage.errors.getByBead(input.bead_id));
      const outcome = scoreImplicitFeedback({ ...input, error_count: input.error_count ?? errorStats.total }, this.config, now);
      const criteriaNames = input.criteria && input.criteria.length > 0 ? [...new Set(input.criteria)] : undefined;
      const feedback = outcomeToFeedbackEvents(outcome, { criteria: criteriaNames, errorStats }, now);
      for (const event of feedback) await this.storage.feedback.store(event);
      const criteria: CriterionStatus[] = [];
      for (const name of new Set(feedback.map((event) => event.criterion))) {
        const weight = calculateCriterionWeight(await this.storage.feedback.getByCriterion(name), this.config, now);
        criteria.push({ ...weight, deprecated: shouldDeprecateCriterion(weight, this.config) });
      }
      const refs: Array<{ ref: string; tags: string[] }> = [];
      if (input.strategy) refs.push({ ref: input.strategy, tags: ['strategy'] });
      for (const ref of input.patterns ?? []) refs.push({ ref, tags: [] });
      for (const content of extractPatternsFromDescription(input.description ?? '')) refs.push({ ref: content, tags: ['extracted'] });
      const patterns: PatternUpdate[] = [];
      const seen = new Set<string>();
      for (const { ref, tags } of refs) {
        const pattern = await this.ensurePattern(ref, tags, now);
        if (seen.has(pattern.id)) continue;
        seen.add(pattern.id);
        patterns.push(await this.observe(pattern, outcome.type === 'helpful', input.bead_id, now));
      }
      return { outcome, feedback, criteria, patterns };
    });
  }

  /** Records one success or failure of a pattern (by id or exact content). */
  async observePattern(ref: string, success: boolean, beadId?: string, now: Instant = new Date()): Promise<PatternUpdate> {
    return this.storage.transaction(async () => this.observe(await this.requirePattern(ref), success, beadId, now));
  }

  async promote(ref: string, now: Instant = new Date(), warn?: (message: string) => void): Promise<PatternChange> {
    return this.storage.transaction(async () => {
      const pattern = await this.requirePattern(ref);
      const maturity = promotePattern(await this.maturityOf(pattern, now), now, warn);
      await this.storage.maturity.store(maturity);
      return { pattern, maturity };
    });
  }

  async deprecate(ref: string, reason: string, now: Instant = new Date()): Promise<PatternChange> {
    if (reason.trim() === '') throw new SkillpulseError('USAGE', 'a deprecation needs a reason', { field: 'reason' });
    return this.storage.transaction(async () => {
      const pattern = await this.requirePattern(ref);
      const maturity = deprecatePattern(await this.maturityOf(pattern, now), reason, now);
      await this.storage.maturity.store(maturity);
      return { pattern, maturity };
    });
  }

  async reset(ref: string, now: Instant = new Date()): Promise<PatternChange> {
    return this.storage.transaction(async () => {
      const pattern = await this.requirePattern(ref);
      const maturity = resetPatternMaturity(await this.maturityOf(pattern, now), now);
      await this.storage.maturity.store(maturity);
      return { pattern, maturity };
    });
  }

  /** Patterns with their maturity, optionally only those in one state (patterns without a record are candidates). */
  async listPatterns(options: { state?: MaturityState } = {}): Promise<PatternView[]> {
    const maturities = new Map((await this.storage.maturity.getAll()).map((m) => [m.pattern_id, m]));
    const views = (await this.storage.patterns.getAll()).map((pattern) => ({ pattern, maturity: maturities.get(pattern.id) ?? null }));
    if (!options.state) return views;
    return views.filter((v) => (v.maturity?.state ?? (v.pattern.kind === 'pattern' ? 'candidate' : undefined)) === options.state);
  }

  /** What a decomposition prompt should include: anti-patterns, patterns by maturity and, for a task, its error context. */
  async promptContext(options: { lang?: PromptLanguage; task?: string; includeResolved?: boolean } = {}): Promise<string> {
    const lang = options.lang ?? 'en';
    const views = await this.listPatterns();
    const blocks: string[] = [];
    const anti = formatAntiPatternsForPrompt(
      views.map((v) => v.pattern),
      { lang },
    );
    if (anti) blocks.push(anti.trimEnd());
    const byContent = new Map<string, Pick<PatternMaturity, 'state' | 'helpful_count' | 'harmful_count'>>();
    for (const { pattern, maturity } of views) {
      if (pattern.kind === 'anti_pattern') continue;
      byContent.set(pattern.content, maturity ?? { state: 'candidate', helpful_count: 0, harmful_count: 0 });
    }
    const mature = formatPatternsWithMaturityForPrompt(byContent, { lang });
    if (mature) blocks.push(mature);
    if (options.task) {
      const errors = formatErrorContext(await this.storage.errors.getByBead(options.task), {
        lang,
        includeResolved: options.includeResolved ?? false,
      });
      if (errors) blocks.push(errors.trimEnd());
    }
    return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`;
  }

  /** A pattern by id, else by exact (case-insensitive) content; null when unknown. */
  async findPattern(ref: string): Promise<DecompositionPattern | null> {
    const byId = await this.storage.patterns.get(ref);
    if (byId) return byId;
    const wanted = ref.trim().toLowerCase();
    const matches = (await this.storage.patterns.findByContent(ref.trim())).filter((p) => p.content.toLowerCase() === wanted);
    return matches.find((p) => p.kind === 'pattern') ?? matches[0] ?? null;
  }

  /** The pattern named by `ref`, created (with `tags`) when unknown. */
  async ensurePattern(ref: string, tags: readonly string[] = [], now: Instant = new Date()): Promise<DecompositionPattern> {
    if (ref.trim() === '') throw new SkillpulseError('USAGE', 'a pattern needs an id or a content', { field: 'pattern' });
    const found = await this.findPattern(ref);
    if (found) return found;
    const created = createPattern(ref.trim(), tags, now);
    await this.storage.patterns.store(created);
    return created;
  }

  private async requirePattern(ref: string): Promise<DecompositionPattern> {
    const found = await this.findPattern(ref);
    if (!found)
      throw new SkillpulseError('NOT_FOUND', `no pattern with id or content "${ref}"`, { hint: 'list them with `skillpulse patterns`' });
    return found;
  }

  private async maturityOf(pattern: DecompositionPattern, now: Instant): Promise<PatternMaturity> {
    return (await this.storage.maturity.get(pattern.id)) ?? createPatternMaturity(pattern.id, now);
  }

  private async observe(pattern: DecompositionPattern, success: boolean, beadId: string | undefined, now: Instant): Promise<PatternUpdate> {
    const { pattern: updated, inversion } = recordPatternObservation(pattern, success, beadId, this.config, now);
    await this.storage.patterns.store(updated);
    if (inversion) await this.storage.patterns.store(inversion.inverted);
    await this.storage.maturity.storeFeedback({
      pattern_id: updated.id,
      type: success ? 'helpful' : 'harmful',
      timestamp: toIsoString(now, 'now'),
      weight: 1,
    });
    const maturity = updatePatternMaturity(
      await this.maturityOf(updated, now),
      await this.storage.maturity.getFeedback(updated.id),
      this.config,
      now,
    );
    await this.storage.maturity.store(maturity);
    return inversion ? { pattern: updated, maturity, inversion } : { pattern: updated, maturity };
  }
}
