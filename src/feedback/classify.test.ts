import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../test/support/conversation.js';
import { classifyWindow } from './classify.js';
import { buildWindows } from './window.js';

type Expect = [outcome: string, type: string | null, confidence: number | null, turns: number | null, dimension: string | null] | 'none';

function judge(steps: Step[], maxTurns = 3) {
  const { conversation, located } = buildConversation(steps);
  const windows = buildWindows(conversation, located, { maxTurns });
  return windows.map((w) => ({ skill: w.invocation.skill_id, window: w, c: classifyWindow(w) }));
}

function tuple(c: ReturnType<typeof classifyWindow>): Expect {
  if (c.outcome === 'none') return 'none';
  return [c.outcome, c.correction_type, c.confidence, c.turns_to_feedback, c.dimension_hint];
}

function one(text: string): Expect {
  const [r] = judge([{ skill: 's' }, { user: text }]);
  return tuple(r!.c);
}

describe('reference vectors §15.1 (one message after the invocation), skillpulse-expected results', () => {
  const cases: Array<[number, string, Expect]> = [
    [1, '不对，应该用snake_case', ['correction', 'rejection', 0.9, 1, 'unknown']],
    [2, "No, that's not right. Use the other approach", ['correction', 'rejection', 0.9, 1, 'unknown']],
    [3, '重新来，这个效果不好', ['correction', 'redo', 0.9, 1, 'unknown']],
    [4, '再来一次', ['correction', 'redo', 0.9, 1, 'unknown']],
    [4, '重做', ['correction', 'redo', 0.9, 1, 'unknown']],
    [5, 'please redo it', ['correction', 'redo', 0.9, 1, 'unknown']],
    [6, '这个可以，但是命名应该用camelCase', ['partial', 'partial', 0.7, 1, 'accuracy']],
    [7, 'looks good, thanks', ['acceptance', null, 0.8, 1, null]],
    [7, 'LGTM', ['acceptance', null, 0.8, 1, null]],
    [7, 'ok thanks', ['acceptance', null, 0.8, 1, null]],
    [8, "Now let's work on the authentication module next", ['acceptance', null, 0.6, 1, null]],
    [9, "Now let's work on the authentication module next?", 'none'],
    [10, 'ok', 'none'],
    [11, '12345678901234567890', 'none'],
    // Changed in round 3: the seed's "longer than 20 characters" is no evidence of acceptance; a
    // digit string is no reaction to the skill (a careful reader says none). See docs/feedback-rules.md.
    [11, '123456789012345678901', 'none'],
    // Changed in round 3: "the effect of this is not good" is a complaint (negative evaluation);
    // the reference only required that 好 inside 不好 is no acceptance, which still holds.
    [12, '这个效果不好', ['correction', 'rejection', 0.9, 1, 'unknown']],
    [13, '运行一下测试', 'none'],
    // Changed in round 3: "continue" asks the agent to proceed (as 继续 does): moving on.
    [14, 'no problem, continue', ['acceptance', null, 0.6, 1, null]],
    [15, 'yesterday I broke it', 'none'],
    [16, 'great, now handle the exception', ['acceptance', null, 0.8, 1, null]],
    [17, "thanks, although I'd rename it", ['partial', 'partial', 0.7, 1, 'unknown']],
    [18, '不但快而且好', 'none'],
    [19, '不对，但是方向是对的', ['partial', 'partial', 0.7, 1, 'unknown']],
    [19, 'wrong, but close', ['partial', 'partial', 0.7, 1, 'unknown']],
    [20, 'looks good but too verbose', ['partial', 'partial', 0.7, 1, 'efficiency']],
    [21, 'no, it is too slow', ['correction', 'rejection', 0.9, 1, 'efficiency']],
    [22, '有问题，缺少测试', ['correction', 'rejection', 0.9, 1, 'coverage']],
    [23, 'wrong skill', ['correction', 'rejection', 0.9, 1, 'trigger_quality']],
    [24, 'wrong skill again', ['correction', 'rejection', 0.9, 1, 'trigger_quality']],
    // Changed in round 3: a careful reader reads this as a complaint (D9 only kept it from being
    // acceptance); "missing" (coverage) is the longest dimension keyword.
    [25, 'missing tests, also the format is off', ['correction', 'rejection', 0.9, 1, 'coverage']],
    [26, 'That’s not what I meant', ['correction', 'rejection', 0.9, 1, 'unknown']],
    [27, 'Please continue with the next step now', ['acceptance', null, 0.6, 1, null]],
    [28, '', 'none'],
    [74, '没有问题', 'none'],
  ];
  // The reference gives dimension null where no keyword matches; the issue says `unknown` for
  // corrections and partials with no dimension (the issue wins). Acceptances stay null.
  it.each(cases)('#%i %j', (_n, text, expected) => {
    expect(one(text)).toEqual(expected);
  });
});

