/**
 * The health tools (`analyze_skill`, `skill_health`, `skills_needing_attention`): read-only views
 * of the store's one skill-health model (`src/store/health.ts`), plus, for `analyze_skill`, the
 * explicit-feedback analysis (sx-feedback rules) and the latest events with their snippets.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { resolveStorePath } from '../store/database.js';
import type { SkillHealth } from '../store/health.js';
import { openStore } from '../store/store.js';
import type { McpContext } from './server.js';

export interface HealthTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, z.ZodType>;
  run(args: Record<string, unknown>, context: McpContext): Promise<CallToolResult>;
}

function json(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

async function withGlobalStore<T>(context: McpContext, fn: (db: ReturnType<typeof openStore>) => T | Promise<T>): Promise<T> {
  const db = openStore(resolveStorePath({ db: context.db, env: context.env, cwd: context.cwd }));
  try {
    return await fn(db);
  } finally {
    db.close();
  }
}

const skill = z
  .string()
  .min(1, 'skill must be a non-empty skill name')
  .describe('skill name as invoked, e.g. "pdf" or "superpowers:writing-plans"');
const minInvocations = z
  .number()
  .int('minInvocations must be a whole number')
  .min(1, 'minInvocations must be ≥ 1')
  .optional()
  .describe('classified reactions needed before rates count (default: minInvocations of the skillpulse config, 5 without one)');

/**
 * Health options of one call: `minInvocations` from the arguments, else from the merged config
 * (user file, then the project file found from the working folder; read on every call, so an
 * edited config counts without restarting the server). A broken config file is the call's error.
 */
async function healthOptions(context: McpContext, args: Record<string, unknown>): Promise<{ now: Date; minInvocations: number }> {
  if (typeof args.minInvocations === 'number') return { now: context.now(), minInvocations: args.minInvocations };
  const { loadConfig } = await import('../config/load.js');
  const { config } = loadConfig({ env: context.env, cwd: context.cwd });
  return { now: context.now(), minInvocations: config.minInvocations };
}

/** The short form used in lists. */
function summary(h: SkillHealth) {
  return {
    skill_id: h.skill_id,
    invocations: h.invocations,
    correction_rate: h.implicit.sample_size > 0 ? h.implicit.correction_rate : null,
    interval: h.implicit.interval,
    classified: h.implicit.sample_size,
    sufficient_data: h.implicit.sufficient_data,
    trend: h.trend.direction,
    explicit_success_rate: h.explicit.success_rate,
    maturity: h.maturity.state,
    should_update: h.should_update,
    reasons: h.reasons.map((r) => r.message),
  };
}

export const HEALTH_TOOLS: readonly HealthTool[] = [
  {
    name: 'skill_health',
    title: 'Skill health',
    description:
      'Health of one skill (or of every skill, worst first, without skill): invocations, correction rate with 95% interval, trend, hotspots, explicit success rate, decayed maturity (candidate/established/proven/deprecated) and every should-update reason.',
    inputSchema: { skill: skill.optional(), minInvocations },
    run: (args, context) =>
      withGlobalStore(context, async (db) => {
        const { allSkillHealth, skillHealth } = await import('../store/health.js');
        const options = await healthOptions(context, args);
        if (typeof args.skill === 'string') return json(skillHealth(db, args.skill, options));
        return json({ skills: allSkillHealth(db, options) });
      }),
  },
  {
    name: 'skills_needing_attention',
    title: 'Skills needing attention',
    description: 'The skills whose numbers say they should be updated, worst first, each with its reasons.',
    inputSchema: {
      limit: z.number().int().min(1, 'limit must be ≥ 1').optional().describe('at most this many skills (default 10)'),
      minInvocations,
    },
    run: (args, context) =>
      withGlobalStore(context, async (db) => {
        const { allSkillHealth } = await import('../store/health.js');
        const all = allSkillHealth(db, await healthOptions(context, args));
        const needing = all.filter((h) => h.should_update);
        const limit = typeof args.limit === 'number' ? args.limit : 10;
        return json({ total_skills: all.length, needing_attention: needing.length, skills: needing.slice(0, limit).map(summary) });
      }),
  },
  {
    name: 'analyze_skill',
    title: 'Analyze a skill',
    description:
      'Everything known about one skill, explicit and implicit together: the health model, the explicit-feedback analysis over the last `days` (default 30; update rules), and the latest reactions with their (redacted) snippets.',
    inputSchema: {
      skill,
      days: z
        .number({ error: 'days must be a number of days' })
        .int('days must be a whole number')
        .optional()
        .describe('explicit-feedback window; 0 or less = all time'),
      events: z
        .number()
        .int()
        .min(0, 'events must be ≥ 0')
        .max(50, 'events must be ≤ 50')
        .optional()
        .describe('latest reactions to include (default 10)'),
      minInvocations,
    },
    run: (args, context) =>
      withGlobalStore(context, async (db) => {
        const { skillHealth } = await import('../store/health.js');
        const { analyzeExplicitFeedback } = await import('../store/explicit-feedback.js');
        const { loadStoredFeedbackEvents } = await import('../store/events-store.js');
        const name = args.skill as string;
        const now = context.now();
        const health = skillHealth(db, name, await healthOptions(context, args));
        const explicit = analyzeExplicitFeedback(db, { skillName: name, days: typeof args.days === 'number' ? args.days : 30, now });
        const limit = typeof args.events === 'number' ? args.events : 10;
        const latest = loadStoredFeedbackEvents(db, { skillId: name })
          .slice(-limit)
          .reverse()
          .map((e) => ({
            timestamp: e.timestamp,
            outcome: e.outcome,
            correction_type: e.correction_type,
            dimension: e.dimension_hint,
            confidence: e.confidence,
            turns_to_feedback: e.turns_to_feedback,
            snippet: e.user_message_snippet,
            session_id: e.session_id,
          }));
        const known = health.invocations > 0 || health.implicit.sample_size > 0 || health.explicit.total > 0;
        return json({
          skill_id: name,
          known,
          ...(known ? {} : { note: 'nothing recorded for this skill yet: run skillpulse scan, or record feedback' }),
          health,
          explicit: {
            days: explicit.days,
            since: explicit.since,
            counts: explicit.counts,
            success_rate: explicit.successRate,
            should_update: explicit.shouldUpdate,
            reasons: explicit.reasons.map((r) => r.reason),
            recent: explicit.recent,
          },
          latest_reactions: latest,
        });
      }),
  },
];
