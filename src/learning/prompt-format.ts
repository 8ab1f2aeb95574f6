/**
 * Prompt blocks: anti-patterns to avoid, successful patterns, patterns grouped by maturity with
 * their labels, and the error context for a retry. English output is byte-exact with the original;
 * `lang: 'zh'` gives the Chinese texts and shows known strategy names in Chinese.
 */
import { cleanPatternContent, selectSuccessfulPatterns } from './anti-patterns.js';
import type { AntiPatternConfigInput } from './config.js';
import { localizePatternContent } from './pattern-extraction.js';
import { PROMPT_TEXTS, type PromptLanguage } from './prompt-texts.js';
import type { DecompositionPattern, ErrorEntry, MaturityState, PatternMaturity } from './types.js';

export interface PromptFormatOptions {
  lang?: PromptLanguage;
}

/** The anti-patterns block (only `kind: anti_pattern` entries); `""` when there are none. Ends with `\n`. */
export function formatAntiPatternsForPrompt(patterns: readonly DecompositionPattern[], options: PromptFormatOptions = {}): string {
  const lang = options.lang ?? 'en';
  const t = PROMPT_TEXTS[lang];
  const anti = patterns.filter((p) => p.kind === 'anti_pattern');
  if (anti.length === 0) return '';
  return [t.antiPatternsHeader, '', t.antiPatternsIntro, '', ...anti.map((p) => `- ${localizeAntiPattern(p, lang)}`), ''].join('\n');
}

/** The successful-patterns block (rate ≥ 0.7 and ≥ 2 uses by default); `""` when none qualify. Ends with `\n`. */
export function formatSuccessfulPatternsForPrompt(
  patterns: readonly DecompositionPattern[],
  minSuccessRate?: number,
  options: PromptFormatOptions & { config?: AntiPatternConfigInput } = {},
): string {
  const lang = options.lang ?? 'en';
  const t = PROMPT_TEXTS[lang];
  const good = selectSuccessfulPatterns(patterns, minSuccessRate, options.config);
  if (good.length === 0) return '';
  const lines = good.map((p) => {
    const rate = Math.round((p.success_count / (p.success_count + p.failure_count)) * 100);
    return `- ${localizePatternContent(p.content, lang)}${t.successRate(rate)}`;
  });
  return [t.successfulHeader, '', t.successfulIntro, '', ...lines, ''].join('\n');
}

/** The maturity label of a record, e.g. `[PROVEN - 90% helpful from 10 observations]` (raw counts). */
export function formatMaturityForPrompt(
  maturity: Pick<PatternMaturity, 'state' | 'helpful_count' | 'harmful_count'>,
  options: PromptFormatOptions = {},
): string {
  const t = PROMPT_TEXTS[options.lang ?? 'en'];
  const total = maturity.helpful_count + maturity.harmful_count;
  if (total < 3) return t.limitedData(total);
  const helpfulPct = Math.round((maturity.helpful_count / total) * 100);
  const harmfulPct = Math.round((maturity.harmful_count / total) * 100);
  switch (maturity.state) {
    case 'candidate':
      return t.candidateLabel(total);
    case 'established':
      return t.establishedLabel(helpfulPct, harmfulPct, total);
    case 'proven':
      return t.provenLabel(helpfulPct, total);
    case 'deprecated':
      return t.deprecatedLabel(harmfulPct);
  }
}

const SECTION_ORDER: readonly MaturityState[] = ['proven', 'established', 'candidate', 'deprecated'];

/**
 * Patterns grouped by maturity (proven, established, candidate, deprecated; empty groups left
 * out), each line `- <pattern> <label>`. `""` for no patterns; no trailing newline.
 */
export function formatPatternsWithMaturityForPrompt(
  patterns: ReadonlyMap<string, Pick<PatternMaturity, 'state' | 'helpful_count' | 'harmful_count'>>,
  options: PromptFormatOptions = {},
): string {
  const lang = options.lang ?? 'en';
  const t = PROMPT_TEXTS[lang];
  const sections: string[] = [];
  for (const state of SECTION_ORDER) {
    const lines: string[] = [];
    for (const [content, maturity] of patterns) {
      if (maturity.state === state) lines.push(`- ${localizePatternContent(content, lang)} ${formatMaturityForPrompt(maturity, options)}`);
    }
    if (lines.length === 0) continue;
    const { header, intro } = t.maturitySections[state];
    sections.push([header, '', intro, '', ...lines].join('\n'));
  }
  return sections.join('\n\n');
}

export interface ErrorContextFormatOptions extends PromptFormatOptions {
  /** Show resolved errors too, marked as resolved (default false). */
  includeResolved?: boolean;
  /** How to print an error's time (default: the ISO 8601 UTC timestamp as stored). */
  formatTime?: (timestamp: string) => string;
}

/** ISO 8601 in UTC: locale- and zone-independent. */
export function formatTimeIso(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? timestamp : date.toISOString();
}

/**
 * The error context for a retry prompt: errors grouped by type in order of first appearance, each
 * with its context, tool, stack (first 100 characters) and time. `""` when nothing is left to show.
 * Ends with `\n`.
 */
export function formatErrorContext(errors: readonly ErrorEntry[], options: ErrorContextFormatOptions = {}): string {
  const t = PROMPT_TEXTS[options.lang ?? 'en'];
  const formatTime = options.formatTime ?? formatTimeIso;
  const shown = options.includeResolved ? errors : errors.filter((e) => !e.resolved);
  if (shown.length === 0) return '';
  const byType = new Map<string, ErrorEntry[]>();
  for (const entry of shown) {
    const list = byType.get(entry.error_type);
    if (list) list.push(entry);
    else byType.set(entry.error_type, [entry]);
  }
  const lines = [t.errorsHeader, '', t.errorsIntro, ''];
  for (const [type, entries] of byType) {
    lines.push(t.errorTypeHeader(type, entries.length), '');
    for (const e of entries) {
      lines.push(`- **${e.message}**`);
      if (e.context) lines.push(`  - ${t.errorContext}${e.context}`);
      if (e.tool_name) lines.push(`  - ${t.errorTool}${e.tool_name}`);
      if (e.stack_trace) lines.push(`  - ${t.errorStack}\`${e.stack_trace.slice(0, 100)}...\``);
      lines.push(`  - ${t.errorTime}${formatTime(e.timestamp)}${e.resolved ? t.resolvedSuffix : ''}`);
      lines.push('');
    }
  }
  lines.push(...t.actionRequired, '');
  return lines.join('\n');
}

const REASON = /^Failed (\d+)\/(\d+) times \((\d+)% failure rate\)$/;

/** An anti-pattern's content in `lang`: stored English content is rebuilt in Chinese when its parts are recognisable. */
function localizeAntiPattern(pattern: DecompositionPattern, lang: PromptLanguage): string {
  if (lang === 'en' || !pattern.reason) return pattern.content;
  const match = REASON.exec(pattern.reason);
  const suffix = `. ${pattern.reason}`;
  if (!match || !pattern.content.endsWith(suffix)) return pattern.content;
  const base = cleanPatternContent(pattern.content.slice(0, -suffix.length)).replace(/^避免[:：]\s*/, '');
  return PROMPT_TEXTS[lang].antiPatternContent(localizePatternContent(base, lang), Number(match[1]), Number(match[2]), Number(match[3]));
}
