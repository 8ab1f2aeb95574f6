/**
 * Integration test over the real transcripts in ../shared/corpus/claude-code (read in place).
 * Every expected value below was established by reading the files independently of this code
 * (python3 json/grep over each line), not by running skillpulse:
 * - sessions, client versions and line counts per file;
 * - malformed lines: none. Every line of every file parses as one JSON object, including the
 *   entireio 0e__3fdc072c53 file that SOURCES.md describes as holding a splice: its `}{`
 *   sequences all sit inside strings (Go code, GitHub URL templates), and its line 648 is a prompt
 *   with a pasted raw log, i.e. records inside a string. A reader must not split any of them;
 * - denials (rejections, with the typed reason where given) and interrupts that are not the
 *   client's echo of a rejection;
 * - every skill invocation: Skill tool calls (model, and nested in the subagent file) and
 *   non-built-in slash commands, with the merged /superpowers:write-plan → writing-plans pair
 *   counted once. Built-ins in the corpus (/clear, /model, /mcp, /doctor, /status, /context,
 *   /exit, /init, init) are not invocations.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverTranscripts } from '../src/transcripts/discovery.js';
import { readConversations, type ConversationsRead } from '../src/transcripts/read.js';
import { detectInvocations } from '../src/invocations/detect.js';
import type { Conversation } from '../src/transcripts/types.js';
import { runCliCaptured } from './support/cli.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = path.resolve(repoRoot, '..', 'shared', 'corpus', 'claude-code');

// [file, kind, session id, versions, physical lines, rejections, rejections with a typed reason, interrupts]
const FILES: [string, 'session' | 'subagent', string, string[], number, number, number, number][] = [
  [
    'DRMacIver__claude-reliability__snapshot-tests__tests__coverage-test-fix__transcript.jsonl',
    'session',
    'c64cc478-3430-40fe-8e9c-4ee9986e9754',
    ['2.1.14'],
    38,
    0,
    0,
    0,
  ],
  [
    'DRMacIver__claude-reliability__snapshot-tests__tests__python-to-rust-port__transcript.jsonl',
    'session',
    'c7d3d95c-57f0-4359-8f4b-926a9bef5a3f',
    ['2.1.14'],
    97,
    0,
    0,
    0,
  ],
  [
    'chiphuyen__sniffly__tests__mock-data__-Users-chip-dev-ai-music__ba79134d-b6e9-4867-af0c-6941038c9e4b.jsonl',
    'session',
    'ba79134d-b6e9-4867-af0c-6941038c9e4b',
    ['1.0.17'],
    76,
    0,
    0,
    0,
  ],
  [
    'chiphuyen__sniffly__tests__mock-data__-Users-chip-dev-ai-music__fed8ce56-bc79-401f-a83e-af084253362f.jsonl',
    'session',
    'fed8ce56-bc79-401f-a83e-af084253362f',
    ['1.0.17'],
    21,
    1,
    0,
    0,
  ],
  [
    'chiphuyen__sniffly__tests__mock-data__-Users-chip-dev-ai-music__ff71dbed-a4f2-4284-a4fc-fe2fb90de929.jsonl',
    'session',
    'ff71dbed-a4f2-4284-a4fc-fe2fb90de929',
    [],
    1,
    0,
    0,
    0,
  ],
  [
    'd-kimuson__claude-code-viewer__mock-global-claude-dir__projects__sample-project__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl',
    'session',
    '5c0375b4-57a5-4f26-b12d-d022ee4e51b7',
    ['1.0.108'],
    53,
    0,
    0,
    0,
  ],
  [
    'd-kimuson__claude-code-viewer__mock-global-claude-dir__projects__sample-project__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    'session',
    'fe5e1c67-53e7-4862-81ae-d0e013e3270b',
    ['1.0.98'],
    438,
    0,
    0,
    0,
  ],
  [
    'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl',
    'session',
    '253fd5ef-38bf-4f4a-804a-98df5088a868',
    ['2.1.29'],
    566,
    0,
    0,
    0,
  ],
  [
    'entireio__cli__checkpoints-v1__0e__3fdc072c53__0__full.jsonl',
    'session',
    '1284c080-f9cd-45f8-9942-ff58f5c517e5',
    ['2.1.36', '2.1.37'],
    992,
    4,
    3,
    0,
  ],
  [
    'entireio__cli__checkpoints-v1__bb__781d6f3a8e__0__full.jsonl',
    'session',
    'f6833005-7be4-4178-bb37-a0e9feadc36b',
    ['2.0.76'],
    269,
    2,
    2,
    0,
  ],
  [
    'entireio__cli__checkpoints-v1__d3__7d736cbc10__0__full.jsonl',
    'session',
    '9ff9c26d-319d-4a47-843a-3d60f73295c9',
    ['2.1.4'],
    86,
    0,
    0,
    1,
  ],
  [
    'git-ai-project__git-ai__tests__fixtures__claude-code-with-thinking.jsonl',
    'session',
    'dac34307-159f-4fcd-9c21-35210246ad38',
    ['2.0.69'],
    10,
    0,
    0,
    0,
  ],
  ['git-ai-project__git-ai__tests__fixtures__claude-model-not-last.jsonl', 'session', 'sess-1', ['2.1.114'], 4, 0, 0, 0],
  [
    'git-ai-project__git-ai__tests__fixtures__example-claude-code.jsonl',
    'session',
    'cb947e5b-246e-4253-a953-631f7e464c6b',
    ['1.0.111'],
    38,
    0,
    0,
    1,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-JSSoundRecorder__7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl',
    'session',
    '7acd37a8-2745-4b58-a8a9-46164b22ad9e',
    ['2.0.42'],
    211,
    2,
    1,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-claude-code-log-sample__0d3a8e6f-290f-4105-a327-a2496e5e2a83.jsonl',
    'session',
    '0d3a8e6f-290f-4105-a327-a2496e5e2a83',
    ['1.0.43'],
    68,
    3,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-claude-code-log-sample__4e27c414-a885-46a0-b5c8-d58e1417377d.jsonl',
    'session',
    '4e27c414-a885-46a0-b5c8-d58e1417377d',
    [],
    1,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-claude-code-log-sample__4fe49c7c-ff82-4ac7-b3f2-79c22036bd58.jsonl',
    'session',
    '4fe49c7c-ff82-4ac7-b3f2-79c22036bd58',
    [],
    0,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-claude-code-log-sample__b45ad5d8-81fb-4bcb-baba-19d9f503d731.jsonl',
    'session',
    'b45ad5d8-81fb-4bcb-baba-19d9f503d731',
    ['1.0.55'],
    28,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-claude-code-log-sample__fe869ecb-c176-478f-9734-7e4b8ef12cff.jsonl',
    'session',
    'fe869ecb-c176-478f-9734-7e4b8ef12cff',
    ['1.0.24'],
    111,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-coderabbit-review-helper__agent-659acfed.jsonl',
    'subagent',
    '4227a68e-2b1f-4923-b824-6e04a67f77c1',
    ['2.0.55'],
    1,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-coderabbit-review-helper__agent-668b5ac2.jsonl',
    'subagent',
    '741790a4-4fe2-4644-9a51-fb4482074060',
    ['2.0.37'],
    20,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-coderabbit-review-helper__cb2e607c-c758-415a-8b45-c49e4631906a.jsonl',
    'session',
    'cb2e607c-c758-415a-8b45-c49e4631906a',
    ['2.0.37'],
    292,
    2,
    1,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-danieldemmel-me-next__4379d1bf-ccb1-414e-a856-9791b73f3af2.jsonl',
    'session',
    '4379d1bf-ccb1-414e-a856-9791b73f3af2',
    ['1.0.128'],
    14,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-danieldemmel-me-next__9e953218-585f-4692-89df-9e0747a31c68.jsonl',
    'session',
    '9e953218-585f-4692-89df-9e0747a31c68',
    ['2.0.5'],
    248,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-Users-dain-workspace-danieldemmel-me-next__f852ad25-1024-47da-964e-5eaae5bd6e6a.jsonl',
    'session',
    'f852ad25-1024-47da-964e-5eaae5bd6e6a',
    ['1.0.128'],
    103,
    2,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-experiments-ideas__03eb5929-52b3-4b13-ada3-b93ae35806b8.jsonl',
    'session',
    '03eb5929-52b3-4b13-ada3-b93ae35806b8',
    ['2.1.42'],
    61,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-experiments-worktrees__ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl',
    'session',
    'ef958aa1-0e93-49f0-bb71-150f63befcd1',
    ['2.1.114'],
    180,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-experiments-worktrees__ef958aa1-0e93-49f0-bb71-150f63befcd1__subagents__agent-a52886dc180afb356.jsonl',
    'subagent',
    'ef958aa1-0e93-49f0-bb71-150f63befcd1',
    ['2.1.114'],
    44,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-src-deep-manifest__a7da6a22-facc-4fcd-8bab-f83c87862004.jsonl',
    'session',
    'a7da6a22-facc-4fcd-8bab-f83c87862004',
    ['2.0.55'],
    316,
    1,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-src-deep-manifest__agent-c8d9b115.jsonl',
    'subagent',
    'a7da6a22-facc-4fcd-8bab-f83c87862004',
    ['2.0.55'],
    35,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-src-experiments-claude_p__29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
    'session',
    '29ccd257-68b1-427f-ae5f-6524b7cb6f20',
    ['2.1.17'],
    6,
    0,
    0,
    0,
  ],
  [
    'handgemacht-ai__claude-code-log__-src-experiments-claude_p__29ccd257-68b1-427f-ae5f-6524b7cb6f20__subagents__agent-a2271d1.jsonl',
    'subagent',
    '29ccd257-68b1-427f-ae5f-6524b7cb6f20',
    ['2.1.17'],
    59,
    0,
    0,
    0,
  ],
];

// [file, line, invocation_uuid, skill_id, trigger, args, failed]
const INVOCATIONS: [string, number, string, string, string, string | null, boolean][] = [
  [
    'd-kimuson__claude-code-viewer__mock-global-claude-dir__projects__sample-project__5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl',
    1,
    '5877060c-0a35-4f68-90a6-fdaa3727859a',
    'orchestrator',
    'user-slash',
    '@CLAUDE.md を最新の状態にアップデートしてください',
    false,
  ],
  [
    'd-kimuson__claude-code-viewer__mock-global-claude-dir__projects__sample-project__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    2,
    '62e0bdc0-a1e4-4d5c-8509-3b9d0d57cc67',
    'orchestrator',
    'user-slash',
    'create TODO app by Next.js',
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl',
    109,
    'b7b755ce-3c02-4af6-9d42-037ee794279b',
    'superpowers:writing-plans',
    'user-slash',
    "let's write a short plan for this - it's not huge right?\n\nyeah if there's no local branch check for the remote then create the local branch if it doesn't exist.\n\nQ: is there a sync operation we'd need to do if we're behind as well?",
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl',
    161,
    '2d6c81de-f032-44a8-a6cf-236f4d6e778a',
    'superpowers:subagent-driven-development',
    'model',
    null,
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl',
    522,
    'd2f835f7-4ee9-406b-b69a-8d3922b2ed1d',
    'superpowers:finishing-a-development-branch',
    'model',
    null,
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__0e__3fdc072c53__0__full.jsonl',
    159,
    '1546da02-3340-4f85-8f2f-452138cbc005',
    'github-pr-review',
    'model',
    null,
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__0e__3fdc072c53__0__full.jsonl',
    235,
    '88efac8e-b691-4dee-ac96-e20bffcce808',
    'github-pr-review',
    'model',
    null,
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__0e__3fdc072c53__0__full.jsonl',
    505,
    'f6ae1287-0a45-46cc-ac2d-82f69ede7795',
    'github-pr-review',
    'user-slash',
    null,
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__bb__781d6f3a8e__0__full.jsonl',
    9,
    'fffdfb77-d4af-4a3d-9057-39ee80389be3',
    'test-repo',
    'model',
    'manual-commit',
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__d3__7d736cbc10__0__full.jsonl',
    2,
    'ec7f820b-a966-4ab3-9e61-6a82e07f15a5',
    'workflows:plan',
    'user-slash',
    'read as a input the file posthog-cli-telemetry-implementation as a entry point of what I need to implement. I want to use posthog to send telemetry of the usage of our cobra commands.',
    false,
  ],
  [
    'entireio__cli__checkpoints-v1__d3__7d736cbc10__0__full.jsonl',
    41,
    '9630917b-fd03-4c43-81ad-eb54db8472eb',
    'entire-engineering:workflows:plan_review',
    'model',
    'plans/posthog-telemetry-integration.md',
    true,
  ],
  [
    'entireio__cli__checkpoints-v1__d3__7d736cbc10__0__full.jsonl',
    45,
    'c6dcf2f9-6c47-419f-ad58-7ff8ea17f7ed',
    'plan_review',
    'model',
    'plans/posthog-telemetry-integration.md',
    false,
  ],
  [
    'handgemacht-ai__claude-code-log__-experiments-worktrees__ef958aa1-0e93-49f0-bb71-150f63befcd1__subagents__agent-a52886dc180afb356.jsonl',
    5,
    'a36f38ff-c91a-42e3-843a-3f1c8f1390b1',
    'my-worktree-actors',
    'nested',
    null,
    false,
  ],
];

let read: ConversationsRead;
beforeAll(async () => {
  const discovery = await discoverTranscripts({ paths: [corpus] });
  read = await readConversations(discovery.files);
});

const byFile = (name: string): Conversation[] => read.conversations.filter((c) => path.basename(c.file) === name);

describe('the shared corpus', () => {
  it('holds exactly the files listed, every one read without an issue', () => {
    // Discovery order: main-thread files by name, then the folder's subagent files (flattened here).
    const names = FILES.map((f) => f[0]);
    const ordered = [
      ...names.filter((n) => !/(^|__)agent-[^_]*\.jsonl$/.test(n)),
      ...names.filter((n) => /(^|__)agent-[^_]*\.jsonl$/.test(n)),
    ];
    expect(read.files.map((f) => path.basename(f.file))).toEqual(ordered);
    expect(read.issues).toEqual([]);
    expect(read.stats.malformed).toBe(0);
    expect(read.stats.recovered).toBe(0);
    expect(read.stats.duplicates).toBe(0);
    expect(read.stats.lines).toBe(FILES.reduce((n, f) => n + f[4], 0));
    expect(read.stats.prefiltered + read.stats.parsed).toBeLessThanOrEqual(read.stats.lines);
  });

  it.each(FILES)('%s: kind, session, versions, lines', (name, kind, sessionId, versions, lines) => {
    const result = read.files.find((f) => path.basename(f.file) === name);
    expect(result?.stats.lines).toBe(lines);
    const [main] = byFile(name);
    expect(main?.kind).toBe(kind);
    expect(main?.sessionId).toBe(sessionId);
    expect(
      byFile(name)
        .flatMap((c) => c.versions)
        .filter((v, i, all) => all.indexOf(v) === i),
    ).toEqual(versions);
  });

  it.each(FILES)('%s: denials and interrupts', (name, _kind, _sid, _versions, _lines, rejections, withReason, interrupts) => {
    // Main threads only: the counts above were taken over lines without isSidechain.
    const turns = byFile(name)
      .filter((c) => c.kind === 'session')
      .flatMap((c) => c.events.flatMap((e) => (e.type === 'human' ? [e.turn] : [])));
    expect(turns.filter((t) => t.kind === 'denial')).toHaveLength(rejections);
    expect(turns.filter((t) => t.kind === 'denial' && t.text !== '')).toHaveLength(withReason);
    expect(turns.filter((t) => t.kind === 'interrupt')).toHaveLength(interrupts);
  });

  it('finds every skill invocation with its id, skill and trigger, and no built-in command', () => {
    const found = read.conversations.flatMap((c) => detectInvocations(c));
    expect(
      found.map(({ invocation: i, line }) => [path.basename(i.file), line, i.invocation_uuid, i.skill_id, i.trigger, i.args, i.failed]),
    ).toEqual(INVOCATIONS);
    const failed = found.find((f) => f.invocation.failed);
    expect(failed?.invocation.failure_reason).toBe('Unknown skill: entire-engineering:workflows:plan_review');
  });

  it('gives the same skill body the same version wherever and however it was invoked', () => {
    const found = read.conversations.flatMap((c) => detectInvocations(c));
    const versions = found.filter((f) => f.invocation.skill_id === 'github-pr-review').map((f) => f.invocation.skill_version);
    expect(versions).toHaveLength(3);
    expect(new Set(versions).size).toBe(1);
    expect(versions[0]).toMatch(/^[0-9a-f]{12}$/);
    // Command-style bodies (no "Base directory" line) and slash commands without a body carry none.
    expect(found.filter((f) => f.invocation.skill_version === null).map((f) => f.invocation.skill_id)).toEqual([
      'orchestrator',
      'orchestrator',
      'workflows:plan',
      'entire-engineering:workflows:plan_review',
      'plan_review',
    ]);
  });

  it('links subagent transcripts and inline sidechain threads to their sessions', () => {
    const worktrees = byFile('handgemacht-ai__claude-code-log__-experiments-worktrees__ef958aa1-0e93-49f0-bb71-150f63befcd1.jsonl')[0];
    expect(worktrees?.subagents.find((s) => s.agentId === 'a52886dc180afb356')).toMatchObject({
      spawnedBy: 'toolu_016neBD9WjCCZqzRTP3afGDT',
      inline: false,
      file: expect.stringContaining('agent-a52886dc180afb356.jsonl'),
    });
    expect(worktrees?.subagents).toHaveLength(6);
    const inline = byFile(
      'd-kimuson__claude-code-viewer__mock-global-claude-dir__projects__sample-project__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl',
    );
    expect(inline.map((c) => c.kind)).toEqual(['session', 'subagent', 'subagent', 'subagent', 'subagent', 'subagent']);
    expect(inline[0]?.subagents.every((s) => s.inline && s.spawnedBy?.startsWith('toolu_'))).toBe(true);
  });

  it('keeps no queued message that became a normal prompt (all corpus enqueues were dequeued)', () => {
    const queued = read.conversations.flatMap((c) => c.events.filter((e) => e.type === 'human' && e.turn.kind === 'queued'));
    expect(queued).toEqual([]);
  });
});

describe('skillpulse invocations --sessions <corpus> --json', () => {
  it('prints one JSON array with exactly the contract fields, every invocation and no built-in', async () => {
    const run = await runCliCaptured(['invocations', '--sessions', corpus, '--json']);
    expect(run.code).toBe(0);
    const list = JSON.parse(run.stdout) as Record<string, unknown>[];
    expect(list.map((i) => [i.invocation_uuid, i.skill_id, i.trigger])).toEqual(INVOCATIONS.map((i) => [i[2], i[3], i[4]]));
    for (const item of list) {
      expect(Object.keys(item)).toEqual([
        'invocation_uuid',
        'session_id',
        'skill_id',
        'trigger',
        'args',
        'timestamp',
        'failed',
        'failure_reason',
        'skill_version',
        'file',
      ]);
    }
    expect(run.stderr).toBe('');
  });

  it('filters by --skill', async () => {
    const run = await runCliCaptured(['invocations', '--sessions', corpus, '--json', '--skill', 'github-pr-review']);
    expect((JSON.parse(run.stdout) as unknown[]).length).toBe(3);
  });
});
