/**
 * Round 18 (docs/feedback-rules.md, "Round 18"): the classes behind the rules-alone misses of the
 * blind round 25 and what rounds 23 and 24 still showed of the same classes (tuning data since they
 * were measured). Each describe block names its class and motivating misses; the sentences are
 * other ways of saying the same thing (English and Chinese where it applies), plus traps the other
 * way. Rules alone.
 */
import { describe, expect, it } from 'vitest';
import { firstByRules as first } from '../../test/support/judge.js';

const outcome = (...turns: string[]) => first(...turns).outcome;

describe('A. an acceptance built from negative words (misses: "not bad at all. not a single one in the wrong breed either, which is a first", "no complaints from me, nothing missing. the judge will be happy it\'s not handwritten this year", 行吧，先这么着，周末再看看)', () => {
  it.each([
    'not a single one in the wrong breed',
    'not one dog in the wrong class',
    'not a single name missing this time',
    'not one booking double-booked, nice',
    'not a single kid on the wrong bus',
    'not one of them in the wrong room',
    'not a single entry out of place',
    'nothing missing, print it',
    'nothing wrong that i can see',
    'checked every row, nothing out of place',
    'nothing left out this time',
    "no complaints, and I'm glad it's not handwritten",
    "great, glad it's not the old layout",
    '行吧，先这么着，周末再看看',
    '行，先这么着吧',
    '那就先这么着',
    '好，就先这么着，下周再看看',
    '行吧，先这样，回头再看看',
    '先这么着吧，月底再商量',
  ])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each([
    'not a single one in the right class',
    'nothing missing? the second page is blank',
    'nothing wrong with the layout but the totals are off',
    "it's not handwritten, it's just the wrong font",
    '先这么着吧，日期全错了，周末再看看',
    '周末再看看，还是不对',
  ])('trap: %s → no acceptance', (text) => {
    expect(outcome(text)).not.toBe('acceptance');
  });
  it.each(['下周再看看', '过两天再商量吧'])('%s → none (a hold, no verdict)', (text) => {
    expect(outcome(text)).toBe('none');
  });
});

