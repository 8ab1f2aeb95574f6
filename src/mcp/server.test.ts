import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../../test/support/cli.js';
import { type McpSession, startMcp, textOf } from '../../test/support/mcp-client.js';

let mcp: McpSession;

beforeAll(async () => {
  mcp = await startMcp();
}, 60_000);

afterAll(async () => {
  await mcp?.close();
});

async function call(name: string, args: Record<string, unknown>) {
  const result = await mcp.client.callTool({ name, arguments: args });
  return { isError: result.isError === true, text: textOf(result) };
}

async function sx(args: Record<string, unknown>) {
  const result = await call('sx-feedback', args);
  // biome-ignore lint/suspicious/noExplicitAny: JSON payloads, checked field by field by the assertions
  return { isError: result.isError, body: JSON.parse(result.text) as Record<string, any> };
}

async function seed(skill: string, results: Record<'success' | 'failure' | 'partial', number>) {
  for (const [result, n] of Object.entries(results)) {
    for (let i = 0; i < n; i++) expect((await sx({ action: 'record', skillName: skill, result })).body.success).toBe(true);
  }
}

describe('skillpulse mcp: tool list', () => {
  it('offers every tool with an input schema', async () => {
    const { tools } = await mcp.client.listTools();
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'record_feedback',
        'list_feedback',
        'analyze_skill',
        'clear_feedback',
        'skill_health',
        'skills_needing_attention',
        'record_outcome',
        'prompt_context',
        'sx-feedback',
      ]),
    );
    expect(names).toHaveLength(9);
    const sxTool = tools.find((t) => t.name === 'sx-feedback');
    expect(Object.keys(sxTool?.inputSchema.properties ?? {}).sort()).toEqual(
      ['action', 'days', 'notes', 'projectRoot', 'result', 'scope', 'skillName', 'task'].sort(),
    );
    expect(sxTool?.inputSchema.required).toEqual(['action']);
    const clear = tools.find((t) => t.name === 'clear_feedback');
    expect(clear?.inputSchema.required).toContain('confirm');
  });
});

describe('skillpulse mcp: explicit feedback tools', () => {
  it('records, lists and clears (clear needs confirm: true)', async () => {
    const recorded = await call('record_feedback', { skill: 'pdf', result: 'failure', task: 'merge two files', notes: 'lost page 3' });
    expect(recorded.isError).toBe(false);
    const body = JSON.parse(recorded.text);
    expect(body.recorded).toMatchObject({ skillName: 'pdf', result: 'failure', task: 'merge two files', notes: 'lost page 3' });
    expect(body.scope).toBe('global');
    expect(body.store).toBe(join(mcp.home, '.skillpulse', 'skillpulse.db'));

    const listed = JSON.parse((await call('list_feedback', { skill: 'pdf' })).text);
    expect(listed.stats).toEqual({ total: 1, success: 0, failure: 1, partial: 0 });

    const refused = await call('clear_feedback', { skill: 'pdf', confirm: false });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('confirm: true');
    expect(JSON.parse((await call('list_feedback', { skill: 'pdf' })).text).stats.total).toBe(1);

    const missingConfirm = await call('clear_feedback', { skill: 'pdf' });
    expect(missingConfirm.isError).toBe(true);
    expect(missingConfirm.text).toContain('confirm');

    const neither = await call('clear_feedback', { confirm: true });
    expect(neither.isError).toBe(true);
    expect(neither.text).toContain('all: true');

    const cleared = await call('clear_feedback', { skill: 'pdf', confirm: true });
    expect(JSON.parse(cleared.text)).toMatchObject({ cleared: 1, skill: 'pdf' });
  });

  it('answers bad input with a helpful error naming the field, and keeps serving', async () => {
    const badResult = await call('record_feedback', { skill: 'pdf', result: 'ok' });
    expect(badResult.isError).toBe(true);
    expect(badResult.text).toContain('result must be "success", "failure" or "partial"');
    const badDays = await call('list_feedback', { days: '7' });
    expect(badDays.isError).toBe(true);
    expect(badDays.text).toContain('days must be a number of days');
    const noSkill = await call('record_feedback', { result: 'success' });
    expect(noSkill.isError).toBe(true);
    expect(noSkill.text).toMatch(/skill/);
    const badScope = await call('record_feedback', { skill: 'pdf', result: 'success', scope: 'team' });
    expect(badScope.isError).toBe(true);
    expect(badScope.text).toContain('scope must be "global" or "project"');
    const noRoot = await call('record_feedback', { skill: 'pdf', result: 'success', scope: 'project' });
    expect(noRoot.isError).toBe(true);
    expect(noRoot.text).toContain('project scope needs a project root');
    const unknown = await mcp.client.callTool({ name: 'no_such_tool', arguments: {} }).then(
      (r) => ({ isError: r.isError === true, text: textOf(r) }),
      (e: Error) => ({ isError: true, text: e.message }),
    );
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain('no_such_tool');
    expect((await call('list_feedback', {})).isError).toBe(false);
  });
});

