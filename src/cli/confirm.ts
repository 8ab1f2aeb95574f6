import type { CommandContext } from './context.js';

/**
 * Asks a yes/no question on stderr and reads one line from stdin. Only "y" or "yes" (any case)
 * count as yes; end of input counts as no.
 */
export async function confirm(ctx: CommandContext, question: string): Promise<boolean> {
  ctx.io.stderr.write(`${question} [y/N] `);
  const stdin = ctx.io.stdin;
  const answer = await new Promise<string>((resolvePromise) => {
    let buffer = '';
    const onData = (chunk: Buffer | string) => {
      buffer += chunk.toString();
      const newline = buffer.indexOf('\n');
      if (newline >= 0) finish(buffer.slice(0, newline));
    };
    const onEnd = () => finish(buffer);
    const finish = (line: string) => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause?.();
      resolvePromise(line);
    };
    stdin.on('data', onData);
    stdin.on('end', onEnd);
    stdin.resume?.();
  });
  return /^\s*y(es)?\s*$/i.test(answer);
}
