// Figures for the page live against a cluster (README "The page, live against a cluster"): how long
// the first picture takes, how soon an outside change reaches the page, and a console write's round
// trip, against `serve` with the article preset and with 1,000 nodes. Prints numbers; asserts nothing.
//
//   npm run build && npx vite preview --port 4301 &   # the page
//   node tools/bench/connect.mjs [PAGE_URL]            # default http://127.0.0.1:4301/

import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const page0 = process.argv[2] ?? 'http://127.0.0.1:4301/';
const origin = new URL(page0).origin;

function serve(args) {
  const child = spawn(
    'npx',
    ['tsx', 'src/server/serve.ts', '--port', '0', '--allow-origin', origin, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  return new Promise((resolve) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /listens on (http:\/\/127\.0\.0\.1:\d+)/.exec(err);
      if (m) resolve({ base: m[1], stop: () => process.kill(-child.pid, 'SIGKILL') });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function command(p, line) {
  return p.evaluate(async (l) => {
    const st = window.__dsp.store;
    const n = st.getState().lines.length;
    const input = document.querySelector('[data-testid="console-input"]');
    const t = performance.now();
    return new Promise((resolve) => {
      const un = st.subscribe((s) => {
        if (!s.busy && s.lines.length > n + 1) {
          un();
          resolve(performance.now() - t);
        }
      });
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, l);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
  }, line);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
for (const [label, args, nodes, node] of [
  ['article', [], 2, 'node-1'],
  ['1,000 nodes', ['--preset', 'large', '--nodes', '1000'], 1000, 'node-0002'],
]) {
  const s = await serve(args);
  const p = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const t0 = Date.now();
  await p.goto(`${page0}?connect=${encodeURIComponent(s.base)}&debug=1`);
  await p.waitForFunction(
    (n) => Object.keys(window.__dsp?.store.getState().objects.Node ?? {}).length >= n,
    nodes,
    { timeout: 120_000, polling: 20 },
  );
  const first = Date.now() - t0;
  const outside = [];
  for (let i = 0; i < 10; i++) {
    const name = `bench-${i}`;
    const t = Date.now();
    await fetch(`${s.base}/playground/v1/sim`, {
      method: 'POST',
      body: `sim node add ${name}\n`,
      headers: { 'Content-Type': 'text/x-playground-sim' },
    });
    await p.waitForFunction((x) => !!window.__dsp.store.getState().objects.Node[`/${x}`], name, {
      polling: 10,
    });
    outside.push(Date.now() - t);
  }
  const get = await command(p, 'kubectl get nodes');
  const cordon = await command(p, `kubectl cordon ${node}`);
  console.log(
    `${label}: first picture ${first} ms; outside node add → page p50 ${median(outside)} ms, max ${Math.max(...outside)} ms (10); console get nodes ${Math.round(get)} ms; cordon (copy + PUT) ${Math.round(cordon)} ms`,
  );
  await p.close();
  s.stop();
}
await browser.close();
