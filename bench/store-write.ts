/**
 * Store write rate: copies the invocations and feedback events of a scanned store into a fresh
 * store with the built store code, one transaction per transcript file as `scan` commits them,
 * and prints rows per second. Run by `run.ts` in a child process:
 *
 *   node --import tsx bench/store-write.ts <dist-dir> <scanned.db> <fresh.db>
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

async function main(): Promise<void> {
  const [dist, source, target] = process.argv.slice(2);
  if (!dist || !source || !target) throw new Error('usage: store-write.ts <dist-dir> <scanned.db> <fresh.db>');
  const load = async <T>(rel: string) => (await import(pathToFileURL(join(dist, rel)).href)) as T;
  const store = await load<typeof import('../src/store/store.js')>('store/store.js');
  const events = await load<typeof import('../src/store/events-store.js')>('store/events-store.js');
  const database = await load<typeof import('../src/store/database.js')>('store/database.js');
  const from = store.openStore(source);
  const invocations = events.loadStoredInvocations(from);
  const feedback = events.loadStoredFeedbackEvents(from);
  from.close();
  const byFile = new Map<string, { inv: typeof invocations; ev: typeof feedback }>();
  const group = (file: string) => {
    let g = byFile.get(file);
    if (!g) {
      g = { inv: [], ev: [] };
      byFile.set(file, g);
    }
    return g;
  };
  for (const inv of invocations) group(inv.file).inv.push(inv);
  const fileOfInvocation = new Map(invocations.map((i) => [i.invocation_uuid, i.file]));
  for (const ev of feedback) group(fileOfInvocation.get(ev.invocation_uuid) ?? '').ev.push(ev);
  const to = store.openStore(target);
  const started = performance.now();
  for (const [file, g] of byFile) {
    database.withTransaction(to, () => {
      events.upsertInvocations(
        to,
        g.inv.map((invocation) => ({ invocation })),
        'scan',
      );
      events.upsertFeedbackEvents(to, g.ev, { file, source: 'scan' });
    });
  }
  const ms = performance.now() - started;
  to.close();
  const rows = invocations.length + feedback.length;
  process.stdout.write(
    `${JSON.stringify({ rows, invocations: invocations.length, events: feedback.length, transactions: byFile.size, ms, rowsPerSecond: rows / (ms / 1000) })}\n`,
  );
}

await main();
