import { describe, expect, it } from 'vitest';
import { type DetectPolicy, JsonLineSplitter, TriggerDetector } from './detection.js';

// Vector V2 of the reference, with the candidate installed as a real skill named C.
const C = 'demo-skill-1a2b3c4d';
const se = (event: Record<string, unknown>) => ({ type: 'stream_event', event, parent_tool_use_id: null });
let idx = 0;
const S = (name: string) =>
  se({ type: 'content_block_start', index: idx, content_block: { type: 'tool_use', id: `t${idx}`, name, input: {} } });
const D = (json: string) => se({ type: 'content_block_delta', index: idx, delta: { type: 'input_json_delta', partial_json: json } });
const X = () => se({ type: 'content_block_stop', index: idx++ });
const T = () => se({ type: 'content_block_start', index: idx, content_block: { type: 'text', text: '' } });
const TD = (text: string) => se({ type: 'content_block_delta', index: idx, delta: { type: 'text_delta', text } });
const M = () => se({ type: 'message_stop' });
const R = (extra: Record<string, unknown> = {}) => ({
  type: 'result',
  subtype: 'success',
  is_error: false,
  total_cost_usd: 0.01,
  ...extra,
});

function run(policy: DetectPolicy, events: unknown[]): { verdict: string; decidedAt: number } {
  idx = 0;
  const d = new TriggerDetector({ skillName: C, skillFile: `/tmp/p/.claude/skills/${C}/SKILL.md` }, policy);
  let decidedAt = -1;
  events.forEach((e, i) => {
    d.push(e);
    if (decidedAt === -1 && d.decided) decidedAt = i;
  });
  const verdict = d.verdict ?? d.end('the stream ended before an answer');
  return { verdict: verdict.kind === 'error' ? 'error' : verdict.kind, decidedAt };
}

const both = (events: () => unknown[]) => ({ first: run('first-tool', events()), whole: run('whole-turn', events()) });

