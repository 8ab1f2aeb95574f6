/**
 * The transcript engine over fixtures written by the real Claude Code client (2.1.330) against a
 * scripted Messages API (test/fixtures/real-client, made by the fixture generator). Expected values
 * were read off the files independently (python3 over each line), not produced by this code.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { detectInvocations, type DetectedInvocation } from '../src/invocations/detect.js';
import { discoverTranscripts } from '../src/transcripts/discovery.js';
import { readConversations, type ConversationsRead } from '../src/transcripts/read.js';
import type { HumanTurn } from '../src/transcripts/types.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(repoRoot, 'test', 'fixtures', 'real-client');
const scenarioOf = (file: string) => path.relative(fixtures, file).split(path.sep)[0];

// [scenario, invocation_uuid, skill_id, trigger, args, failed]
const EXPECTED: [string, string, string, string, string | null, boolean][] = [
  ['followups-en-moveon', '57fb1107-ee03-4ab2-a5e9-52ad816a2935', 'api-docs', 'model', 'orders', false],
  ['followups-en-traps', '5d597cc8-819d-454d-8bb7-ccb29c76d0d8', 'test-writer', 'model', 'parser', false],
  ['followups-zh-mixed', '7b164713-9d0f-4e46-a14d-827792cac662', 'commit-msg', 'model', null, false],
  ['followups-zh-mixed', 'ded627a0-df82-4201-9ac6-c3fc76f90329', 'commit-msg', 'user-slash', '包含测试的改动', false],
  ['followups-zh-redo', '118e5d18-4a6a-40e8-8811-8fd047210e24', 'commit-msg', 'model', null, false],
  ['git-reverts', 'd66c37a2-0964-423b-aef3-b2eeb235ce45', 'refactor', 'model', null, false],
  ['interactive-denial-interrupt', 'a8d009c0-db0f-4c9a-97f5-662280fb25a7', 'cleanup', 'model', null, false],
  ['interactive-denial-interrupt', '8f991162-6468-4628-bf52-172511edc72e', 'cleanup', 'model', 'caches', false],
  ['plugin-skill', '7fc330e3-af36-46ed-8441-813fdddb2bca', 'toolbox:lint-fix', 'model', 'src', false],
  ['plugin-skill', 'effa65f2-9cb9-4857-8cd4-8330287faefe', 'toolbox:lint-fix', 'user-slash', 'tests', false],
  ['skill-tool-args', 'e31669fd-cb72-48d1-b02c-02a6722f2866', 'changelog', 'model', 'v2.3.0', false],
  ['slash-user-skill', '6634fc6e-8b33-47cc-85b6-bad3c22a820e', 'standup', 'user-slash', 'yesterday', false],
  // A user skill named like the built-in /release-notes: it counts because the client injected its body.
  ['subagent-skill', 'f98e2f74-4f6b-45ae-98ae-46995e31f828', 'release-notes', 'nested', 'v1.4', false],
  ['tool-denied-print-mode', '249c4683-1bb3-4774-9898-a908b563c562', 'cleanup', 'model', null, false],
  ['two-skills-one-response', '43c3b8ee-40f8-4d67-88a3-5bfe4d239b2d', 'format-code', 'model', null, false],
  ['two-skills-one-response', '8814dded-dee5-428d-853d-f68f0d9e2b47', 'lint-code', 'model', null, false],
  ['unknown-skill', '436459a5-4d09-48bb-ab15-675e3c14fec5', 'deploy-staging', 'model', null, true],
  ['unknown-skill', 'f51d3bbe-3eef-4c36-8893-6b60b13cf141', 'deploy', 'model', 'staging', false],
];

let read: ConversationsRead;
let found: DetectedInvocation[];
beforeAll(async () => {
  const discovery = await discoverTranscripts({ paths: [fixtures] });
  read = await readConversations(discovery.files);
  found = read.conversations.flatMap((c) => detectInvocations(c));
});

function humansOf(scenario: string): HumanTurn[] {
  return read.conversations
    .filter((c) => c.kind === 'session' && scenarioOf(c.file) === scenario)
    .flatMap((c) => c.events.flatMap((e) => (e.type === 'human' ? [e.turn] : [])));
}

describe('real-client (2.1.330) fixtures', () => {
  it('reads every file without an issue', () => {
    expect(read.files.length).toBeGreaterThanOrEqual(14);
    expect(read.issues).toEqual([]);
    expect(read.conversations.every((c) => c.versions.every((v) => v === '2.1.330'))).toBe(true);
  });

  it('finds every skill invocation with its id, skill, trigger and args', () => {
    const actual = found.map(({ invocation: i }) => [scenarioOf(i.file), i.invocation_uuid, i.skill_id, i.trigger, i.args, i.failed]);
    for (const row of EXPECTED) expect(actual).toContainEqual(row);
    expect(actual.filter((row) => EXPECTED.some((e) => e[0] === row[0]))).toHaveLength(EXPECTED.length);
  });

  it('hashes the same skill body to the same version across install paths and args, re-invocations included', () => {
    // The engine's own scenarios (EXPECTED); later accuracy scenarios reuse the skill name with other bodies.
    const cleanup = found.filter(
      (f) => f.invocation.skill_id === 'cleanup' && EXPECTED.some((e) => e[0] === scenarioOf(f.invocation.file)),
    );
    expect(cleanup.map((f) => f.invocation.file).filter((v, i, a) => a.indexOf(v) === i)).toHaveLength(2);
    expect(new Set(cleanup.map((f) => f.invocation.skill_version)).size).toBe(1);
    expect(cleanup.map((f) => f.reinvocation)).toEqual([false, true, false]);
    const unknown = found.find((f) => f.invocation.skill_id === 'deploy-staging');
    expect(unknown?.invocation.failure_reason).toBe('Unknown skill: deploy-staging');
    expect(unknown?.invocation.skill_version).toBeNull();
  });

  it('reads the interactive denial with its typed reason and the Esc interrupt', () => {
    const turns = humansOf('interactive-denial-interrupt').map((t) => [t.kind, t.text]);
    expect(turns).toContainEqual(['denial', 'keep dist, the release build lives there']);
    expect(turns).toContainEqual(['interrupt', '']);
    expect(turns).toContainEqual(['prompt', 'stop, I said only the .cache folder, not a lecture']);
  });

  it('does not take the -p permission refusal for a human denial', () => {
    expect(humansOf('tool-denied-print-mode').filter((t) => t.kind === 'denial')).toEqual([]);
  });

  it('links the subagent transcript through its .meta.json sidecar', () => {
    const parent = read.conversations.find((c) => c.kind === 'session' && scenarioOf(c.file) === 'subagent-skill');
    expect(parent?.subagents).toContainEqual(
      expect.objectContaining({
        agentId: 'aa56714258ff5993a',
        spawnedBy: 'toolu_017fXVvt5Psh1XBF9042EQQc',
        inline: false,
        file: expect.stringContaining('agent-aa56714258ff5993a.jsonl'),
      }),
    );
  });
});
