import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { HEALTH_TOOLS } from './health-tools.js';
import type { McpContext } from './server.js';
import { upsertFeedbackEvents } from '../store/events-store.js';
import { openStore } from '../store/store.js';

const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'claude-code');
const SKILL = 'superpowers:writing-plans';

let home: string;
let project: string;
let context: McpContext;

function tool(name: string) {
  const found = HEALTH_TOOLS.find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
}

async function run(name: string, args: Record<string, unknown>) {
  const result = await tool(name).run(args, context);
  const first = result.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return { isError: result.isError === true, text };
}

// biome-ignore lint/suspicious/noExplicitAny: JSON payloads, checked field by field by the assertions
async function json(name: string, args: Record<string, unknown>): Promise<any> {
  const result = await run(name, args);
  expect(result.isError, result.text).toBe(false);
  return JSON.parse(result.text);
}

function writeUserConfig(value: unknown): void {
  writeFileSync(join(home, '.skillpulse', 'config.json'), JSON.stringify(value));
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'skillpulse-mcp-health-'));
  project = join(home, 'work', 'project');
  mkdirSync(project, { recursive: true });
  mkdirSync(join(home, '.skillpulse'), { recursive: true });
  const env = { HOME: home, SKILLPULSE_HOME: join(home, '.skillpulse'), NO_COLOR: '1' };
  const scan = await runCliCaptured(['scan', '--sessions', join(corpus, 'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl')], {
    env,
  });
  expect(scan.code, scan.stderr).toBe(0);
  context = { env, cwd: project, now: () => new Date('2026-11-21T12:00:00Z') };
}, 60_000);

afterAll(() => {
  rmSync(home, { recursive: true, force: true });
});

describe('MCP health tools: minInvocations from the config', () => {
  it('skill_health, skills_needing_attention and analyze_skill use the merged config, and an argument overrides it', async () => {
    rmSync(join(home, '.skillpulse', 'config.json'), { force: true });
    const base = await json('skill_health', { skill: SKILL });
    const classified: number = base.implicit.sample_size;
    expect(classified).toBeGreaterThan(0);
    // Without a config the built-in default (5) decides.
    expect(base.implicit.sufficient_data).toBe(classified >= 5);

    // A user config asking for more than there is: the rate no longer counts as sufficient.
    writeUserConfig({ minInvocations: classified + 1 });
    expect((await json('skill_health', { skill: SKILL })).implicit.sufficient_data).toBe(false);
    const listed = await json('skill_health', {});
    const row = listed.skills.find((s: { skill_id: string }) => s.skill_id === SKILL);
    expect(row.implicit.sufficient_data).toBe(false);
    expect((await json('analyze_skill', { skill: SKILL })).health.implicit.sufficient_data).toBe(false);
    // The argument wins over the config.
    expect((await json('skill_health', { skill: SKILL, minInvocations: classified })).implicit.sufficient_data).toBe(true);

    // A project config (found from the working folder) wins over the user config.
    mkdirSync(join(project, '.skillpulse'), { recursive: true });
    writeFileSync(join(project, '.skillpulse', 'config.json'), JSON.stringify({ minInvocations: 1 }));
    try {
      expect((await json('skill_health', { skill: SKILL })).implicit.sufficient_data).toBe(true);
    } finally {
      rmSync(join(project, '.skillpulse'), { recursive: true, force: true });
    }
  });

  it('skills_needing_attention: a high correction rate counts once the configured minimum of reactions is reached', async () => {
    // Three corrections, long ago (no recent trend, maturity evidence decayed): only the rate can flag the skill.
    const db = openStore(join(home, '.skillpulse', 'skillpulse.db'));
    try {
      const long = new Date(context.now().getTime() - 400 * 86_400_000).toISOString();
      upsertFeedbackEvents(
        db,
        [1, 2, 3].map((i) => ({
          event_id: `flaky${i}`.padEnd(16, '0'),
          timestamp: long,
          session_id: 'sess-flaky',
          skill_id: 'flaky',
          invocation_uuid: `inv-flaky-${i}`,
          outcome: 'correction',
          confidence: 0.9,
          correction_type: 'rejection',
          user_message_snippet: '',
          turns_to_feedback: 1,
          ai_tools_used: [],
          dimension_hint: 'accuracy',
        })),
        { file: '/flaky.jsonl' },
      );
    } finally {
      db.close();
    }
    const flagged = async () => {
      const body = await json('skills_needing_attention', { limit: 50 });
      return body.skills.find((s: { skill_id: string }) => s.skill_id === 'flaky');
    };

    rmSync(join(home, '.skillpulse', 'config.json'), { force: true });
    expect(await flagged()).toBeUndefined(); // 3 < the default 5
    writeUserConfig({ minInvocations: 3 });
    expect(await flagged()).toMatchObject({ classified: 3, sufficient_data: true, correction_rate: 1 });
    expect((await flagged()).reasons.join(' ')).toContain('correction rate 1.00 over 3 classified reactions');
    writeUserConfig({ minInvocations: 4 });
    expect(await flagged()).toBeUndefined();
    // The argument wins over the config.
    expect(await json('skills_needing_attention', { limit: 50, minInvocations: 3 }).then((b) => b.needing_attention)).toBeGreaterThan(0);
  });

  it('a broken config file is the call’s error (the server turns it into an isError result), naming file and field', async () => {
    const file = join(home, '.skillpulse', 'config.json');
    writeFileSync(file, '{"minInvocations": "five"}');
    await expect(tool('skill_health').run({ skill: SKILL }, context)).rejects.toMatchObject({
      code: 'CONFIG',
      location: { file, field: 'minInvocations' },
    });
    // Given as an argument, the config is not needed.
    expect((await json('skill_health', { skill: SKILL, minInvocations: 1 })).implicit.sufficient_data).toBe(true);
  });
});
