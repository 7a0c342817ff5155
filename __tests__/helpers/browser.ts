/**
 * Headless Chromium for the browser tests: Debian's chromium (never a downloaded browser), driven
 * by playwright-core, and pages that collect every console error or warning and page error.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const haveChromium = existsSync(CHROMIUM);

export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A new page (of a browser, or of a context with its own routes), with `problems` filled by its console errors and
 * warnings and its uncaught errors.
 */
export async function watchedPage(
  owner: Browser | BrowserContext,
  viewport = { width: 1400, height: 900 },
): Promise<{ page: Page; problems: string[] }> {
  const page = 'newContext' in owner ? await owner.newPage({ viewport }) : await owner.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return { page, problems };
}