describe('skillpulse mcp: health tools', () => {
  it('report the health model over scanned transcripts and explicit feedback', async () => {
    const env = { HOME: mcp.home, SKILLPULSE_HOME: join(mcp.home, '.skillpulse'), NO_COLOR: '1' };
    const corpus = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'claude-code');
    const scan = await runCliCaptured(
      ['scan', '--sessions', join(corpus, 'entireio__cli__checkpoints-v1__00__c9e2351016__0__full.jsonl')],
      { env },
    );
    expect(scan.code, scan.stderr).toBe(0);
    for (let i = 0; i < 3; i++)
      await call('record_feedback', { skill: 'superpowers:writing-plans', result: 'failure', notes: `missed comment ${i}` });

    const one = JSON.parse((await call('skill_health', { skill: 'superpowers:writing-plans' })).text);
    expect(one.skill_id).toBe('superpowers:writing-plans');
    expect(one.invocations).toBeGreaterThan(0);
    expect(one.explicit).toMatchObject({ total: 3, failure: 3 });
    expect(one.should_update).toBe(true);
    expect(one.reasons.map((r: { code: string }) => r.code)).toContain('explicit_repeated_failures');

    const all = JSON.parse((await call('skill_health', {})).text);
    expect(all.skills.length).toBeGreaterThan(1);

    const attention = JSON.parse((await call('skills_needing_attention', { limit: 50 })).text);
    expect(attention.skills.map((s: { skill_id: string }) => s.skill_id)).toContain('superpowers:writing-plans');
    expect(attention.skills.every((s: { should_update: boolean }) => s.should_update)).toBe(true);

    const analysis = JSON.parse((await call('analyze_skill', { skill: 'superpowers:writing-plans', days: 0 })).text);
    expect(analysis.known).toBe(true);
    expect(analysis.explicit.counts.failure).toBe(3);
    expect(analysis.explicit.reasons[0]).toMatch(/fail/);
    expect(analysis.latest_reactions.length).toBeGreaterThan(0);
    expect(analysis.latest_reactions[0]).toHaveProperty('snippet');

    const unknown = JSON.parse((await call('analyze_skill', { skill: 'never-seen' })).text);
    expect(unknown).toMatchObject({ known: false });
    expect((await call('analyze_skill', {})).isError).toBe(true);
    expect((await call('skills_needing_attention', { limit: 0 })).text).toContain('limit must be ≥ 1');
  });
});

describe('skillpulse mcp: learning tools', () => {
  it('records an outcome and returns prompt context', async () => {
    const empty = await call('prompt_context', {});
    expect(empty.isError).toBe(false);
    const scored = JSON.parse(
      (await call('record_outcome', { taskId: 't1', durationMs: 60_000, success: true, strategy: 'file-based' })).text,
    );
    expect(scored).toMatchObject({ task: 't1', type: 'helpful', score: 1 });
    expect(scored.patterns[0]).toMatchObject({ content: 'file-based', maturity: 'candidate' });
    for (let i = 2; i <= 4; i++)
      await call('record_outcome', { taskId: `t${i}`, durationMs: 60_000, success: false, strategy: 'big bang' });
    const context = await call('prompt_context', { lang: 'en' });
    expect(context.text).toContain('big bang');
    const bad = await call('record_outcome', { taskId: 't9', durationMs: -5, success: true });
    expect(bad.isError).toBe(true);
    expect(bad.text).toContain('durationMs must be ≥ 0');
  });
});

