/**
 * Round 3 (docs/feedback-rules.md, docs/accuracy.md): word classes instead of phrase lists, and
 * implicit acceptance that needs positive evidence. Every class has positive and trap cases; the
 * sentences here are written for the tests, not copied from any labeled set.
 */
import { describe, expect, it } from 'vitest';
import { buildConversation, type Step } from '../../test/support/conversation.js';
import { classifyWindow } from './classify.js';
import { buildWindows } from './window.js';

function judge(steps: Step[]) {
  const { conversation, located } = buildConversation(steps);
  return buildWindows(conversation, located, { maxTurns: 3 }).map((w) => classifyWindow(w));
}

function verdict(...turns: string[]) {
  const c = judge([{ skill: 's' }, ...turns.map((user) => ({ user }))])[0]!;
  return { outcome: c.outcome, rule: c.rule, turn: c.turns_to_feedback, type: c.correction_type, dimension: c.dimension_hint };
}

const outcome = (...turns: string[]) => verdict(...turns).outcome;

describe('implicit acceptance needs positive evidence of moving on', () => {
  it('a long message without a listed negative word is no longer acceptance by itself', () => {
    expect(outcome('the report has numbers from a different quarter than I expected')).toBe('none');
    expect(outcome('I was reading the output while on the train this morning')).toBe('none');
    expect(outcome('这个输出和我预期的季度数据不是一回事情')).not.toBe('acceptance');
  });
  it('a move-on opener at a clause start is evidence', () => {
    expect(verdict('now write the API docs for the orders endpoint')).toMatchObject({ outcome: 'acceptance', rule: 'move-on' });
    expect(outcome('next, wire up the staging deploy')).toBe('acceptance');
    expect(outcome('ok, moving on to the billing module')).toBe('acceptance');
    expect(outcome('The numbers match. Now let us do the export for Q4')).toBe('acceptance');
    expect(outcome('接下来把部署文档也写一下')).toBe('acceptance');
    expect(outcome('顺便给 CLI 加一个 --verbose 参数')).toBe('acceptance');
  });
  it('an imperative that starts new work or uses the result is evidence', () => {
    expect(verdict('Create a Dockerfile for the worker service')).toMatchObject({ outcome: 'acceptance', rule: 'implicit-acceptance' });
    expect(outcome('push it and open a PR against develop')).toBe('acceptance');
    expect(outcome('please set up a nightly job for the backups')).toBe('acceptance');
    expect(outcome('部署到预发环境')).toBe('acceptance');
    expect(outcome('continue')).toBe('acceptance');
  });
  it('the same verbs as nouns or in reports are not imperatives', () => {
    expect(outcome('build is failing on main')).toBe('correction');
    expect(outcome('deploy failed with a timeout')).toBe('correction');
    expect(outcome('commit message has the wrong ticket number')).toBe('correction');
  });
  it('"now" / "then" followed by a state is no opener', () => {
    expect(outcome("now it's broken on mobile")).toBe('correction');
    expect(outcome('now the header overlaps the menu')).toBe('none');
  });
  it('words inside the clause of a new request describe the new work, not the result', () => {
    expect(outcome('add retries for failed uploads, max 3')).toBe('acceptance');
    expect(outcome('write a script that cleans up broken symlinks')).toBe('acceptance');
    expect(outcome('顺便把 node 版本要求改成 20')).toBe('acceptance');
    // …but not in another clause, and not a revision that points back at the result.
    expect(outcome('add a changelog entry, the current one is misleading')).toBe('correction');
    expect(outcome('now make it shorter')).toBe('none');
  });
  it('a question, a revision request or a qualifier is not moving on', () => {
    expect(outcome('can you add a Dockerfile too?')).toBe('none');
    expect(outcome('use the staging bucket for the uploads')).toBe('none');
    expect(outcome('rename the helper to parseDate')).toBe('none');
    expect(outcome('the date should be ISO formatted')).toBe('none');
    expect(outcome('改成用 pnpm')).toBe('none');
  });
  it('only on the first turn', () => {
    expect(outcome('where is the output?', 'add a README section for it')).toBe('none');
  });
});

