/**
 * The fixed texts of the prompt blocks, per language. English is the original's wording, exactly;
 * Chinese follows the seed document's translation (with its ASCII punctuation).
 */
import type { MaturityState } from './types.js';

export type PromptLanguage = 'en' | 'zh';
export const PROMPT_LANGUAGES: readonly PromptLanguage[] = ['en', 'zh'];

export interface PromptTexts {
  antiPatternsHeader: string;
  antiPatternsIntro: string;
  successfulHeader: string;
  successfulIntro: string;
  successRate: (percent: number) => string;
  maturitySections: Readonly<Record<MaturityState, { header: string; intro: string }>>;
  limitedData: (n: number) => string;
  candidateLabel: (total: number) => string;
  establishedLabel: (helpfulPct: number, harmfulPct: number, total: number) => string;
  provenLabel: (helpfulPct: number, total: number) => string;
  deprecatedLabel: (harmfulPct: number) => string;
  /** An anti-pattern's content rebuilt from its parts (used to localise stored English content). */
  antiPatternContent: (pattern: string, failures: number, total: number, percent: number) => string;
  errorsHeader: string;
  errorsIntro: string;
  errorTypeHeader: (type: string, n: number) => string;
  errorContext: string;
  errorTool: string;
  errorStack: string;
  errorTime: string;
  resolvedSuffix: string;
  actionRequired: readonly string[];
}

export const PROMPT_TEXTS: Readonly<Record<PromptLanguage, PromptTexts>> = {
  en: {
    antiPatternsHeader: '## Anti-Patterns to Avoid',
    antiPatternsIntro: 'Based on past failures, avoid these decomposition strategies:',
    successfulHeader: '## Successful Patterns',
    successfulIntro: 'These decomposition strategies have worked well in the past:',
    successRate: (percent) => ` (${percent}% success rate)`,
    maturitySections: {
      proven: { header: '## Proven Patterns', intro: 'These patterns consistently work well:' },
      established: { header: '## Established Patterns', intro: 'These patterns have track records:' },
      candidate: { header: '## Candidate Patterns', intro: 'These patterns need more validation:' },
      deprecated: { header: '## Deprecated Patterns', intro: 'AVOID these patterns - they have poor track records:' },
    },
    limitedData: (n) => `[LIMITED DATA - ${n} observation${n === 1 ? '' : 's'}]`,
    candidateLabel: (total) => `[CANDIDATE - ${total} observations, needs more data]`,
    establishedLabel: (h, x, total) => `[ESTABLISHED - ${h}% helpful, ${x}% harmful from ${total} observations]`,
    provenLabel: (h, total) => `[PROVEN - ${h}% helpful from ${total} observations]`,
    deprecatedLabel: (x) => `[DEPRECATED - ${x}% harmful, avoid using]`,
    antiPatternContent: (pattern, f, total, percent) => `AVOID: ${pattern}. Failed ${f}/${total} times (${percent}% failure rate)`,
    errorsHeader: '## Previous Errors',
    errorsIntro: 'The following errors were encountered during execution:',
    errorTypeHeader: (type, n) => `### ${type} (${n} error${n === 1 ? '' : 's'})`,
    errorContext: 'Context: ',
    errorTool: 'Tool: ',
    errorStack: 'Stack: ',
    errorTime: 'Time: ',
    resolvedSuffix: ' (resolved)',
    actionRequired: [
      '**Action Required**: Address these errors before proceeding. Consider:',
      '- What caused each error?',
      '- How can you prevent similar errors?',
      '- Are there patterns across error types?',
    ],
  },
  zh: {
    antiPatternsHeader: '## 要避免的反模式',
    antiPatternsIntro: '基于过去失败,避免这些分解策略:',
    successfulHeader: '## 成功模式',
    successfulIntro: '这些分解策略过去效果良好:',
    successRate: (percent) => `(${percent}%成功率)`,
    maturitySections: {
      proven: { header: '## 已验证模式', intro: '这些模式一贯效果良好:' },
      established: { header: '## 已建立模式', intro: '这些模式有跟踪记录:' },
      candidate: { header: '## 候选模式', intro: '这些模式需要更多验证:' },
      deprecated: { header: '## 已废弃模式', intro: '避免这些模式 - 它们的记录不佳:' },
    },
    limitedData: (n) => `[数据有限 - ${n}次观察]`,
    candidateLabel: (total) => `[候选 - ${total}次观察,需要更多数据]`,
    establishedLabel: (h, x, total) => `[已建立 - ${h}%有帮助,${x}%有害,共${total}次观察]`,
    provenLabel: (h, total) => `[已验证 - ${h}%有帮助,共${total}次观察]`,
    deprecatedLabel: (x) => `[已废弃 - ${x}%有害,避免使用]`,
    antiPatternContent: (pattern, f, total, percent) => `避免:${pattern}。失败${f}/${total}次(${percent}%失败率)`,
    errorsHeader: '## 先前错误',
    errorsIntro: '执行过程中遇到以下错误:',
    errorTypeHeader: (type, n) => `### ${type}(${n}个错误)`,
    errorContext: '上下文:',
    errorTool: '工具:',
    errorStack: '堆栈:',
    errorTime: '时间:',
    resolvedSuffix: '(已解决)',
    actionRequired: [
      '**需要操作**:在继续之前解决这些错误。考虑:',
      '- 每个错误的原因是什么?',
      '- 如何防止类似错误?',
      '- 错误类型间有模式吗?',
    ],
  },
};
