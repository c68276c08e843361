// npm run bench:page — prints what the page costs, measured in headless Chromium on this machine:
// the JS that loads before first paint (gzip), the lazy Monaco chunk, time to first paint and to
// editor-ready, and for 1,000 and 5,000 nodes rolling out at 60x: the clock speed achieved, the longest
// main-thread task, and the bytes of the first snapshot and the batches.
// A script that prints numbers, never a test. Needs `npm run build` first.

import { spawn } from 'node:child_process'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { resolveChromiumPath } from './browser.mjs'

const dist = new URL('../dist/', import.meta.url).pathname
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`
const gz = (f) => gzipSync(readFileSync(f)).length

// 1. Sizes: what index.html loads eagerly (entry script + its static imports, modulepreloads, CSS).
const html = readFileSync(join(dist, 'index.html'), 'utf8')
const eager = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1])
let eagerRaw = 0
let eagerGz = 0
for (const f of eager) {
  eagerRaw += statSync(join(dist, f)).size
  eagerGz += gz(join(dist, f))
}
const assets = readdirSync(join(dist, 'assets'))
const monaco = assets.filter((f) => f.endsWith('.js')).map((f) => ({ f, size: statSync(join(dist, 'assets', f)).size })).sort((a, b) => b.size - a.size)[0]
console.log(`eager JS+CSS before first paint: ${eager.length} files, ${kib(eagerRaw)} (${kib(eagerGz)} gzip)`)
console.log(`largest lazy chunk (Monaco): ${monaco.f} ${kib(monaco.size)} (${kib(gz(join(dist, 'assets', monaco.f)))} gzip)`)

// 2. Timings in Chromium against vite preview.
const port = Number(process.env.E2E_PORT ?? 4179)
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore' })
await new Promise((r) => setTimeout(r, 1500))
const browser = await chromium.launch({
  executablePath: resolveChromiumPath(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
try {
  const runs = []
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage()
    const t0 = Date.now()
    await page.goto(`http://127.0.0.1:${port}/`)
    await page.locator('.monaco-editor').first().waitFor({ timeout: 30_000 })
    const editorReady = Date.now() - t0
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)
    runs.push({ fcp, editorReady })
    await page.close()
  }
  const med = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  console.log(`first contentful paint: median ${med(runs.map((r) => r.fcp)).toFixed(0)} ms; editor ready: median ${med(runs.map((r) => r.editorReady))} ms (5 loads)`)

  // 3. A rolling update at 60x with 1,000 and 5,000 nodes: the simulated clock's speed achieved
  // against the speed asked for, the longest main-thread task, and the bytes the worker sends (the
  // first snapshot, the largest batch, all batches).
  for (const nodes of (process.env.BENCH_NODES ?? '1000,5000').split(',').map(Number)) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    await page.addInitScript(() => {
      window.__batches = []
      let dsp
      Object.defineProperty(window, '__dsp', {
        configurable: true,
        get: () => dsp,
        set: (v) => {
          dsp = v
          const apply = v.store.getState().applyBatch
          v.store.setState({
            applyBatch: (b) => {
              window.__batches.push({ bytes: JSON.stringify(b).length, reset: b.reset, at: performance.now() })
              apply(b)
            },
          })
        },
      })
    })
    await page.goto(`http://127.0.0.1:${port}/?preset=large&nodes=${nodes}&debug=1`)
    await page.locator('.monaco-editor').first().waitFor({ timeout: 120_000 })
    await page.waitForFunction(() => window.__dsp?.store.getState().engineStatus === 'ready', null, { timeout: 120_000 })
    await page.evaluate(() => {
      window.__longtasks = []
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__longtasks.push(e.duration)
      }).observe({ type: 'longtask', buffered: false })
    })
    await page.getByTestId('apply-button').click()
    await page.getByTestId('console-log').getByText('created').waitFor({ timeout: 120_000 })
    await page.getByTestId('speed-select').selectOption('60')
    // let the apply settle: every pod running
    await page.waitForFunction(
      (n) => {
        const ds = Object.values(window.__dsp.store.getState().objects.DaemonSet)[0]
        return ds && ds.status.numberAvailable === n
      },
      nodes,
      { timeout: 300_000 },
    )
    const input = page.getByTestId('console-input')
    await input.fill('kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system')
    await page.evaluate(() => {
      window.__longtasks = []
      window.__t0 = { wall: performance.now(), sim: window.__dsp.store.getState().now, batch: window.__batches.length }
    })
    await input.press('Enter')
    await page.waitForTimeout(20_000)
    const r = await page.evaluate(() => {
      const s = window.__dsp.store.getState()
      const ds = Object.values(s.objects.DaemonSet)[0]
      const wall = (performance.now() - window.__t0.wall) / 1000
      const sim = (s.now - window.__t0.sim) / 1000
      const batches = window.__batches.slice(window.__t0.batch)
      return {
        wall,
        sim,
        updated: `${ds.status.updatedNumberScheduled}/${ds.status.desiredNumberScheduled}`,
        tasks: window.__longtasks,
        snapshot: window.__batches.find((b) => b.reset)?.bytes,
        maxBatch: Math.max(0, ...window.__batches.map((b) => b.bytes)),
        rolloutBytes: batches.reduce((a, b) => a + b.bytes, 0),
      }
    })
    const mb = (n) => `${(n / 1e6).toFixed(2)} MB`
    console.log(
      `${nodes.toLocaleString('en')} nodes, rolling update at 60x for ${r.wall.toFixed(0)} s: clock ran ${(r.sim / r.wall).toFixed(1)}x (${((100 * r.sim) / r.wall / 60).toFixed(0)}% of 60x), ${r.updated} updated; ` +
        `${r.tasks.length} long tasks, longest ${Math.max(0, ...r.tasks).toFixed(0)} ms; first snapshot ${r.snapshot === undefined ? 'not seen' : mb(r.snapshot)}, largest batch ${mb(r.maxBatch)}, rollout batches ${mb(r.rolloutBytes)}`,
    )
    await page.close()
  }
} finally {
  await browser.close()
  server.kill()
}
