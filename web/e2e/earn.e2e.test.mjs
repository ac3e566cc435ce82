// Earn journey against a running `onyx serve --demo`: the demo user opens
// /finance, subscribes 100 USDT for 7 days to the first finance product that
// offers a 7-day term, reads the interest preview (the server's rounding) and
// finds the order in /livecoin/eaorders?type=1 with its next payout; then
// stakes the minimum in the first staking product that still takes an order,
// opens "Redeem early", sees the penalty, the interest given back and what
// arrives before confirming, confirms, and finds the order redeemed with its
// penalty. Each run makes new orders and tells them from older ones by id, so
// it runs again on a server it already used (while the demo user's spot USDT
// and the staking product's per-user order limit last).
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/earn.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { BASE, WAIT, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

const AMOUNT = '100';
let browser;
let page;
let problems;
let satoken;

async function api(path, { method = 'POST', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', satoken, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = await res.json();
  assert.equal(env.code, 200, `${path}: ${env.msg}`);
  return env.data;
}

async function spotUsdt() {
  const data = await api('/api/asset/assetBalance');
  const row = data.wallets.find((w) => w.wallet === 'spot')?.assets.find((a) => a.coin.toUpperCase() === 'USDT');
  return new Decimal(row?.available ?? '0');
}

/** The caller's newest orders of one kind (finance: /api/order/list, staking: /api/mingOrder/list). */
async function orders(path) {
  return (await api(`${path}?pageNum=1&pageSize=50`)).rows;
}

/** The id of the first order card on screen that is not one of `old`. */
async function newOrderCard(old) {
  const handle = await page.waitForFunction(
    (known) => [...document.querySelectorAll('[data-order-id]')].map((e) => e.getAttribute('data-order-id')).find((id) => !known.includes(id)),
    old,
    { timeout: WAIT },
  );
  return Number(await handle.jsonValue());
}

/** Waits until `selector` carries data-value (any, or `want`) and returns it. */
async function valueOf(selector, want = null) {
  await page.waitForFunction(
    ([s, v]) => {
      const got = document.querySelector(s)?.getAttribute('data-value');
      return v === null ? !!got : got === v;
    },
    [selector, want],
    { timeout: WAIT },
  );
  return page.locator(selector).getAttribute('data-value');
}

const ordersPage = (type) => (url) => {
  const u = new URL(url);
  return u.pathname === '/livecoin/eaorders' && u.searchParams.get('type') === type;
};

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-earn-e2e-failure.png');
});

