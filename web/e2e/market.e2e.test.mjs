// Market-data journey (issue 3) against a running `onyx serve --demo`:
// home prices move, BTC's chart opens and switches interval, BTC goes on the
// watchlist and shows in the Optional tab of /trade; then the main screens
// load under the server's Content-Security-Policy, and the whole journey
// logged no console error and no CSP violation.
// Run: ONYX_URL=http://127.0.0.1:8080 npm run e2e   (Debian's Chromium, never a downloaded browser)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, closePhone, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

/** The simulator ticks about once a second per coin; allow for a slow machine. */
const PRICE_MOVE_WAIT = 45_000;


/** Screens a signed-in user reaches from the tab bar and the account page. */
const MAIN_ROUTES = ['/', '/trade', '/wallet', '/recharge', '/withdraw', '/userauth', '/help'];

let browser;
let page;
let problems;

before(async () => {
  ({ browser, page } = await openPhone());
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-market-e2e-failure.png');
});

test('live markets: moving prices, a chart, the watchlist', async (t) => {
  await t.test('home shows a price that moves', async () => {
    await page.goto(`${BASE}/`);
    const price = page.locator(`${tid('home-coin-btc')} ${tid('coin-price')}`);
    await price.waitFor();
    await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''), `${tid('home-coin-btc')} ${tid('coin-price')}`);
    const first = (await price.textContent()).trim();
    // English grouping at the BTC pair's 0.01 tick: 67,321.98.
    assert.match(first, /^\d{1,3}(,\d{3})*\.\d{2}$/, `a price at the pair's tick, got "${first}"`);
    // Any home coin moving proves the socket feed; BTC is read first and checked last.
    await page.waitForFunction(
      ([sel, before]) => (document.querySelector(sel)?.textContent ?? '').trim() !== before,
      [`${tid('home-coin-btc')} ${tid('coin-price')}`, first],
      { timeout: PRICE_MOVE_WAIT },
    );
    const change = (await page.locator(`${tid('home-coin-btc')} ${tid('coin-change')}`).textContent()).trim();
    assert.match(change, /^[+-]?\d+\.\d{2}%$/, `percent with 2 decimals, got "${change}"`);
  });

  await t.test('sign in as the demo user', async () => {
    await signInDemo(page);
  });

  await t.test("open BTC's chart and switch the interval", async () => {
    await page.goto(`${BASE}/`);
    await page.click(tid('home-coin-btc'));
    await page.waitForURL((url) => new URL(url).pathname === '/market/btcusdt');
    await page.locator(`${tid('market-chart')}[data-state="ready"]`).waitFor();
    assert.ok((await page.locator(`${tid('market-chart')} canvas`).count()) > 0, 'the chart draws on a canvas');
    // The moving averages' legend: MA(7), MA(25), MA(99), each with its newest value.
    const legend = (await page.locator(`${tid('market-chart')} ${tid('chart-ma')}`).textContent()).trim();
    assert.match(legend, /^MA\(7\) \d[\d,.]*\s*MA\(25\) \d[\d,.]*\s*MA\(99\) \d[\d,.]*$/, `moving averages with values, got "${legend}"`);
    await page.locator(tid('market-price')).filter({ hasText: /\d/ }).waitFor();
    await page.locator(tid('market-high')).filter({ hasText: /\d/ }).waitFor();
    await page.click(tid('interval-1h'));
    await page.waitForURL((url) => new URL(url).searchParams.get('interval') === '1h');
    // The URL changes before the transition renders: wait for the tab, don't read it at once.
    await page.locator(`${tid('interval-1h')}[aria-selected="true"]`).waitFor();
    await page.locator(`${tid('market-chart')}[data-state="ready"]`).waitFor();
    assert.ok((await page.locator(`${tid('market-chart')} canvas`).count()) > 0);
  });

  await t.test('add BTC to the watchlist and see it in the Optional tab', async () => {
    const star = page.locator(tid('star-btc'));
    await star.waitFor();
    if ((await star.getAttribute('aria-pressed')) === 'true') {
      // Left over from an earlier run: start from a clean state.
      await star.click();
      await page.locator(`${tid('star-btc')}[aria-pressed="false"]`).waitFor();
    }
    await star.click();
    await page.locator(`${tid('star-btc')}[aria-pressed="true"]`).waitFor();
    await page.goto(`${BASE}/trade`);
    await page.click(tid('trade-tab-optional'));
    const row = page.locator(`${tid('trade-optional-list')} ${tid('coin-btcusdt')}`);
    await row.waitFor();
    await row.locator(tid('coin-price')).filter({ hasText: /\d/ }).waitFor();
  });

  await t.test("spot is alive: the demo traders' fills fill Market trades, the header names last trade and index", async () => {
    // The demo traders (demo-trader-1...) take the maker's quotes every few seconds: real fills,
    // none of them the demo user's, so the tape shows trades this user never made.
    const tape = async () => (await (await fetch(`${BASE}/api/market/trades?symbol=btcusdt&limit=100`)).json()).data;
    const deadline = Date.now() + PRICE_MOVE_WAIT;
    while ((await tape()).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 1000));
    const trades = await tape();
    assert.ok(trades.length >= 2, `the demo traders traded: ${trades.length}`);
    for (const tr of trades) assert.deepEqual(Object.keys(tr), ['id', 'price', 'vol', 'side', 'ts']);
    await page.goto(`${BASE}/trade?tab=BBTrading`);
    await page.locator(tid('recent-trade')).first().waitFor();
    assert.ok((await page.locator(tid('recent-trade')).count()) >= 2);
    await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''), tid('spot-price-head'));
    await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''), tid('spot-price-index'));
    const head = await page.locator(tid('spot')).locator('header').textContent();
    assert.match(head, /Last trade/);
    assert.match(head, /Index price/);
  });

  await t.test('the main screens load under the CSP with no console error or violation', async () => {
    for (const route of MAIN_ROUTES) {
      const response = await page.goto(`${BASE}${route}`);
      const csp = response.headers()['content-security-policy'] ?? '';
      assert.match(csp, /script-src 'self';/, `${route} is served under the CSP`);
      assert.match(csp, /frame-ancestors 'none'/);
      await page.locator('#root *').first().waitFor();
      await page.waitForLoadState('networkidle');
      assert.equal(new URL(page.url()).pathname, route, `${route} opened for the signed-in user`);
    }
    assert.deepEqual(problems, [], 'console errors or CSP violations during the journey');
  });
});
