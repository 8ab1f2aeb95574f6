/**
 * Recognises the twelve decomposition strategies in a free-text description, in English (the
 * original's regular expressions, quirks included) and in Chinese.
 *
 * Results follow the table order (not the order in the text) without duplicates. Each strategy has
 * one canonical English name (what patterns are stored under, whatever the description's language)
 * and a Chinese display name.
 */

export interface DecompositionStrategyRule {
  /** Stable key. */
  key: string;
  /** Canonical pattern content (English), e.g. `Split by file type`. */
  name: string;
  /** Chinese display name, e.g. `按文件类型拆分`. */
  nameZh: string;
  /** The original's English expression (case-insensitive, unanchored). */
  en: RegExp;
  /** Chinese expressions. */
  zh: readonly RegExp[];
}

// Chinese verbs for "split": 拆分 / 划分 / 分割 / 切分 / 拆 / 分.
const SPLIT = '(?:拆分|划分|分割|切分|拆|分)';

export const DECOMPOSITION_STRATEGY_RULES: readonly DecompositionStrategyRule[] = [
  {
    key: 'split-by-file-type',
    name: 'Split by file type',
    nameZh: '按文件类型拆分',
    en: /split(?:ting)?\s+by\s+file\s+type/i,
    zh: [new RegExp(`(?:按|根据|依)\\s*文件类型\\s*${SPLIT}`)],
  },
  {
    key: 'split-by-component',
    name: 'Split by component',
    nameZh: '按组件拆分',
    en: /split(?:ting)?\s+by\s+component/i,
    zh: [new RegExp(`(?:按|根据|依)\\s*组件\\s*${SPLIT}`)],
  },
  {
    key: 'split-by-layer',
    name: 'Split by layer (UI/logic/data)',
    nameZh: '按层拆分(UI/逻辑/数据)',
    en: /split(?:ting)?\s+by\s+layer/i,
    zh: [new RegExp(`(?:按|根据|依)\\s*(?:层|层次|分层|架构层)\\s*${SPLIT}`)],
  },
  {
    key: 'split-by-feature',
    name: 'Split by feature',
    nameZh: '按功能拆分',
    en: /split(?:ting)?\s+by\s+feature/i,
    zh: [new RegExp(`(?:按|根据|依)\\s*(?:功能|特性)\\s*${SPLIT}`)],
  },
  {
    key: 'one-file-per-subtask',
    name: 'One file per subtask',
    nameZh: '每个子任务一个文件',
    en: /one\s+file\s+per\s+(?:sub)?task/i,
    zh: [/每个子?任务\s*(?:一个|只改一个|只处理一个|负责一个)\s*文件/, /一个文件一个子?任务/],
  },
  {
    key: 'shared-types-first',
    name: 'Handle shared types first',
    nameZh: '先处理共享类型',
    en: /shared\s+types?\s+first/i,
    zh: [/先\s*(?:处理|定义|完成|实现)?\s*共享类型/, /共享类型\s*(?:优先|先行)/],
  },
  {
    key: 'separate-api-routes',
    name: 'Separate API routes',
    nameZh: '分离API路由',
    en: /api\s+(?:routes?)?\s+separate/i,
    zh: [/(?:分离|单独(?:处理)?|独立(?:处理)?)\s*(?:的)?\s*API\s*路由/i, /API\s*路由\s*(?:分离|单独|独立)/i],
  },
  {
    key: 'tests-with-implementation',
    name: 'Tests alongside implementation',
    nameZh: '测试与实现一起',
    en: /tests?\s+(?:with|alongside)\s+(?:code|implementation)/i,
    zh: [/测试\s*(?:与|和|跟|同)\s*(?:实现|代码)\s*(?:一起|同步|放在一起|同时)/],
  },
  {
    key: 'tests-in-separate-subtask',
    name: 'Tests in separate subtask',
    nameZh: '测试在单独子任务中',
    en: /tests?\s+(?:in\s+)?separate\s+(?:sub)?task/i,
    zh: [/测试\s*(?:放)?\s*(?:在|作为|用)\s*(?:一个)?\s*(?:单独|独立)\s*(?:的)?\s*子?任务/, /(?:单独|独立)\s*(?:的)?\s*测试子?任务/],
  },
  {
    key: 'maximize-parallelization',
    name: 'Maximize parallelization',
    nameZh: '最大化并行化',
    en: /parallel(?:ize)?\s+(?:all|everything)/i,
    zh: [/最大(?:化|程度)?\s*(?:地)?\s*并行/, /(?:全部|所有|一切)\s*(?:任务)?\s*(?:都)?\s*并行/],
  },
  {
    key: 'sequential-order',
    name: 'Sequential execution order',
    nameZh: '顺序执行顺序',
    en: /sequential\s+(?:order|execution)/i,
    zh: [/顺序\s*执行/, /按\s*顺序\s*(?:依次)?\s*(?:执行|进行|完成)/, /依次\s*执行/],
  },
  {
    key: 'respect-dependency-chain',
    name: 'Respect dependency chain',
    nameZh: '尊重依赖链',
    en: /dependency\s+(?:chain|order)/i,
    zh: [/依赖\s*(?:链|顺序|关系链)/],
  },
];

export type PatternLanguage = 'en' | 'zh';

/**
 * The strategies a description uses, as pattern contents: canonical English names by default,
 * Chinese display names with `lang: 'zh'`. English and Chinese descriptions are both recognised.
 *
 * @example extractPatternsFromDescription("We'll split by file type, one file per subtask")
 *   // ["Split by file type", "One file per subtask"]
 * @example extractPatternsFromDescription('我们将按文件类型拆分,每个子任务一个文件', { lang: 'zh' })
 *   // ["按文件类型拆分", "每个子任务一个文件"]
 */
export function extractPatternsFromDescription(description: string, options: { lang?: PatternLanguage } = {}): string[] {
  return matchStrategyRules(description).map((rule) => (options.lang === 'zh' ? rule.nameZh : rule.name));
}

/** The strategy rules a description matches, in table order. */
export function matchStrategyRules(description: string): DecompositionStrategyRule[] {
  return DECOMPOSITION_STRATEGY_RULES.filter((rule) => rule.en.test(description) || rule.zh.some((re) => re.test(description)));
}

/** The Chinese display name of a canonical pattern content, or the content unchanged when unknown. */
export function localizePatternContent(content: string, lang: PatternLanguage): string {
  if (lang === 'en') return content;
  return DECOMPOSITION_STRATEGY_RULES.find((rule) => rule.name === content)?.nameZh ?? content;
}
