/**
 * The Skillix `sx-feedback` tool on skillpulse's store: the same four actions, parameter names,
 * messages and response shapes as the original (reference: sx-feedback.md §1–§3), with its
 * defects fixed (§6): an unusable scope is refused instead of silently falling back to the global
 * store (X1), a broken store is reported and left untouched (X2, via the store's own checks), and
 * every `success: false` response is flagged `isError` by the server (X4).
 *
 * Storage differs on purpose: records live in skillpulse's SQLite store (global: the user's store;
 * project: `<projectRoot>/.skillpulse/skillpulse.db`), so `skillpulse feedback …`, the dashboard
 * and the health model see what agents record. `skillpulse import` brings old feedbacks.json in.
 */
import { formatError } from '../errors.js';
import type { SqliteDatabase } from '../store/database.js';
import {
  analyzeExplicitFeedback,
  clearExplicitFeedback,
  isFeedbackResult,
  listExplicitFeedback,
  recordExplicitFeedback,
} from '../store/explicit-feedback.js';
import { resolveScopedStore } from '../store/scope.js';
import { openStore } from '../store/store.js';
import { type SxResponse, sxAnalyzeResponse, sxClearResponse, sxError, sxListResponse, sxRecordResponse } from '../store/sx-format.js';

export interface SxFeedbackArgs {
  action: string;
  skillName?: string | undefined;
  result?: string | undefined;
  task?: string | undefined;
  notes?: string | undefined;
  scope?: string | undefined;
  projectRoot?: string | undefined;
  days?: number | undefined;
}

export interface SxContext {
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => Date;
}

export const SX_ACTIONS = ['record', 'list', 'analyze', 'clear'] as const;

const FAILURE_MESSAGE: Record<(typeof SX_ACTIONS)[number], string> = {
  record: '记录反馈失败',
  list: '获取反馈列表失败',
  analyze: '分析反馈失败',
  clear: '清除反馈失败',
};

type Scoped = { ok: true; scope: 'global' | 'project'; projectRoot: string | undefined } | { ok: false; response: SxResponse };

/** X1: `project` needs `projectRoot`; anything but global/project is refused (the original fell back to global). */
function checkScope(args: SxFeedbackArgs): Scoped {
  const scope = args.scope ?? 'global';
  if (scope !== 'global' && scope !== 'project') {
    return { ok: false, response: sxError('无效的作用域', ['scope 必须是 global 或 project']) };
  }
  if (scope === 'project' && (args.projectRoot === undefined || args.projectRoot === '')) {
    return { ok: false, response: sxError('缺少项目路径', ['scope=project 时参数 projectRoot 是必需的']) };
  }
  // As in the original, projectRoot only matters for project scope.
  return { ok: true, scope, projectRoot: scope === 'project' ? args.projectRoot : undefined };
}

function withStore<T>(
  context: SxContext,
  scoped: { scope: 'global' | 'project'; projectRoot: string | undefined },
  fn: (db: SqliteDatabase) => T,
): T {
  const store = resolveScopedStore({ scope: scoped.scope, projectRoot: scoped.projectRoot, env: context.env, cwd: context.cwd });
  const db = openStore(store.path);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Runs one sx-feedback call; never throws (failures are `success: false` responses). */
export function runSxFeedback(args: SxFeedbackArgs, context: SxContext): SxResponse {
  const action = args.action;
  if (!(SX_ACTIONS as readonly string[]).includes(action)) {
    return sxError(`未知操作: ${action}`, [`支持的操作: ${SX_ACTIONS.join(', ')}`]);
  }
  const act = action as (typeof SX_ACTIONS)[number];
  const skillName = args.skillName === '' ? undefined : args.skillName;
  if (act === 'record' || act === 'analyze') {
    if (skillName === undefined) return sxError('缺少技能名称', ['参数 skillName 是必需的']);
  }
  if (act === 'record') {
    if (args.result === undefined) return sxError('缺少执行结果', ['参数 result 是必需的，可选值: success, failure, partial']);
    if (!isFeedbackResult(args.result)) return sxError('无效的执行结果', ['result 必须是 success, failure 或 partial']);
  }
  const scoped = checkScope(args);
  if (!scoped.ok) return scoped.response;
  try {
    return withStore(context, scoped, (db) => {
      const now = context.now();
      switch (act) {
        case 'record': {
          const input = { skillName: skillName as string, result: args.result as string, task: args.task, notes: args.notes };
          return sxRecordResponse(recordExplicitFeedback(db, input, { now, source: 'mcp' }));
        }
        case 'list':
          return sxListResponse(listExplicitFeedback(db, { skillName, days: args.days, now }), { skillName });
        case 'analyze':
          return sxAnalyzeResponse(analyzeExplicitFeedback(db, { skillName: skillName as string, days: args.days ?? 30, now }));
        case 'clear':
          return sxClearResponse(clearExplicitFeedback(db, { skillName }), skillName, scoped.scope);
      }
    });
  } catch (error) {
    return sxError(FAILURE_MESSAGE[act], [formatError(error)]);
  }
}
