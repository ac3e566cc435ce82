// Second-contracts journey against a running `onyx serve --demo`: the demo user opens
// /flash (coin, live price, chart, periods with their payout), sees an invalid stake
// refused in place with nothing sent, reads what 10 USDT on the 30 s period would win
// and lose, taps Up, acknowledges the risk disclosure (first order only), sees the
// order among the open orders counting down, waits for it to settle (up to ~40 s),
// sees the result with both recorded prices, and finds the available USDT moved by
// exactly the profit or loss shown (rewardAmount − betAmount); the history lists it.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/second-contracts.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { BASE, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

const STAKE = new Decimal('10');
const SETTLE_WAIT = 45_000;

let browser;
let page;
let problems;
let satoken;
let coin;
let period;
/** Every order the page sent. */
const placed = [];

async function api(path, { method = 'GET', body } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', language: 'en', satoken },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  const env = await res.json();
  assert.equal(env.code, 200, `${method} ${path}: ${env.msg}`);
  return env.data;
}

async function spotUsdt() {
  const data = await api('/api/asset/assetBalance', { method: 'POST' });
  const w = data.wallets.find((x) => x.wallet === 'spot');
  return new Decimal(w?.assets.find((a) => a.coin === 'USDT')?.available ?? '0');
}

/** The exact available USDT the form shows (data-value), once it is `want` when given. */
async function shownAvailable(want) {
  if (want !== undefined) {
    await page.waitForFunction(([sel, v]) => document.querySelector(sel)?.getAttribute('data-value') === v, [tid('sc-available'), want.toFixed()], { timeout: 10_000 });
  } else {
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.getAttribute('data-value'), tid('sc-available'));
  }
  return new Decimal(await page.locator(tid('sc-available')).getAttribute('data-value'));
}

const pct = (rate) => `${new Decimal(rate).times(100).toFixed()}%`;

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
  page.on('request', (r) => {
    if (r.url().includes('/api/secondContractOrder/createSecondContractOrder')) placed.push({ body: r.postDataJSON(), key: r.headers()['idempotency-key'] });
  });
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-second-contracts-e2e-failure.png');
});

