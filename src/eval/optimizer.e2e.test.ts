/**
 * The optimiser end to end: trigger runs by the real client against the scripted API, rewrites by
 * `claude -p` against the same server. The scripted model triggers on a query when the listed
 * description mentions one of the query's keywords; the scripted rewriter adds the keywords of the
 * failed train queries it is shown. The recorded rewrite prompts prove the test set stays hidden.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeClient } from '../../test/support/claude-client.js';
import { runCliCaptured } from '../../test/support/cli.js';
import { type EvalSandbox, evalSandbox } from '../../test/support/eval-scripts.js';
import { type RequestContext, reply, type ScriptedApi, say, skillCall, startScriptedApi } from '../../test/support/scripted-api/index.js';
import type { OptimizeResult } from './optimizer.js';
import { splitEvalSet } from './split.js';

const SKILL = 'invoice-kit';
const ORIGINAL = 'Use this skill to total invoice amounts.';
const KEYWORDS: Record<string, string[]> = {
  'invoice: total the march invoices': ['invoice'],
  'receipt: scan this receipt for my expense report': ['receipt'],
  'vat: check the VAT on these bills': ['vat', 'bills'],
  'ledger: reconcile the ledger with the bank statement': ['ledger'],
  'weather: will it rain tomorrow in Lyon': [],
  'haiku: write a haiku about autumn leaves': [],
  'regex: explain what this regex matches': [],
  'git: show me the last five commits': [],
};
const ITEMS = Object.entries(KEYWORDS).map(([query, kws]) => ({ query, should_trigger: kws.length > 0 }));

const BEAM_SKILL = 'beam-kit';

function listed(ctx: RequestContext): { skill: string; description: string } {
  const match = new RegExp(`- (${SKILL}|${BEAM_SKILL}): (.*?)\\\\n`).exec(JSON.stringify(ctx.body));
  return match ? { skill: match[1]!, description: match[2]!.toLowerCase() } : { skill: SKILL, description: '' };
}

describe.skipIf(!claudeClient)('eval optimize against the real client (e2e)', () => {
  let api: ScriptedApi;
  let box: EvalSandbox;
  const rewritePrompts: string[] = [];
  let beamRewrites = 0;

  beforeAll(async () => {
    box = await evalSandbox(SKILL, ORIGINAL, ITEMS);
    api = await startScriptedApi({
      respond: (ctx) => {
        if (ctx.toolResults.some((r) => r.toolName === 'Skill')) return say('Done.');
        const kws = KEYWORDS[ctx.firstUserText.trim()] ?? [];
        const { skill, description } = listed(ctx);
        return kws.some((k) => description.includes(k)) ? reply(skillCall(skill)) : say('A plain answer.');
      },
      side: (ctx) => {
        const prompt = ctx.lastUserText;
        if (!prompt.includes('<current_description>')) return say('Scripted session');
        if (prompt.includes(`skill "${BEAM_SKILL}"`)) {
          beamRewrites++;
          return say(`<new_description>Variant ${beamRewrites}: use it for paperwork.</new_description>`);
        }
        rewritePrompts.push(prompt);
        const current = /<current_description>"([\s\S]*?)"<\/current_description>/.exec(prompt)?.[1] ?? '';
        const failed = [...prompt.matchAll(/^ {2}- "([a-z]+):/gm)].map((m) => m[1]!);
        return say(`Here you go.\n<new_description>${current} Also use it for ${failed.join(', ')} work, and for bills.</new_description>`);
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await box?.cleanup();
  });

  it('improves train, picks the best by test, never shows the test set to the rewriter, and applies with a backup', async () => {
    const run = await runCliCaptured(
      [
        'eval',
        'optimize',
        '--skill-path',
        box.skillDir,
        '--eval-set',
        box.evalSetFile,
        '--runs-per-query',
        '1',
        '--max-iterations',
        '3',
        '--claude-bin',
        claudeClient!,
        '--apply',
        '--json',
      ],
      { env: box.env(api.url), cwd: box.root },
    );
    expect(run.stderr).not.toMatch(/internal error/);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as OptimizeResult & { applied: { file: string; backup: string } | null };
    // The split is skill-creator's for seed 42.
    const split = splitEvalSet(ITEMS, 0.4, 42);
    expect(out.split).toEqual({ train: split.train.map((i) => i.query), test: split.test.map((i) => i.query) });
    expect([out.train_size, out.test_size]).toEqual([6, 2]);
    // Iteration 1 fails some train positives; the rewrite adds their keywords; iteration 2 passes all train.
    expect(out.history).toHaveLength(2);
    expect(out.history[0]!.train_passed).toBeLessThan(6);
    expect(out.history[1]!.train_passed).toBe(6);
    expect(out.exit_reason).toBe('all_passed (iteration 2)');
    expect(out.rewrites).toHaveLength(1);
    expect(out.history[1]!.parent).toBe(0);
    // Best by test score, earliest on ties.
    const tests = out.history.map((h) => h.test_passed ?? 0);
    const bestIdx = tests.indexOf(Math.max(...tests));
    expect(out.best_index).toBe(bestIdx);
    expect(out.best_description).toBe(out.history[bestIdx]!.description);
    expect(out.best_score).toBe(`${out.history[bestIdx]!.test_passed}/2`);
    // Blinding: the rewriter saw train queries and their outcomes, nothing of the test set.
    expect(rewritePrompts).toHaveLength(1);
    const prompt = rewritePrompts[0]!;
    for (const q of out.split.test) expect(prompt).not.toContain(q);
    for (const q of out.split.test) expect(prompt).not.toContain(q.slice(0, 20));
    expect(prompt).not.toMatch(/test/i);
    expect(prompt).toContain(`Current scores (Train: ${out.history[0]!.train_passed}/6):`);
    expect(prompt).toMatch(/run 1: answered: "A plain answer\."/);
    for (const q of out.split.train) expect(prompt).toContain(q.slice(0, 60));
    // --apply wrote the best description (when it differs) and kept the original as a backup.
    const skillText = await readFile(path.join(box.skillDir, 'SKILL.md'), 'utf8');
    if (out.best_description !== ORIGINAL) {
      expect(out.applied).not.toBeNull();
      expect(skillText).toContain(out.best_description);
      expect(await readFile(out.applied!.backup, 'utf8')).toContain(ORIGINAL);
    } else {
      expect(out.applied).toBeNull();
      expect(skillText).toContain(ORIGINAL);
    }
    console.info(
      `e2e optimize: train ${out.history.map((h) => h.train_passed).join('→')}/6, test ${out.history.map((h) => h.test_passed).join('→')}/2, best #${out.best_index + 1}, applied ${out.applied !== null}`,
    );
    expect((await readdir(box.tmp)).filter((f) => f.startsWith('skillpulse-'))).toEqual([]);
  }, 180_000);

  it('with --beam 2 the best two candidates by train score each get a rewrite per round', async () => {
    const beamBox = await evalSandbox(BEAM_SKILL, ORIGINAL, ITEMS.slice(0, 2).concat(ITEMS.slice(4, 6)));
    try {
      const run = await runCliCaptured(
        [
          'eval',
          'optimize',
          '--skill-path',
          beamBox.skillDir,
          '--eval-set',
          beamBox.evalSetFile,
          '--runs-per-query',
          '1',
          '--max-iterations',
          '3',
          '--beam',
          '2',
          '--holdout',
          '0',
          '--claude-bin',
          claudeClient!,
          '--json',
        ],
        { env: beamBox.env(api.url), cwd: beamBox.root },
      );
      expect(run.stderr).not.toMatch(/internal error/);
      expect(run.code).toBe(0);
      const out = JSON.parse(run.stdout) as OptimizeResult;
      expect(out.exit_reason).toBe('max_iterations (3)');
      expect(out.history.map((h) => [h.iteration, h.parent])).toEqual([
        [1, null],
        [2, 0],
        [3, 0],
        [3, 1],
      ]);
      expect(out.rewrites.map((r) => [r.iteration, r.parent])).toEqual([
        [1, 0],
        [2, 0],
        [2, 1],
      ]);
      // Holdout 0: no test set, the best is chosen by train score (earliest on ties).
      expect(out.test_size).toBe(0);
      expect(out.best_test_score).toBeNull();
      expect(out.best_index).toBe(0);
      expect(out.best_score).toBe(`${out.history[0]!.train_passed}/4`);
    } finally {
      await beamBox.cleanup();
    }
  }, 180_000);
});
