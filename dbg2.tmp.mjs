import { chromium } from '@playwright/test'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const p = await b.newPage({ viewport: { width: 1280, height: 720 } })
await p.goto('http://127.0.0.1:4203/')
await p.getByTestId('graph.node.master').waitFor({ timeout: 60000 })
console.log(await p.evaluate(() => [...document.querySelectorAll('[role="dialog"]')].map((d) => d.outerHTML.slice(0, 200))))
await b.close()
