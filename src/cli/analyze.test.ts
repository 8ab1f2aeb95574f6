import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';

/** Vector #52: two Skill calls, each followed by a human reaction, in real Claude Code line shapes. */
function session52(): string {
  const lines = [
    {
      type: 'assistant',
      uuid: 'A1',
      parentUuid: null,
      sessionId: 'sess-123',
      timestamp: '2026-11-20T10:00:00Z',
      message: {
        id: 'msg_1',
        role: 'assistant',
        model: 'claude',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'Skill', input: { skill: 'cpp-expert' } }],
      },
    },
    {
      type: 'user',
      uuid: 'U1',
      parentUuid: 'A1',
      sessionId: 'sess-123',
      userType: 'external',
      timestamp: '2026-11-20T10:01:00Z',
      message: { role: 'user', content: '不对，命名错了' },
    },
    {
      type: 'assistant',
      uuid: 'A2',
      parentUuid: 'U1',
      sessionId: 'sess-123',
      timestamp: '2026-11-20T10:02:00Z',
      message: {
        id: 'msg_2',
        role: 'assistant',
        model: 'claude',
        content: [{ type: 'tool_use', id: 'toolu_2', name: 'Skill', input: { skill: 'deslop' } }],
      },
    },
    {
      type: 'user',
      uuid: 'U2',
      parentUuid: 'A2',
      sessionId: 'sess-123',
      userType: 'external',
      timestamp: '2026-11-20T10:03:00Z',
      message: { role: 'user', content: 'looks good' },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

function setup(parentName = 'work') {
  const root = mkdtempSync(join(tmpdir(), 'an-'));
  const sessions = join(root, parentName, 'projects', '-repo');
  mkdirSync(join(sessions, 'sess-123', 'subagents'), { recursive: true });
  writeFileSync(join(sessions, 'sess-123.jsonl'), session52());
  writeFileSync(join(sessions, 'sess-123', 'subagents', 'agent-abc1234.jsonl'), session52());
  const home = join(root, 'home');
  mkdirSync(home);
  return { root, sessions, home, env: { NO_COLOR: '1', HOME: home } };
}

const LINE1 =
  '{"event_id": "d62328ba0a10931b", "timestamp": "2026-11-20T10:00:00Z", "session_id": "sess-123", "skill_id": "cpp-expert", "invocation_uuid": "A1", "outcome": "correction", "confidence": 0.9, "correction_type": "rejection", "user_message_snippet": "不对，命名错了", "turns_to_feedback": 1, "ai_tools_used": [], "dimension_hint": "accuracy"}';

describe('skillpulse analyze', () => {
  it('#52 writes the two events byte for byte and prints the seed summary; the subagent copy is ignored', async () => {
    const { root, sessions, env } = setup();
    const run = await runCliCaptured(['analyze', '--session-dir', sessions, '--now', '2026-11-21T00:00:00Z'], { env, cwd: root });
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      "Analyzed 2 feedback events\n  Outcomes: {'correction': 1, 'acceptance': 1}\n  Top skills: [('cpp-expert', 1), ('deslop', 1)]\nfeedback-store/feedback.jsonl\n",
    );
    const lines = readFileSync(join(root, 'feedback-store', 'feedback.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(LINE1);
    expect(JSON.parse(lines[1]!)).toMatchObject({
      event_id: '70693926c8b9df72',
      skill_id: 'deslop',
      outcome: 'acceptance',
      confidence: 0.8,
      correction_type: null,
    });
    // A second run adds nothing (dedupe across runs) but reports the same analysis.
    const again = await runCliCaptured(['analyze', '--sessions', sessions, '--now', '2026-11-21T00:00:00Z'], { env, cwd: root });
    expect(again.stdout.split('\n')[0]).toBe('Analyzed 2 feedback events');
    expect(
      readFileSync(join(root, 'feedback-store', 'feedback.jsonl'), 'utf8')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(2);
  });

  it('#53 a session directory below a folder named tmp is analysed', async () => {
    const { root, sessions, env } = setup('tmp');
    const run = await runCliCaptured(['analyze', '--session-dir', sessions, '--output', 'out.jsonl', '--now', '2026-11-21T00:00:00Z'], {
      env,
      cwd: root,
    });
    expect(run.stdout.split('\n')[0]).toBe('Analyzed 2 feedback events');
  });

  it('--no-snippets, --skill-filter and --json', async () => {
    const { root, sessions, env } = setup();
    const run = await runCliCaptured(
      [
        'analyze',
        '--session-dir',
        sessions,
        '--no-snippets',
        '--skill-filter',
        'cpp-expert',
        '--now',
        '2026-11-21T00:00:00Z',
        '--json',
        '--min-invocations',
        '1',
      ],
      { env, cwd: root },
    );
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({ analyzed: 1, outcomes: { correction: 1 }, written: 1, archived: 0 });
    expect(out.metrics[0]).toMatchObject({ skill_id: 'cpp-expert', sufficient_data: true });
    const line = JSON.parse(readFileSync(join(root, 'feedback-store', 'feedback.jsonl'), 'utf8').trim());
    expect(line).toMatchObject({ skill_id: 'cpp-expert', user_message_snippet: '', dimension_hint: 'accuracy' });
  });

  it('archives with a fixed --now into archive/feedback-<today>.jsonl; --archive-days 0 never', async () => {
    const { root, sessions, env } = setup();
    const keep = await runCliCaptured(['analyze', '--session-dir', sessions, '--archive-days', '0', '--now', '2027-12-01'], {
      env,
      cwd: root,
    });
    expect(keep.stdout).not.toContain('Archived');
    const run = await runCliCaptured(['analyze', '--session-dir', sessions, '--now', '2027-12-01'], { env, cwd: root });
    expect(run.stdout).toContain('  Archived 2 old events\n');
    expect(existsSync(join(root, 'feedback-store', 'archive', 'feedback-20271201.jsonl'))).toBe(true);
    expect(readFileSync(join(root, 'feedback-store', 'feedback.jsonl'), 'utf8')).toBe('');
    // Archived events are not re-added by the next run.
    await runCliCaptured(['analyze', '--session-dir', sessions, '--now', '2027-12-02'], { env, cwd: root });
    expect(readFileSync(join(root, 'feedback-store', 'feedback.jsonl'), 'utf8')).toBe('');
  });

  it('#54 opt-out: message, exit 0, nothing written', async () => {
    const { root, sessions, env, home } = setup();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'feedback-config.json'), '{"enabled": false}');
    const run = await runCliCaptured(['analyze', '--session-dir', sessions], { env, cwd: root });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('Feedback collection disabled via feedback-config.json\n');
    expect(existsSync(join(root, 'feedback-store'))).toBe(false);
  });

  it('#75 a malformed opt-out file is reported and the run proceeds', async () => {
    const { root, sessions, env, home } = setup();
    mkdirSync(join(home, '.claude'));
    writeFileSync(join(home, '.claude', 'feedback-config.json'), '[1]');
    const run = await runCliCaptured(['analyze', '--session-dir', sessions, '--now', '2026-11-21'], { env, cwd: root });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(join(home, '.claude', 'feedback-config.json'));
    expect(run.stdout).toContain('Analyzed 2 feedback events');
  });

  it('#55 a missing session directory is an error naming it', async () => {
    const { root, env } = setup();
    const run = await runCliCaptured(['analyze', '--session-dir', 'nope'], { env, cwd: root });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('Session directory not found: nope');
  });

  it('reads the real corpus without failing', async () => {
    const { root, env } = setup();
    const corpus = join(process.cwd(), '..', 'shared', 'corpus', 'claude-code');
    const run = await runCliCaptured(['analyze', '--session-dir', corpus, '--archive-days', '0', '--json', '--quiet'], { env, cwd: root });
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.invocations).toBeGreaterThanOrEqual(10);
    expect(out.nested).toBeGreaterThanOrEqual(1);
  });
});

