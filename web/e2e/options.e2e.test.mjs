// Options journey against a running `onyx serve --demo`: an operator adds a 10 s
// option period on BTC (entry closing 2 s before each issue ends); the demo user
// opens /flashOption, picks it, sees the running issue with its countdown, reads the
// fee and the total 10 USDT would debit, taps Up, acknowledges the options' risk
// disclosure (first order only), sees the order open, waits for its issue to settle,
// sees the result with both recorded prices, and finds the available USDT moved by
// exactly the result shown (rewardAmount − betAmount − feeAmount); the history lists it.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/options.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { BASE, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';
import { demoOperatorToken } from '../../scripts/demo-operator.mjs';

const STAKE = new Decimal('10');
const PERIOD = 10;

let browser;
let page;
let problems;
let satoken;
let period;
const placed = [];

async function call(path, { method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}

async function api(path, options = {}) {
  const env = await call(path, { ...options, headers: { satoken } });
  assert.equal(env.code, 200, `${path}: ${env.msg}`);
  return env.data;
}

async function spotUsdt() {
  const data = await api('/api/asset/assetBalance', { method: 'POST' });
  const w = data.wallets.find((x) => x.wallet === 'spot');
  return new Decimal(w?.assets.find((a) => a.coin === 'USDT')?.available ?? '0');
}

async function shownAvailable(want) {
  if (want !== undefined) {
    await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.getAttribute('data-value') === v, [tid('sc-available'), want.toFixed()], { timeout: 15_000 });
  } else {
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.getAttribute('data-value'), tid('sc-available'));
  }
  return new Decimal(await page.locator(tid('sc-available')).getAttribute('data-value'));
}

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
  page.on('request', (r) => {
    if (r.url().includes('/api/optionContract/createOrder')) placed.push({ body: r.postDataJSON(), key: r.headers()['idempotency-key'] });
  });
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-options-e2e-failure.png');
});

