import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { type JobOutcome, runOrdered } from './worker-pool.js';

/** A worker that answers `{ n, ms }` with `{ n: n * 2, by: 'worker' }` after `ms` milliseconds (n < 0 fails). */
const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, job }) => {
  setTimeout(() => {
    if (job.n < 0) parentPort.postMessage({ id, ok: false, error: { name: 'RangeError', message: 'negative ' + job.n } });
    else parentPort.postMessage({ id, ok: true, result: { n: job.n * 2, by: 'worker' } });
  }, job.ms);
});`;

interface Job {
  n: number;
  ms: number;
}
interface Result {
  n: number;
  by: 'worker' | 'local';
}

async function collect(jobs: Job[], local?: (job: Job) => Promise<Result>, workers = 1): Promise<JobOutcome<Result>[]> {
  const out: JobOutcome<Result>[] = [];
  for await (const outcome of runOrdered<Job, Result>(jobs, {
    workers,
    start: () => new Worker(WORKER, { eval: true }),
    cost: () => 1,
    maxBuffered: 1000,
    priority: (job) => job.ms,
    ...(local ? { local } : {}),
  }))
    out.push(outcome);
  return out;
}

describe('runOrdered', () => {
  it('with a local share: every job runs once, outcomes come in job order, the worker takes the biggest first', async () => {
    // Job 3 is slow (priority by ms): the worker takes it at once; this thread runs the others in order meanwhile.
    const jobs: Job[] = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ n, ms: n === 3 ? 300 : 5 }));
    const ran: number[] = [];
    const outcomes = await collect(jobs, async (job) => {
      ran.push(job.n);
      return { n: job.n * 2, by: 'local' };
    });
    expect(outcomes.map((o) => (o.ok ? o.result.n : null))).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
    const by = outcomes.map((o) => (o.ok ? o.result.by : null));
    expect(by[2]).toBe('worker');
    expect(ran).not.toContain(3);
    // While the worker was busy with job 3, this thread ran every job before and after it, in order.
    expect(ran).toEqual([1, 2, 4, 5, 6, 7, 8].filter((n) => by[n - 1] === 'local'));
    expect(ran.length).toBeGreaterThanOrEqual(6);
  });

  it('without a local share only the workers run jobs', async () => {
    const outcomes = await collect(
      [
        { n: 1, ms: 1 },
        { n: 2, ms: 1 },
        { n: 3, ms: 1 },
      ],
      undefined,
      2,
    );
    expect(outcomes).toEqual([1, 2, 3].map((n) => ({ ok: true, result: { n: n * 2, by: 'worker' } })));
  });

  it('reports a failed job as its outcome, from a worker or from this thread, and goes on', async () => {
    const outcomes = await collect(
      [
        { n: -1, ms: 200 },
        { n: 5, ms: 1 },
        { n: -2, ms: 1 },
      ],
      async (job) => {
        if (job.n < 0) throw new TypeError(`local negative ${job.n}`);
        return { n: job.n * 2, by: 'local' };
      },
    );
    expect(outcomes[0]).toMatchObject({ ok: false, error: { name: 'RangeError', message: 'negative -1' } });
    expect(outcomes[1]).toEqual({ ok: true, result: { n: 10, by: 'local' } });
    expect(outcomes[2]).toMatchObject({ ok: false, error: { name: 'TypeError', message: 'local negative -2' } });
  });
});
