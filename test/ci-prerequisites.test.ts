/**
 * In CI every optional test tool must be present, so that no test is silently skipped there:
 * the real Claude Code client (end-to-end tests), the Claude Agent SDK (agent-sdk runner tests),
 * headless Chromium with playwright-core (dashboard page tests), zsh and fish (completion scripts). Locally these tests skip when a tool is missing.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { agentSdkDir, agentSdkVersion, PINNED_AGENT_SDK_VERSION } from './support/agent-sdk.js';
import { browserAvailable } from './support/browser.js';
import { claudeClient, clientVersion, PINNED_CLIENT_VERSION } from './support/claude-client.js';

const inCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const has = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;

describe.runIf(inCi)('CI prerequisites', () => {
  it('has the pinned real Claude Code client', () => {
    expect(claudeClient, 'run scripts/install-claude-client.sh').not.toBeNull();
    expect(clientVersion(claudeClient as string)).toBe(PINNED_CLIENT_VERSION);
  });

  it('has the pinned Claude Agent SDK for the agent-sdk runner tests', () => {
    expect(agentSdkDir, 'run scripts/install-agent-sdk.sh').not.toBeNull();
    expect(agentSdkVersion(agentSdkDir as string)).toBe(PINNED_AGENT_SDK_VERSION);
  });

  it('has headless Chromium and playwright-core for the dashboard page tests', () => {
    expect(browserAvailable, 'apt-get install chromium; playwright-core is a devDependency').toBe(true);
  });

  it('has zsh and fish for the completion script tests', () => {
    expect(has('zsh'), 'apt-get install zsh').toBe(true);
    expect(has('fish'), 'apt-get install fish').toBe(true);
  });
});
