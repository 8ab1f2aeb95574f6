/**
 * Generates real-client fixtures: runs @anthropic-ai/claude-code (never a dependency; see
 * scripts/install-claude-client.sh) against the local scripted Messages API and copies what it
 * writes, unchanged.
 *
 *   npm run fixtures                      # every scenario → test/fixtures/real-client/ (the interactive one needs tmux)
 *   npm run fixtures -- git-reverts       # only the named scenarios
 *   npm run fixtures -- --stream-json     # test/fixtures/stream-json/
 *   npm run fixtures -- --examples        # examples/sessions/
 *   npm run fixtures -- r40-en-a r40-zh-b --quiet   # no per-turn lines (what the person types)
 *   npm run fixtures -- --list
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clientVersion, findClaudeClient, PINNED_CLIENT_VERSION, repoRoot } from '../test/support/claude-client.js';
import { exampleScenarios } from './fixtures/examples.js';
import { runFeedbackInteractive } from './fixtures/feedback-interactive.js';
import { interactiveScenario, runInteractiveScenario } from './fixtures/interactive.js';
import { interactiveItems, printScenarios } from './fixtures/registry.js';
import { runScenario } from './fixtures/run-scenario.js';
import { recordStreamJson } from './fixtures/stream-json.js';

/** Engine scenarios and the labeled feedback-accuracy scenarios. */
const scenarios = printScenarios;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--list')) {
    for (const s of scenarios) process.stdout.write(`${s.name}\t${s.description}\n`);
    return 0;
  }
  const bin = findClaudeClient();
  if (!bin) {
    process.stderr.write(
      'generate-fixtures: no Claude Code client found; run scripts/install-claude-client.sh or set SKILLPULSE_CLAUDE_BIN\n',
    );
    return 2;
  }
  const version = clientVersion(bin);
  if (version !== PINNED_CLIENT_VERSION && !argv.includes('--any-version')) {
    process.stderr.write(
      `generate-fixtures: client ${version} is not the pinned ${PINNED_CLIENT_VERSION} (pass --any-version to use it anyway)\n`,
    );
    return 2;
  }
  const workRoot = path.join(os.tmpdir(), 'skillpulse-fixtures');
  // --quiet: no per-turn lines (they print what the person types: a blind round's author's words stay
  // unread by whoever generates it before it is measured).
  const quiet = argv.includes('--quiet');
  const log = (line: string) => {
    if (!quiet || !line.startsWith('  ')) process.stderr.write(`${line}\n`);
  };
  log(`claude ${version} at ${bin}`);
  if (argv.includes('--stream-json')) {
    const outDir = path.join(repoRoot, 'test', 'fixtures', 'stream-json');
    mkdirSync(outDir, { recursive: true });
    await recordStreamJson({ bin, version, outDir, workRoot, log });
    return 0;
  }
  if (argv.includes('--examples')) {
    const outDir = path.join(repoRoot, 'examples', 'sessions');
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    for (const scenario of exampleScenarios)
      await runScenario(scenario, { bin, version, outDir, workRoot: path.join(os.tmpdir(), 'skillpulse-examples'), log });
    writeFileSync(
      path.join(outDir, 'README.md'),
      `# Example sessions\n\nReal Claude Code ${version} transcripts of a small web-shop project, written by the real client against a scripted local model by \`npm run fixtures -- --examples\` (scripts/generate-fixtures.ts). Each folder holds \`projects/<encoded-cwd>/<session>.jsonl\` and a \`scenario.json\` with what was scripted. skillpulse reads them when you have no transcripts of your own.\n`,
    );
    return 0;
  }
  const names = argv.filter((a) => !a.startsWith('--'));
  const interactiveNames = [interactiveScenario.name, ...interactiveItems.map((s) => s.scenario.name)];
  const unknown = names.filter((n) => !interactiveNames.includes(n) && !scenarios.some((s) => s.name === n));
  if (unknown.length > 0) {
    process.stderr.write(`generate-fixtures: unknown scenario(s): ${unknown.join(', ')} (see --list)\n`);
    return 2;
  }
  const outDir = path.join(repoRoot, 'test', 'fixtures', 'real-client');
  mkdirSync(outDir, { recursive: true });
  let failed = 0;
  for (const scenario of scenarios.filter((s) => names.length === 0 || names.includes(s.name))) {
    try {
      const manifest = await runScenario(scenario, { bin, version, outDir, workRoot, log });
      log(`ok ${scenario.name}: ${manifest.files.length} files, ${manifest.requests.agent} agent requests`);
    } catch (error) {
      failed++;
      log(error instanceof Error ? error.message : String(error));
    }
  }
  if (names.length === 0 || names.includes(interactiveScenario.name)) {
    try {
      await runInteractiveScenario({ bin, version, outDir, workRoot, log });
      log(`ok ${interactiveScenario.name}`);
    } catch (error) {
      failed++;
      log(error instanceof Error ? error.message : String(error));
    }
  }
  for (const item of interactiveItems.filter((s) => names.length === 0 || names.includes(s.scenario.name))) {
    try {
      await runFeedbackInteractive(item, { bin, version, outDir, workRoot, log });
      log(`ok ${item.scenario.name}`);
    } catch (error) {
      failed++;
      log(error instanceof Error ? error.message : String(error));
    }
  }
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`generate-fixtures: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
