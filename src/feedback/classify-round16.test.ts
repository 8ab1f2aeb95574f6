/**
 * Round 16 (docs/feedback-rules.md, "Round 16"): the classes behind the rules-alone misses of the
 * blind rounds 16–18 (tuning data since they were measured). Each describe block names its class
 * and motivating miss; the sentences are other ways of saying the same thing (English and Chinese
 * where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. a shrug waives a matter of taste (misses: "not how I\'d have put the motorbikes but it works …, let\'s go with it", "… but honestly whatever, it is fine", 凑合吧，格式不太好看，先这么用)', () => {
  it.each([
    'not how I would have structured it but it works, merge',
    "not how I'd have named things, but the tests pass. ship it",
    'not quite how I would have written the intro but it reads fine, go with it',
    'meh. not how I would have ordered the sections but everything is in there, good enough',
    'i would have picked a different colour but honestly whatever, it is fine',
    'the naming is not my style but tbh whatever. merging',
    'the layout is a bit busy but good enough',
    'spacing is uneven, so fine, good enough',
    '格式有点丑，先这么用吧',
    '命名不太统一，先凑合用',
    '界面不太好看，将就着用吧',
    '有点啰嗦，不过先用着吧',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    "not how I'd have done it but it crashes on start",
    'not how I would have structured it, and the totals are wrong',
    "not how I'd have done it, but fine?",
    '先这么用？还是再改改？',
    '先这么用，但是导出报错得修',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('B. a hold waiting on a third party is no verdict (misses: "dont send anything to the printer yet. maria has to sign off …", 先别发，等海事局下午的通知再说)', () => {
  it.each([
    "don't submit the filing yet, the partner has to sign it first",
    "don't send it to the client yet. legal needs to review the wording",
    "do not publish anything yet, we're waiting on the regulator",
    "don't merge it for now, waiting for QA",
    "don't email the parents yet, the head has to approve the text. i'll ping you when she has",
    '先别发，等老板确认了再说',
    '先不要上线，等法务的审批',
    '先别提交，等甲方回复',
    '暂时别群发，等学校的通知',
  ])('%s → none', (text) => {
    expect(outcome(text)).toBe('none');
  });
  it.each([
    ["don't send it yet, the totals are wrong", 'correction'],
    ['先别发，内容错了', 'correction'],
    ['先别发，日期写错了，等我改完再说', 'correction'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('C. one part praised, another missing (misses: "the tablet + capsule list checks out, but nothing from the fridge …", "long haul pairings all match. the short haul ones are missing …", 上午的号都对，下午的专家号少放了一半, 明前那几批排得没问题。雨前的漏了…)', () => {
  it.each([
    'the meter readings check out, but the solar credits are missing',
    'the invoice list checks out, but nothing from april is in there',
    'weekday shifts all match. the weekend ones are missing the night cover though',
    'the first 30 rows match. the last ten are missing',
    'columns are the ones we asked for. the dates are in US order though',
    'the summary section is useful. take the sentiment score out',
    'the 41 others match to the ledger. dedupe the two shared ones and you are done',
    '上午的排班都对，下午的少排了一半',
    '西药的价格都对上了，中药的没同步过去',
    '一楼的接线图对了，二楼还是老布局',
    '前面那几批排得没问题，后面的漏了两块地',
    '科目二的排得可以，科目三一节都没排',
    '三月的发票对得上，四月的根本没导进来',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['the names do not match', 'correction'],
    ['do the totals all match?', 'none'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('D. a check that reconciles, approval in other words (misses: "arm totals reconcile with the strata numbers", 二维码都能扫，…刚好贴在袋子上, "good work on this one")', () => {
  it.each([
    'checked the ledger against the bank feed, every line reconciles. good',
    'the numbers reconcile with the bank statement now',
    'migration applied, row counts match',
    'totals and the breakdown both match now. done',
    'the subtotals add up',
    'good work on this one',
    '打了几张，二维码都能扫',
    '装上试了，尺寸也刚好合适',
    '导出来的文件都能打开',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(['no two runs match, the seed is not set for torch', '二维码都不能扫'])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
  it.each([
    ['the totals do not add up', 'correction'],
    ['every target lines up with the previous sample', 'none'],
    ['二维码都能扫吗？', 'none'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('E. a correction stated as a fact or a number (misses: "… = 6h35 rest. thats a FTL breach", "every single fade in there is 30x too long", "all the heights are ~2.1m too low", "the comparison is backwards", "mahler 5 has five movements, not four", "I think it should be per room not per person?", "this list cant be used", 你这样总价差了 7 倍多, 币制写成 CNY 了？)', () => {
  it.each([
    'every price in the feed came out 100x too big',
    'the error counts are 100x too low',
    'all the depths are 3m too shallow',
    'the sort is backwards, newest should be first',
    'the feature flag check is inverted',
    'the heatmap colours are the wrong way round',
    "that's a GDPR violation, the emails are in the public log",
    'reports at 06:00 after landing at 01:00, that is a rest breach',
    'the statute of limitations is three years in this state, not six',
    'the league has 18 teams, not 20',
    'i think it should be per seat not per table?',
    'i thought the fee would be monthly rather than yearly?',
    'this roster cant be used, half the shifts overlap',
    "we can't publish these results, the control group got the treatment",
    '你这样总额差了 10 倍',
    '单位错了，价格高了 100 倍',
    '周末本来就不该发提醒的啊',
    '金额写成人民币了？合同是美元',
    '日期算成农历了？',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'is it 3m too shallow?',
    'the limit is fine, not 100% sure about the wording though',
    "we can't publish this until legal signs off",
    'correction: the device has 256KB of RAM, not 512',
    '差了 7 倍吗？',
    '已经改成人民币了？',
  ])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('F. a redo asked as 重新跑一遍 (misses: 重新跑一遍，这次把图片也下到本地, 重新跑一遍，用 2024 版的术语表)', () => {
  it.each(['重新跑一遍，这次带上附件', '重新生成一下，用新模板', '重新导出一次，编码用 utf-8', '重新抓一遍，把评论也抓下来'])(
    '%s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
  it.each(['重新跑了一遍，结果都对，不错', '不用重新跑一遍，结果可以', '要重新跑一遍吗？'])('trap: %s → not correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('G. sarcasm with a praise word (misses: "great, so all 318 tenants now owe march rent twice … love that for them", 厉害了，…🙂 周末那些…不该提醒的啊)', () => {
  it.each([
    'great, every customer got the invoice twice. love that for them',
    'the whole team got paged at 3am. love that for us',
    '厉害了，凌晨三点全员收到短信🙂',
    '厉害了，所有订单都变成了待付款🙂 谁来解释一下',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['love that, thanks', '厉害了，一次就过了🎉', 'love it'])('trap: %s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
});

describe('H. moving on to unrelated work (misses: "now i need a script that pulls the twitch VODs …", "switch to the curb-management repo and bump node …", 接下来把服务器 nginx 的日志轮转改成按天切)', () => {
  it.each([
    'now i need a script that renames the photos by date',
    'ok, now we need a dashboard for the weekly numbers',
    'now i want a small cli that exports the ledger',
    'switch to the mobile repo and bump the sdk there too',
    'now move to the billing project and update the readme',
    '接下来把数据库备份改成每天凌晨跑',
    '接下来帮我写个脚本统计上周的订单',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['now i need it to also export csv', 'not acceptance'],
    ['接下来帮我看下为什么还是不生效', 'not acceptance'],
    ['接下来把这个改成按月切', 'not acceptance'],
  ])('trap: %s → %s', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});
