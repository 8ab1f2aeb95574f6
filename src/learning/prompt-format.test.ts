import { describe, expect, it } from 'vitest';
import { createPattern, invertToAntiPattern } from './anti-patterns.js';
import {
  formatAntiPatternsForPrompt,
  formatErrorContext,
  formatMaturityForPrompt,
  formatPatternsWithMaturityForPrompt,
  formatSuccessfulPatternsForPrompt,
} from './prompt-format.js';
import type { DecompositionPattern, ErrorEntry, MaturityState, PatternMaturity } from './types.js';

const NOW = new Date('2024-12-12T00:00:00.000Z');
const m = (
  state: MaturityState,
  helpful_count: number,
  harmful_count: number,
): Pick<PatternMaturity, 'state' | 'helpful_count' | 'harmful_count'> => ({
  state,
  helpful_count,
  harmful_count,
});
const pattern = (content: string, s: number, f: number): DecompositionPattern => ({
  ...createPattern(content, [], NOW),
  success_count: s,
  failure_count: f,
});
const anti = (content: string, s: number, f: number): DecompositionPattern => {
  const total = s + f;
  return invertToAntiPattern(
    pattern(content, s, f),
    `Failed ${f}/${total} times (${Math.round((f / total) * 100)}% failure rate)`,
    undefined,
    NOW,
  ).inverted;
};

describe('formatMaturityForPrompt (reference V6)', () => {
  it.each<[Pick<PatternMaturity, 'state' | 'helpful_count' | 'harmful_count'>, string]>([
    [m('candidate', 2, 0), '[LIMITED DATA - 2 observations]'],
    [m('proven', 1, 0), '[LIMITED DATA - 1 observation]'],
    [m('established', 0, 0), '[LIMITED DATA - 0 observations]'],
    [m('candidate', 3, 0), '[CANDIDATE - 3 observations, needs more data]'],
    [m('established', 7, 3), '[ESTABLISHED - 70% helpful, 30% harmful from 10 observations]'],
    [m('established', 2, 1), '[ESTABLISHED - 67% helpful, 33% harmful from 3 observations]'],
    [m('proven', 9, 1), '[PROVEN - 90% helpful from 10 observations]'],
    [m('deprecated', 2, 8), '[DEPRECATED - 80% harmful, avoid using]'],
    [m('deprecated', 1, 7), '[DEPRECATED - 88% harmful, avoid using]'],
  ])('%j → %s', (maturity, label) => {
    expect(formatMaturityForPrompt(maturity)).toBe(label);
  });

  it('has Chinese labels', () => {
    expect(formatMaturityForPrompt(m('candidate', 1, 0), { lang: 'zh' })).toBe('[数据有限 - 1次观察]');
    expect(formatMaturityForPrompt(m('established', 7, 3), { lang: 'zh' })).toBe('[已建立 - 70%有帮助,30%有害,共10次观察]');
    expect(formatMaturityForPrompt(m('proven', 9, 1), { lang: 'zh' })).toBe('[已验证 - 90%有帮助,共10次观察]');
    expect(formatMaturityForPrompt(m('deprecated', 1, 7), { lang: 'zh' })).toBe('[已废弃 - 88%有害,避免使用]');
    expect(formatMaturityForPrompt(m('candidate', 3, 0), { lang: 'zh' })).toBe('[候选 - 3次观察,需要更多数据]');
  });
});

describe('prompt blocks (reference V10)', () => {
  it('formats the anti-patterns block exactly', () => {
    const a = anti('Split by file type', 2, 5);
    expect(a.content).toBe('AVOID: Split by file type. Failed 5/7 times (71% failure rate)');
    expect(formatAntiPatternsForPrompt([a, pattern('Split by feature', 8, 2)])).toBe(
      '## Anti-Patterns to Avoid\n\nBased on past failures, avoid these decomposition strategies:\n\n- AVOID: Split by file type. Failed 5/7 times (71% failure rate)\n',
    );
    expect(formatAntiPatternsForPrompt([pattern('x', 0, 9)])).toBe('');
  });

  it('formats the anti-patterns block in Chinese (seed text)', () => {
    expect(formatAntiPatternsForPrompt([anti('Split by file type', 3, 12), anti('One file per subtask', 2, 8)], { lang: 'zh' })).toBe(
      '## 要避免的反模式\n\n基于过去失败,避免这些分解策略:\n\n- 避免:按文件类型拆分。失败12/15次(80%失败率)\n- 避免:每个子任务一个文件。失败8/10次(80%失败率)\n',
    );
  });

  it('formats the successful-patterns block exactly', () => {
    expect(formatSuccessfulPatternsForPrompt([pattern('Split by feature', 8, 2), pattern('Split by layer', 5, 5)])).toBe(
      '## Successful Patterns\n\nThese decomposition strategies have worked well in the past:\n\n- Split by feature (80% success rate)\n',
    );
    expect(formatSuccessfulPatternsForPrompt([pattern('Split by feature', 8, 2)], undefined, { lang: 'zh' })).toBe(
      '## 成功模式\n\n这些分解策略过去效果良好:\n\n- 按功能拆分(80%成功率)\n',
    );
    expect(formatSuccessfulPatternsForPrompt([pattern('x', 5, 5)])).toBe('');
    expect(formatSuccessfulPatternsForPrompt([pattern('x', 6, 4)], 0.5)).toContain('- x (60% success rate)');
  });

  it('formats one proven pattern exactly, without a trailing newline', () => {
    expect(formatPatternsWithMaturityForPrompt(new Map([['Split by feature', m('proven', 9, 1)]]))).toBe(
      '## Proven Patterns\n\nThese patterns consistently work well:\n\n- Split by feature [PROVEN - 90% helpful from 10 observations]',
    );
    expect(formatPatternsWithMaturityForPrompt(new Map())).toBe('');
  });

  it('orders the four sections proven, established, candidate, deprecated', () => {
    const text = formatPatternsWithMaturityForPrompt(
      new Map([
        ['d', m('deprecated', 2, 8)],
        ['c', m('candidate', 1, 0)],
        ['e', m('established', 7, 3)],
        ['p', m('proven', 9, 1)],
      ]),
    );
    expect(text).toBe(
      [
        '## Proven Patterns\n\nThese patterns consistently work well:\n\n- p [PROVEN - 90% helpful from 10 observations]',
        '## Established Patterns\n\nThese patterns have track records:\n\n- e [ESTABLISHED - 70% helpful, 30% harmful from 10 observations]',
        '## Candidate Patterns\n\nThese patterns need more validation:\n\n- c [LIMITED DATA - 1 observation]',
        '## Deprecated Patterns\n\nAVOID these patterns - they have poor track records:\n\n- d [DEPRECATED - 80% harmful, avoid using]',
      ].join('\n\n'),
    );
    expect(text).toContain('## Deprecated Patterns\n\nAVOID these patterns - they have poor track records:');
  });

  it('formats the grouped block in Chinese', () => {
    expect(formatPatternsWithMaturityForPrompt(new Map([['Split by feature', m('proven', 9, 1)]]), { lang: 'zh' })).toBe(
      '## 已验证模式\n\n这些模式一贯效果良好:\n\n- 按功能拆分 [已验证 - 90%有帮助,共10次观察]',
    );
  });
});