describe('TriggerDetector (V2)', () => {
  it('Skill naming the candidate: true at the delta', () => {
    const r = both(() => [S('Skill'), D(`{"skill":"${C}"}`), X(), M(), R()]);
    expect(r.first).toEqual({ verdict: 'triggered', decidedAt: 1 });
    expect(r.whole).toEqual({ verdict: 'triggered', decidedAt: 1 });
  });

  it('split deltas: true at the second delta', () => {
    const r = both(() => [S('Skill'), D('{"skill":"demo-'), D('skill-1a2b3c4d"}'), X(), R()]);
    expect(r.first).toEqual({ verdict: 'triggered', decidedAt: 2 });
    expect(r.whole).toEqual({ verdict: 'triggered', decidedAt: 2 });
  });

  it('Read of the candidate file counts', () => {
    const r = both(() => [S('Read'), D(`{"file_path":"/tmp/p/.claude/skills/${C}/SKILL.md"}`), X(), R()]);
    expect(r.first.verdict).toBe('triggered');
    expect(r.whole.verdict).toBe('triggered');
  });

  it('Read of another file: false (whole-turn only at the result)', () => {
    const r = both(() => [S('Read'), D('{"file_path":"README.md"}'), X(), M(), R()]);
    expect(r.first).toEqual({ verdict: 'not_triggered', decidedAt: 2 });
    expect(r.whole).toEqual({ verdict: 'not_triggered', decidedAt: 4 });
  });

  it('another skill first, then the candidate: first-tool false, whole-turn true (fixed)', () => {
    const r = both(() => [S('Skill'), D('{"skill":"other-skill"}'), X(), S('Skill'), D(`{"skill":"${C}"}`), X(), R()]);
    expect(r.first).toEqual({ verdict: 'not_triggered', decidedAt: 2 });
    expect(r.whole).toEqual({ verdict: 'triggered', decidedAt: 4 });
  });

  it('Bash first, then the candidate: first-tool false at once, whole-turn true (fixed)', () => {
    const r = both(() => [S('Bash'), D('{"command":"ls"}'), X(), S('Skill'), D(`{"skill":"${C}"}`), X(), R()]);
    expect(r.first).toEqual({ verdict: 'not_triggered', decidedAt: 0 });
    expect(r.whole.verdict).toBe('triggered');
  });

  it('text only: false', () => {
    const r = both(() => [T(), TD('Sure, here is'), X(), M(), R()]);
    expect(r.first).toEqual({ verdict: 'not_triggered', decidedAt: 3 });
    expect(r.whole).toEqual({ verdict: 'not_triggered', decidedAt: 4 });
  });

  it('message_stop with no blocks: false', () => {
    expect(run('first-tool', [M()]).verdict).toBe('not_triggered');
    expect(run('whole-turn', [M(), R()]).verdict).toBe('not_triggered');
  });

  it('assistant fallback: a later tool_use in one message', () => {
    const msg = {
      type: 'assistant',
      message: {
        content: [
          { type: 'text', text: 'x' },
          { type: 'tool_use', name: 'Skill', input: { skill: C } },
        ],
      },
    };
    expect(run('first-tool', [msg]).verdict).toBe('triggered');
    expect(run('whole-turn', [msg]).verdict).toBe('triggered');
  });

  it('assistant fallback: Grep first then Read of the candidate (fixed)', () => {
    const msg = {
      type: 'assistant',
      message: {
        content: [
          { type: 'tool_use', name: 'Grep', input: { pattern: 'x' } },
          { type: 'tool_use', name: 'Read', input: { file_path: `/tmp/p/.claude/skills/${C}/SKILL.md` } },
        ],
      },
    };
    expect(run('first-tool', [msg]).verdict).toBe('not_triggered');
    expect(run('whole-turn', [msg]).verdict).toBe('triggered');
  });

  it('result only: false', () => {
    expect(run('first-tool', [R()]).verdict).toBe('not_triggered');
    expect(run('whole-turn', [R()]).verdict).toBe('not_triggered');
  });

  it('nothing decisive before the end: an error, not a negative (fixed)', () => {
    expect(run('whole-turn', [T(), TD('thinking…')]).verdict).toBe('error');
    expect(run('first-tool', []).verdict).toBe('error');
  });

  it('an error result is an error', () => {
    expect(run('whole-turn', [R({ is_error: true, subtype: 'success', result: 'API Error: 500' })]).verdict).toBe('error');
    expect(run('whole-turn', [R({ is_error: true, subtype: 'error_during_execution' })]).verdict).toBe('error');
  });

  it('exact names in whole-turn: a longer name sharing the prefix is not the candidate', () => {
    const r = run('whole-turn', [S('Skill'), D(`{"skill":"${C}-extra"}`), X(), R()]);
    expect(r.verdict).toBe('not_triggered');
    // first-tool keeps upstream's substring rule.
    expect(run('first-tool', [S('Skill'), D(`{"skill":"${C}-extra"}`), X(), R()]).verdict).toBe('triggered');
  });

  it('records observations: init, tools, other skills, text, cost', () => {
    idx = 0;
    const d = new TriggerDetector({ skillName: C });
    for (const e of [
      { type: 'system', subtype: 'init', claude_code_version: '2.1.330', model: 'claude-x', skills: ['a', C] },
      S('Skill'),
      D('{"skill":"other"}'),
      X(),
      T(),
      TD('Hello'),
      X(),
      R({ total_cost_usd: 0.25 }),
    ]) {
      d.push(e);
    }
    expect(d.observation).toMatchObject({
      clientVersion: '2.1.330',
      model: 'claude-x',
      loadedSkills: ['a', C],
      toolsCalled: ['Skill'],
      otherSkills: ['other'],
      text: 'Hello',
      costUsd: 0.25,
    });
  });
});

describe('JsonLineSplitter', () => {
  it('splits across chunks, skips junk, and flushes the tail', () => {
    const s = new JsonLineSplitter();
    expect(s.push('{"a":1}\n{"b"')).toEqual([{ a: 1 }]);
    expect(s.push(':2}\n\nnot json\n  {"c":3}  \n{"d":')).toEqual([{ b: 2 }, { c: 3 }]);
    expect(s.skipped).toBe(1);
    expect(s.push('4}')).toEqual([]);
    expect(s.flush()).toEqual([{ d: 4 }]);
  });
});
