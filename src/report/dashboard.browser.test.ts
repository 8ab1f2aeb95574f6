/**
 * The dashboard in headless Chromium (Debian's chromium + playwright-core; skipped when either is
 * missing): loads from file:// with no console errors and no requests, draws its charts, sorts,
 * drills down to events, and keeps a hostile transcript string inert.
 * `SKILLPULSE_UPDATE_SCREENSHOT=1` also rewrites docs/dashboard.png.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, type PageLike } from '../../test/support/browser.js';
import { HOSTILE, sampleDashboardData } from '../../test/support/dashboard-sample.js';
import { renderDashboardHtml } from './dashboard-html.js';

const repoRoot = join(import.meta.dirname, '..', '..');

describe.skipIf(!browserAvailable)('dashboard in headless Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: PageLike;
  const problems: string[] = [];
  const file = join(mkdtempSync(join(tmpdir(), 'skillpulse-dash-')), 'dashboard.html');

  const rows = () =>
    page.evaluate<string[]>(`Array.from(document.querySelectorAll('tbody.skills tr')).map((tr) => tr.getAttribute('data-skill'))`);
  const count = (selector: string) => page.evaluate<number>(`document.querySelectorAll(${JSON.stringify(selector)}).length`);
  const texts = (selector: string) =>
    page.evaluate<string[]>(`Array.from(document.querySelectorAll(${JSON.stringify(selector)})).map((e) => e.textContent)`);
  const pwned = () => page.evaluate<number | undefined>('window.__pwned');

  beforeAll(async () => {
    writeFileSync(file, renderDashboardHtml(sampleDashboardData()));
    browser = await launchBrowser();
    page = browser.page;
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('request', (request) => {
      if (!request.url().startsWith('file://')) problems.push(`request: ${request.url()}`);
    });
    await page.goto(`file://${file}`);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no console errors and no network requests, and draws a sparkline per skill', async () => {
    expect(await count('tbody.skills tr')).toBe(4);
    expect(await count('svg.sparkline')).toBe(4);
    expect(await count('svg.sparkline path.line')).toBe(3); // never-used has no weeks
    expect(await count('#hotspots svg.hotspots rect.bar')).toBe(4);
    expect(problems).toEqual([]);
  });

  it('keeps the <script> case inert: rendered as text, nothing executed, no element injected', async () => {
    expect(await pwned()).toBeUndefined();
    expect(await count('img')).toBe(0);
    expect(await count('script')).toBe(2);
    expect(await texts('tbody.skills .skill-id')).toContain(HOSTILE);
  });

  it('sorts by a column when its header is clicked, both ways', async () => {
    expect(await rows()).toEqual(['superpowers:writing-plans', 'pdf', HOSTILE, 'never-used']);
    await page.click('th[data-key="invocations"] button');
    expect(await rows()).toEqual(['superpowers:writing-plans', 'pdf', HOSTILE, 'never-used']);
    expect(await page.evaluate(`document.querySelector('th[data-key="invocations"]').getAttribute('aria-sort')`)).toBe('descending');
    await page.click('th[data-key="invocations"] button');
    expect(await rows()).toEqual(['never-used', HOSTILE, 'pdf', 'superpowers:writing-plans']);
    await page.click('th[data-key="rate"] button');
    expect(await rows()).toEqual(['superpowers:writing-plans', 'pdf', HOSTILE, 'never-used']);
    await page.click('th[data-key="id"] button');
    expect(await rows()).toEqual([HOSTILE, 'never-used', 'pdf', 'superpowers:writing-plans']);
    await page.click('th[data-key="maturity"] button');
    expect((await rows())[0]).toBe('pdf'); // proven first
  });

  it('drills down from a skill to its charts and events, and filters by week and dimension', async () => {
    await page.click('tr[data-skill="superpowers:writing-plans"]');
    expect(await page.evaluate(`document.querySelector('#detail').getAttribute('data-skill')`)).toBe('superpowers:writing-plans');
    expect(await count('#detail svg.rate-chart circle.point')).toBe(6);
    expect(await count('#detail svg.rate-chart polygon.band')).toBe(2);
    expect(await count('#detail svg.versions rect.bar')).toBe(2);
    expect(await count('#detail table.events tbody tr')).toBe(20);
    await page.click('#detail button.more');
    expect(await count('#detail table.events tbody tr')).toBe(30);

    await page.click('#detail svg.hotspots rect[data-dimension="security"]');
    expect(await texts('#detail table.events td.snippet')).toEqual([HOSTILE]);
    expect(await pwned()).toBeUndefined();

    await page.click('#detail svg.rate-chart circle.point[data-week="2026-01-12"]');
    const times = await texts('#detail table.events tbody tr td:first-child');
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t >= '2026-01-12' && t < '2026-01-19').toBe(true);
    await page.click('#detail button.clear-filter');
    expect(await count('#detail table.events tbody tr')).toBe(20);
    expect(problems).toEqual([]);
  });

  it('renders a screenshot (docs/dashboard.png when SKILLPULSE_UPDATE_SCREENSHOT is set)', async () => {
    const target = process.env.SKILLPULSE_UPDATE_SCREENSHOT
      ? join(repoRoot, 'docs', 'dashboard.png')
      : join(tmpdir(), 'skillpulse-dashboard.png');
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: target, fullPage: false });
    expect(problems).toEqual([]);
  });
});
