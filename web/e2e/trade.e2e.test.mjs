// Spot trading journey against a running `onyx serve --demo`: the demo user buys BTC
// with a market order on /trade (it fills against the built-in market maker) and sees
// the BTC balance; places a limit sell above the market, sees it in the book and in
// open orders, cancels it, and the balance is back.
// Run: ONYX_URL=http://127.0.0.1:18080 node --test e2e/trade.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { BASE, closePhone, forceEnglish, openPhone, signInDemo, tid } from './support.mjs';

const BUY_AMOUNT = new Decimal('0.001');
const SELL_AMOUNT = new Decimal('0.0005');

let browser;
let page;
let satoken;
let pair;

async function api(path, { method = 'GET', headers = {} } = {}) {
  const res = await fetch(BASE + path, { method, headers: { 'Content-Type': 'application/json', lang: 'en', language: 'en', satoken, ...headers } });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}

async function spotAvailable(coin) {
  const env = await api('/api/asset/assetBalance', { method: 'POST' });
  assert.equal(env.code, 200, env.msg);
  const w = env.data.wallets.find((x) => x.wallet === 'spot');
  return new Decimal(w?.assets.find((a) => a.coin === coin)?.available ?? '0');
}

/** Waits until the form's "available" is `amount` of `coin` (shown cut to the coin's precision; data-value exact). */
async function waitAvailableShown(amount, coin) {
  await page.waitForFunction(
    ([sel, want, unit]) => {
      const el = document.querySelector(sel);
      return !!el && el.getAttribute('data-value') !== null && new RegExp(`${unit}$`).test((el.textContent ?? '').trim()) && el.getAttribute('data-value') === want;
    },
    [tid('spot-available'), amount.toFixed(), coin],
  );
}

async function waitToast(text) {
  await page.locator('.toast', { hasText: text }).first().waitFor();
}

before(async () => {
  ({ browser, page } = await openPhone());
  // English on every load: texts below are asserted in English, and the app may store
  // its start language over the one openPhone sets before its first write.
  await forceEnglish(page);
  const list = await api('/api/common/getCoinList');
  pair = list.data.currencyList.find((p) => p.symbol === 'btcusdt');
  assert.ok(pair, 'the BTC spot pair is listed');
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-trade-e2e-failure.png');
});