test('earn: a 7-day finance subscription, and a stake redeemed early after reading its penalty', async (t) => {
  await t.test('100 USDT for 7 days: the preview, then the order with its next payout', async () => {
    satoken = await signInDemo(page);
    const products = await api('/api/financial/list', { body: { classify: '' } });
    const product = products.rows.find((p) => p.terms.some((x) => x.days === 7));
    assert.ok(product, `a finance product with a 7-day term: ${products.rows.map((p) => `${p.title} (${p.days})`).join(', ')}`);
    assert.ok(product.timeLimit === 0 || product.buyPurchase < product.timeLimit, `"${product.title}" still takes an order from the demo user (${product.buyPurchase}/${product.timeLimit})`);
    const apr = product.terms.find((x) => x.days === 7).apr;
    assert.ok((await spotUsdt()).gte(AMOUNT), 'the demo user holds 100 USDT in spot');
    const old = (await orders('/api/order/list')).map((o) => String(o.id));

    await page.goto(`${BASE}/finance`);
    const card = tid(`finance-product-${product.id}`);
    await page.waitForSelector(card, { timeout: WAIT });
    assert.ok((await page.locator(card).getAttribute('data-days')).split(',').includes('7'));
    await page.click(card);
    await page.waitForURL((url) => new URL(url).pathname === `/finance/subscribe/${product.id}`);
    await page.waitForSelector(tid('fs-form'), { timeout: WAIT });
    await valueOf(tid('fs-amount-available'));
    await page.click(tid('fs-term-7'));
    await page.fill(tid('fs-amount'), AMOUNT);
    // A day is 100 × APR / 100 / 365 rounded down to 8 decimals; the term is 7 of them.
    const daily = new Decimal(AMOUNT).mul(apr).div(36500).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    assert.equal(await valueOf(tid('fs-daily')), daily.toFixed());
    assert.equal(await valueOf(tid('fs-total')), daily.mul(7).toFixed());
    assert.match(await page.locator(tid('fs-disclosures')).textContent(), /not a bank deposit/);
    await page.click(tid('fs-submit'));
    await page.waitForURL(ordersPage('1'), { timeout: WAIT });

    const id = await newOrderCard(old);
    const order = (await orders('/api/order/list')).find((o) => o.id === id);
    assert.ok(order, `order ${id} is the caller's`);
    assert.equal(order.kind, 'finance');
    assert.equal(order.planId, product.id);
    assert.equal(new Decimal(order.amount).toFixed(), AMOUNT);
    assert.equal(order.days, 7);
    assert.equal(order.status, 0);
    assert.ok(order.nextPayout, 'an earning order has a next payout');
    const at = tid(`earn-order-${id}`);
    assert.equal(await valueOf(`${at} ${tid('earn-order-status')}`), '0');
    assert.equal(await valueOf(`${at} ${tid('earn-order-next-payout')}`), String(order.nextPayout));
    assert.match(await page.locator(`${at} ${tid('earn-order-next-payout')}`).textContent(), /UTC/);
    const estimated = await valueOf(`${at} ${tid('earn-order-estimated')}`);
    assert.equal(estimated, order.estimatedEarn, 'the card shows the server estimate');
    assert.ok(new Decimal(estimated).eq(daily.mul(7)), `the 7-day interest ${estimated} is the previewed ${daily.mul(7)}`);
  });

  await t.test('the minimum staked, redeemed early after the sheet shows the penalty', async () => {
    const products = (await api('/api/mingProduct/list')).rows;
    // The first product that still takes an order from the demo user and can be redeemed early.
    const product = products.find((p) => p.status === 1 && (p.timeLimit === 0 || p.buyPurchase < p.timeLimit) && p.earlyRule !== 'none');
    assert.ok(product, `a staking product that takes another order from the demo user: ${products.map((p) => `${p.title} ${p.buyPurchase}/${p.timeLimit}`).join(', ')}`);
    const amount = new Decimal(product.limitMin).toFixed();
    assert.ok((await spotUsdt()).gte(amount), `the demo user holds ${amount} USDT in spot`);
    const old = (await orders('/api/mingOrder/list')).map((o) => String(o.id));

    await page.goto(`${BASE}/livecoin`);
    await page.waitForSelector(tid(`staking-product-${product.id}`), { timeout: WAIT });
    await page.click(tid(`staking-stake-${product.id}`));
    await page.waitForURL((url) => {
      const u = new URL(url);
      return u.pathname === '/livecoin/subscribe' && u.searchParams.get('id') === String(product.id);
    });
    await page.waitForSelector(tid('ss-form'), { timeout: WAIT });
    await page.waitForSelector(tid('ss-schedule'), { timeout: WAIT });
    await valueOf(tid('ss-amount-available'));
    await page.fill(tid('ss-amount'), amount);
    const daily = new Decimal(amount).mul(product.dailyRate).div(100).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    assert.equal(await valueOf(tid('ss-daily')), daily.toFixed());
    await valueOf(tid('ss-estimate'));
    await page.click(tid('ss-submit'));
    await page.waitForURL(ordersPage('2'), { timeout: WAIT });

    const id = await newOrderCard(old);
    const order = (await orders('/api/mingOrder/list')).find((o) => o.id === id);
    assert.ok(order, `order ${id} is the caller's`);
    assert.equal(order.kind, 'staking');
    assert.equal(order.status, 0);
    assert.equal(new Decimal(order.amount).toFixed(), amount);
    const at = tid(`earn-order-${id}`);

    await page.click(`${at} ${tid('earn-order-redeem')}`);
    await page.waitForSelector(tid('earn-redeem-sheet'));
    const penalty = await valueOf(tid('earn-redeem-penalty'));
    const preview = await api(`/api/earn/redemption/preview?id=${id}`, { method: 'GET' });
    assert.equal(penalty, preview.penalty, 'the sheet shows the server penalty');
    assert.equal(await valueOf(tid('earn-redeem-principal')), preview.principal);
    assert.equal(await valueOf(tid('earn-redeem-forfeited')), preview.interestForfeited);
    assert.equal(await valueOf(tid('earn-redeem-receive')), preview.receive);
    if (order.earlyRule === 'penalty') {
      const want = new Decimal(amount).mul(order.defaultOdds).toDecimalPlaces(8, Decimal.ROUND_UP);
      assert.ok(new Decimal(penalty).eq(want), `penalty ${penalty} is ${order.defaultOdds} of ${amount}`);
      assert.ok(new Decimal(penalty).gt(0), 'the published penalty is taken');
    }
    assert.equal(await page.locator(`${at} ${tid('earn-order-status')}`).getAttribute('data-value'), '0', 'nothing is redeemed before confirming');
    const before = await spotUsdt();
    await page.click(tid('earn-redeem-confirm'));
    await page.waitForSelector(tid('earn-redeem-sheet'), { state: 'detached', timeout: WAIT });

    await valueOf(`${at} ${tid('earn-order-status')}`, '2');
    const redeemed = (await orders('/api/mingOrder/list')).find((o) => o.id === id);
    assert.equal(redeemed.status, 2);
    assert.ok(new Decimal(redeemed.penalty).eq(penalty), `the order kept the previewed penalty ${penalty}`);
    assert.ok(new Decimal(await valueOf(`${at} ${tid('earn-order-penalty')}`)).eq(penalty), 'the card shows the penalty');
    assert.ok((await spotUsdt()).minus(before).gte(preview.receive), `spot received ${preview.receive}`);
  });

  await t.test('nothing went wrong on the page', () => {
    assert.deepEqual(problems, []);
  });
});
