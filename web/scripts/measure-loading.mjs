#!/usr/bin/env node
// How fast the app's first screens load, cold, in Debian's Chromium: bytes on the wire (all, and
// JavaScript alone, as the network counted them: compressed, headers included) and Largest
// Contentful Paint, for each page, median of several cold loads (a fresh browser context each:
// nothing cached).
//
// Usage (from web/, against a running `onyx serve --web-dir web/dist`):
//   node scripts/measure-loading.mjs http://127.0.0.1:8102 [--runs 5] [--size 390x844] [--paths /,/trade]
// Prints one line per page and a JSON summary on the last line.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.join(process.cwd(), 'noop.js'));
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const base = (args.find((a) => /^https?:\/\//.test(a)) ?? 'http://127.0.0.1:8102').replace(/\/$/, '');
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(opt('runs', '5'));
const [width, height] = opt('size', '390x844').split('x').map(Number);
const paths = opt('paths', '/,/trade').split(',');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function once(browser, url) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-US', deviceScaleFactor: 1 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const encodings = new Map();
  let total = 0;
  let js = 0;
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    encodings.set(e.requestId, headers['content-encoding'] ?? 'identity');
  });
  cdp.on('Network.loadingFinished', (e) => {
    requests += 1;
    total += e.encodedDataLength;
    if (types.get(e.requestId) === 'Script') js += e.encodedDataLength;
  });
  await page.addInitScript(() => {
    /* global PerformanceObserver -- runs in the page, not in node */
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  // LCP settles once the first screen's data has painted; the app keeps a socket open, so wait a fixed time.
  await page.waitForTimeout(2500);
  const lcp = await page.evaluate(() => window.__lcp);
  const encoded = [...encodings.values()].filter((v) => v !== 'identity').length;
  await context.close();
  return { lcp, total, js, requests, encoded };
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const summary = {};
try {
  // One warm-up load so the server's first-request costs (settings read, file cache) are not counted.
  await once(browser, `${base}/`);
  for (const p of paths) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await once(browser, `${base}${p}`));
    const row = {
      lcpMs: Math.round(median(samples.map((s) => s.lcp))),
      lcpMaxMs: Math.round(Math.max(...samples.map((s) => s.lcp))),
      wireKB: +(median(samples.map((s) => s.total)) / 1024).toFixed(1),
      jsKB: +(median(samples.map((s) => s.js)) / 1024).toFixed(1),
      requests: median(samples.map((s) => s.requests)),
      encodedResponses: median(samples.map((s) => s.encoded)),
    };
    summary[p] = row;
    console.log(
      `${p.padEnd(10)} LCP ${row.lcpMs} ms (max ${row.lcpMaxMs})  wire ${row.wireKB} KB  JS ${row.jsKB} KB  ` +
        `${row.requests} requests (${row.encodedResponses} compressed)  [${width}x${height}, median of ${runs}]`,
    );
  }
} finally {
  await browser.close();
}
console.log(JSON.stringify(summary));
