/**
 * Starts `skillpulse mcp` as a child process (through tsx, from the sources) and connects the MCP
 * SDK's own client to it over stdio, as an agent would.
 */
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

export interface McpSession {
  client: Client;
  home: string;
  stderr: () => string;
  close(): Promise<void>;
}

export async function startMcp(options: { env?: Record<string, string>; cwd?: string; args?: string[] } = {}): Promise<McpSession> {
  const home = mkdtempSync(join(tmpdir(), 'skillpulse-mcp-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [tsxCli, join(repoRoot, 'src', 'cli', 'main.ts'), 'mcp', ...(options.args ?? [])],
    env: { PATH: process.env.PATH ?? '', HOME: home, SKILLPULSE_HOME: join(home, '.skillpulse'), NO_COLOR: '1', ...options.env },
    cwd: options.cwd ?? home,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'skillpulse-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    home,
    stderr: () => stderr,
    close: () => client.close(),
  };
}

/** The text of a tool result's first content item. */
export function textOf(result: unknown): string {
  const content = (result as { content?: Array<{ type: string; text?: string }> }).content ?? [];
  return content[0]?.text ?? '';
}