describe('report, trend, hotspots, show, compare', () => {
  it('report shows rate, interval, trend sparkline and hotspots; --json carries the numbers', async () => {
    const { root, sessions, env } = setup();
    const run = await runCliCaptured(['report', '--sessions', sessions, '--now', '2026-11-21T00:00:00Z', '--min-invocations', '1'], {
      env,
      cwd: root,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('cpp-expert');
    expect(run.stdout).toMatch(/correction rate 1\.00 \[0\.21–1\.00\] \(n=1, corrections=1/);
    expect(run.stdout).toContain('trend ·······█ insufficient data');
    expect(run.stdout).toContain('hotspots accuracy=1');
    const json = JSON.parse(
      (await runCliCaptured(['report', '--sessions', sessions, '--now', '2026-11-21', '--json', '--skill', 'deslop'], { env, cwd: root }))
        .stdout,
    );
    expect(json.skills).toHaveLength(1);
    expect(json.skills[0]).toMatchObject({
      skill_id: 'deslop',
      invocations: 1,
      events: 1,
      correction_rate: { correction_rate: 0, sufficient_data: false },
    });
  });

  it('trend, hotspots and show for one skill', async () => {
    const { root, sessions, env } = setup();
    const trend = JSON.parse(
      (await runCliCaptured(['trend', 'cpp-expert', '--sessions', sessions, '--now', '2026-11-21', '--json'], { env, cwd: root })).stdout,
    );
    expect(trend).toMatchObject({ skill_id: 'cpp-expert', recent_sample: 1, prior_sample: 0, direction: 'insufficient_data' });
    const hot = await runCliCaptured(['hotspots', 'cpp-expert', '--sessions', sessions], { env, cwd: root });
    expect(hot.stdout).toMatch(/^accuracy\s+1$/m);
    const show = await runCliCaptured(['show', 'cpp-expert', '--sessions', sessions], { env, cwd: root });
    expect(show.stdout).toContain('correction/rejection 0.9 [accuracy]');
    expect(show.stdout).toContain('rule rejection: turn 1 (prompt): rejection "不对"');
    expect(show.stdout).toContain('“不对，命名错了”');
    const hidden = await runCliCaptured(['show', 'cpp-expert', '--sessions', sessions, '--no-snippets'], { env, cwd: root });
    expect(hidden.stdout).not.toContain('命名错了');
  });

  it('compare needs --at or --by-version and reports a verdict', async () => {
    const { root, sessions, env } = setup();
    expect((await runCliCaptured(['compare', 'cpp-expert', '--sessions', sessions], { env, cwd: root })).code).toBe(2);
    const run = await runCliCaptured(['compare', 'cpp-expert', '--sessions', sessions, '--at', '2026-11-01', '--json'], { env, cwd: root });
    expect(JSON.parse(run.stdout)).toMatchObject({
      verdict: 'insufficient_data',
      test: 'two-proportion z-test',
      before: { sample_size: 0 },
      after: { sample_size: 1 },
    });
  });
});
