/**
 * End to end with the real Claude Code client (skipped when it is not installed): `claude -p`
 * against the local scripted Messages API, with skillpulse's hooks installed in a scratch HOME
 * (once through `skillpulse hooks install`, once as the shipped plugin), ends with the session's
 * invocation and the person's reaction in the store.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeClient, repoRoot, runClaude } from '../../test/support/claude-client.js';
import { runCliCaptured } from '../../test/support/cli.js';
import { type ScriptedApi, reply, say, skillCall, startScriptedApi, text } from '../../test/support/scripted-api/index.js';
import { openStore } from '../store/store.js';

const SKILL = 'pdf-fill';
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cliSource = path.join(repoRoot, 'src', 'cli', 'main.ts');
/** Runs this checkout's CLI from the sources (no build needed). */
const HOOK_COMMAND = `${process.execPath} ${tsxCli} ${cliSource} hook capture`;

interface Scratch {
  root: string;
  home: string;
  project: string;
}

function scratch(): Scratch {
  const root = mkdtempSync(path.join(tmpdir(), 'skillpulse-hook-e2e-'));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  mkdirSync(path.join(project, '.claude', 'skills', SKILL), { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(
    path.join(project, '.claude', 'skills', SKILL, 'SKILL.md'),
    `---\nname: ${SKILL}\ndescription: Fill in PDF forms from a short description of the values.\n---\n\n# PDF fill\n\nRead the form, fill every field, save a copy.\n`,
  );
  return { root, home, project };
}

function storeRows(home: string) {
  const file = path.join(home, '.skillpulse', 'skillpulse.db');
  if (!existsSync(file)) return { invocations: [], events: [] };
  const db = openStore(file);
  try {
    const invocations = db.prepare('SELECT session_id, skill_id, trigger FROM invocations').all() as Array<Record<string, unknown>>;
    const events = (db.prepare('SELECT event_json FROM feedback_events').all() as Array<{ event_json: string }>).map(
      (row) => JSON.parse(row.event_json) as Record<string, unknown>,
    );
    return { invocations, events };
  } finally {
    db.close();
  }
}

describe.skipIf(!claudeClient)('capture hooks with the real client (e2e)', () => {
  let api: ScriptedApi;
  const dirs: string[] = [];

  beforeAll(async () => {
    api = await startScriptedApi([
      {
        id: 'use-skill',
        when: { lastUser: /fill the tax form/ },
        reply: reply(text('I will use the pdf-fill skill.'), skillCall(SKILL, 'tax.pdf')),
      },
      { id: 'after-skill', when: { toolResultOf: 'Skill' }, reply: say('The form is filled and saved as tax-filled.pdf.') },
      { id: 'correction', when: { lastUser: /wrong/ }, reply: say('Sorry, I will fix the date field.') },
    ]);
  });

  afterAll(async () => {
    await api?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function session(box: Scratch, extraArgs: string[], env: Record<string, string> = {}) {
    const first = await runClaude({
      bin: claudeClient!,
      args: ['-p', 'fill the tax form in tax.pdf', '--output-format', 'json', ...extraArgs],
      cwd: box.project,
      home: box.home,
      baseUrl: api.url,
      env,
    });
    expect(first.code, first.stderr).toBe(0);
    const sessionId = (JSON.parse(first.stdout) as { session_id: string }).session_id;
    const afterFirst = storeRows(box.home);
    const second = await runClaude({
      bin: claudeClient!,
      args: ['-p', "no, that's wrong: the date field is still empty", '--output-format', 'json', '--resume', sessionId, ...extraArgs],
      cwd: box.project,
      home: box.home,
      baseUrl: api.url,
      env,
    });
    expect(second.code, second.stderr).toBe(0);
    return { sessionId, afterFirst, afterSecond: storeRows(box.home) };
  }

  it('hooks installed with `skillpulse hooks install` capture the session into the store', async () => {
    const box = scratch();
    dirs.push(box.root);
    const install = await runCliCaptured(['hooks', 'install', '--user', '--command', HOOK_COMMAND], {
      env: { HOME: box.home, NO_COLOR: '1' },
      cwd: box.project,
    });
    expect(install.code, install.stderr).toBe(0);

    const { sessionId, afterFirst, afterSecond } = await session(box, []);
    // After the first turn the Stop/SessionEnd hooks have already stored the invocation.
    expect(afterFirst.invocations).toEqual([{ session_id: sessionId, skill_id: SKILL, trigger: 'model' }]);
    // After the second turn the person's correction is judged and stored.
    const events = afterSecond.events.filter((e) => e.session_id === sessionId && e.skill_id === SKILL);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ outcome: 'correction', turns_to_feedback: 1 });
    expect(String(events[0]?.user_message_snippet)).toContain('wrong');

    const last = JSON.parse(readFileSync(path.join(box.home, '.skillpulse', 'hooks-last.json'), 'utf8'));
    expect(last).toMatchObject({ status: 'captured', sessionId });
    // The hook records how long it took (speed is a benchmark matter, not a timed test: CI machines are shared).
    expect(last.durationMs).toBeGreaterThan(0);
    expect(existsSync(path.join(box.home, '.skillpulse', 'hooks.log'))).toBe(false);
  }, 240_000);

  it('the shipped plugin (--plugin-dir plugin) captures the session too', async () => {
    const box = scratch();
    dirs.push(box.root);
    // The plugin runs `skillpulse` from PATH when its package has no dist/: a shim to the sources.
    const bin = path.join(box.root, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'skillpulse'), `#!/bin/sh\nexec ${process.execPath} ${tsxCli} ${cliSource} "$@"\n`);
    chmodSync(path.join(bin, 'skillpulse'), 0o755);
    // A copy of the plugin outside the package, so its launcher cannot use a (possibly stale) dist/.
    const pluginDir = path.join(box.root, 'plugin');
    cpSync(path.join(repoRoot, 'plugin'), pluginDir, { recursive: true });
    const { sessionId, afterSecond } = await session(box, ['--plugin-dir', pluginDir], {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    });
    expect(afterSecond.invocations).toEqual([{ session_id: sessionId, skill_id: SKILL, trigger: 'model' }]);
    expect(afterSecond.events.filter((e) => e.session_id === sessionId && e.outcome === 'correction')).toHaveLength(1);
  }, 240_000);
});
