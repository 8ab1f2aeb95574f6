/**
 * `skillpulse mcp`: an MCP server over stdio for agents. Tools:
 *
 * - explicit feedback: `record_feedback`, `list_feedback`, `clear_feedback` (needs `confirm: true`)
 * - health: `analyze_skill` (explicit and implicit together), `skill_health`, `skills_needing_attention`
 * - learning: `record_outcome`, `prompt_context`
 * - `sx-feedback`: Skillix's tool, same parameters and result shape (see `sx-feedback.ts`)
 *
 * Inputs are zod-validated by the SDK (bad input becomes an `isError` result naming the field, not
 * a crash); failures inside a tool become an `isError` result with skillpulse's one-line message.
 * Results are JSON text. Each call opens the store and closes it again, so scans and reports
 * running at the same time are never blocked for long (the store is WAL with a busy timeout).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { formatError } from '../errors.js';
import { FAILURE_MODES } from '../learning/types.js';
import { resolveStorePath } from '../store/database.js';
import { resolveScopedStore } from '../store/scope.js';
import { openStore } from '../store/store.js';
import { VERSION } from '../version.js';
import { HEALTH_TOOLS } from './health-tools.js';
import { runSxFeedback } from './sx-feedback.js';

export interface McpContext {
  env: NodeJS.ProcessEnv;
  /** Working folder: relative paths and project scope (git root) resolve from here. */
  cwd: string;
  /** The clock (tests pass a fixed one). */
  now: () => Date;
  /** `--db FILE` for the global store. */
  db?: string | undefined;
}

export const INSTRUCTIONS = `skillpulse measures how agent skills serve their users.
After using a skill, record how it went with record_feedback (success, failure or partial) — the
user's own verdict when they gave one. Before changing a skill, call analyze_skill or skill_health
to see its correction rate, trend, hotspots and explicit verdicts; skills_needing_attention lists
the skills whose numbers say they should be updated. For multi-step work, record_outcome scores a
finished task and prompt_context returns what past outcomes taught (patterns to use and avoid).`;

/** A tool result carrying JSON. */
export function jsonResult(value: unknown, isError = false): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
  if (isError) result.isError = true;
  return result;
}

/** A tool failure: skillpulse's one-line message (file, field and hint included). */
export function errorResult(error: unknown): CallToolResult {
  return { content: [{ type: 'text', text: formatError(error) }], isError: true };
}

async function guarded(fn: () => Promise<CallToolResult> | CallToolResult): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (error) {
    return errorResult(error);
  }
}

const skillName = z
  .string()
  .min(1, 'skill must be a non-empty skill name')
  .describe('skill name as invoked, e.g. "pdf" or "superpowers:writing-plans"');
const scope = z
  .enum(['global', 'project'], { error: 'scope must be "global" or "project"' })
  .optional()
  .describe('global (default): your own store; project: the store of projectRoot (or of the git repository of the working folder)');
const projectRoot = z.string().min(1).optional().describe('project folder for scope=project');
const days = z
  .number({ error: 'days must be a number of days' })
  .int('days must be a whole number')
  .optional()
  .describe('only the last N calendar days; 0 or less = all time');

function openScoped(context: McpContext, args: { scope?: string | undefined; projectRoot?: string | undefined }) {
  const resolved = resolveScopedStore({
    scope: args.scope,
    projectRoot: args.projectRoot,
    db: args.scope === 'project' || args.projectRoot !== undefined ? undefined : context.db,
    env: context.env,
    cwd: context.cwd,
  });
  return { ...resolved, db: openStore(resolved.path) };
}

/** Runs `fn` on the scoped store (see `openScoped`) and closes it again. */
async function withScopedStore<T>(
  context: McpContext,
  args: { scope?: string | undefined; projectRoot?: string | undefined },
  fn: (store: ReturnType<typeof openScoped>) => T,
): Promise<T> {
  const store = openScoped(context, args);
  try {
    return fn(store);
  } finally {
    store.db.close();
  }
}

/** Runs `fn` with a learning service on the global store and closes the store again. */
async function withLearningService<T>(
  context: McpContext,
  fn: (service: import('../learning/learning-service.js').LearningService) => Promise<T>,
): Promise<T> {
  const { openLearningStorage } = await import('../learning/sqlite-storage.js');
  const { LearningService } = await import('../learning/learning-service.js');
  const storage = openLearningStorage(resolveStorePath({ db: context.db, env: context.env, cwd: context.cwd }));
  try {
    return await fn(new LearningService(storage));
  } finally {
    storage.close();
  }
}