describe('failure reports (strong: they beat an acceptance word in the same message)', () => {
  it.each([
    'you missed the second endpoint',
    'you skipped the tests entirely',
    'you only translated half of the strings',
    "it doesn't compile anymore",
    "the tests don't pass on node 20",
    'still failing on CI',
    'nothing changed, the button is still grey',
    'same error as before',
    'this broke prod',
    'thanks, but nothing happens when I click it',
    '测试没跑过',
    '还是一样的问题',
    '你漏了一个接口',
    '你只改了一半',
    '按钮没反应',
  ])('%j is a correction', (text) => {
    expect(['correction', 'partial']).toContain(outcome(text));
  });
  it('names the rule', () => {
    expect(verdict('you forgot the index on user_id')).toMatchObject({ outcome: 'correction', rule: 'failure-report', type: 'rejection' });
    expect(verdict('thanks. you forgot the index on user_id')).toMatchObject({ outcome: 'correction', rule: 'failure-report' });
  });
  it('traps: negated, double negatives, first person', () => {
    expect(outcome("it didn't break anything, thanks")).toBe('acceptance');
    expect(outcome('yesterday I broke it')).toBe('none');
    expect(outcome('我忘了说，版本是 2.1')).not.toBe('correction');
    expect(outcome('别忘了更新 changelog')).not.toBe('correction');
    expect(outcome('没想到这么快，谢谢')).toBe('acceptance');
    expect(outcome('没问题，合并吧')).toBe('acceptance');
  });
});

describe('negative evaluations (weak: explicit acceptance in the same message wins)', () => {
  it.each([
    'this is worse than the old version',
    'meh',
    'the tone is a bit too casual for a changelog',
    'way overkill for a ten line script',
    'the chart looks off to me',
    'the formatting is all over the place',
    'this is confusing, who is it for?',
    'these docs are outdated already',
    'hmm, not convinced',
    '👎',
    '太慢了',
    '这个写得很乱',
    '代码太复杂了',
    '格式有点乱',
    '效果很差',
    '没有处理空值的情况',
    '页面打不开了',
    '这个接口返回的还是旧数据',
  ])('%j is a correction', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'correction', type: 'rejection' });
  });
  it('traps: negated, describing something else, or beside explicit acceptance', () => {
    expect(outcome('not too bad')).not.toBe('correction');
    expect(outcome("thanks, it's not slow anymore")).toBe('acceptance');
    expect(outcome('nothing is broken, thanks')).toBe('acceptance');
    expect(outcome('the old one was slow, this one is great')).toBe('acceptance');
    expect(outcome('太好了')).toBe('acceptance');
    expect(outcome('不太清楚你的意思')).not.toBe('acceptance');
    expect(outcome('我不了解这个库')).toBe('none');
    expect(outcome('me too')).toBe('none');
    expect(outcome('add tests too please')).toBe('acceptance');
  });
  it('inside a plain question it is a question; inside a why-question a complaint', () => {
    expect(outcome('does it handle broken links?')).toBe('none');
    expect(outcome('is it slow on large repos?')).toBe('none');
    expect(verdict('why is the page so slow now?')).toMatchObject({ outcome: 'correction', rule: 'negative-evaluation' });
    expect(outcome('怎么这么慢')).toBe('correction');
  });
});

describe('prohibitions and rhetorical why (weak)', () => {
  it('a prohibition opening a clause is a correction', () => {
    expect(outcome("please don't touch the lockfile")).toBe('correction');
    expect(outcome('never use var in this codebase')).toBe('correction');
    expect(outcome('stop adding comments everywhere')).toBe('correction');
    expect(outcome('别加这么多注释')).toBe('correction');
    expect(outcome('不要改其他文件')).toBe('correction');
  });
  it('traps: reassurance, reminders, inside a sentence, beside acceptance, 别的/别人', () => {
    expect(outcome("don't worry about it, looks good")).toBe('acceptance');
    expect(outcome("don't forget to bump the version")).toBe('none');
    expect(outcome("don't change anything else, this is great")).toBe('acceptance');
    expect(outcome('I never use the CLI for this')).toBe('none');
    expect(outcome('别的都挺好')).toBe('acceptance');
    expect(outcome('不用谢')).toBe('none');
  });
  it('a why about the result challenges it; a why about oneself does not', () => {
    expect(outcome('why does it print everything twice?')).toBe('correction');
    expect(outcome('why are there three config files now?')).toBe('correction');
    expect(outcome('why do I need a lockfile at all?')).toBe('none');
  });
});

