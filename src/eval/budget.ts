/**
 * Spend tracking for trigger runs. The spend is what the client's `result` events report
 * (`total_cost_usd`). A run stopped early (the answer was known before the turn ended) has no
 * result event; its cost is estimated from the tokens it streamed at the cost per token observed
 * in reported runs, or at the per-run estimate when nothing was reported yet. Scheduling stops
 * once reported + estimated spend reaches the limit; runs already under way finish.
 */

/** Used only when no run has reported a cost yet (dry-run estimates and early-stopped runs). */
export const DEFAULT_RUN_COST_ESTIMATE_USD = 0.02;

export class BudgetTracker {
  readonly maxUsd: number | undefined;
  reportedUsd = 0;
  estimatedUsd = 0;
  private reportedTokens = 0;
  private reportedRuns = 0;
  private readonly fallbackPerRun: number;

  constructor(maxUsd: number | undefined, fallbackPerRunUsd = DEFAULT_RUN_COST_ESTIMATE_USD) {
    this.maxUsd = maxUsd;
    this.fallbackPerRun = fallbackPerRunUsd;
  }

  /** Records one finished run; returns the cost charged to it. */
  record(costUsd: number | undefined, tokens: number): { costUsd: number; estimated: boolean } {
    if (costUsd !== undefined) {
      this.reportedUsd += costUsd;
      this.reportedTokens += tokens;
      this.reportedRuns++;
      return { costUsd, estimated: false };
    }
    const estimate = this.estimateRun(tokens);
    this.estimatedUsd += estimate;
    return { costUsd: estimate, estimated: true };
  }

  /** Estimated cost of a run that streamed `tokens` tokens (or a typical run when tokens is 0). */
  estimateRun(tokens = 0): number {
    if (this.reportedRuns > 0 && this.reportedTokens > 0 && tokens > 0) return (tokens * this.reportedUsd) / this.reportedTokens;
    if (this.reportedRuns > 0) return this.reportedUsd / this.reportedRuns;
    return this.fallbackPerRun;
  }

  get spentUsd(): number {
    return this.reportedUsd + this.estimatedUsd;
  }

  get exhausted(): boolean {
    return this.maxUsd !== undefined && this.spentUsd >= this.maxUsd;
  }
}