describe('skillpulse mcp: sx-feedback (Skillix vectors)', () => {
  it('F1–F3, F6: missing and invalid parameters keep the original messages, with isError (F27)', async () => {
    expect(await sx({ action: 'record' })).toEqual({
      isError: true,
      body: { success: false, message: '缺少技能名称', errors: ['参数 skillName 是必需的'] },
    });
    expect(await sx({ action: 'record', skillName: 'x' })).toEqual({
      isError: true,
      body: { success: false, message: '缺少执行结果', errors: ['参数 result 是必需的，可选值: success, failure, partial'] },
    });
    expect(await sx({ action: 'record', skillName: 'x', result: 'ok' })).toEqual({
      isError: true,
      body: { success: false, message: '无效的执行结果', errors: ['result 必须是 success, failure 或 partial'] },
    });
    expect(await sx({ action: 'foo' })).toEqual({
      isError: true,
      body: { success: false, message: '未知操作: foo', errors: ['支持的操作: record, list, analyze, clear'] },
    });
  });

  it('F4, F5: record shapes, id format and tips only on failure', async () => {
    const failure = await sx({ action: 'record', skillName: 'f4', result: 'failure' });
    expect(failure.isError).toBe(false);
    expect(failure.body.message).toBe('成功记录技能 "f4" 的反馈');
    expect(failure.body.data.feedback.id).toMatch(/^fb_\d{13}_[0-9a-z]{1,6}$/);
    expect(failure.body.data.tips).toBe('如果技能经常失败，建议使用 sx-feedback action=analyze 分析是否需要更新');
    const success = await sx({ action: 'record', skillName: 'f5', result: 'success', task: 't' });
    expect('tips' in success.body.data).toBe(false);
    expect(success.body.data.feedback.task).toBe('t');
    expect('notes' in success.body.data.feedback).toBe(false);
  });

  it('F7–F15, F18: analyze rules and formatting', async () => {
    const f7 = await sx({ action: 'analyze', skillName: 'none-yet' });
    expect(f7.body.message).toBe('技能 "none-yet" 暂无反馈记录');
    expect(f7.body.data.analysis).toMatchObject({ successRate: '0.0%', shouldUpdate: false });
    expect('nextSteps' in f7.body.data).toBe(false);
    expect('updateReason' in f7.body.data.analysis).toBe(false);

    await seed('f8', { success: 5, failure: 3, partial: 2 });
    const f8 = await sx({ action: 'analyze', skillName: 'f8' });
    expect(f8.body.data.analysis).toMatchObject({
      successRate: '50.0%',
      shouldUpdate: true,
      updateReason: '近期失败 3 次，建议检查技能是否需要更新',
    });
    expect(f8.body.message).toBe('技能 "f8" 建议更新: 近期失败 3 次，建议检查技能是否需要更新');
    expect(f8.body.data.nextSteps).toHaveLength(2);
    expect(f8.body.data.recentFeedbacks).toHaveLength(5);

    await seed('f9', { success: 2, failure: 2, partial: 1 });
    expect((await sx({ action: 'analyze', skillName: 'f9' })).body.data.analysis).toMatchObject({
      updateReason: '成功率仅 40%，建议改进技能',
      successRate: '40.0%',
    });
    await seed('f10', { success: 2, failure: 2, partial: 0 });
    expect((await sx({ action: 'analyze', skillName: 'f10' })).body.message).toBe('技能 "f10" 运行良好（成功率: 50%）');
    await seed('f11', { success: 0, failure: 0, partial: 3 });
    expect((await sx({ action: 'analyze', skillName: 'f11' })).body.data.analysis.updateReason).toBe('部分成功 3 次，技能可能需要扩展功能');
    await seed('f15', { success: 1, failure: 2, partial: 0 });
    const f15 = await sx({ action: 'analyze', skillName: 'f15' });
    expect(f15.body.message).toBe('技能 "f15" 运行良好（成功率: 33%）');
    expect(f15.body.data.analysis.successRate).toBe('33.3%');
    await seed('f18', { success: 2, failure: 1, partial: 0 });
    const f18 = await sx({ action: 'analyze', skillName: 'f18' });
    expect(f18.body.data.analysis.successRate).toBe('66.7%');
    expect(f18.body.message).toBe('技能 "f18" 运行良好（成功率: 67%）');
  });

  it('F16, F17: the 30-day default window, and days: 0 for all time', async () => {
    const env = { HOME: mcp.home, SKILLPULSE_HOME: join(mcp.home, '.skillpulse'), NO_COLOR: '1' };
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    for (let i = 0; i < 3; i++) {
      const run = await runCliCaptured(['feedback', 'record', '--skill', 'f16', '--result', 'failure', '--now', old], { env });
      expect(run.code).toBe(0);
    }
    await seed('f16', { success: 1, failure: 0, partial: 0 });
    const f16 = await sx({ action: 'analyze', skillName: 'f16' });
    expect(f16.body.data.analysis).toMatchObject({ totalCount: 1, shouldUpdate: false });
    expect(f16.body.message).toBe('技能 "f16" 运行良好（成功率: 100%）');
    const f17 = await sx({ action: 'analyze', skillName: 'f16', days: 0 });
    expect(f17.body.data.analysis).toMatchObject({
      totalCount: 4,
      shouldUpdate: true,
      updateReason: '近期失败 3 次，建议检查技能是否需要更新',
    });
  });

  it('F19–F22: list and clear', async () => {
    await seed('f19', { success: 25, failure: 0, partial: 0 });
    const f19 = await sx({ action: 'list', skillName: 'f19' });
    expect(f19.body.data.stats.total).toBe(25);
    expect(f19.body.data.feedbacks).toHaveLength(20);
    expect(f19.body.data.hasMore).toBe(true);
    const stamps = f19.body.data.feedbacks.map((f: { timestamp: string }) => f.timestamp);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect((await sx({ action: 'list', skillName: 'y' })).body.message).toBe('技能 "y" 共有 0 条反馈记录');

    await seed('f21', { success: 2, failure: 0, partial: 0 });
    await seed('f21-other', { success: 3, failure: 0, partial: 0 });
    const f21 = await sx({ action: 'clear', skillName: 'f21' });
    expect(f21.body).toEqual({
      success: true,
      message: '已清除技能 "f21" 的 2 条反馈记录',
      data: { clearedCount: 2, skillName: 'f21', scope: 'global' },
    });
    expect((await sx({ action: 'list', skillName: 'f21-other' })).body.data.stats.total).toBe(3);
  });

  it('F23, F28: project scope without projectRoot and unknown scopes are refused; nothing written', async () => {
    const before = (await sx({ action: 'list' })).body.data.stats.total;
    expect(await sx({ action: 'record', skillName: 'x', result: 'success', scope: 'project' })).toEqual({
      isError: true,
      body: { success: false, message: '缺少项目路径', errors: ['scope=project 时参数 projectRoot 是必需的'] },
    });
    expect(await sx({ action: 'record', skillName: 'x', result: 'success', scope: 'team' })).toEqual({
      isError: true,
      body: { success: false, message: '无效的作用域', errors: ['scope 必须是 global 或 project'] },
    });
    expect((await sx({ action: 'list' })).body.data.stats.total).toBe(before);
  });

  it('writes project scope to <projectRoot>/.skillpulse/', async () => {
    const project = join(mcp.home, 'work', 'app');
    mkdirSync(project, { recursive: true });
    const ok = await sx({ action: 'record', skillName: 'proj', result: 'partial', scope: 'project', projectRoot: project });
    expect(ok.body.success).toBe(true);
    expect(existsSync(join(project, '.skillpulse', 'skillpulse.db'))).toBe(true);
    const run = await runCliCaptured(['feedback', 'list', '--json', '--scope', 'project', '--project-root', project], {
      env: { HOME: mcp.home },
    });
    expect(JSON.parse(run.stdout).data.stats).toEqual({ total: 1, success: 0, failure: 0, partial: 1 });
  });

  it('wrong types are rejected by validation, not crashes', async () => {
    const result = await call('sx-feedback', { action: 'list', days: '7' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('days must be a number');
  });
});

describe('skillpulse mcp: a broken store (X2, F24, F29)', () => {
  it('reports failures and leaves the file byte for byte unchanged', async () => {
    const broken = await startMcp();
    try {
      const file = join(broken.home, '.skillpulse', 'skillpulse.db');
      mkdirSync(join(broken.home, '.skillpulse'), { recursive: true });
      writeFileSync(file, 'this is not a database, but someone cares about it\n'.repeat(200));
      const bytes = readFileSync(file);
      const record = await broken.client.callTool({
        name: 'sx-feedback',
        arguments: { action: 'record', skillName: 'x', result: 'success' },
      });
      expect(record.isError).toBe(true);
      const body = JSON.parse(textOf(record));
      expect(body.success).toBe(false);
      expect(body.message).toBe('记录反馈失败');
      expect(body.errors[0]).toContain('not a skillpulse store');
      const list = JSON.parse(textOf(await broken.client.callTool({ name: 'sx-feedback', arguments: { action: 'list' } })));
      expect(list.message).toBe('获取反馈列表失败');
      const plain = await broken.client.callTool({ name: 'list_feedback', arguments: {} });
      expect(plain.isError).toBe(true);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    } finally {
      await broken.close();
    }
  }, 60_000);
});
