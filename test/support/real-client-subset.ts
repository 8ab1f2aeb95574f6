/**
 * A fixed, representative subset of the real-client fixtures (test/fixtures/real-client) for tests
 * that read whole folders of them: every blind round adds ~80 sessions there, and a test that
 * scans, reads or runs CLI commands over all of them grows slower with each round while a new round
 * of the same shapes adds no new code path. ~320 sessions:
 * - every scenario outside the numbered rounds: the engine's own (slash commands, a plugin skill,
 *   a nested skill in a subagent, git reverts, an unknown skill, a -p denial, the interactive
 *   denial and Esc interrupt, two skills in one response, en and zh follow-ups) and the first
 *   labeled feedback sets fb-* and fb2-* (en and zh, both interactive deny-and-interrupt sessions);
 * - rounds 3 and 4: the other interactive deny-and-interrupt sessions (en and zh), the most user
 *   slash commands and multi-invocation sessions of any round;
 * - round 33: sessions written on 2026-12-01 after 22:00, later than the `--now` the tests use.
 * The engine's sessions were written before 2026-11-21T15:45Z and all others after it.
 */
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './child.js';

export const REAL_CLIENT_DIR = join(repoRoot, 'test', 'fixtures', 'real-client');

/** Whether a real-client scenario folder belongs to the subset. */
export function inRealClientSubset(scenario: string): boolean {
  const round = /^r(\d+)-/.exec(scenario)?.[1];
  return round === undefined || round === '3' || round === '4' || round === '33';
}

/** The subset's scenario folder names, sorted. */
export function realClientSubset(): string[] {
  return readdirSync(REAL_CLIENT_DIR).filter(inRealClientSubset).sort();
}

/**
 * Makes `dir` (created if missing) a folder of links to the subset's scenario folders, so it reads
 * like test/fixtures/real-client itself; returns `dir`.
 */
export function linkRealClientSubset(dir: string): string {
  mkdirSync(dir, { recursive: true });
  for (const scenario of realClientSubset()) symlinkSync(join(REAL_CLIENT_DIR, scenario), join(dir, scenario), 'dir');
  return dir;
}