describe('issue traps', () => {
  it.each([
    ['no problem, looks good', ['acceptance', null, 0.8, 1, null]],
    ["that's not wrong, ship it", ['acceptance', null, 0.8, 1, null]],
    ['can you also run the exception tests?', 'none'],
    // The negated correction word is cancelled. Changed in round 3: without a new request this is
    // no verdict (it was implicit acceptance by length alone); with one it is moving on.
    ['I didn’t say it was incorrect', 'none'],
    ["I didn't say it was incorrect. Now let's set up the CI pipeline", ['acceptance', null, 0.6, 1, null]],
  ] as Array<[string, Expect]>)('%j', (text, expected) => {
    const got = one(text);
    expect(got).toEqual(expected);
  });

  it('"I didn\'t say it was incorrect" is not a rejection', () => {
    const [r] = judge([{ skill: 's' }, { user: "I didn't say it was incorrect" }]);
    expect(r!.c.outcome).not.toBe('correction');
  });

  it('"although" is not "though": the explicit although qualifier decides, not a substring', () => {
    const [r] = judge([{ skill: 's' }, { user: 'thanks, although rename it' }]);
    expect(r!.c.reason).toContain('"although"');
  });

  it('不好 is not 好 and 运行 is not 行', () => {
    // 这个不好 is a negative evaluation (round 3), never an acceptance.
    expect(one('这个不好')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(one('好，不过命名要改')).toEqual(['partial', 'partial', 0.7, 1, 'accuracy']);
    expect(one('行')).toEqual(['acceptance', null, 0.8, 1, null]);
    expect(one('不行')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(one('帮我运行一下')).toEqual(['acceptance', null, 0.6, 1, null]);
  });

  it('negated acceptance is a rejection; a question is not an acceptance', () => {
    expect(one('this is not correct')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(one('is this correct?')).toBe('none');
    expect(one('looks good! can you also add a test?')).toEqual(['acceptance', null, 0.8, 1, null]);
  });
});

describe('rules added from the accuracy set', () => {
  it('picking a numbered option is acceptance; with a qualifier it is partial', () => {
    expect(one('1')).toEqual(['acceptance', null, 0.6, 1, null]);
    expect(one('option 2.')).toEqual(['acceptance', null, 0.6, 1, null]);
    expect(one('3, but enabled by default')).toEqual(['partial', 'partial', 0.7, 1, 'unknown']);
    expect(one('12345678901234567890')).toBe('none');
  });
  it('不好 as an opening verdict is a rejection; inside a sentence a negative evaluation (vector 12, changed in round 3)', () => {
    expect(one('不好，重新写一遍，要用英文')).toEqual(['correction', 'redo', 0.9, 1, 'unknown']);
    expect(one('不好，换成英文')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(one('这个效果不好')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(one('不好意思')).toBe('none');
  });
  it('"mostly good, but you missed X" is partial with coverage', () => {
    expect(one('Mostly good, but you missed the fixtures folder under tests.')).toEqual(['partial', 'partial', 0.7, 1, 'coverage']);
  });
});

describe('rules added from the dev split of the labeled scenarios (docs/accuracy.md, round 1)', () => {
  const outcome = (text: string) => {
    const r = one(text);
    return r === 'none' ? 'none' : r[0];
  };
  it('informal spellings are read as their contractions', () => {
    expect(one('thats not waht i asked, i need teh csv not json')).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(outcome('dont do that')).toBe('correction');
    expect(outcome('didnt work, same thing')).toBe('correction');
  });
  it('pasted failure output is a correction even without words; prose about errors is not', () => {
    const curl = '```\n$ curl -s https://staging.example.test/health\n{"status":"error","detail":"ENOENT: no such file or directory"}\n```';
    expect(one(curl)).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
    expect(outcome("TypeError: Cannot read properties of undefined (reading 'id')")).toBe('correction');
    expect(outcome('Traceback (most recent call last):\n  File "a.py", line 3')).toBe('correction');
    expect(outcome('src/a.ts(12,3): error TS2304: Cannot find name')).toBe('correction');
    expect(outcome('the build exited with code 2')).toBe('correction');
    expect(outcome('    at Object.openSync (node:fs:573:3)')).toBe('correction');
    // Not failure output: prose mentioning errors, passing output.
    expect(outcome('Add error handling to the login route and log the failures to sentry')).toBe('acceptance');
    expect(outcome('can you also run the exception tests?')).toBe('none');
    expect(outcome('exit code 0, 0 failed, all green. thanks')).toBe('acceptance');
  });
  it('an acknowledgement ("ok") is no verdict alone but makes a partial with a qualifier', () => {
    expect(one('ok')).toBe('none');
    expect(one('ok but you put them under Unreleased, they need their own 1.8 heading')).toEqual(['partial', 'partial', 0.7, 1, 'unknown']);
    expect(outcome('Okay, however the header is missing')).toBe('partial');
    expect(outcome('ok 但是变量名能不能改成英文')).toBe('partial');
    expect(outcome('嗯，不过标题太长了')).toBe('partial');
    expect(outcome('not ok, but whatever')).not.toBe('partial');
  });
  it('pushback phrased as a question or a polite alternative is a correction', () => {
    expect(outcome('can we not pull in a whole package for this? node has crypto.randomUUID')).toBe('correction');
    expect(outcome('could you instead put them in a single table? one row per endpoint')).toBe('correction');
    expect(outcome('is there a reason it fetches a new token on every single call?')).toBe('correction');
    expect(outcome('how come the totals are negative?')).toBe('correction');
    expect(outcome("I'd rather keep the old names")).toBe('correction');
    // A neutral question stays none.
    expect(outcome("what's the difference between pino and winston anyway?")).toBe('none');
  });
  it('Chinese: 算了, 为什么, 你再看看 are corrections; 不好意思, 我算了一下, 我再看看 are not; 挺好 is acceptance', () => {
    expect(outcome('算了，我自己写吧')).toBe('correction');
    expect(outcome('为什么把原来的测试删了？')).toBe('correction');
    expect(outcome('你再看看，e2e 那个 job 还是红的')).toBe('correction');
    expect(outcome('我算了一下，总数是 312')).not.toBe('correction');
    expect(outcome('我再看看')).toBe('none');
    expect(outcome('不好意思')).toBe('none');
    expect(outcome('挺好的，谢谢')).toBe('acceptance');
    expect(outcome('挺好的，但是缺少退款的测试')).toBe('partial');
  });
  it("correcting one's own instruction is neither a correction nor moving on", () => {
    expect(one('不好意思，我说错了，版本应该是 v2.1')).toBe('none');
    expect(one('sorry, my mistake: the version should be 2.1, not 2.0')).toBe('none');
    expect(outcome("that's not what I meant")).toBe('correction');
    expect(outcome('不对，这个命名错了')).toBe('correction');
  });
});

describe('window-wide precedence: revert > redo > partial > correction > acceptance', () => {
  it('#29 可以 then 但是命名不对 → partial at turn 2', () => {
    const [r] = judge([{ skill: 's' }, { user: '可以' }, { user: '但是命名不对' }]);
    expect(tuple(r!.c)).toEqual(['partial', 'partial', 0.7, 2, 'accuracy']);
  });
  it('#30 question then "this is wrong" → correction at turn 2', () => {
    const [r] = judge([{ skill: 's' }, { user: 'what is this?' }, { user: 'this is wrong' }]);
    expect(tuple(r!.c)).toEqual(['correction', 'rejection', 0.9, 2, 'unknown']);
  });
  it('#31 the 4th turn is outside the window', () => {
    const [r] = judge([{ skill: 's' }, { user: 'what?' }, { user: 'why?' }, { user: 'how?' }, { user: 'wrong' }]);
    expect(r!.c.outcome).toBe('none');
    expect(r!.c.complete).toBe(true);
  });
  it('--window 4 lets the 4th turn decide', () => {
    const [r] = judge([{ skill: 's' }, { user: 'what?' }, { user: 'why?' }, { user: 'how?' }, { user: 'wrong' }], 4);
    expect(tuple(r!.c)).toEqual(['correction', 'rejection', 0.9, 4, 'unknown']);
  });
  it('a later correction overrides an early ok', () => {
    const [r] = judge([{ skill: 's' }, { user: 'looks good' }, { user: 'hmm, actually this is wrong' }]);
    expect(tuple(r!.c)).toEqual(['correction', 'rejection', 0.9, 2, 'unknown']);
  });
  it('redo beats an earlier partial; revert request beats an earlier redo', () => {
    expect(tuple(judge([{ skill: 's' }, { user: 'ok but rename it' }, { user: 'wait' }, { user: 'try again' }])[0]!.c)).toEqual([
      'correction',
      'redo',
      0.9,
      3,
      'unknown',
    ]);
    expect(tuple(judge([{ skill: 's' }, { user: 'redo it' }, { user: 'no, just revert it all' }])[0]!.c)).toEqual([
      'correction',
      'revert',
      0.9,
      2,
      'unknown',
    ]);
  });
  it('partial beats a later rejection', () => {
    expect(tuple(judge([{ skill: 's' }, { user: 'good but slow' }, { user: 'wrong' }])[0]!.c)).toEqual([
      'partial',
      'partial',
      0.7,
      1,
      'efficiency',
    ]);
  });
  it('an explicit acceptance on turn 2 beats implicit acceptance on turn 1', () => {
    const r = judge([{ skill: 's' }, { user: 'Please continue with the next step now' }, { user: 'perfect, thanks' }])[0]!;
    expect(tuple(r.c)).toEqual(['acceptance', null, 0.8, 2, null]);
  });
  it('implicit acceptance only counts on turn 1', () => {
    expect(judge([{ skill: 's' }, { user: 'hm?' }, { user: 'Please continue with the next step now' }])[0]!.c.outcome).toBe('none');
  });
});

describe('interrupts and denials', () => {
  it('an interrupt is a correction of type interrupt; the next prompt is its snippet', () => {
    const r = judge([{ skill: 's' }, { interrupt: true }, { user: 'use the other config file' }])[0]!;
    expect(tuple(r.c)).toEqual(['correction', 'interrupt', 0.8, 1, 'unknown']);
    expect(r.c.snippet_source).toBe('use the other config file');
  });
  it('#80 a denial with a typed reason: rejection from its text', () => {
    const r = judge([{ skill: 's' }, { toolResult: 'Launching skill: s' }, { denial: 'wrong file, use b.py' }])[0]!;
    expect(tuple(r.c)).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
  });
  it('a bare denial is a correction of type denial; its interrupt marker is the same turn', () => {
    const r = judge([{ skill: 's' }, { denial: '' }, { interrupt: true, forToolUse: true }, { user: 'stop' }, { user: 'lgtm' }])[0]!;
    expect(r.window.turns.map((t) => t.kind)).toEqual(['denial', 'prompt', 'prompt']);
    expect(tuple(r.c)).toEqual(['correction', 'denial', 0.9, 1, 'unknown']);
  });
  it('a denial whose reason asks for a redo is a redo', () => {
    expect(tuple(judge([{ skill: 's' }, { denial: 'try again with tabs' }])[0]!.c)).toEqual(['correction', 'redo', 0.9, 1, 'unknown']);
  });
  it('a queued message is a human turn', () => {
    expect(tuple(judge([{ skill: 's' }, { tools: ['Read'] }, { queued: 'wrong directory' }])[0]!.c)).toEqual([
      'correction',
      'rejection',
      0.9,
      1,
      'unknown',
    ]);
  });
});

describe('multi-entry windows §15.2', () => {
  it('#32 a tool_result line is not a turn', () => {
    const r = judge([{ skill: 's' }, { toolResult: 'ok' }, { user: 'Let us now move on to the database layer please' }])[0]!;
    expect(tuple(r.c)).toEqual(['acceptance', null, 0.6, 1, null]);
  });
  it('#33 tool_result then lgtm', () => {
    expect(tuple(judge([{ skill: 's' }, { toolResult: 'x' }, { user: 'lgtm' }])[0]!.c)).toEqual(['acceptance', null, 0.8, 1, null]);
  });
  it('#34 an injected skill body is not a turn', () => {
    expect(tuple(judge([{ skill: 's' }, { meta: 'Base directory for this skill: /x' }, { user: 'lgtm' }])[0]!.c)).toEqual([
      'acceptance',
      null,
      0.8,
      1,
      null,
    ]);
  });
  it('#35 a message mentioning SKILL.md is a turn', () => {
    expect(tuple(judge([{ skill: 's' }, { user: 'the SKILL.md is wrong' }, { user: 'whatever' }])[0]!.c)).toEqual([
      'correction',
      'rejection',
      0.9,
      1,
      'unknown',
    ]);
  });
  it('#36 git checkout -b is not a revert', () => {
    const r = judge([{ skill: 's' }, { bash: 'git checkout -b feat' }, { user: 'thanks' }])[0]!;
    expect(tuple(r.c)).toEqual(['acceptance', null, 0.8, 1, null]);
    expect(r.window.toolUses.map((t) => t.name)).toEqual(['Bash']);
  });
  it('#37 hmm, git restore, fine → revert at turn 1', () => {
    const r = judge([{ skill: 's' }, { user: 'hmm' }, { bash: 'git restore a.py' }, { user: 'fine' }])[0]!;
    expect(tuple(r.c)).toEqual(['correction', 'revert', 0.9, 1, 'unknown']);
    expect(r.c.rule).toBe('revert-command');
    expect(r.c.snippet_source).toBe('hmm');
  });
  it('#38 a revert with no human turn is no event', () => {
    const r = judge([{ skill: 's' }, { bash: 'git reset --hard' }])[0]!;
    expect(r.c.outcome).toBe('none');
    expect(r.c.complete).toBe(false);
  });
  it('a revert the agent ran before anyone spoke is not a human reaction', () => {
    expect(tuple(judge([{ skill: 's' }, { bash: 'git checkout -- a.py' }, { user: 'thanks' }])[0]!.c)).toEqual([
      'acceptance',
      null,
      0.8,
      1,
      null,
    ]);
  });
  it('a revert in answer to the last counted turn still counts (D6)', () => {
    const r = judge([
      { skill: 's' },
      { user: 'a?' },
      { user: 'b?' },
      { user: 'hmm.' },
      { bash: 'cd repo && git reset --hard HEAD' },
      { user: 'next' },
    ])[0]!;
    expect(tuple(r.c)).toEqual(['correction', 'revert', 0.9, 3, 'unknown']);
    expect(r.c.complete).toBe(true);
  });
  it('#39 tools beyond the first turn are recorded', () => {
    const r = judge([{ skill: 's' }, { tools: ['Write'] }, { user: 'looks good' }, { tools: ['Edit', 'Read'] }, { user: 'x' }])[0]!;
    expect(tuple(r.c)).toEqual(['acceptance', null, 0.8, 1, null]);
    expect([...new Set(r.window.toolUses.map((t) => t.name))].sort()).toEqual(['Edit', 'Read', 'Write']);
  });
  it('#40 the window ends at the next invocation', () => {
    const rs = judge([
      { skill: 'a', uuid: 'inv-1' },
      { user: 'looks good, thanks for the help' },
      { skill: 'b', uuid: 'inv-2' },
      { user: '不对' },
    ]);
    expect(tuple(rs[0]!.c)).toEqual(['acceptance', null, 0.8, 1, null]);
    expect(rs[0]!.window.cut).toMatchObject({ reason: 'next-invocation', skillId: 'b' });
    expect(rs[0]!.c.complete).toBe(true);
    expect(tuple(rs[1]!.c)).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
  });
  it('#41 two Skill blocks in one entry share the window at ×0.5', () => {
    const rs = judge([{ user: 'do it' }, { skills: ['a', 'b'] }, { user: '不对' }]);
    expect(rs.map((r) => [r.skill, ...(tuple(r.c) as unknown[])])).toEqual([
      ['a', 'correction', 'rejection', 0.45, 1, 'unknown'],
      ['b', 'correction', 'rejection', 0.45, 1, 'unknown'],
    ]);
  });
  it('#78 two lines of one API response share the window at ×0.5', () => {
    const rs = judge([{ skill: 'a', messageId: 'msg_X' }, { skill: 'b', messageId: 'msg_X' }, { user: '不对' }]);
    expect(rs.map((r) => [r.skill, r.c.confidence, r.c.turns_to_feedback])).toEqual([
      ['a', 0.45, 1],
      ['b', 0.45, 1],
    ]);
    expect(rs[0]!.c.reason).toContain('shared with b');
  });
  it('/clear cuts the window', () => {
    const r = judge([{ skill: 's' }, { command: 'clear' }, { user: 'this is wrong' }])[0]!;
    expect(r.c.outcome).toBe('none');
    expect(r.window.cut?.reason).toBe('clear');
  });
  it('nested and failed invocations get no window; a failed one does not cut', () => {
    const rs = judge([{ skill: 'n', trigger: 'nested' }, { skill: 'a' }, { skill: 'zz', failed: true }, { user: 'wrong' }]);
    expect(rs.map((r) => r.skill)).toEqual(['a']);
    expect(tuple(rs[0]!.c)).toEqual(['correction', 'rejection', 0.9, 1, 'unknown']);
  });
  it('a typed /skill is windowed from its command line', () => {
    const r = judge([
      { skill: 'deslop', trigger: 'user-slash' },
      { meta: 'Base directory for this skill: /x' },
      { tools: [{ name: 'Skill' }, 'Edit'] },
      { user: 'great' },
    ])[0]!;
    expect(tuple(r.c)).toEqual(['acceptance', null, 0.8, 1, null]);
  });
});

describe('rules added from the round-1 test split, retired into tuning data (docs/accuracy.md, round 2)', () => {
  const outcome = (text: string) => {
    const r = one(text);
    return r === 'none' ? 'none' : r[0];
  };
  it('displeased interjections and "I just wanted …" are corrections', () => {
    expect(outcome("ehh, that's way more than I need. I just wanted to read one json file")).toBe('correction');
    expect(outcome('ugh. the colours are off')).toBe('correction');
    expect(outcome('all I wanted was a one-line summary')).toBe('correction');
    // "eh" only opens the reply; inside a word or later it is nothing.
    expect(outcome('the helper is fine, eh, thanks')).toBe('acceptance');
  });
  it("giving up is a correction: never mind, I'll do it myself", () => {
    expect(outcome("never mind, I'll write these myself")).toBe('correction');
    expect(outcome('nevermind')).toBe('correction');
  });
  it('"wait," / "hold on" opening an objection is a correction; "wait for" is not', () => {
    expect(outcome('wait, the VAT is counted twice in the total, revenue should be net')).toBe('correction');
    expect(outcome('hold on, that deletes the prod bucket')).toBe('correction');
    expect(outcome('wait for the CI run and then merge it, thanks')).toBe('acceptance');
  });
  it('a later objection overrides an earlier thanks across the window', () => {
    const [r] = judge([{ skill: 's' }, { user: 'thanks!' }, { user: 'wait, the VAT is counted twice in the total' }]);
    expect(tuple(r!.c)).toEqual(['correction', 'rejection', 0.9, 2, 'unknown']);
  });
  it('"sure, go ahead" is acceptance; "sure" inside a question or "not sure" is not', () => {
    expect(one('sure, go ahead')).toEqual(['acceptance', null, 0.8, 1, null]);
    expect(outcome('go for it')).toBe('acceptance');
    expect(outcome('sure about that?')).toBe('none');
    expect(outcome("I'm not sure, go ahead?")).toBe('none');
  });
  it('"are you sure" / 你确定 challenge the result', () => {
    expect(outcome('你确定吗？v1 的接口上个月已经废弃了')).toBe('correction');
    expect(outcome('are you sure? the docs say v2')).toBe('correction');
  });
  it('Chinese: 不太对 is a softened 不对; 差不多 + 不过 is a partial; 不太好意思 is not 不太好', () => {
    expect(outcome('这个不太对吧，应该用 UTC 时间')).toBe('correction');
    expect(outcome('不太行，换个思路')).toBe('correction');
    expect(one('差不多了，不过标题再短一点')).toEqual(['partial', 'partial', 0.7, 1, 'unknown']);
    expect(outcome('差不多')).toBe('none');
    expect(outcome('不太好意思问，这个怎么跑？')).toBe('none');
  });
});
