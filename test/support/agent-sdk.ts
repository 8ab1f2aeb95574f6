/**
 * Locates the real @anthropic-ai/claude-agent-sdk for the agent-sdk runner's end-to-end tests
 * (never a dependency of skillpulse; scripts/install-agent-sdk.sh installs the pinned version into
 * .tmp/agent-sdk). Tests that need it use `describe.skipIf(!agentSdkDir)`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './claude-client.js';

/** The SDK version the runner was verified with (see scripts/install-agent-sdk.sh). */
export const PINNED_AGENT_SDK_VERSION = '0.3.330';

/** `SKILLPULSE_AGENT_SDK` (a package folder), else `.tmp/agent-sdk/node_modules/@anthropic-ai/claude-agent-sdk`, else null. */
export function findAgentSdk(env: NodeJS.ProcessEnv = process.env, root: string = repoRoot): string | null {
  const explicit = env.SKILLPULSE_AGENT_SDK;
  const dir =
    explicit !== undefined && explicit !== ''
      ? path.resolve(explicit)
      : path.join(root, '.tmp', 'agent-sdk', 'node_modules', '@anthropic-ai', 'claude-agent-sdk');
  return existsSync(path.join(dir, 'package.json')) ? dir : null;
}

/** The located SDK package folder, or null when none is installed. */
export const agentSdkDir: string | null = findAgentSdk();

/** The version in the package folder's package.json. */
export function agentSdkVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