test('options: a 10 s issue, disclosure, an Up order, its result and balance', async (t) => {
  await t.test('an operator offers a 10 s period on BTC; the demo user has nothing open', async () => {
    const admin = await demoOperatorToken((path, body) => call(path, { method: 'POST', body }));
    const list = (await call('/api/common/getCoinList')).data;
    const pair = list.optionList.find((o) => o.symbol === 'btcusdt');
    assert.ok(pair, 'BTC is an option pair');
    const existing = (await call('/api/optionContract/periodList?symbol=btcusdt', { method: 'POST', body: {} })).data;
    period = existing.find((p) => p.period === PERIOD);
    if (!period) {
      const made = await call('/api/admin/options/periods', {
        method: 'POST',
        headers: { adminToken: admin },
        body: { optionId: pair.id, period: PERIOD, cutoff: 2, odds: '0.8', minAmount: '5', maxAmount: '1000', reason: 'e2e: a short period' },
      });
      assert.equal(made.code, 200, made.msg);
      period = made.data;
    }
    satoken = await signInDemo(page);
    const deadline = Date.now() + 2 * 60_000;
    while ((await api('/api/optionContract/orderList', { method: 'POST', body: { isHistory: 0 } })).length) {
      assert.ok(Date.now() < deadline, 'earlier open options settled');
      await new Promise((r) => setTimeout(r, 1_000));
    }
  });

  await t.test('/flashOption: the pair, the periods, the running issue counting down', async () => {
    await page.goto(`${BASE}/flashOption?symbol=btcusdt`);
    await page.locator(`${tid('op')}[data-symbol="btcusdt"]`).waitFor();
    assert.equal((await page.locator(tid('op-coin-name')).textContent()).trim(), 'BTC/USDT');
    await page.click(tid(`sc-period-${PERIOD}`));
    // The issue follows the chosen period: 10 s windows.
    await page.waitForFunction(
      ([sel, len]) => {
        const el = document.querySelector(sel);
        const no = Number(el?.getAttribute('data-issue'));
        return no > 0 && Math.abs(no - Math.floor(Date.now() / len)) <= 1;
      },
      [tid('op-issue'), PERIOD * 1000],
    );
    assert.match(await page.locator(tid('op-window')).textContent(), /\d{2}:\d{2}:\d{2}/);
  });

  await t.test('10 USDT: the fee and the total debited, before sending', async () => {
    await page.click(tid('sc-stake-10'));
    const fee = STAKE.times(period.feeValue).dividedBy(100).toDecimalPlaces(8, Decimal.ROUND_UP);
    assert.equal(await page.locator(tid('op-fee')).getAttribute('data-value'), fee.toFixed());
    assert.equal(await page.locator(tid('op-total')).getAttribute('data-value'), STAKE.plus(fee).toFixed());
    assert.equal(await page.locator(tid('sc-win-profit')).getAttribute('data-value'), STAKE.times(period.odds).toFixed());
  });

  let order;
  let before;
  let fee;
  await t.test('Up while entry is open: the disclosure first, then the order', async () => {
    await page.locator(`${tid('op-issue')}[data-open="true"]`).waitFor({ timeout: 15_000 });
    // Not in the last 4 s, so the disclosure's reading time stays inside it.
    await page.waitForFunction((len) => Date.now() % len < len - 4_000, PERIOD * 1000);
    before = await shownAvailable();
    const disclosure = await api('/api/optionContract/disclosure');
    await page.click(tid('sc-up'));
    if (!disclosure.accepted) {
      const sheet = page.locator(tid('sc-disclosure'));
      await sheet.waitFor();
      const text = await sheet.textContent();
      assert.match(text, /ESMA/);
      assert.match(text, new RegExp(`An option is a bet.*closes ${period.cutoff} s before.*fee of ${period.feeValue}%`));
      assert.equal(placed.length, 0, 'nothing is sent before the disclosure is acknowledged');
      await page.locator(`${tid('sc-disclosure')} .checkbox`).click();
      await page.click(tid('sc-disclosure-confirm'));
      await sheet.waitFor({ state: 'detached' });
      assert.equal((await api('/api/optionContract/disclosure')).accepted, true);
    }
    await page.locator(tid('sc-open-order')).first().waitFor({ timeout: 15_000 });
    assert.equal(placed.length, 1, 'one order was sent');
    assert.deepEqual(placed[0].body, { betContent: '0', betAmount: '10', periodId: period.id });
    assert.match(placed[0].key ?? '', /^[0-9a-f-]{36}$/);
    const open = await api('/api/optionContract/orderList', { method: 'POST', body: { isHistory: 0 } });
    assert.equal(open.length, 1);
    order = open[0];
    assert.equal(order.direction, 'up');
    assert.equal(order.closeTime % (PERIOD * 1000), 0, 'closes with its issue');
    fee = new Decimal(order.feeAmount);
    // The stake is held and the fee taken.
    await shownAvailable(before.minus(STAKE).minus(fee));
  });

  await t.test('its issue settles: the result with both prices; the balance moved by exactly the result shown', async () => {
    const sheet = page.locator(`${tid('sc-result')} [data-id="${order.id}"]`);
    await sheet.waitFor({ timeout: 30_000 });
    const settled = (await api('/api/record/option?pageNum=1&pageSize=10')).rows.find((o) => o.id === order.id);
    assert.ok(settled, 'the order is in the settled history');
    const result = await sheet.getAttribute('data-result');
    assert.equal(result, { 1: 'win', 2: 'lose', 3: 'draw', 4: 'void' }[settled.openResult]);
    assert.equal(await sheet.locator(tid('sc-result-open-price')).getAttribute('data-value'), settled.openPrice);
    if (result !== 'void') {
      assert.equal(await sheet.locator(tid('sc-result-close-price')).getAttribute('data-value'), settled.closePrice);
      assert.ok(settled.closeTickTime <= settled.closeTime && settled.closeTime - settled.closeTickTime <= 2_000);
    }
    const pnl = new Decimal(await sheet.locator(tid('sc-result-pnl')).getAttribute('data-value'));
    assert.equal(pnl.toFixed(), new Decimal(settled.rewardAmount).minus(settled.betAmount).minus(settled.feeAmount).toFixed());
    const expected = { win: STAKE.times(period.odds).minus(fee), lose: STAKE.plus(fee).neg(), draw: fee.neg(), void: new Decimal(0) }[result];
    assert.equal(pnl.toFixed(), expected.toFixed(), `a ${result} pays as the terms say`);
    await shownAvailable(before.plus(pnl));
    assert.equal((await spotUsdt()).toFixed(), before.plus(pnl).toFixed(), 'the wallet moved by exactly the result');
    await page.click(tid('sc-result-close-btn'));
    await page.locator(tid('sc-result')).waitFor({ state: 'detached' });
  });

  await t.test('the history lists it', async () => {
    await page.click(tid('sc-orders-tab-history'));
    const row = page.locator(`${tid('sc-history-row')}[data-id="${order.id}"]`);
    await row.waitFor();
    const settled = (await api('/api/record/option?pageNum=1&pageSize=10')).rows.find((o) => o.id === order.id);
    assert.equal(await row.locator(tid('sc-history-open')).getAttribute('data-value'), settled.openPrice);
    assert.equal(await row.locator(tid('sc-history-pnl')).getAttribute('data-value'), new Decimal(settled.rewardAmount).minus(settled.betAmount).minus(settled.feeAmount).toFixed());
  });

  await t.test('no console errors or CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