describe('cancel, dismiss, wait', () => {
  it.each([
    'forget it',
    'skip it, not worth it',
    'scrap that',
    'hang on, that deletes the bucket',
    '不用了，我自己来',
    '等一下，这个会删掉生产数据',
    '先别动',
  ])('%j is a correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it("traps: forgetting as a reminder, 'wait for', 不用了解", () => {
    expect(outcome("don't forget it in the release notes")).not.toBe('correction');
    expect(outcome('wait for the pipeline')).toBe('none');
    expect(outcome('不用了解细节，直接部署吧')).not.toBe('correction');
  });
});

describe('redo as a class', () => {
  it.each([
    'try once more, shorter',
    'do it again but with tabs',
    'have another go at it',
    'give it another shot with less jargon',
    'try a different approach',
    'rewrite this in plain english',
    'start from scratch',
    '换一种写法',
    '再写一遍',
    '重新生成',
    '从头来',
  ])('%j is a redo', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'correction', type: 'redo' });
  });
  it('traps: rerunning, another item, making sure', () => {
    expect(outcome('run it again')).toBe('none');
    expect(outcome('add another option to the CLI')).toBe('acceptance');
    expect(outcome("make sure it doesn't happen again")).not.toBe('correction');
    expect(outcome('重新运行一下测试')).toBe('none');
    // Forbidding a redo keeps the result: no correction.
    expect(outcome("don't redo it")).not.toBe('correction');
    expect(outcome("don't change anything")).toBe('none');
    expect(outcome('不用改了')).not.toBe('correction');
  });
});

describe('partial: a concession (broad class) + qualifier', () => {
  it.each([
    'close, but the totals should include shipping',
    'almost there, but the dates are off',
    'getting there, but still too verbose',
    'better, but the colours are off',
    'nice start, but the intro is too long',
    '还行，不过注释太少了',
    '基本可以，不过变量名要改',
    '方向是对的，但是太啰嗦了',
  ])('%j is a partial', (text) => {
    expect(verdict(text)).toMatchObject({ outcome: 'partial', type: 'partial' });
  });
  it('traps: "close" as a verb, a concession alone', () => {
    expect(outcome('close the issue and tag the release')).not.toBe('partial');
    expect(outcome('还行')).toBe('none');
    expect(outcome('close')).toBe('none');
  });
});

describe('acceptance as a class', () => {
  it.each(['love it 🙌', 'awesome 🎉', 'that did the trick', 'works, thanks', 'beautiful, ship it', '太棒了', '正是我要的'])(
    '%j is an acceptance',
    (text) => {
      expect(outcome(text)).toBe('acceptance');
    },
  );
  it("traps: 'I'd like it …' is a request, not liking it", () => {
    expect(outcome("I'd like it in French")).not.toBe('acceptance');
  });
});

describe('open word classes read the person, not pasted material', () => {
  it('words inside code are not evaluations; pasted failure output still is', () => {
    expect(outcome('add this to the config:\n```\n// fallback when the cache is missing or slow\nretries: 3\n```')).toBe('acceptance');
    expect(outcome('`--no-fail` is the flag I meant')).toBe('none');
    expect(outcome('```\nTypeError: x is undefined\n```')).toBe('correction');
  });
  it('beyond the first lines of a long message (a spec for the next task) they do not count', () => {
    const spec = `Implement the importer for the partner feed. ${'It reads the CSV, maps the columns and writes rows. '.repeat(5)}Rows with a missing id are skipped and a slow partner must not block the queue.`;
    expect(outcome(spec)).toBe('acceptance');
    expect(outcome(`this is way too slow. ${'x '.repeat(200)}`)).toBe('correction');
  });
});

describe('precedence across the window with wordless objections', () => {
  it('谢谢 then 等等，测试没跑过 → correction at turn 2', () => {
    // Precedence was right all along (correction > acceptance across the window); turn 2 simply had
    // no signal. Now 等等 (wait) opens an objection and 没跑过/失败 report a failure.
    expect(verdict('谢谢', '等等，测试没跑过，有两个失败了')).toMatchObject({ outcome: 'correction', turn: 2 });
    expect(verdict('thanks!', 'hmm, the export is missing the header row')).toMatchObject({ outcome: 'correction', turn: 2 });
  });
  it('a weak evaluation on turn 1 loses to nothing later but a stronger signal', () => {
    expect(verdict('meh', 'ok thanks')).toMatchObject({ outcome: 'correction', turn: 1 });
    expect(verdict('meh', 'try again')).toMatchObject({ outcome: 'correction', type: 'redo', turn: 2 });
  });
});