export function createMcpServer(context: McpContext): McpServer {
  const server = new McpServer({ name: 'skillpulse', version: VERSION }, { instructions: INSTRUCTIONS });

  server.registerTool(
    'record_feedback',
    {
      title: 'Record skill feedback',
      description: 'Record an explicit verdict after using a skill: success, failure or partial, with the task and notes.',
      inputSchema: {
        skill: skillName,
        result: z.enum(['success', 'failure', 'partial'], { error: 'result must be "success", "failure" or "partial"' }),
        task: z.string().optional().describe('what the skill was used for'),
        notes: z.string().optional().describe('why it failed or what was missing'),
        scope,
        projectRoot,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { recordExplicitFeedback } = await import('../store/explicit-feedback.js');
        return withScopedStore(context, args, (store) => {
          const feedback = recordExplicitFeedback(
            store.db,
            { skillName: args.skill, result: args.result, task: args.task, notes: args.notes },
            { now: context.now(), source: 'mcp' },
          );
          return jsonResult({ recorded: feedback, scope: store.scope, store: store.path });
        });
      }),
  );

  server.registerTool(
    'list_feedback',
    {
      title: 'List skill feedback',
      description: 'List explicit feedback records, newest first, with counts per result.',
      inputSchema: {
        skill: skillName.optional(),
        days,
        limit: z.number().int().min(0, 'limit must be ≥ 0').optional().describe('at most this many records (default 20, 0 = all)'),
        scope,
        projectRoot,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { countResults, listExplicitFeedback } = await import('../store/explicit-feedback.js');
        return withScopedStore(context, args, (store) => {
          const records = listExplicitFeedback(store.db, { skillName: args.skill, days: args.days, now: context.now() });
          const limit = args.limit ?? 20;
          const shown = limit > 0 ? records.slice(0, limit) : records;
          return jsonResult({
            stats: countResults(records),
            feedbacks: shown,
            hasMore: shown.length < records.length,
            scope: store.scope,
            store: store.path,
          });
        });
      }),
  );

  server.registerTool(
    'clear_feedback',
    {
      title: 'Clear skill feedback',
      description:
        'Delete explicit feedback records of one skill (skill) or of every skill (all: true). Deleting is permanent, so confirm must be true.',
      inputSchema: {
        skill: skillName.optional(),
        all: z.boolean().optional().describe('delete the records of every skill'),
        confirm: z.boolean({ error: 'confirm must be true to delete records' }).describe('must be true: the deletion cannot be undone'),
        scope,
        projectRoot,
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        const { SkillpulseError } = await import('../errors.js');
        if (args.confirm !== true) {
          throw new SkillpulseError('ABORTED', 'nothing was deleted: clear_feedback needs confirm: true', { field: 'confirm' });
        }
        if ((args.skill === undefined) === (args.all !== true)) {
          throw new SkillpulseError('USAGE', 'give either skill (one skill) or all: true (every skill), not both and not neither', {
            field: 'skill',
          });
        }
        const { clearExplicitFeedback } = await import('../store/explicit-feedback.js');
        return withScopedStore(context, args, (store) => {
          const cleared = clearExplicitFeedback(store.db, { skillName: args.skill });
          return jsonResult({ cleared, skill: args.skill ?? 'all', scope: store.scope, store: store.path });
        });
      }),
  );

  for (const tool of HEALTH_TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        annotations: { readOnlyHint: true, openWorldHint: false },
      },
      (args: Record<string, unknown>) => guarded(() => tool.run(args, context)),
    );
  }

  server.registerTool(
    'record_outcome',
    {
      title: 'Record a task outcome',
      description:
        'Score a finished task (duration, errors, retries, success) as helpful, neutral or harmful, and learn from it: criterion weights, the strategy and patterns used, and their maturity. Failing patterns turn into anti-patterns.',
      inputSchema: {
        taskId: z.string().min(1, 'taskId must be a non-empty task id').describe('id of the task (bead)'),
        durationMs: z.number().min(0, 'durationMs must be ≥ 0').describe('time from start to completion in milliseconds'),
        success: z.boolean({ error: 'success must be true or false' }),
        errors: z.number().int().min(0).optional().describe('errors met (default: the errors recorded for the task)'),
        retries: z.number().int().min(0).optional().describe('retries (default 0)'),
        strategy: z.string().optional().describe('decomposition strategy used, e.g. file-based'),
        files: z.array(z.string()).optional().describe('files touched'),
        criteria: z.array(z.string()).optional().describe('criteria to feed (default: type_safe, no_bugs, patterns, readable)'),
        patterns: z.array(z.string()).optional().describe('patterns used, by id or text (unknown texts are created)'),
        description: z.string().optional().describe('the decomposition description; recognised strategies count as used patterns'),
        failureMode: z.enum(FAILURE_MODES, { error: `failureMode must be one of ${FAILURE_MODES.join(', ')}` }).optional(),
        failureDetails: z.string().optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        return withLearningService(context, async (service) => {
          const result = await service.recordOutcome(
            {
              bead_id: args.taskId,
              duration_ms: args.durationMs,
              error_count: args.errors,
              retry_count: args.retries ?? 0,
              success: args.success,
              files_touched: args.files ?? [],
              strategy: args.strategy,
              failure_mode: args.failureMode,
              failure_details: args.failureDetails,
              criteria: args.criteria,
              patterns: args.patterns,
              description: args.description,
            },
            context.now(),
          );
          const { outcome } = result;
          return jsonResult({
            task: outcome.signals.bead_id,
            type: outcome.type,
            score: outcome.raw_score,
            reasoning: outcome.reasoning,
            signals: outcome.signals,
            criteria: result.criteria,
            patterns: result.patterns.map((p) => ({
              id: p.pattern.id,
              content: p.pattern.content,
              kind: p.pattern.kind,
              maturity: p.maturity.state,
              inversion: p.inversion ? { inverted: p.inversion.inverted.content, reason: p.inversion.reason } : null,
            })),
          });
        });
      }),
  );

  server.registerTool(
    'prompt_context',
    {
      title: 'Prompt context from past outcomes',
      description:
        'What a task-decomposition prompt should include, learned from recorded outcomes: anti-patterns to avoid, proven and established patterns, and (with taskId) the errors met so far on that task.',
      inputSchema: {
        lang: z.enum(['en', 'zh'], { error: 'lang must be "en" or "zh"' }).optional().describe('language of the text (default en)'),
        taskId: z.string().min(1).optional().describe('include the unresolved errors of this task'),
        includeResolved: z.boolean().optional().describe('with taskId: include resolved errors too'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(async () => {
        return withLearningService(context, async (service) => {
          const options: { lang?: 'en' | 'zh'; task?: string; includeResolved?: boolean } = {};
          if (args.lang) options.lang = args.lang;
          if (args.taskId) options.task = args.taskId;
          if (args.includeResolved !== undefined) options.includeResolved = args.includeResolved;
          const text = await service.promptContext(options);
          return { content: [{ type: 'text', text: text === '' ? '(nothing learned yet: no outcomes recorded)' : text }] };
        });
      }),
  );

  server.registerTool(
    'sx-feedback',
    {
      title: 'sx-feedback (Skillix compatible)',
      description:
        '技能反馈管理工具，记录和分析技能使用反馈 — Skillix-compatible skill feedback: action=record|list|analyze|clear with skillName, result (success|failure|partial), task, notes, scope (global|project), projectRoot, days.',
      inputSchema: {
        action: z.string({ error: 'action must be one of record, list, analyze, clear' }).describe('record | list | analyze | clear'),
        skillName: z.string().optional().describe('skill name (required for record and analyze)'),
        result: z.string().optional().describe('success | failure | partial (record)'),
        task: z.string().optional(),
        notes: z.string().optional(),
        scope: z.string().optional().describe('global (default) | project'),
        projectRoot: z.string().optional().describe('project folder, required with scope=project'),
        days: z
          .number({ error: 'days must be a number' })
          .optional()
          .describe('window in days (list: none; analyze: 30); 0 or less = all time'),
      },
    },
    (args) => {
      const response = runSxFeedback(args, context);
      const text = JSON.stringify(response, null, 2);
      return response.success ? { content: [{ type: 'text', text }] } : { content: [{ type: 'text', text }], isError: true };
    },
  );

  return server;
}

/** Serves MCP over the given stdio streams until the client disconnects. */
export async function serveStdio(
  context: McpContext,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream },
): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = createMcpServer(context);
  const transport = new StdioServerTransport(streams.stdin as never, streams.stdout as never);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    streams.stdin.on('end', () => resolve());
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
