/**
 * The health tools (`analyze_skill`, `skill_health`, `skills_needing_attention`), read-only views
 * of the store's skill-health model.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { McpContext } from './server.js';

export interface HealthTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, z.ZodType>;
  run(args: Record<string, unknown>, context: McpContext): Promise<CallToolResult>;
}

export const HEALTH_TOOLS: readonly HealthTool[] = [];
