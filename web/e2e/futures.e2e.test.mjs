// Futures journey against a running `onyx serve --demo`: the demo user opens
// /contract, moves 1,000 USDT into the futures wallet from the screen, opens a
// 10x long with a market order after reading the server's preview, sees the
// position with its liquidation price, sets a take-profit, adds margin, closes
// half, closes the rest (typed as a number of contracts), and finds the closed
// position in the history and each step (margin held, fees, margin added,
// closes) in the cash flow. Above 5x the open asks first, with its figures:
// cancelling opens nothing. A second journey closes a trade whose fees exceed
// its gross gain and finds its net loss in red in the history.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/futures.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { BASE, WAIT, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

let browser;
let page;
let problems;
let satoken;
let positionId;

async function api(path, { method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', satoken, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = await res.json();
  assert.equal(env.code, 200, `${path}: ${env.msg}`);
  return env.data;
}

async function futuresUsdt() {
  const data = await api('/api/asset/assetBalance', { method: 'POST' });
  const w = data.wallets.find((x) => x.wallet === 'contract');
  const row = w?.assets.find((a) => a.coin === 'USDT');
  return { available: new Decimal(row?.available ?? '0'), frozen: new Decimal(row?.frozen ?? '0') };
}

async function openPosition() {
  const page1 = await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50');
  return page1.rows.find((p) => p.id === positionId);
}

/** Waits until the card's fact `testId` shows `want` (or any value). */
async function cardValue(testId, want) {
  const sel = `${tid(`fu-position-${positionId}`)} ${tid(testId)}`;
  await page.waitForFunction(
    ([s, v]) => {
      const got = document.querySelector(s)?.getAttribute('data-value');
      return v === null ? !!got : got === v;
    },
    [sel, want ?? null],
    { timeout: WAIT },
  );
  return page.locator(sel).getAttribute('data-value');
}

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-futures-e2e-failure.png');
});

