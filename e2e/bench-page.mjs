// npm run bench:page — prints what the page costs, measured in headless Chromium on this machine:
// the JS that loads before first paint (gzip), the lazy Monaco chunk, time to first paint and to
// editor-ready, and the longest main-thread task while a 1,000-node cluster rolls out.
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
const port = 4179
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

  // 3. Longest main-thread task during a 1,000-node rolling update at 60x.
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  await page.goto(`http://127.0.0.1:${port}/?preset=large&debug=1`)
  await page.locator('.monaco-editor').first().waitFor({ timeout: 60_000 })
  await page.evaluate(() => {
    window.__longtasks = []
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__longtasks.push(e.duration)
    }).observe({ type: 'longtask', buffered: false })
  })
  await page.getByTestId('apply-button').click()
  await page.getByTestId('console-log').getByText('created').waitFor({ timeout: 60_000 })
  await page.getByTestId('speed-select').selectOption('60')
  await page.waitForTimeout(8000)
  const input = page.getByTestId('console-input')
  await input.fill('kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=k8s.gcr.io/fluentd-elasticsearch:v2.2.0 -n kube-system')
  await input.press('Enter')
  const t0 = Date.now()
  await page.waitForTimeout(20_000)
  const tasks = await page.evaluate(() => window.__longtasks)
  const text = await page.evaluate(() => {
    const s = window.__dsp.store.getState()
    const ds = Object.values(s.objects.DaemonSet)[0]
    return `${ds.status.updatedNumberScheduled}/${ds.status.desiredNumberScheduled} updated`
  })
  console.log(
    `1,000-node rolling update at 60x, ${((Date.now() - t0) / 1000).toFixed(0)} s watched (${text}): ${tasks.length} long tasks, longest ${Math.max(0, ...tasks).toFixed(0)} ms`,
  )
} finally {
  await browser.close()
  server.kill()
}
