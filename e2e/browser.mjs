// Which Chromium Playwright should launch. Shared by playwright.config.ts and ensure-browser.mjs.
// Order: $PLAYWRIGHT_CHROMIUM_PATH, then Debian/Ubuntu's /usr/bin/chromium, else undefined
// (Playwright's own downloaded browser, if `npx playwright install chromium` was run).
import { existsSync } from 'node:fs';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** @returns {string | undefined} */
export function resolveChromiumPath() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return undefined;
}
