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
