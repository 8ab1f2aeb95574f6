import { mkdtemp, readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../../test/support/cli.js';
import { AgentSdkRunner, type AgentSdkModule, loadAgentSdk } from './agent-sdk.js';
import { TempProjects } from './isolation.js';

const fixtures = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'stream-json');

describe('agent-sdk runner', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sp-sdk-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('reports a missing SDK clearly (it is an optional peer and not installed here)', async () => {
    await expect(loadAgentSdk()).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining('@anthropic-ai/claude-agent-sdk'),
      hint: expect.stringContaining('npm install @anthropic-ai/claude-agent-sdk'),
    });
  });

  it('loads the package folder SKILLPULSE_AGENT_SDK names (entry from its exports, version from package.json)', async () => {
    const dir = path.join(root, 'fake-sdk');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: '@anthropic-ai/claude-agent-sdk',
        version: '9.8.7',
        type: 'module',
        exports: { '.': { types: './x.d.ts', default: './entry.mjs' } },
      }),
    );
    await writeFile(path.join(dir, 'entry.mjs'), 'export function query() { return (async function* () {})(); }\n');
    const sdk = await loadAgentSdk({ env: { SKILLPULSE_AGENT_SDK: dir } });
    expect(sdk.version).toBe('9.8.7');
    expect(typeof sdk.query).toBe('function');
    await expect(loadAgentSdk({ env: { SKILLPULSE_AGENT_SDK: path.join(root, 'nowhere') } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      location: { field: 'SKILLPULSE_AGENT_SDK' },
      message: expect.stringContaining('does not name an installed @anthropic-ai/claude-agent-sdk package folder'),
    });
  });

  it('the CLI exits 4 with one line naming the package when --runner agent-sdk is chosen', async () => {
    const skill = path.join(root, 'skill');
    await mkdir(skill, { recursive: true });
    await writeFile(path.join(skill, 'SKILL.md'), '---\nname: demo\ndescription: Demo\n---\n');
    await writeFile(path.join(root, 'set.json'), '[{"query":"q","should_trigger":true}]');
    const run = await runCliCaptured(
      ['eval', 'trigger', '--skill-path', skill, '--eval-set', path.join(root, 'set.json'), '--runner', 'agent-sdk'],
      {
        env: { HOME: root, NO_COLOR: '1', PATH: '' },
      },
    );
    expect(run.code).toBe(4);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--runner: the agent-sdk runner needs the optional package @anthropic-ai\/claude-agent-sdk/);
  });

  it('feeds SDK messages to the detector, passes isolation options, stops early and cleans up', async () => {
    // The SDK yields the same messages the CLI prints; replay a real recording through a stand-in query().
    const lines = (await readFile(path.join(fixtures, 'triggering.jsonl'), 'utf8')).split('\n').filter((l) => l.trim());
    const manifest = JSON.parse(await readFile(path.join(fixtures, 'triggering.json'), 'utf8')) as { skill: { name: string } };
    const seen: Array<Record<string, unknown>> = [];
    let yielded = 0;
    const sdk: AgentSdkModule = {
      query({ options }) {
        seen.push(options);
        return (async function* () {
          for (const line of lines) {
            yielded++;
            yield JSON.parse(line);
          }
        })();
      },
    };
    const projects = new TempProjects(root);
    const runner = new AgentSdkRunner({ sdk, version: '0.2.0', env: { CLAUDECODE: '1', KEEP: 'x' }, projects });
    const outcome = await runner.run({
      query: 'q',
      skillName: manifest.skill.name,
      skillMd: `---\nname: ${manifest.skill.name}\ndescription: d\n---\n`,
      model: 'claude-x',
      timeoutMs: 10_000,
      policy: 'whole-turn',
    });
    expect(outcome.verdict.kind).toBe('triggered');
    expect(outcome.stoppedEarly).toBe(true);
    expect(yielded).toBeLessThan(lines.length);
    expect(seen[0]).toMatchObject({ includePartialMessages: true, settingSources: ['project'], persistSession: false, model: 'claude-x' });
    expect((seen[0]!.env as Record<string, string>).CLAUDECODE).toBeUndefined();
    expect((seen[0]!.env as Record<string, string>).KEEP).toBe('x');
    expect(await runner.clientVersion()).toBe('sdk-0.2.0');
    expect(projects.pending).toEqual([]);
    expect((await readdir(root)).filter((f) => f.startsWith('skillpulse-eval-'))).toEqual([]);
  });

  it('an SDK failure is an error verdict, not a negative', async () => {
    const sdk: AgentSdkModule = {
      query() {
        return (async function* () {
          yield { type: 'system', subtype: 'init', skills: ['demo'] };
          throw new Error('process exited with code 1');
        })();
      },
    };
    const runner = new AgentSdkRunner({ sdk, version: '0.2.0', env: {}, projects: new TempProjects(root) });
    const outcome = await runner.run({
      query: 'q',
      skillName: 'demo',
      skillMd: '---\nname: demo\ndescription: d\n---\n',
      model: undefined,
      timeoutMs: 10_000,
      policy: 'whole-turn',
    });
    expect(outcome.verdict).toEqual({ kind: 'error', message: 'the agent SDK failed: process exited with code 1' });
  });
});
