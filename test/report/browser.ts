/**
 * The headless browser the page tests open their pages in: Debian's chromium (or KANSHI_CHROMIUM),
 * driven by playwright-core. CI sets KANSHI_REQUIRE_BROWSER, so a missing browser fails there instead of
 * skipping.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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
