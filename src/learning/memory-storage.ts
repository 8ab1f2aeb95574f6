/**
 * In-memory learning storage: for tests, and for callers that keep no history. Feedback is capped
 * at `maxInMemoryFeedback` (10 000) events; the oldest is evicted first.
 */
import { DEFAULT_LEARNING_CONFIG } from './config.js';
import type { ErrorStorage, FeedbackStorage, LearningStorage, MaturityStorage, PatternStorage } from './storage.js';
import type { DecompositionPattern, ErrorEntry, FeedbackEvent, MaturityFeedback, MaturityState, PatternMaturity } from './types.js';

const copy = <T>(value: T): T => structuredClone(value);

/** Upserts by key, keeping the first insertion position. */
function upsert<T>(list: T[], item: T, key: (item: T) => string): void {
  const index = list.findIndex((existing) => key(existing) === key(item));
  if (index >= 0) list[index] = copy(item);
  else list.push(copy(item));
}

export class InMemoryFeedbackStorage implements FeedbackStorage {
  private readonly events: FeedbackEvent[] = [];
  constructor(private readonly maxEvents: number = DEFAULT_LEARNING_CONFIG.maxInMemoryFeedback) {}

  async store(event: FeedbackEvent): Promise<void> {
    upsert(this.events, event, (e) => e.id);
    while (this.events.length > this.maxEvents) this.events.shift();
  }
  async getByCriterion(criterion: string): Promise<FeedbackEvent[]> {
    return this.events.filter((e) => e.criterion === criterion).map(copy);
  }
  async getByBead(beadId: string): Promise<FeedbackEvent[]> {
    return this.events.filter((e) => e.bead_id === beadId).map(copy);
  }
  async getAll(): Promise<FeedbackEvent[]> {
    return this.events.map(copy);
  }
}

export class InMemoryErrorStorage implements ErrorStorage {
  private readonly entries: ErrorEntry[] = [];

  async store(entry: ErrorEntry): Promise<void> {
    upsert(this.entries, entry, (e) => e.id);
  }
  async getByBead(beadId: string): Promise<ErrorEntry[]> {
    return this.entries.filter((e) => e.bead_id === beadId).map(copy);
  }
  async getUnresolvedByBead(beadId: string): Promise<ErrorEntry[]> {
    return this.entries.filter((e) => e.bead_id === beadId && !e.resolved).map(copy);
  }
  async markResolved(id: string): Promise<boolean> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return false;
    entry.resolved = true;
    return true;
  }
  async getAll(): Promise<ErrorEntry[]> {
    return this.entries.map(copy);
  }
}

export class InMemoryPatternStorage implements PatternStorage {
  private readonly patterns: DecompositionPattern[] = [];

  async store(pattern: DecompositionPattern): Promise<void> {
    upsert(this.patterns, pattern, (p) => p.id);
  }
  async get(id: string): Promise<DecompositionPattern | null> {
    const found = this.patterns.find((p) => p.id === id);
    return found ? copy(found) : null;
  }
  async getAll(): Promise<DecompositionPattern[]> {
    return this.patterns.map(copy);
  }
  async getAntiPatterns(): Promise<DecompositionPattern[]> {
    return this.patterns.filter((p) => p.kind === 'anti_pattern').map(copy);
  }
  async getByTag(tag: string): Promise<DecompositionPattern[]> {
    return this.patterns.filter((p) => p.tags.includes(tag)).map(copy);
  }
  async findByContent(content: string): Promise<DecompositionPattern[]> {
    const needle = content.toLowerCase();
    return this.patterns.filter((p) => p.content.toLowerCase().includes(needle)).map(copy);
  }
}

export class InMemoryMaturityStorage implements MaturityStorage {
  private readonly records: PatternMaturity[] = [];
  private readonly feedback: MaturityFeedback[] = [];

  async store(maturity: PatternMaturity): Promise<void> {
    upsert(this.records, maturity, (m) => m.pattern_id);
  }
  async get(patternId: string): Promise<PatternMaturity | null> {
    const found = this.records.find((m) => m.pattern_id === patternId);
    return found ? copy(found) : null;
  }
  async getAll(): Promise<PatternMaturity[]> {
    return this.records.map(copy);
  }
  async getByState(state: MaturityState): Promise<PatternMaturity[]> {
    return this.records.filter((m) => m.state === state).map(copy);
  }
  async storeFeedback(feedback: MaturityFeedback): Promise<void> {
    this.feedback.push(copy(feedback));
  }
  async getFeedback(patternId: string): Promise<MaturityFeedback[]> {
    return this.feedback.filter((f) => f.pattern_id === patternId).map(copy);
  }
}

/** All four stores in memory. `transaction` just runs the function (no rollback). */
export function createInMemoryLearningStorage(options: { maxFeedback?: number } = {}): LearningStorage {
  return {
    feedback: new InMemoryFeedbackStorage(options.maxFeedback),
    errors: new InMemoryErrorStorage(),
    patterns: new InMemoryPatternStorage(),
    maturity: new InMemoryMaturityStorage(),
    transaction: (fn) => fn(),
    close: () => {},
  };
}