test('second contracts: disclosure, an Up order on 30 s, its countdown, result and balance', async (t) => {
  await t.test('sign in; no other order of the demo user is open', async () => {
    satoken = await signInDemo(page);
    assert.ok(satoken, 'the session token is stored');
    const list = await api('/api/common/getCoinList');
    coin = list.coinList.find((c) => c.symbol === 'btcusdt');
    assert.ok(coin, 'BTC is a second-contract coin');
    const periods = await api('/api/period/list', { method: 'POST', body: { secondId: coin.id } });
    period = periods.find((p) => p.period === 30);
    assert.ok(period, 'BTC has a 30 s period');
    // Another open order would move the balance while this one runs: let it settle first.
    const deadline = Date.now() + 6 * 60_000;
    while ((await api('/api/secondContractOrder/selectOrderList', { method: 'POST', body: { status: 0 } })).length) {
      assert.ok(Date.now() < deadline, 'earlier open orders settled');
      await new Promise((r) => setTimeout(r, 2_000));
    }
  });

  await t.test('/flash: the coin, its live price and chart, the periods with their payout', async () => {
    await page.goto(`${BASE}/flash?symbol=btcusdt`);
    await page.locator(`${tid('sc')}[data-symbol="btcusdt"]`).waitFor();
    assert.equal((await page.locator(tid('sc-coin-name')).textContent()).trim(), 'BTC/USDT');
    await page.locator(`${tid('sc-chart')}[data-state="ready"]`).waitFor();
    await page.waitForFunction((sel) => /\d/.test(document.querySelector(sel)?.textContent ?? ''), tid('sc-price'));
    const chip = page.locator(tid('sc-period-30'));
    assert.equal(await chip.getAttribute('aria-checked'), 'true', 'the first period (30 s) is preselected');
    assert.match((await chip.textContent()).replace(/\s+/g, ''), new RegExp(`^30s\\+${pct(period.odds).replace('.', '\\.')}$`));
    const available = await shownAvailable();
    assert.equal(available.toFixed(), (await spotUsdt()).toFixed(), 'the form shows the spot USDT available');
  });

  await t.test('an invalid stake is refused in place and nothing is sent', async () => {
    const below = new Decimal(period.minAmount).minus('0.5');
    await page.fill(tid('sc-stake-input'), below.gt(0) ? below.toFixed() : '0');
    await page.click(tid('sc-up'));
    assert.match(await page.locator(tid('sc-stake-error')).textContent(), below.gt(0) ? /minimum is/i : /above 0/i);
    await page.fill(tid('sc-stake-input'), '10.123456789');
    assert.match(await page.locator(tid('sc-stake-error')).textContent(), /At most 8 decimal places/);
    await page.click(tid('sc-up'));
    await page.waitForTimeout(300);
    assert.equal(placed.length, 0, 'no order was sent');
    assert.equal(await page.locator(tid('sc-disclosure')).count(), 0, 'no disclosure for an invalid stake');
  });

  await t.test('10 USDT on 30 s: what a win pays and a loss takes, before sending', async () => {
    await page.click(tid('sc-stake-10'));
    assert.equal(await page.inputValue(tid('sc-stake-input')), '10');
    assert.equal(await page.locator(tid('sc-stake-error')).count(), 0);
    const win = STAKE.times(period.odds).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    const loss = STAKE.minus(STAKE.times(new Decimal(1).minus(period.lossRate)).toDecimalPlaces(8, Decimal.ROUND_DOWN));
    assert.equal(await page.locator(tid('sc-win-profit')).getAttribute('data-value'), win.toFixed());
    assert.equal(await page.locator(tid('sc-win-total')).getAttribute('data-value'), STAKE.plus(win).toFixed());
    assert.equal(await page.locator(tid('sc-loss')).getAttribute('data-value'), loss.toFixed());
    assert.equal((await page.locator(tid('sc-break-even')).textContent()).trim(), pct(period.breakEvenWinRate));
    assert.equal((await page.locator(tid('sc-house-edge')).textContent()).trim(), pct(period.houseEdge));
    const rules = await page.locator(tid('sc-rules')).textContent();
    assert.match(rules, /Equal open and close prices/);
    assert.match(rules, /within 2 s of the close/);
  });

  let order;
  let before;
  await t.test('Up: the risk disclosure comes first (once), then the order is placed', async () => {
    before = await shownAvailable();
    const disclosure = await api('/api/secondContractOrder/disclosure');
    await page.click(tid('sc-up'));
    if (!disclosure.accepted) {
      const sheet = page.locator(tid('sc-disclosure'));
      await sheet.waitFor();
      const text = await sheet.textContent();
      for (const must of [/whole stake/, /ESMA/, /FCA/, /ASIC/, /recorded once per second/, new RegExp(pct(period.breakEvenWinRate).replace('.', '\\.')), new RegExp(pct(period.houseEdge).replace('.', '\\.'))]) {
        assert.match(text, must);
      }
      assert.equal(placed.length, 0, 'nothing is sent before the disclosure is acknowledged');
      assert.ok(await page.locator(tid('sc-disclosure-confirm')).isDisabled(), 'confirming needs the tick first');
      await page.locator(`${tid('sc-disclosure')} .checkbox`).click();
      await page.click(tid('sc-disclosure-confirm'));
      await sheet.waitFor({ state: 'detached' });
      const after = await api('/api/secondContractOrder/disclosure');
      assert.equal(after.accepted, true, 'the acknowledgement is recorded');
      assert.equal(after.version, disclosure.version);
    }
    await page.locator(tid('sc-open-order')).first().waitFor();
    assert.equal(placed.length, 1, 'one order was sent');
    assert.deepEqual(placed[0].body, { betContent: '1', betAmount: '10', periodId: period.id, symbol: 'btcusdt', coinSymbol: 'btc', baseSymbol: 'usdt' });
    assert.match(placed[0].key ?? '', /^[0-9a-f-]{36}$/, 'the order carries a fresh idempotency key');
    const open = await api('/api/secondContractOrder/selectOrderList', { method: 'POST', body: { status: 0 } });
    assert.equal(open.length, 1);
    order = open[0];
    assert.equal(order.direction, 'up');
    assert.equal(order.betAmount, '10');
    // The stake is held: the form shows it gone from what is available.
    await shownAvailable(before.minus(STAKE));
  });

  await t.test('the open order shows its stake, open price and a running countdown', async () => {
    const row = page.locator(`${tid('sc-open-order')}[data-id="${order.id}"]`);
    await row.waitFor();
    assert.equal(await row.locator(tid('sc-direction')).getAttribute('data-direction'), 'up');
    assert.equal(await row.locator(tid('sc-open-stake')).getAttribute('data-value'), '10');
    assert.equal(await row.locator(tid('sc-open-price')).getAttribute('data-value'), order.openPrice);
    assert.equal(Number(await row.locator(tid('sc-open-price-time')).getAttribute('data-value')), order.openTickTime);
    const first = Number(await row.locator(tid('sc-countdown')).getAttribute('data-seconds'));
    assert.ok(first > 0 && first <= 31, `countdown starts near 30 s: ${first}`);
    assert.match(await row.locator(tid('sc-countdown')).textContent(), /^0:[0-3]\d$/);
    await page.waitForTimeout(2_200);
    const later = Number(await row.locator(tid('sc-countdown')).getAttribute('data-seconds'));
    assert.ok(later < first, `the countdown runs: ${first} -> ${later}`);
    assert.match((await row.locator(tid('sc-preview')).getAttribute('data-outcome')) ?? '', /^(win|lose|draw)$/, 'a live result preview');
  });

  await t.test('it settles: the result with both prices; the balance moved by exactly the P&L shown', async () => {
    const sheet = page.locator(`${tid('sc-result')} [data-id="${order.id}"]`);
    await sheet.waitFor({ timeout: SETTLE_WAIT });
    const settled = (await api('/api/record/second?pageNum=1&pageSize=10')).rows.find((o) => o.id === order.id);
    assert.ok(settled, 'the order is in the settled history');
    assert.equal(settled.status, 1);
    const result = await sheet.getAttribute('data-result');
    assert.equal(result, { 1: 'win', 2: 'lose', 3: 'draw', 4: 'void' }[settled.openResult]);
    assert.equal(await sheet.locator(tid('sc-result-open-price')).getAttribute('data-value'), settled.openPrice);
    assert.equal(Number(await sheet.locator(tid('sc-result-open-price-time')).getAttribute('data-value')), settled.openTickTime);
    if (result === 'void') {
      assert.equal(await sheet.locator(tid('sc-result-close-price')).textContent(), '--');
    } else {
      assert.equal(await sheet.locator(tid('sc-result-close-price')).getAttribute('data-value'), settled.closePrice);
      assert.equal(Number(await sheet.locator(tid('sc-result-close-price-time')).getAttribute('data-value')), settled.closeTickTime);
      assert.match(await sheet.locator(tid('sc-result-close-price-time')).textContent(), /^\d{2}:\d{2}:\d{2}$/);
    }
    assert.equal(await sheet.locator(tid('sc-result-paid')).getAttribute('data-value'), settled.rewardAmount);
    const pnl = new Decimal(await sheet.locator(tid('sc-result-pnl')).getAttribute('data-value'));
    assert.equal(pnl.toFixed(), new Decimal(settled.rewardAmount).minus(settled.betAmount).toFixed(), 'P&L = rewardAmount − betAmount');
    const expected = { win: STAKE.times(period.odds).toDecimalPlaces(8, Decimal.ROUND_DOWN), lose: STAKE.neg(), draw: new Decimal(0), void: new Decimal(0) }[result];
    assert.equal(pnl.toFixed(), expected.toFixed(), `a ${result} pays as the terms say`);

    const shown = await shownAvailable(before.plus(pnl));
    assert.equal(shown.minus(before).toFixed(), pnl.toFixed(), 'the available balance moved by exactly the P&L');
    assert.equal((await spotUsdt()).toFixed(), before.plus(pnl).toFixed(), 'and so did the wallet');

    await page.click(tid('sc-result-close-btn'));
    await page.locator(tid('sc-result')).waitFor({ state: 'detached' });
    await page.locator(`${tid('sc-open-order')}[data-id="${order.id}"]`).waitFor({ state: 'detached' });
  });

  await t.test('the history lists it with both prices and its P&L', async () => {
    await page.click(tid('sc-orders-tab-history'));
    const row = page.locator(`${tid('sc-history-row')}[data-id="${order.id}"]`);
    await row.waitFor();
    const settled = (await api('/api/record/second?pageNum=1&pageSize=10')).rows.find((o) => o.id === order.id);
    assert.equal(await row.locator(tid('sc-history-open')).getAttribute('data-value'), settled.openPrice);
    if (settled.closePrice) assert.equal(await row.locator(tid('sc-history-close')).getAttribute('data-value'), settled.closePrice);
    assert.equal(await row.locator(tid('sc-history-pnl')).getAttribute('data-value'), new Decimal(settled.rewardAmount).minus(settled.betAmount).toFixed());
  });

  await t.test('no console errors or CSP violations', () => {
    assert.deepEqual(problems, []);
  });
});
