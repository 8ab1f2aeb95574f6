/**
 * Headless Chromium for page tests, through playwright-core and Debian's `chromium`. Neither is a
 * dependency of skillpulse: playwright-core resolves from the repo (once it is a devDependency) or
 * from `$PLAYWRIGHT_CORE_DIR` (default /tmp/pw, installed with `npm install --prefix /tmp/pw
 * playwright-core`), Chromium from `$CHROMIUM_PATH` (default /usr/bin/chromium). Tests skip when
 * either is missing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The part of playwright-core's API these tests use (it is not a typed dependency of the repo). */
export interface PageLike {
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'request', listener: (request: { url(): string }) => void): void;
  goto(url: string): Promise<unknown>;
  click(selector: string): Promise<void>;
  /** Evaluates a JavaScript expression in the page (a string, as the repo has no DOM typings). */
  evaluate<R>(expression: string): Promise<R>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
}
export interface BrowserContextLike {
  pages(): PageLike[];
  newPage(): Promise<PageLike>;
  close(): Promise<void>;
}
interface Playwright {
  chromium: { launchPersistentContext(profile: string, options: Record<string, unknown>): Promise<BrowserContextLike> };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function loadPlaywright(): Playwright | null {
  const bases = [import.meta.url, `${process.env.PLAYWRIGHT_CORE_DIR ?? '/tmp/pw'}/`];
  for (const base of bases) {
    try {
      return createRequire(base)('playwright-core') as Playwright;
    } catch {}
  }
  return null;
}

export const playwright = loadPlaywright();
export const browserAvailable = playwright !== null && existsSync(CHROMIUM_PATH);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A fresh persistent context (own user-data-dir); `close()` removes the profile. */
export async function launchBrowser(viewport = { width: 1280, height: 900 }) {
  if (!playwright) throw new Error('playwright-core is not installed');
  const profile = mkdtempSync(join(tmpdir(), 'skillpulse-chromium-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
