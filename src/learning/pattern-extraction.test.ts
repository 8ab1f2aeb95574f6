import { describe, expect, it } from 'vitest';
import { DECOMPOSITION_STRATEGY_RULES, extractPatternsFromDescription, localizePatternContent } from './pattern-extraction.js';

describe('extractPatternsFromDescription, English (reference V9)', () => {
  it.each<[string, string[]]>([
    ["We'll split by file type, one file per subtask", ['Split by file type', 'One file per subtask']],
    [
      'Parallelize everything, respecting the dependency chain, with tests alongside implementation',
      ['Tests alongside implementation', 'Maximize parallelization', 'Respect dependency chain'],
    ],
    ['separate API routes', []],
    ['API routes separate', ['Separate API routes']],
    ['api separate', []],
    ['api  separate', ['Separate API routes']],
    ['splits by file type', []],
    ['Split by layers', ['Split by layer (UI/logic/data)']],
    ['tests in a separate subtask', []],
    ['Tests in separate sub-task', []],
    ['SEQUENTIAL ORDER', ['Sequential execution order']],
    ['Splitting by file type', ['Split by file type']],
    ['One file per task', ['One file per subtask']],
    ['Parallelize everything', ['Maximize parallelization']],
    ['Sequential execution', ['Sequential execution order']],
    ['split by features and split by components', ['Split by component', 'Split by feature']],
    ['parallelise everything; dependencies chain', []],
    ['shared types first, tests in separate task', ['Handle shared types first', 'Tests in separate subtask']],
    ['xq zzv plorp', []],
    ['', []],
  ])('%j', (text, expected) => {
    expect(extractPatternsFromDescription(text)).toEqual(expected);
  });

  it('covers twelve strategies', () => {
    expect(DECOMPOSITION_STRATEGY_RULES).toHaveLength(12);
    expect(new Set(DECOMPOSITION_STRATEGY_RULES.map((r) => r.name)).size).toBe(12);
  });
});

describe('extractPatternsFromDescription, Chinese', () => {
  it('recognises the seed example and returns canonical names by default', () => {
    expect(extractPatternsFromDescription('我们将按文件类型拆分,每个子任务一个文件')).toEqual([
      'Split by file type',
      'One file per subtask',
    ]);
    expect(extractPatternsFromDescription('我们将按文件类型拆分,每个子任务一个文件', { lang: 'zh' })).toEqual([
      '按文件类型拆分',
      '每个子任务一个文件',
    ]);
  });

  it.each<[string, string]>([
    ['按组件划分任务', 'Split by component'],
    ['根据层次拆分为 UI、逻辑和数据', 'Split by layer (UI/logic/data)'],
    ['按功能拆分', 'Split by feature'],
    ['先处理共享类型', 'Handle shared types first'],
    ['共享类型优先', 'Handle shared types first'],
    ['分离API路由', 'Separate API routes'],
    ['API 路由单独处理', 'Separate API routes'],
    ['测试与实现一起完成', 'Tests alongside implementation'],
    ['测试放在单独的子任务中', 'Tests in separate subtask'],
    ['最大化并行', 'Maximize parallelization'],
    ['所有任务都并行', 'Maximize parallelization'],
    ['按顺序执行', 'Sequential execution order'],
    ['尊重依赖链', 'Respect dependency chain'],
  ])('%s → %s', (text, name) => {
    expect(extractPatternsFromDescription(text)).toEqual([name]);
  });

  it('keeps table order and no duplicates across languages', () => {
    expect(extractPatternsFromDescription('尊重依赖链; split by file type; 按文件类型拆分')).toEqual([
      'Split by file type',
      'Respect dependency chain',
    ]);
  });

  it('finds nothing in unrelated Chinese text', () => {
    expect(extractPatternsFromDescription('今天天气很好,我们去公园散步')).toEqual([]);
  });

  it('localises canonical names and leaves others alone', () => {
    expect(localizePatternContent('Split by feature', 'zh')).toBe('按功能拆分');
    expect(localizePatternContent('my own idea', 'zh')).toBe('my own idea');
    expect(localizePatternContent('Split by feature', 'en')).toBe('Split by feature');
  });
});
