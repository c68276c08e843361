import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'
import { resolveChromiumPath } from './browser.mjs'

// This file lives in e2e/; the web server and the output folder belong to the repo root.
const repoRoot = fileURLToPath(new URL('..', import.meta.url))
// E2E_PORT lets several checkouts on one machine run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173)
const baseURL = `http://127.0.0.1:${port}/`

export default defineConfig({
  testDir: '.',
  outputDir: `${repoRoot}test-results`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Generous limits: two workers share two cores with the engine workers and Monaco's.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    trace: 'on-first-retry',
    launchOptions: {
      // undefined → Playwright's own browser (npx playwright install chromium).
      executablePath: resolveChromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  // Serves the production build (run `npm run build` first; `npm test` does).
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    cwd: repoRoot,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
})
