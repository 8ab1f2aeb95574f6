// Renders docs/dashboard.png: the dashboard of the real-client fixture sessions
// (test/fixtures/real-client), with the most-used skill drilled down, in headless Chromium.
// Needs Debian's chromium and playwright-core (see test/support/browser.ts):
//   npx tsx scripts/dashboard-screenshot.ts
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { browserAvailable, launchBrowser } from '../test/support/browser.js';
import { buildDashboardData } from '../src/report/dashboard-build.js';
import { renderDashboardHtml } from '../src/report/dashboard-html.js';
import { scanIntoStore } from '../src/store/scan.js';
import { openStore } from '../src/store/store.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!browserAvailable) {
  process.stderr.write('chromium or playwright-core is missing (see test/support/browser.ts)\n');
  process.exit(1);
}
const work = mkdtempSync(join(tmpdir(), 'skillpulse-screenshot-'));
const db = openStore(join(work, 'store.db'));
await scanIntoStore(db, { sessions: [join(root, 'test', 'fixtures', 'real-client')] });
const data = buildDashboardData(db, { source: 'test/fixtures/real-client (44 real Claude Code 2.1.330 sessions)', now: new Date() });
db.close();
const file = join(work, 'dashboard.html');
writeFileSync(file, renderDashboardHtml(data));
const top = [...data.skills].sort((a, b) => b.events - a.events || b.invocations - a.invocations)[0];
const browser = await launchBrowser({ width: 1280, height: 1500 });
try {
  await browser.page.goto(`file://${file}`);
  if (top) await browser.page.click(`tr[data-skill="${top.id}"]`);
  await browser.page.evaluate('window.scrollTo(0, 0)');
  const target = join(root, 'docs', 'dashboard.png');
  await browser.page.screenshot({ path: target, fullPage: true });
  process.stdout.write(`wrote ${target}\n`);
} finally {
  await browser.close();
}