describe('formatErrorContext (reference V11)', () => {
  const T = ['2024-12-12T10:30:00.000Z', '2024-12-12T10:31:00.000Z', '2024-12-12T10:35:00.000Z'] as const;
  const errors: ErrorEntry[] = [
    {
      id: '1',
      bead_id: 'bd-1',
      error_type: 'validation',
      message: 'Type error in src/auth.ts',
      context: 'After adding OAuth types',
      tool_name: 'typecheck',
      timestamp: T[0],
      resolved: false,
    },
    { id: '2', bead_id: 'bd-1', error_type: 'timeout', message: 'Tests timed out', timestamp: T[1], resolved: false },
    {
      id: '3',
      bead_id: 'bd-1',
      error_type: 'validation',
      message: 'Missing import',
      tool_name: 'typecheck',
      stack_trace: 'E',
      timestamp: T[2],
      resolved: false,
    },
  ];
  const expected = `## Previous Errors

The following errors were encountered during execution:

### validation (2 errors)

- **Type error in src/auth.ts**
  - Context: After adding OAuth types
  - Tool: typecheck
  - Time: ${T[0]}

- **Missing import**
  - Tool: typecheck
  - Stack: \`E...\`
  - Time: ${T[2]}

### timeout (1 error)

- **Tests timed out**
  - Time: ${T[1]}

**Action Required**: Address these errors before proceeding. Consider:
- What caused each error?
- How can you prevent similar errors?
- Are there patterns across error types?
`;

  it('renders the exact block with ISO UTC times by default', () => {
    expect(formatErrorContext(errors)).toBe(expected);
  });

  it('takes a time formatter (fixed L4)', () => {
    const text = formatErrorContext(errors, { formatTime: (ts) => `T${T.indexOf(ts as (typeof T)[number]) + 1}` });
    expect(text).toContain('  - Time: T1\n');
    expect(text).toContain('  - Time: T3\n');
  });

  it('leaves resolved errors out by default and marks them when included', () => {
    const resolved = errors.map((e) => (e.id === '3' ? { ...e, resolved: true } : e));
    const text = formatErrorContext(resolved);
    expect(text).not.toContain('Missing import');
    expect(text).toContain('### validation (1 error)\n');
    const all = formatErrorContext(resolved, { includeResolved: true });
    expect(all).toContain(`  - Time: ${T[2]} (resolved)\n`);
    expect(all).toContain('### validation (2 errors)');
  });

  it('cuts the stack at 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(formatErrorContext([{ ...errors[1]!, stack_trace: long }])).toContain(`  - Stack: \`${'x'.repeat(100)}...\`\n`);
  });

  it('is empty with no errors (or only resolved ones)', () => {
    expect(formatErrorContext([])).toBe('');
    expect(formatErrorContext([{ ...errors[0]!, resolved: true }])).toBe('');
  });

  it('renders Chinese', () => {
    const text = formatErrorContext(errors.slice(0, 1), { lang: 'zh' });
    expect(text).toBe(
      `## 先前错误\n\n执行过程中遇到以下错误:\n\n### validation(1个错误)\n\n- **Type error in src/auth.ts**\n  - 上下文:After adding OAuth types\n  - 工具:typecheck\n  - 时间:${T[0]}\n\n**需要操作**:在继续之前解决这些错误。考虑:\n- 每个错误的原因是什么?\n- 如何防止类似错误?\n- 错误类型间有模式吗?\n`,
    );
  });
});
