// Preloaded into every measured child process (`node --import ./bench/child-usage.mjs …`): on exit
// it writes the process's own resource usage (peak RSS, CPU time) to $BENCH_USAGE_FILE, so the
// harness gets peak memory without depending on /usr/bin/time. Worker threads are included.
import { writeFileSync } from 'node:fs';

const target = process.env.BENCH_USAGE_FILE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      target,
      JSON.stringify({ maxRssKB: usage.maxRSS, userMs: usage.userCPUTime / 1000, systemMs: usage.systemCPUTime / 1000 }),
    );
  });
}
