import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { resolveChromiumPath } from './browser.mjs';

// This file lives in e2e/; the web server and the output folder belong to the repo root.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT lets several checkouts on one machine run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}/`;
// The editor harness is not part of the site: it is built on its own (vite build --mode harness, into
// dist-harness/) and served on port + 1000, only when the run includes e2e/editor.spec.ts.
const harnessPort = port + 1000;
const harnessURL = `http://127.0.0.1:${harnessPort}/`;
const specArgs = process.argv.slice(2).filter((a) => /\.spec(\.ts)?(:\d+)?$/.test(a));
const wantsHarness = specArgs.length === 0 || specArgs.some((a) => a.includes('editor'));
const pageServer = {
  command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
  cwd: repoRoot,
  url: baseURL,
  reuseExistingServer: !process.env.CI,
  timeout: 60_000,
};
const harnessServer = {
  command: `npx vite build --mode harness --logLevel warn && npx vite preview --mode harness --host 127.0.0.1 --port ${harnessPort} --strictPort`,
  cwd: repoRoot,
  url: `${harnessURL}src/ui/editor/harness.html`,
  reuseExistingServer: !process.env.CI,
  timeout: 180_000,
};

export default defineConfig({
  testDir: '.',
  outputDir: `${repoRoot}test-results`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Three workers on two cores: a test spends most of its time waiting for the simulated cluster (a pull
  // takes 2 s, a rollout of six nodes half a minute at 1×), measured at about 6 CPU-seconds for a 15–20 s
  // test, so a third worker fills the idle core time. E2E_WORKERS changes it (1 to debug one spec).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  // Generous limits: the workers share two cores with the engine workers and Monaco's.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    // The offline service worker precaches the whole build (about 8 MB) a second after each load: measured
    // at 0.6–0.9 CPU-seconds per page load on top of 2.9–3.3 for the load itself (browser session of one
    // load and 20 s idle, three runs each), in a suite that is CPU-bound on two cores. Specs that test the
    // worker or its absence (offline, connect, embed) allow it with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    trace: 'on-first-retry',
    // The debug flag (src/state/debug.ts): the production build exposes window.__dsp, which specs use,
    // only with it. Every context gets it, also those made with browser.newContext() in a spec.
    storageState: {
      cookies: [
        {
          name: 'dsp-debug',
          value: '1',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
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
  projects: [
    { name: 'page', testIgnore: /editor\.spec\.ts$/ },
    { name: 'editor-harness', testMatch: /editor\.spec\.ts$/, use: { baseURL: harnessURL } },
  ],
  // Serves the production build (run `npm run build` first; `npm test` does), and the harness build.
  webServer: wantsHarness ? [pageServer, harnessServer] : [pageServer],
});