test('spot: market buy, limit sell in the book and open orders, cancel', async (t) => {
  await t.test('sign in as the demo user', async () => {
    satoken = await signInDemo(page);
    assert.ok(satoken, 'the session token is stored');
    const open = await api('/api/currency/order/orderList?status=open&pageSize=100', { method: 'POST' });
    assert.equal(open.code, 200, `orderList: ${open.msg}`);
  });

  await t.test('/trade spot tab: pair in the URL, live book with both sides', async () => {
    await page.goto(`${BASE}/trade?tab=BBTrading&symbol=btcusdt`);
    await page.locator(`${tid('spot')}[data-symbol="btcusdt"]`).waitFor();
    assert.equal((await page.locator(tid('spot-pair')).textContent()).trim(), 'BTC/USDT');
    await page.locator(`${tid('spot-book')}[data-state="ready"]`).waitFor();
    await page.locator(`${tid('book-asks')} ${tid('book-ask')}`).first().waitFor();
    await page.locator(`${tid('book-bids')} ${tid('book-bid')}`).first().waitFor();
    assert.match(new URL(page.url()).search, /symbol=btcusdt/);
  });

  let btcAfterBuy;
  await t.test('market buy 0.001 BTC fills against the market maker; the BTC balance shows it', async () => {
    const btcBefore = await spotAvailable('BTC');
    const usdtBefore = await spotAvailable('USDT');
    await page.click(tid('spot-side-buy'));
    await page.click(tid('spot-type-market'));
    await page.click(tid('spot-by-amount'));
    await page.fill(tid('spot-amount'), BUY_AMOUNT.toFixed());
    // Fee shown before submitting: 0.1% of what the buyer receives, in BTC.
    const fee = BUY_AMOUNT.times(pair.feeRate).toDecimalPlaces(8, Decimal.ROUND_UP);
    assert.equal(await page.locator(tid('spot-fee')).getAttribute('data-value'), fee.toFixed());
    assert.match((await page.locator(tid('spot-fee')).textContent()).trim(), / BTC$/);
    await page.click(tid('spot-submit'));
    await waitToast('Order filled');
    btcAfterBuy = await spotAvailable('BTC');
    assert.equal(btcAfterBuy.minus(btcBefore).toFixed(), BUY_AMOUNT.minus(fee).toFixed(), 'received the amount less the fee');
    assert.ok((await spotAvailable('USDT')).lt(usdtBefore), 'USDT was spent');

    // The sell side of the form shows the BTC now available.
    await page.click(tid('spot-side-sell'));
    await waitAvailableShown(btcAfterBuy, 'BTC');

    // The filled order is in the order history.
    await page.click(tid('spot-orders-tab-history'));
    await page.locator(`${tid('order-history')} ${tid('order-row')}[data-status="filled"]`).first().waitFor();
  });

  let sellPrice;
  let orderId;
  await t.test('a limit sell above the market rests in the book and in open orders', async () => {
    // Between the 3rd and 4th asks: above the market, inside the rows the phone shows.
    const depth = await api('/api/market/depth?symbol=btcusdt&limit=10');
    assert.equal(depth.code, 200, depth.msg);
    assert.ok(depth.data.asks.length >= 4, 'the market maker quotes asks');
    const a3 = new Decimal(depth.data.asks[2][0]);
    const a4 = new Decimal(depth.data.asks[3][0]);
    sellPrice = a3.plus(a4).div(2).toDecimalPlaces(pair.basePrecision, Decimal.ROUND_DOWN);
    if (sellPrice.lte(a3)) sellPrice = a3.plus(new Decimal(1).div(new Decimal(10).pow(pair.basePrecision)));

    await page.click(tid('spot-side-sell'));
    await page.click(tid('spot-type-limit'));
    await page.fill(tid('spot-price'), sellPrice.toFixed());
    await page.fill(tid('spot-amount'), SELL_AMOUNT.toFixed());
    assert.equal(
      (await page.locator(tid('spot-total')).inputValue()).trim(),
      sellPrice.times(SELL_AMOUNT).toDecimalPlaces(pair.basePrecision, Decimal.ROUND_DOWN).toFixed(),
      'total follows price x amount, truncated',
    );
    await page.click(tid('spot-submit'));
    await waitToast('Order placed');

    // In the book (from the socket's deltas): a level at our price holding our amount.
    await page.waitForFunction(
      ([sel, price, amount]) =>
        [...document.querySelectorAll(sel)].some((row) => Number(row.getAttribute('data-price')) === Number(price) && row.textContent.includes(amount)),
      [`${tid('book-asks')} ${tid('book-ask')}`, sellPrice.toFixed(), SELL_AMOUNT.toFixed(4)],
    );

    // In open orders.
    await page.click(tid('spot-orders-tab-open'));
    // The price shows grouped in the interface language (95,215.9836); its data-value is exact.
    const row = page.locator(`${tid('open-orders')} ${tid('order-row')}[data-status="open"]`).filter({ has: page.locator(`${tid('order-price')}[data-value="${sellPrice.toFixed()}"]`) });
    await row.waitFor();
    orderId = await row.getAttribute('data-id');
    // Frozen: the BTC available drops by the amount.
    await waitAvailableShown(btcAfterBuy.minus(SELL_AMOUNT), 'BTC');
    assert.equal((await spotAvailable('BTC')).toFixed(), btcAfterBuy.minus(SELL_AMOUNT).toFixed());
  });

  await t.test('cancel from open orders: gone from the list and the book, balance restored', async () => {
    const row = page.locator(`${tid('open-orders')} ${tid('order-row')}[data-id="${orderId}"]`);
    await row.locator(tid('order-cancel')).click();
    await waitToast('Order cancelled');
    await row.waitFor({ state: 'detached' });
    await page.waitForFunction(
      ([sel, price]) => ![...document.querySelectorAll(sel)].some((r) => Number(r.getAttribute('data-price')) === Number(price)),
      [`${tid('book-asks')} ${tid('book-ask')}`, sellPrice.toFixed()],
    );
    await waitAvailableShown(btcAfterBuy, 'BTC');
    assert.equal((await spotAvailable('BTC')).toFixed(), btcAfterBuy.toFixed());
    const history = await api('/api/currency/order/orderList?status=history&symbol=btcusdt&pageSize=20', { method: 'POST' });
    assert.equal(history.data.rows.find((o) => String(o.id) === orderId)?.status, 'cancelled');
  });

  await t.test('/wallet shows the same BTC balance in the spot wallet', async () => {
    await page.goto(`${BASE}/wallet`);
    await page.locator(tid('wallet-assets')).waitFor();
    await page.waitForFunction(
      ([sel, want]) => document.querySelector(sel)?.getAttribute('data-value') === want,
      [`${tid('asset-spot-BTC')} ${tid('asset-available')}`, btcAfterBuy.toFixed()],
    );
  });
});