test('futures: transfer in, a 10x long, TP, margin, close half and the rest, history and cash flow', async (t) => {
  await t.test('the screen shows the contract with its mark and funding', async () => {
    satoken = await signInDemo(page);
    // A BTC long left by an earlier run on this server would take this journey's order into it.
    for (const p of (await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows) {
      if (p.symbol === 'btcusdt' && p.type === 0) {
        await api(`/api/contract/position/stopOrder?id=${p.id}`, { method: 'POST', headers: { 'Idempotency-Key': randomUUID() } });
      }
    }
    await page.goto(`${BASE}/contract?symbol=btcusdt`);
    await page.waitForSelector(tid('fu'), { timeout: WAIT });
    await page.waitForFunction((s) => !!document.querySelector(s)?.getAttribute('data-value'), tid('fu-mark'), { timeout: WAIT });
    await page.waitForFunction((s) => /\d\d:\d\d:\d\d/.test(document.querySelector(s)?.textContent ?? ''), tid('fu-funding-countdown'), { timeout: WAIT });
  });

  await t.test('1,000 USDT moves into the futures wallet from the screen', async () => {
    const before = await futuresUsdt();
    await page.click(tid('fu-transfer'));
    await page.waitForSelector(tid('transfer-sheet'));
    assert.equal(await page.locator(tid('transfer-from')).inputValue(), 'spot');
    assert.equal(await page.locator(tid('transfer-to')).inputValue(), 'contract');
    await page.fill(tid('transfer-amount'), '1000');
    await page.click(tid('transfer-submit'));
    await page.waitForSelector(tid('transfer-sheet'), { state: 'detached', timeout: WAIT });
    const after = await futuresUsdt();
    assert.equal(after.available.minus(before.available).toFixed(), '1000');
  });

  await t.test('the preview shows margin, fee and liquidation price; a 10x market long opens', async () => {
    await page.click(tid('fu-side-long'));
    await page.click(tid('fu-kind-market'));
    await page.click(tid('fu-lev-10'));
    await page.fill(tid('fu-contracts'), '100');
    await page.waitForFunction((s) => document.querySelector(s)?.getAttribute('data-contracts') === '100', tid('fu-preview'), { timeout: WAIT });
    const margin = new Decimal(await page.locator(tid('fu-margin')).getAttribute('data-value'));
    const price = new Decimal(await page.locator(tid('fu-fill-price')).getAttribute('data-value'));
    // 100 contracts of 0.0001 BTC at 10x: a tenth of 0.01 BTC's notional, rounded up.
    assert.ok(margin.minus(price.mul('0.001')).abs().lt(price.mul('0.0001')), `margin ${margin} at ${price}`);
    assert.ok(new Decimal(await page.locator(tid('fu-liq')).getAttribute('data-value')).lt(price), 'a long liquidates below its entry');
    const was = await futuresUsdt();
    // Positions the account already holds (a server used before) are not this one.
    const held = (await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows.map((p) => String(p.id));
    // 10x asks first, with the preview's figures; cancelling opens nothing.
    await page.click(tid('fu-submit'));
    await page.waitForSelector(tid('fu-confirm-sheet'), { timeout: WAIT });
    assert.equal(await page.locator(tid('fu-confirm-size')).getAttribute('data-value'), '100');
    assert.equal(await page.locator(tid('fu-confirm-leverage')).getAttribute('data-value'), '10');
    assert.ok(new Decimal(await page.locator(tid('fu-confirm-margin')).getAttribute('data-value')).gt(0), 'the margin is shown');
    assert.ok(new Decimal(await page.locator(tid('fu-confirm-fee')).getAttribute('data-value')).gt(0), 'the fee is shown');
    assert.ok(new Decimal(await page.locator(tid('fu-confirm-liq')).getAttribute('data-value')).lt(price), 'the liquidation price is shown');
    await page.click(tid('fu-confirm-cancel'));
    await page.waitForSelector(tid('fu-confirm-sheet'), { state: 'detached', timeout: WAIT });
    const untouched = (await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows.map((p) => String(p.id));
    assert.deepEqual(untouched, held, 'cancelling the confirmation opens nothing');
    assert.equal((await futuresUsdt()).frozen.toFixed(), was.frozen.toFixed(), 'and holds nothing');
    await page.click(tid('fu-submit'));
    await page.waitForSelector(tid('fu-confirm-sheet'), { timeout: WAIT });
    await page.click(tid('fu-confirm-open'));
    const handle = await page.waitForFunction(
      (old) => [...document.querySelectorAll('[data-position-id]')].map((e) => e.getAttribute('data-position-id')).find((id) => !old.includes(id)),
      held,
      { timeout: WAIT },
    );
    positionId = Number(await handle.jsonValue());
    const p = await openPosition();
    assert.equal(p.type, 0);
    assert.equal(p.leverage, 10);
    assert.equal(p.openNum, '0.01');
    const liq = await cardValue('fu-position-liq');
    assert.equal(liq, p.closePrice, 'the card shows the server liquidation price');
    assert.ok(new Decimal(liq).lt(p.openPrice));
    const now = await futuresUsdt();
    assert.equal(now.frozen.minus(was.frozen).toFixed(), new Decimal(p.amount).toFixed(), 'the margin is frozen');
  });

  await t.test('a take-profit is set on the position', async () => {
    const p = await openPosition();
    const target = new Decimal(p.openPrice).mul('1.5').toDecimalPlaces(2).toFixed();
    await page.click(`${tid(`fu-position-${positionId}`)} ${tid('fu-open-stop')}`);
    await page.waitForSelector(tid('fu-stop-sheet'));
    await page.click(tid('fu-stop-tp'));
    await page.fill(tid('fu-stop-trigger'), target);
    await page.click(tid('fu-stop-confirm'));
    await page.waitForSelector(tid('fu-stop-sheet'), { state: 'detached', timeout: WAIT });
    const shown = await cardValue('fu-position-stops');
    assert.equal(new Decimal(shown).toFixed(), new Decimal(target).toFixed());
    const stops = await api('/api/contract/loss/list?pageNum=1&pageSize=10', { method: 'POST' });
    assert.ok(stops.rows.some((s) => s.positionId === positionId && s.lossType === 0));
  });

  await t.test('5 USDT of margin is added', async () => {
    const p = await openPosition();
    await page.click(`${tid(`fu-position-${positionId}`)} ${tid('fu-open-margin')}`);
    await page.waitForSelector(tid('fu-margin-sheet'));
    await page.click(tid('fu-margin-add'));
    await page.fill(tid('fu-margin-amount'), '5');
    await page.click(tid('fu-margin-confirm'));
    await page.waitForSelector(tid('fu-margin-sheet'), { state: 'detached', timeout: WAIT });
    const want = new Decimal(p.adjustAmount).plus(5).toFixed();
    await cardValue('fu-position-margin', want);
  });

  await t.test('half is closed, then the rest', async () => {
    await page.click(`${tid(`fu-position-${positionId}`)} ${tid('fu-open-close')}`);
    await page.waitForSelector(tid('fu-close-sheet'));
    await page.click(tid('fu-close-50'));
    assert.match(await page.locator(tid('fu-close-count')).textContent(), /50\D+100/);
    await page.click(tid('fu-close-confirm'));
    await page.waitForSelector(tid('fu-close-sheet'), { state: 'detached', timeout: WAIT });
    await cardValue('fu-size', '0.005');

    await page.click(`${tid(`fu-position-${positionId}`)} ${tid('fu-open-close')}`);
    await page.waitForSelector(tid('fu-close-sheet'));
    // The rest typed as a number of contracts: all 50 left.
    await page.fill(tid('fu-close-contracts'), '50');
    assert.match(await page.locator(tid('fu-close-count')).textContent(), /50\D+50/);
    await page.click(tid('fu-close-confirm'));
    await page.waitForSelector(tid(`fu-position-${positionId}`), { state: 'detached', timeout: WAIT });
    assert.equal(await openPosition(), undefined);
    const stops = await api('/api/contract/loss/list?pageNum=1&pageSize=10', { method: 'POST' });
    assert.ok(!stops.rows.some((s) => s.positionId === positionId), 'its take-profit went with it');
  });

  await t.test('the history shows the closed position and the cash flow each step', async () => {
    await page.click(tid('fu-tab-history'));
    await page.waitForSelector(tid(`fu-history-${positionId}`), { timeout: WAIT });
    const history = await api('/api/contract/position/list?status=1&pageNum=1&pageSize=50');
    const closed = history.rows.find((p) => p.id === positionId);
    assert.equal(closed.status, 1);
    assert.equal(await page.locator(`${tid(`fu-history-${positionId}`)} ${tid('fu-history-earn')}`).getAttribute('data-value'), closed.earn);

    await page.goto(`${BASE}/cashflow`);
    await page.waitForSelector(tid('cashflow-row'), { timeout: WAIT });
    const labels = await page.locator(tid('cashflow-label')).allTextContents();
    const text = labels.join('\n');
    for (const label of ['Futures margin held', 'Futures trading fee', 'Futures margin returned']) {
      assert.ok(text.includes(label), `the cash flow shows "${label}":\n${text}`);
    }
    const references = await page.locator(tid('cashflow-row')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reference')));
    // The open, the margin added and two closes: four fills.
    const fills = new Set(references.filter((r) => r?.startsWith('futures:fill:')));
    assert.ok(fills.size >= 4, `four futures fills in the cash flow: ${[...fills].join(', ')}`);
  });

  await t.test('nothing went wrong on the page', () => {
    assert.deepEqual(problems, []);
  });
});

/** The demo's open positions on BTC, closed so a journey starts clean. */
async function closeBtcPositions() {
  for (const p of (await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows) {
    if (p.symbol === 'btcusdt') await api(`/api/contract/position/stopOrder?id=${p.id}`, { method: 'POST', headers: { 'Idempotency-Key': randomUUID() } });
  }
}

/** Polls the open positions until each of `ids` is valued off its entry: the tape's mark has moved. */
async function markMovedFor(ids) {
  for (let waited = 0; waited < 60_000; waited += 500) {
    const rows = (await api('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows;
    if (ids.every((id) => rows.some((p) => p.id === id && p.unrealisedPnl && !new Decimal(p.unrealisedPnl).isZero()))) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  assert.fail('the mark did not move in a minute');
}

async function marketOpen(side, contracts) {
  const body = { symbol: 'btc', leverage: 5, type: side, delegateType: 1, delegateTotal: contracts, delegatePrice: '1' };
  const reply = await api('/api/contract/order/submit', { method: 'POST', body, headers: { 'Idempotency-Key': randomUUID() } });
  assert.ok(reply.position, 'the market order filled');
  return reply.position.id;
}

test('futures: a trade whose fees exceed its gross gain shows a red net loss in the history', async (t) => {
  let winner;
  const seen = [];
  await t.test('a long and a short of the same size close after the mark moves: one gains less than its fees', async () => {
    satoken = satoken ?? (await signInDemo(page));
    await closeBtcPositions();
    // Both sides at once: whichever way the mark moves, one of them gains, by
    // a small move, much less than two fees on the whole size.
    for (let attempt = 0; attempt < 3 && !winner; attempt += 1) {
      const ids = [await marketOpen(0, '200'), await marketOpen(1, '200')];
      // Until the mark has moved off the entry (the index ticks about every second).
      await markMovedFor(ids);
      for (const id of ids) await api(`/api/contract/position/stopOrder?id=${id}`, { method: 'POST', headers: { 'Idempotency-Key': randomUUID() } });
      const history = (await api('/api/contract/position/list?status=1&pageNum=1&pageSize=50')).rows.filter((p) => ids.includes(p.id));
      // The trade that gained before fees, when the fees took more than it gained.
      winner = history.find((p) => new Decimal(p.grossPnl).gt(0) && new Decimal(p.fees).gt(p.grossPnl));
      seen.push(...history.map((p) => `${p.type === 0 ? 'long' : 'short'} ${p.openPrice} -> ${p.dealPrice}: gross ${p.grossPnl}, fees ${p.fees}`));
    }
    assert.ok(winner, `a closed trade with a gross gain smaller than its fees:\n${seen.join('\n')}`);
    const net = new Decimal(winner.grossPnl).minus(winner.fees).minus(winner.funding);
    assert.equal(new Decimal(winner.netPnl).toFixed(), net.toFixed(), 'the server nets fees and funding out of the gross');
    assert.ok(net.lt(0));
  });

  await t.test('the history shows gross, fees, funding and the net loss in red', async () => {
    await page.goto(`${BASE}/contract?symbol=btcusdt`);
    await page.waitForSelector(tid('fu'), { timeout: WAIT });
    await page.click(tid('fu-tab-history'));
    const row = tid(`fu-history-${winner.id}`);
    await page.waitForSelector(row, { timeout: WAIT });
    const netEl = page.locator(`${row} ${tid('fu-history-net')}`);
    assert.equal(await netEl.getAttribute('data-value'), winner.netPnl);
    assert.equal(await netEl.getAttribute('data-tone'), '-1');
    assert.match(await netEl.getAttribute('class'), /\bdown\b/);
    assert.match(await netEl.textContent(), /Net PnL\s*-/);
    // Red as the theme's danger colour, not the gain's green.
    const colours = await page.evaluate((sel) => {
      const el = document.querySelector(sel);
      const probe = document.createElement('span');
      probe.className = 'down';
      document.body.append(probe);
      const red = window.getComputedStyle(probe).color;
      probe.className = 'up';
      const green = window.getComputedStyle(probe).color;
      probe.remove();
      return { shown: window.getComputedStyle(el).color, red, green };
    }, `${row} ${tid('fu-history-net')}`);
    assert.equal(colours.shown, colours.red);
    assert.notEqual(colours.shown, colours.green);
    assert.equal(await page.locator(`${row} ${tid('fu-history-earn')}`).getAttribute('data-value'), winner.grossPnl);
    assert.equal(await page.locator(`${row} ${tid('fu-history-fees')}`).getAttribute('data-value'), winner.fees);
    assert.equal(await page.locator(`${row} ${tid('fu-history-funding')}`).getAttribute('data-value'), winner.funding);
  });

  await t.test('nothing went wrong on the page', () => {
    assert.deepEqual(problems, []);
  });
});
