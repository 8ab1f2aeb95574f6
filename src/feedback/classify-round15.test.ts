/**
 * Round 15 (docs/feedback-rules.md, "Round 15"): the classes behind the round-15 rules-alone
 * misses. Each describe block names its class and motivating miss; the sentences are other ways of
 * saying the same thing (English and Chinese where it applies), plus traps the other way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. an acknowledgement closes a question, then the person moves on (miss: "how deep does it go …?" ⏐ "fine. now run 200 games …")', () => {
  it.each([
    ['how many positions does the book hold?', 'fine. now build the windows installer'],
    ['where does it write the cache?', 'ok, next: wire the cache into the cli'],
    ['which python version did you target?', 'alright. now add a ci job for it'],
    ['how long does the import take on the full dump?', 'ok. then let’s do the export side'],
    ['what tolerance did you use for the float compare?', 'fine, now run it against the nightly data'],
    ['why two passes and not one?', 'ok. next, hook it into the release script'],
    ['and does it rehome Z after probing?', 'now set up the same mesh for the second printer'],
  ])('%s ⏐ %s → acceptance', (q, reply) => {
    expect(outcome(q, reply)).toBe('acceptance');
  });
  it.each([
    ['where is the output?', 'next up, add the csv writer'],
    ['where is the output?', 'ok. now it prints nothing at all'],
    ['which python version did you target?', 'ok. now the tests fail on 3.9'],
    ['how many positions does the book hold?', 'fine. but now run it with the old book, this one is wrong'],
    ['what tolerance did you use?', 'hmm, now add a note'],
  ])('trap: %s ⏐ %s → not acceptance', (q, reply) => {
    expect(outcome(q, reply)).not.toBe('acceptance');
  });
});

describe('B. approval without the usual words: relief, a comparison with before, "都准/都对了" (misses: "… first layer is even … now. finally", 跑了一晚上…比之前人工排强太多了, 断句也准, 变量都替换对了)', () => {
  it.each([
    'printed the calibration cube, the walls are straight now. finally',
    'the nightly run went through in one go. finally!',
    'deployed, login works on safari too. finally.',
    'ran it over the weekend, way better than doing it by hand',
    'the schedule it produced is so much better than what we had',
    'report came out much faster than before',
    '跑了一整天，排得比以前手工排好太多了',
    '这周用下来，比原来人工对账快多了',
    '对账结果比之前准多了',
    '抽查了二十条，日期都准',
    '术语表也很准。',
    '表头都替换对了',
    '抽样看了，金额都算对了，',
    '这版字段映射对了',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'finally got around to testing it and it crashes on start',
    '比之前慢太多了',
    '比原来差多了',
    '对了，这个字段是不是漏了',
    '哦对了，日志还是报错',
    '这次又不对了',
    '日期都不准',
    '表头都替换对了吗？',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('C. using the result for the rest, or committing it on a branch (zh) (misses: 就按这个参数把剩下 400 页跑完, 建个分支提交吧)', () => {
  it.each([
    '就按这个参数把剩下的 200 个文件跑完',
    '那就照这套配置把其余几个站点也部署了',
    '用这个模板把后面几章都排一下',
    '按这版把所有门店的数据都导一遍',
    '照这样把剩余的接口都补上',
    '建个分支提交吧',
    '开个新分支推上去',
    '拉一条分支提个 pr',
    '切个分支提交一下',
    '新建分支合进 develop 吧',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    '要不要按这个参数把剩下的跑完？',
    '别按这个参数把剩下的跑完，参数不对',
    '分支建错了，提交到 main 上去了',
    '建个分支提交吧？还是直接合？',
    '按这个参数把剩下的跑完结果全错了',
  ])('trap: %s → not acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
});

describe('D. partials: praise of one part, a defect or an offset of another (misses: "keywords and license are right now. temporal coverage is missing … though", 两段主歌对得很准，副歌整体晚了差不多半拍, 社保的上下限对了。但…还是去年的)', () => {
  it.each([
    'the titles and dates are right now. the abstracts are missing on half of them though',
    'units are right now. the legend is still wrong though',
    'the verses are spot on, the chorus is about half a beat late',
    'the first subtitle block is fine, the last block shows up 2 seconds late',
    'header mapping is right now, but the totals are missing',
    '主歌对得很准，副歌晚了一拍',
    '字幕前半段对得很准，后半段整体慢了 2 秒',
    '税率对了。但起征点还是旧的',
    '首页对了，但详情页还是旧样式',
    'iOS 这边对了，安卓 manifest 里还是旧权限',
    '经纬度对了，不过时区还是错的',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each([
    ['we are right now testing it on staging', 'none'],
    ['the chorus is half a beat late', 'correction'],
    ['字幕整体晚了 2 秒', 'correction'],
    ['字幕晚了 2 秒吗？', 'none'],
    ['晚了一天才上线，不过结果都对了', 'partial'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('E. a shrug: "but whatever" waives the concern before it (miss: "I\'d have called the flag something else but whatever. … ship it")', () => {
  it.each([
    'I’d have named it differently but whatever. merge it',
    'not my favourite layout but whatever, ship it',
    'would have used snake_case but whatever. lgtm',
    'the colours are a bit loud but whatever, looks good',
    'I’d have split that function but whatever. thanks',
    '颜色有点艳，不过无所谓，可以',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    ['fine, whatever. I’ll write them myself', 'correction'],
    ['it’s wrong but whatever, I’ll fix it myself', 'correction'],
    ['whatever. it still doesn’t compile', 'correction'],
    ['looks good but the naming is off', 'partial'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});

describe('F. corrections without failure words: someone had to step in, 一V全X, praise made ironic by a later emoji (misses: "… sits at 100% … until I kill it", 一粘全裂了, 厉害了，开局第三步就拿车去换兵 😅)', () => {
  it.each([
    'the worker sits at full cpu after the job ends until I kill it',
    'it keeps the port open until we restart the container',
    'the daemon hangs on shutdown until someone power-cycles the box',
    'we had to kill the process by hand twice last night',
    'someone had to push the robot out of the aisle',
    '图片一粘全裂了',
    '表格一导出就全乱码了',
    '页面一刷新全白屏',
    '一打开就花屏',
    'genius. it deletes the backups before copying them 🙃',
    'wow, impressive. the cache is invalidated on every read 😅',
    'bravo! it retries the payment five times 🙄',
    '厉害了，第一步就把主键删了 😅',
    '牛，上线就把缓存全清了 🙃',
    '绝了，每次都重复发两封邮件 🙄',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    ['what happens if it hangs until I kill it?', 'none'],
    ['until we restart the container next week, keep the old config', 'none'],
    ['厉害了，一次就过了 🎉', 'acceptance'],
    ['genius, thanks!', 'acceptance'],
    ['impressive, the tests run twice as fast now', 'none'],
    ['一看就懂，谢谢', 'acceptance'],
    ['一跑全过了', 'none'],
  ])('trap: %s → %s', (text, want) => {
    expect(outcome(text)).toBe(want);
  });
});
