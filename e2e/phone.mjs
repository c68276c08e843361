// The throttled phone the page benches load on (bench-page.mjs's BENCH_PHONE, load-waterfall.mjs):
// Lighthouse's mobile conditions driven by hand — 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, 4× CPU.
// One definition, so both tools measure the same phone.

/**
 * @param {import('@playwright/test').CDPSession} cdp
 * @param {{ warm: boolean }} opts warm: keep the HTTP cache (a second visit)
 */
export async function emulatePhone(cdp, { warm }) {
  await cdp.send('Network.enable');
  if (!warm) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1.6e6 / 8,
    uploadThroughput: 0.75e6 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * The phone's first visit, unthrottled: installs the service worker and lets it take the page's files
 * into its cache, so the next load in this context is the warm second visit.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 * @param {string} card a selector of what the page draws when it is up (the first graph card)
 */
export async function primeServiceWorker(context, url, card) {
  const first = await context.newPage();
  await first.goto(url);
  await first.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 200 && !navigator.serviceWorker.controller; i++)
      await new Promise((r) => setTimeout(r, 50));
  });
  await first.locator(card).first().waitFor({ timeout: 120_000 });
  await first.waitForTimeout(3000);
  await first.close();
}
