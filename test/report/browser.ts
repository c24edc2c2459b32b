/**
 * The headless browser the page tests open their pages in: Debian's chromium (or KANSHI_CHROMIUM),
 * driven by playwright-core. CI sets KANSHI_REQUIRE_BROWSER, so a missing browser fails there instead of
 * skipping.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

export function findChromium(): string | null {
  const candidates = [process.env.KANSHI_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((c): c is string => !!c && existsSync(c)) ?? null;
}

export const chromiumPath = findChromium();
export const browserRequired = !!process.env.KANSHI_REQUIRE_BROWSER;
/** Skip the browser tests: no browser here, and none required. */
export const skipBrowser = !chromiumPath && !browserRequired;

export function warnIfSkipped(what: string): void {
  if (skipBrowser) {
    console.warn(`${what}: skipping the browser test: no chromium found (apt-get install -y chromium, or set KANSHI_CHROMIUM); set KANSHI_REQUIRE_BROWSER=1 to make this a failure`);
  }
}

export async function launchChromium(): Promise<Browser> {
  if (!chromiumPath) throw new Error('KANSHI_REQUIRE_BROWSER is set but no chromium was found (apt-get install -y chromium, or set KANSHI_CHROMIUM)');
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
}

/**
 * Opens a page file in a new tab and reports what a self-contained page must not have: console errors or
 * warnings, page errors, and requests for anything but the page itself.
 */
export async function openOffline(browser: Browser, file: string): Promise<{ tab: Page; problems: string[]; requests: string[]; url: string }> {
  const tab = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const problems: string[] = [];
  const requests: string[] = [];
  tab.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  tab.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  tab.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(file).href;
  await tab.goto(url, { waitUntil: 'load' });
  return { tab, problems, requests, url };
}