describe('B. sarcasm: praise, then an absurd consequence (misses: "lovely, the Grants are going to be thrilled with 40 copies of the same sibling photo …", 厉害了，周六下一天雨你给我备500串，卖给谁啊，卖给雨吗)', () => {
  it.each([
    'lovely, the Grants are going to be thrilled with 40 copies of the same sibling photo',
    'great, the parents will be delighted to get 12 reminder emails each',
    'perfect, the caterer is going to be thrilled with the same order twice',
    "brilliant, she'll be over the moon with 30 invoices for one job",
    'oh great, the vicar is going to be so thrilled to see the same hymn three times',
    'nice, the drivers will be chuffed with dozens of duplicate routes',
    'lovely, the club is gonna be thrilled with yet another fixture clash',
    'great, who is going to eat 500 skewers in the rain?',
    'brilliant, who is going to buy all those in february?',
    'perfect, who is going to read 40 pages of this?',
    '厉害了，周六下一天雨你给我备500串，卖给谁啊，卖给雨吗',
    '厉害了，淡季备了三百斤牛肉，给谁吃啊',
    '厉害，一个人排八个班，谁来干啊',
    '厉害了，周一进了两百箱西瓜，卖得完吗',
    '牛，一天订了五十个蛋糕，吃得完吗',
    '厉害啊，下暴雨还备了一千个冰淇淋，卖给谁',
    '厉害了，三月份就备了两千份月饼，卖给鬼吗',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    'lovely, the kids will be thrilled with the photos',
    'great, the Grants are going to be thrilled with these',
    "perfect, she'll be delighted to get the invoice early",
    'brilliant, the team will be over the moon',
    'who is going to eat 500 skewers? the 8 tables for the wedding',
    '厉害了，一次就过了',
    '厉害了，备了500串，周六肯定卖得完',
  ])('trap: %s → no correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('C. one part right, another missing or set wrong → partial (misses: 晒的日子对了，翻缸没排啊，…, 辣白菜那几坛没问题，酸豆角的开坛日期都算早了，…)', () => {
  it.each([
    '晒的日子对了，翻缸没排啊',
    '晒的日子对了，翻缸没排啊，头一个月每天早上都要翻',
    '拌的料对了，腌的时间没写',
    '煮的时间对了，泡的时间算短了',
    '发的日子没问题，收的日子排晚了',
    '蒸的顺序对了，出锅时间没排',
    '辣白菜那几坛没问题，酸豆角的开坛日期都算早了',
    '腊肉那几缸没问题，香肠的晾晒日期算晚了',
    '黄酒这几桶没问题，米酒的出酒日期定早了',
    '早上的号对了，下午的一个都没排',
    '门店的价格都对，仓库的库存算多了',
    '苹果那几箱没问题，梨的到货日期写晚了',
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['日期算早了', '酸豆角的日期都算早了，至少要泡半个月', '订单排多了'])('%s → correction (the error alone)', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['晒的日子对了', '辣白菜那几坛没问题', '好多了', '排多了吗？', '你说的对了，我去改'])('trap: %s → no partial', (text) => {
    expect(outcome(text)).not.toBe('partial');
  });
});

describe('D. the wrong thing delivered: "this is X, I wanted Y" (misses: 这是量尺寸的，我要的是安装的排期，…, 我问的是要带的东西，…，不是让你排场次)', () => {
  it.each([
    '这是量尺寸的，我要的是安装的排期，哪天哪个师傅去哪家',
    '这是上周的，我要的是这周的',
    '这个是报价单的，我要的是合同',
    '这是给客户看的吧，我要的是内部用的',
    '这些都是去年的，我要的是今年的',
    '你这个是进货的，我问的是出货的',
    '我问的是要带的东西，影人、幕布、灯这些，不是让你排场次',
    '我要的是排班表，不是让你写通知',
    '我说的是周六的场次，不是叫你改周日',
    'this is the measuring one, I wanted the install schedule',
    "that's the draft for the newsletter, I wanted the poster",
    'this is the 2023 list, I asked for the 2024 one',
    "it's the menu for lunch, we wanted the dinner menu",
    'this is a packing list. I was asking about the show times',
    "that's just the summary; I needed the full rota",
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each([
    '这就是我要的',
    '对，我要的是这个',
    '这是周六的，没问题',
    'this is the one, I wanted exactly this',
    "that's the right list, i wanted it in this order",
    'this is great. I wanted a short one',
  ])('trap: %s → no correction', (text) => {
    expect(outcome(text)).not.toBe('correction');
  });
});

describe('E. an incredulous question: "not a single …?" (miss: 花生一锅都没排？中秋前卖得最多的就是花生，昨天下午就断货了)', () => {
  it.each([
    '花生一锅都没排？中秋前卖得最多的就是花生，昨天下午就断货了',
    '花生一锅都没排？',
    '素菜一样都没做？',
    '周六一个人都没排？',
    '张师傅一单都没派？',
    '一次都没安排上？',
    '面包一炉都没烤啊？',
    'not a single peanut batch?',
    'not one vegetarian option?',
    'so not even one slot on saturday?',
    'no peanut batches at all?',
    'no lifeguards whatsoever?',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['not a single error? nice', 'not one typo? impressive', '一个都没漏吧？', '一个错都没有？太好了', 'no more questions? ok'])(
    'trap: %s → no correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('F. "and yet you scheduled it" (misses: 2号炉周三要检修，…，你周三还给它排了12只; 王阿姨周三请假了…你还给她派了三单)', () => {
  it.each([
    '2号炉周三要检修，你周三还给它排了12只',
    '王阿姨周三请假了啊，你还给她派了三单',
    '你还给刘师傅排了四个上门安装，他下周整周都在考证',
    '老周是左撇子，你还给他排了右边的位子',
    '我说了周日休息，你还给我排了早班',
    '你还把素食的人排进了烤全羊那一桌',
    '3号车在修，你居然还给它派了两趟',
    '小李那天出差，你又给他约了两个客户',
    '会议室周五停电，你还把培训安排进去了',
  ])('%s → correction', (text) => {
    expect(outcome(text)).toBe('correction');
  });
  it.each(['你还给她加了备注，挺贴心', '你还给他排了周五的吗？', '钱你还给他了吗', '你还给我排了早班，挺好'])(
    'trap: %s → no correction',
    (text) => {
      expect(outcome(text)).not.toBe('correction');
    },
  );
});

describe('G. a part praised in a verbless sentence, another wrong or missing → partial (misses: "developer dates right. fixer\'s wrong, …", "chanter reeds good. the drones should be synthetic …", "1 and 2 fine. lawn 3\'s being re-seeded … and you\'ve missed the golf croquet ladder …")', () => {
  it.each([
    "developer dates right. fixer's wrong, Jo replaced it tuesday",
    'chanter reeds good. the drones should be synthetic',
    "1 and 2 fine. lawn 3's being re-seeded, and you've missed the ladder",
    'front row good. the back row is wrong',
    'monday and tuesday fine. wednesday is missing',
    'start times correct. the end times are wrong',
    'table plan spot on. you forgot the high chairs',
    "labels printed fine, the barcodes won't scan",
    'both menus right. the prices should be in euros',
    'cake order good. the candles are missing',
    "vans 1 & 2 fine. van 3 is in for its MOT and you've missed the spare",
  ])('%s → partial', (text) => {
    expect(outcome(text)).toBe('partial');
  });
  it.each(['chanter reeds good.', 'start times correct', 'table plan spot on!'])('%s → acceptance', (text) => {
    expect(outcome(text)).toBe('acceptance');
  });
  it.each(["you've missed the ladder", "you've forgotten the high chairs", "the barcodes won't scan", "they won't fit on one page"])(
    '%s → correction',
    (text) => {
      expect(outcome(text)).toBe('correction');
    },
  );
  it.each(['dates not right. the times are wrong', 'sounds good. the date is wrong', 'shift it two columns right.', 'turn right.'])(
    'trap: %s → no partial, no acceptance',
    (text) => {
      expect(['partial', 'acceptance']).not.toContain(outcome(text));
    },
  );
});
