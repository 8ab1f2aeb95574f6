/**
 * A small ordered worker-thread pool: jobs go to whichever worker is free, results come back in
 * job order (so whatever consumes them behaves exactly as a sequential loop would), and work is
 * handed out only while the cost of finished-but-unconsumed jobs stays under a budget, so memory
 * stays bounded however far the workers run ahead.
 *
 * Worker entries are modules beside their caller: `x-worker.js` in `dist/`. When the caller runs
 * from `src/` as TypeScript (tsx, vitest), the worker boots through tsx's loader API (a dev
 * dependency, present wherever the sources run) and imports `x-worker.ts`.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';

/** Starts the worker module `<name>.js` (or `.ts` under tsx/vitest) that sits beside `callerUrl`. */
export function startModuleWorker(callerUrl: string, name: string): Worker {
  if (callerUrl.endsWith('.ts')) {
    // The ESM build of tsx's loader API (createRequire would resolve the CommonJS one).
    const tsxPackage = createRequire(callerUrl).resolve('tsx/package.json');
    const tsxApi = pathToFileURL(join(dirname(tsxPackage), 'dist', 'esm', 'api', 'index.mjs')).href;
    const entry = new URL(`./${name}.ts`, callerUrl).href;
    const boot = `import(${JSON.stringify(tsxApi)}).then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(boot, { eval: true });
  }
  return new Worker(new URL(`./${name}.js`, callerUrl));
}

interface PoolRequest<J> {
  id: number;
  job: J;
}

type PoolResponse<R> = { id: number; ok: true; result: R } | { id: number; ok: false; error: { name: string; message: string } };

/** Worker side: answers each job with `handler(job)`; errors travel back with their name. */
export function serveJobs<J, R>(handler: (job: J) => Promise<R>): void {
  const port = parentPort;
  if (!port) throw new Error('a worker entry must run in a worker thread');
  port.on('message', (request: PoolRequest<J>) => {
    handler(request.job).then(
      (result) => port.postMessage({ id: request.id, ok: true, result } satisfies PoolResponse<R>),
      (error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        port.postMessage({ id: request.id, ok: false, error: { name: e.name, message: e.message } } satisfies PoolResponse<R>);
      },
    );
  });
}

export interface OrderedPoolOptions<J, R = unknown> {
  workers: number;
  start: () => Worker;
  /** A job's weight against the budget (e.g. bytes it reads). */
  cost: (job: J) => number;
  /** Budget for jobs handed out but not yet consumed; one job always runs even when over it. */
  maxBuffered: number;
  /**
   * Dispatch order (outcomes still come back in job order): jobs with a higher value are handed
   * out first, e.g. the biggest files, so one huge file starts at once instead of last. Default:
   * job order.
   */
  priority?: (job: J) => number;
  /**
   * The calling thread's own share: while the outcome it needs next is still being made, it runs
   * jobs no worker has taken yet (the next ones in job order, where workers take the highest
   * priority first) with this function, between turns of its event loop so the workers are fed.
   * The thread would otherwise only wait; on two cores one worker plus this thread do the work of
   * two workers without a third isolate's memory and start-up. Default: none (workers only).
   */
  local?: (job: J) => Promise<R>;
}

/** A job's outcome: its result, or the error the worker reported (the consumer decides). */
export type JobOutcome<R> = { ok: true; result: R } | { ok: false; error: Error };

/**
 * Yields one outcome per job, in job order. A worker crash ends the run with its error. Workers
 * are terminated when the consumer finishes or stops early.
 */
export async function* runOrdered<J, R>(jobs: readonly J[], options: OrderedPoolOptions<J, R>): AsyncGenerator<JobOutcome<R>> {
  if (jobs.length === 0) return;
  interface Slot {
    worker: Worker;
    busy: number | null;
  }
  const outcomes: (JobOutcome<R> | undefined)[] = new Array(jobs.length);
  const costs = jobs.map(options.cost);
  const slots: Slot[] = [];
  const queue = jobs.map((_, i) => i);
  if (options.priority) {
    const weight = jobs.map(options.priority);
    queue.sort((a, b) => (weight[b] as number) - (weight[a] as number) || a - b);
  }
  let next = 0;
  let buffered = 0;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  /** Jobs handed out (to a worker or run here); `queue` is walked past them. */
  const taken = new Array<boolean>(jobs.length).fill(false);
  let localRunning = false;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  /** Whether job `id` may be handed out now: always when nothing runs, else within the budget. */
  const fits = (id: number) =>
    !(localRunning || slots.some((s) => s.busy !== null)) || buffered + (costs[id] as number) <= options.maxBuffered;
  const take = (id: number) => {
    taken[id] = true;
    buffered += costs[id] as number;
  };
  const dispatch = () => {
    for (const slot of slots) {
      while (next < queue.length && taken[queue[next] as number]) next++;
      if (slot.busy !== null || next >= queue.length) continue;
      const id = queue[next] as number;
      if (!fits(id)) return;
      take(id);
      slot.busy = id;
      slot.worker.postMessage({ id, job: jobs[id] as J } satisfies PoolRequest<J>);
      next++;
    }
  };
  /** The first job at or after `from` (job order) that nobody has taken, within the budget. */
  let localFrom = 0;
  const localJob = (from: number): number | null => {
    localFrom = Math.max(localFrom, from);
    while (localFrom < jobs.length && taken[localFrom]) localFrom++;
    return localFrom < jobs.length && fits(localFrom) ? localFrom : null;
  };
  const runLocal = async (id: number, local: (job: J) => Promise<R>) => {
    take(id);
    localRunning = true;
    try {
      outcomes[id] = { ok: true, result: await local(jobs[id] as J) };
    } catch (error) {
      outcomes[id] = { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
    } finally {
      localRunning = false;
    }
    // Let the workers' messages in (a finished job, a free slot to fill) before the next one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    dispatch();
  };
  const count = Math.max(1, Math.min(options.workers, jobs.length));
  for (let i = 0; i < count; i++) {
    const slot: Slot = { worker: options.start(), busy: null };
    slot.worker.on('message', (response: PoolResponse<R>) => {
      slot.busy = null;
      if (response.ok) outcomes[response.id] = { ok: true, result: response.result };
      else {
        const error = new Error(response.error.message);
        error.name = response.error.name;
        outcomes[response.id] = { ok: false, error };
      }
      dispatch();
      notify();
    });
    slot.worker.on('error', (error) => {
      failure ??= error;
      notify();
    });
    slot.worker.on('exit', (code) => {
      if (slot.busy !== null) failure ??= new Error(`worker thread exited with code ${code} during a job`);
      notify();
    });
    slots.push(slot);
  }
  try {
    dispatch();
    for (let index = 0; index < jobs.length; index++) {
      while (outcomes[index] === undefined) {
        if (failure) throw failure;
        const local = options.local;
        const id = local ? localJob(index) : null;
        if (local && id !== null) {
          await runLocal(id, local);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      const outcome = outcomes[index] as JobOutcome<R>;
      outcomes[index] = undefined;
      buffered -= costs[index] as number;
      dispatch();
      yield outcome;
    }
  } finally {
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
