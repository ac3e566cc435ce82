// Spot first, exact numbers (issue 34) against a running `onyx serve --demo`:
// a newcomer registers through the UI; /trade opens on spot; they are credited by a
// deposit the operator confirms (as the wallet journey does), buys BTC at
// market "by total 100 USDT" and the record shows exactly what was spent and
// what came back; selling 100 % leaves only dust below the lot, which
// "convert small balances" turns into USDT, so nothing sellable is left.
// Run: ONYX_URL=http://127.0.0.1:8101 node --test e2e/spot-journey.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { BASE, closePhone, forceEnglish, openPhone, pathIs, tid } from './support.mjs';
import { demoOperatorToken } from '../../scripts/demo-operator.mjs';

const INVITE = 'ONYXDEMO';
const TOTAL = '100';

let browser;
let page;
let adminToken;
let satoken;
let pair;
const id = `spot${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const password = `Pw-${id}-9`;

async function api(path, { method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', language: 'en', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}
const asAdmin = (path, opts = {}) => api(path, { ...opts, headers: { adminToken, ...(opts.headers ?? {}) } });
const asUser = (path, opts = {}) => api(path, { ...opts, headers: { satoken, ...(opts.headers ?? {}) } });

async function spotAvailable(coin) {
  const env = await asUser('/api/asset/assetBalance', { method: 'POST' });
  assert.equal(env.code, 200, env.msg);
  const w = env.data.wallets.find((x) => x.wallet === 'spot');
  return new Decimal(w?.assets.find((a) => a.coin === coin)?.available ?? '0');
}

async function waitToast(text) {
  await page.locator('.toast', { hasText: text }).first().waitFor();
}

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  adminToken = await demoOperatorToken((path, body) => api(path, { method: 'POST', body }));
  const list = await api('/api/common/getCoinList');
  pair = list.data.currencyList.find((p) => p.symbol === 'btcusdt');
  assert.ok(pair, 'the BTC spot pair is listed');
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-spot-journey-failure.png');
});

test('spot first and exact numbers', async (t) => {
  await t.test('a newcomer registers through the UI', async () => {
    await page.goto(`${BASE}/register?inviteCode=${INVITE}`);
    const accountTab = page.locator(tid('register-type-account'));
    if (await accountTab.count()) await accountTab.click();
    await page.fill(tid('register-username'), id);
    await page.fill(tid('register-password'), password);
    await page.fill(tid('register-confirm'), password);
    await page.locator('label', { has: page.locator(tid('register-consent')) }).click();
    await page.click(tid('register-submit'));
    await page.waitForURL(pathIs('/wallet'));
    satoken = await page.evaluate(() => JSON.parse(localStorage.getItem('onyx:token')));
    assert.ok(satoken, 'signed in after sign-up');
  });

  await t.test('/trade opens on spot, first among the tabs', async () => {
    await page.goto(`${BASE}/trade`);
    await page.locator(`${tid('trade-tab-BBTrading')}[aria-selected="true"]`).waitFor();
    await page.locator(tid('spot')).waitFor();
    const first = page.locator(`${tid('trade-tab')} [role="tab"]`).first();
    assert.equal(await first.getAttribute('data-testid'), 'trade-tab-BBTrading');
  });

  await t.test('Markets lists spot first; a coin opens its spot market', async () => {
    await page.goto(`${BASE}/store`);
    await page.locator(`${tid('markets')}[data-product="spot"]`).waitFor();
    await page.click(tid('markets-row-btcusdt'));
    await page.waitForURL((url) => new URL(url).pathname === '/trade' && new URL(url).searchParams.get('tab') === 'BBTrading');
    await page.locator(`${tid('spot')}[data-symbol="btcusdt"]`).waitFor();
  });

  await t.test('the market page has Buy and Sell into the spot form', async () => {
    await page.goto(`${BASE}/market/btcusdt`);
    await page.click(tid('market-sell'));
    await page.locator(`${tid('spot')}[data-symbol="btcusdt"]`).waitFor();
    await page.locator(`${tid('spot-side-sell')}.active`).waitFor();
  });

  await t.test('credited 150 USDT by a deposit the operator confirms', async () => {
    const txHash = randomBytes(32).toString('hex');
    const claim = await asUser('/api/recharge/payAddress', {
      method: 'POST',
      body: { coin: 'USDT', symbol: 'USDT-TRC20', amount: '150', txHash },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    assert.equal(claim.code, 200, `deposit claim: ${claim.msg}`);
    const pending = await asAdmin('/api/admin/deposits?status=pending&pageSize=100');
    const deposit = pending.data.rows.find((d) => d.txHash === txHash);
    assert.ok(deposit, 'the claim is in the operator queue');
    const confirmed = await asAdmin(`/api/admin/deposits/${deposit.id}/confirm`, { method: 'POST', body: { reason: 'e2e: spot journey' } });
    assert.equal(confirmed.code, 200, confirmed.msg);
    assert.ok((await spotAvailable('USDT')).gte(150));
  });

  let order;
  await t.test('a market buy by total 100 USDT: the record shows what was spent and what came back', async () => {
    const usdtBefore = await spotAvailable('USDT');
    await page.goto(`${BASE}/trade?tab=BBTrading&symbol=btcusdt`);
    await page.locator(`${tid('spot-book')}[data-state="ready"]`).waitFor();
    await page.locator(`${tid('book-asks')} ${tid('book-ask')}`).first().waitFor();
    await page.click(tid('spot-side-buy'));
    await page.click(tid('spot-type-market'));
    await page.click(tid('spot-by-total'));
    await page.fill(tid('spot-total'), TOTAL);
    await page.click(tid('spot-submit'));
    await waitToast('Order filled');

    const orders = await asUser('/api/currency/order/orderList?status=history&pageSize=5', { method: 'POST' });
    order = orders.data.rows[0];
    assert.equal(order.total, TOTAL);
    const spent = new Decimal(order.spent);
    const returned = new Decimal(order.returned);
    assert.equal(spent.toFixed(), new Decimal(order.filledTotal).toFixed(), 'spent is the filled total');
    assert.equal(spent.plus(returned).toFixed(), TOTAL, 'spent and returned add up to the total held');
    assert.equal(usdtBefore.minus(await spotAvailable('USDT')).toFixed(), spent.toFixed(), 'the balance moved by exactly what was spent');

    await page.click(tid('spot-orders-tab-history'));
    const row = page.locator(`${tid('order-history')} ${tid('order-row')}[data-id="${order.id}"]`);
    await row.waitFor();
    assert.equal(await row.locator(tid('order-spent')).getAttribute('data-value'), spent.toFixed());
    assert.match((await row.locator(tid('order-spent')).textContent()).trim(), / USDT$/);
    if (returned.gt(0)) assert.equal(await row.locator(tid('order-returned')).getAttribute('data-value'), returned.toFixed());
  });

  await t.test('selling 100 % sells the balance at the lot size; the rest is dust, converted', async () => {
    const lot = new Decimal(1).div(new Decimal(10).pow(pair.coinPrecision));
    const btc = await spotAvailable('BTC');
    assert.ok(btc.gt(0), 'the buy delivered BTC');
    await page.click(tid('spot-side-sell'));
    await page.click(tid('spot-type-market'));
    await page.click(tid('spot-pct-100'));
    const amount = new Decimal(await page.locator(tid('spot-amount')).inputValue());
    assert.equal(amount.toFixed(), btc.toDecimalPlaces(pair.coinPrecision, Decimal.ROUND_DOWN).toFixed(), '100 % is the balance at the lot');
    // The buy's "Order filled" may still be showing: wait it out, so the toast read next is the sell's.
    await page.waitForFunction(() => ![...document.querySelectorAll('.toast')].some((e) => e.textContent.includes('Order filled')));
    await page.click(tid('spot-submit'));
    await waitToast('Order filled');
    const left = await spotAvailable('BTC');
    assert.ok(left.lt(lot), `left ${left} is below the lot ${lot}`);

    await page.goto(`${BASE}/wallet`);
    await page.locator(tid('wallet-assets')).waitFor();
    if (left.gt(0)) {
      // The balance shows whole, never cut to look smaller.
      await page.locator(`${tid('asset-spot-BTC')} ${tid('asset-available')}[data-value="${left.toFixed()}"]`).waitFor();
      const shown = (await page.locator(`${tid('asset-spot-BTC')} ${tid('asset-available')}`).textContent()).trim();
      assert.equal(new Decimal(shown.replace(/,/g, '')).toFixed(), left.toFixed());
      await page.click(tid('wallet-dust'));
      await page.locator(`${tid('dust-sheet')} ${tid('dust-BTC')}`).waitFor();
      await page.click(tid('dust-confirm'));
      await waitToast('Converted into');
    }
    assert.ok((await spotAvailable('BTC')).isZero(), 'nothing sellable is left');
    const dust = await asUser('/api/asset/dust');
    assert.equal(dust.data.items.length, 0);
  });
});
