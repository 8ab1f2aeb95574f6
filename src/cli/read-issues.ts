/**
 * Transcript read problems on stderr, as `file:line: message`, summarised when many. Silenced by
 * `--quiet` (the scan itself goes on: a bad line never stops it).
 */
import type { ReadIssue } from '../transcripts/types.js';
import type { CommandContext } from './context.js';

const SHOWN = 10;

export function reportReadIssues(ctx: CommandContext, issues: readonly ReadIssue[], malformedLines: number): void {
  if (issues.length === 0 || ctx.flags.quiet) return;
  for (const issue of issues.slice(0, SHOWN)) ctx.info(`${issue.file}:${issue.line}: ${issue.kind}: ${issue.message}`);
  if (issues.length > SHOWN) {
    const byKind = new Map<string, number>();
    for (const issue of issues.slice(SHOWN)) byKind.set(issue.kind, (byKind.get(issue.kind) ?? 0) + 1);
    const kinds = [...byKind].map(([kind, n]) => `${n} ${kind}`).join(', ');
    ctx.info(`… and ${issues.length - SHOWN} more problems (${kinds})`);
  }
  ctx.info(`${malformedLines} unreadable line${malformedLines === 1 ? '' : 's'} skipped; every other line was read.`);
}
