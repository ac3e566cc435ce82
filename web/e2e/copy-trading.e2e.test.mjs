// Copy-trading journey against a running `onyx serve --demo`: the demo user
// finds the lead trader aurora on /floworder, follows her with a fixed 100
// USDT of margin per order on BTC, aurora opens a 10x market long (through
// the API), the demo finds the copy on /floworder/mine at aurora's price and
// the size the fixed amount buys, with its unrealised PnL; aurora closes, and
// the demo finds the closed copy with its net PnL and the profit share taken,
// which is the share rate (20%) of whatever of the follow's net stands above
// its previous high-water mark (nothing when the copy lost money); then stops
// following from the screen. The follow's net and high-water mark live on
// across follows of the same trader, so every figure is measured against the
// values read before this run's copy, and the journey runs again on a server
// it already used (while the demo user's spot USDT lasts).
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/copy-trading.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { BASE, WAIT, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

const LEAD = { username: 'aurora', password: 'demo-pass-1' };
const FOLLOW_AMOUNT = '100';
const LEVERAGE = 10;
const LEAD_CONTRACTS = '100';
/** What the demo keeps in its futures wallet for the copy's margin and fees. */
const FUTURES_FLOOR = '200';
const FUTURES_TOP_UP = '500';
const PRICE_UNAVAILABLE = -6003;

let browser;
let page;
let problems;
let demoToken;
let leadToken;
/** Aurora as a lead: her trader id and name. */
let trader;
/** Her card on the list, as the API has it. */
let card;
let shareNumber;
/** The demo's follow of aurora before this run's copy opened, and just before it closed. */
let atFollow;
let beforeClose;
let lead;
let copy;

async function call(path, { token, method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', ...(token ? { satoken: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function api(path, opts = {}) {
  const env = await call(path, opts);
  assert.equal(env.code, 200, `${opts.method ?? 'GET'} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}

const asDemo = (path, opts = {}) => api(path, { ...opts, token: demoToken });
const asLead = (path, opts = {}) => api(path, { ...opts, token: leadToken });

/** A money-moving call, retried briefly while the price tape is not live yet (a fresh server). */
async function withPrice(path, opts) {
  const until = Date.now() + 20_000;
  for (;;) {
    const env = await call(path, { ...opts, headers: { 'Idempotency-Key': randomUUID() } });
    if (env.code === PRICE_UNAVAILABLE && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      continue;
    }
    assert.equal(env.code, 200, `${path}: ${env.code} ${env.msg}`);
    return env.data;
  }
}

async function futuresUsdt() {
  const data = await asDemo('/api/asset/assetBalance', { method: 'POST' });
  const row = data.wallets.find((w) => w.wallet === 'contract')?.assets.find((a) => a.coin.toUpperCase() === 'USDT');
  return new Decimal(row?.available ?? '0');
}

/** The demo's follow of aurora (active or stopped), or null before the first follow. */
async function myFollow() {
  const data = await asDemo('/api/follow/mineTrader?pageNum=1&pageSize=100', { method: 'POST' });
  return data.rows.find((r) => r.traderId === trader.id) ?? null;
}

async function mineOrders(isHistory) {
  return (await asDemo(`/api/follow/mineOrder?isHistory=${isHistory}&pageNum=1&pageSize=50`)).rows;
}

/** The raw figure (data-value) of the `label`ed fact inside `scope` (facts without a test id of their own). */
async function fact(scope, label) {
  const dd = scope.locator('dl > div').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) }).locator('dd');
  assert.equal(await dd.count(), 1, `one "${label}" fact`);
  return dd;
}

/** Waits until `selector` (inside the page) carries data-value (any, or `want`) and returns it. */
async function valueOf(selector, want = null) {
  await page.waitForFunction(
    ([s, v]) => {
      const got = document.querySelector(s)?.getAttribute('data-value');
      return v === null ? got !== null && got !== undefined : got === v;
    },
    [selector, want],
    { timeout: WAIT },
  );
  return page.locator(selector).getAttribute('data-value');
}

const dec = (v) => new Decimal(v);
const isDecimal = (v) => typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v);

/** Stops the demo following aurora (closing the copies), when it does. */
async function stopFollowing() {
  const f = await myFollow();
  if (f?.status === 'active') await asDemo('/api/follow/delTraderUser', { method: 'POST', body: { traderId: trader.id, closePositions: true } });
}

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
});

after(async () => {
  // A failed run leaves neither a follow nor aurora's position behind.
  if (demoToken && trader) await stopFollowing().catch(() => {});
  if (leadToken && lead) {
    const open = (await call('/api/contract/position/list?status=0&pageNum=1&pageSize=50', { token: leadToken })).data?.rows ?? [];
    if (open.some((p) => p.id === lead.id)) await withPrice(`/api/contract/position/stopOrder?id=${lead.id}`, { token: leadToken, method: 'POST' }).catch(() => {});
  }
  await closePhone({ browser, page }, '/tmp/onyx-copy-trading-e2e-failure.png');
});

test('copy trading: follow aurora with 100 USDT, her long is copied, closed, and the profit share settled', async (t) => {
  await t.test('a clean start: no follow of aurora, no open BTC position of hers, USDT in the futures wallet', async () => {
    demoToken = await signInDemo(page);
    leadToken = (await api('/api/user/login', { method: 'POST', body: { ...LEAD, type: 'account' } })).satoken;
    trader = await asLead('/api/follow/myTrader');
    assert.ok(trader, 'aurora applied to lead');
    assert.equal(trader.status, 1, 'aurora is an approved lead');

    // A run before this one (on this server) may have left the follow on, or aurora's position open.
    await stopFollowing();
    for (const p of (await asLead('/api/contract/position/list?status=0&pageNum=1&pageSize=50')).rows) {
      if (p.symbol === 'btcusdt') await withPrice(`/api/contract/position/stopOrder?id=${p.id}`, { token: leadToken, method: 'POST' });
    }
    assert.notEqual((await myFollow())?.status, 'active');

    if ((await futuresUsdt()).lt(FUTURES_FLOOR)) {
      await api('/api/asset/transferFunds', {
        token: demoToken,
        method: 'POST',
        headers: { 'Idempotency-Key': randomUUID() },
        body: { from: 'spot', to: 'contract', coin: 'USDT', amount: FUTURES_TOP_UP },
      });
    }
    assert.ok((await futuresUsdt()).gte(FUTURES_FLOOR), `the demo holds ${FUTURES_FLOOR} USDT in futures`);

    const coins = await api('/api/common/getCoinList');
    shareNumber = coins.contractList.find((c) => c.coin === 'btc')?.shareNumber;
    assert.ok(isDecimal(shareNumber) && dec(shareNumber).gt(0), `BTC futures have a contract size: ${shareNumber}`);
  });

  await t.test("aurora's card shows her figures; the demo follows her with 100 USDT per order on BTC", async () => {
    const list = await asDemo('/api/follow/traderList?sortBy=0&pageNum=1&pageSize=20');
    card = list.rows.find((r) => r.id === trader.id);
    assert.ok(card, 'aurora is on the trader list');
    assert.equal(card.following, false);

    await page.goto(`${BASE}/floworder`);
    const at = `${tid('trader-card')}[data-trader-id="${trader.id}"]`;
    await page.waitForSelector(at, { timeout: WAIT });
    const el = page.locator(at);
    assert.equal(await el.getAttribute('data-following'), 'false');
    assert.equal((await el.locator(tid('trader-name')).textContent()).trim(), trader.traderName);
    // The figures are the server's, and shown as numbers (not placeholders).
    for (const [id, key] of [
      ['trader-roi', 'profitRate30'],
      ['trader-followers-return', 'followersReturn'],
      ['trader-pnl', 'profitAmount30'],
      ['trader-win-rate', 'profitRate14'],
      ['trader-aum', 'followAmount'],
    ]) {
      const fig = el.locator(tid(id));
      assert.equal(await fig.getAttribute('data-value'), card[key], `${id} is ${key}`);
      assert.match(await fig.textContent(), /\d/, `${id} shows a figure`);
    }
    assert.ok(dec(card.profitAmount30).abs().gt(0), 'three weeks of closed trades made or lost something');
    assert.equal(await el.locator(tid('trader-sparkline')).getAttribute('data-points'), String(card.series.length));
    assert.equal(card.series.length, 30);

    await el.locator(tid('follow-button')).click();
    await page.waitForURL((url) => new URL(url).pathname === `/floworder/confirm/${trader.id}`);
    await page.waitForSelector(`${tid('follow-form')}[data-editing="false"]`, { timeout: WAIT });
    assert.equal(await valueOf(tid('follow-share-rate')), card.shareRate);
    assert.equal(await valueOf(tid('follow-min')), card.minFollowAmount);
    assert.ok(dec(await valueOf(tid('follow-available'))).gte(FUTURES_FLOOR), 'the form shows the futures USDT the copies draw on');

    await page.click(tid('follow-mode-1'));
    assert.equal(await page.locator(tid('follow-mode-1')).getAttribute('aria-pressed'), 'true');
    await page.fill(tid('follow-amount'), FOLLOW_AMOUNT);
    const btc = page.locator(tid('follow-symbol-btc'));
    if ((await btc.getAttribute('aria-pressed')) !== 'true') await btc.click();
    assert.equal(await btc.getAttribute('aria-pressed'), 'true');
    assert.equal(await valueOf(tid('follow-example-copy')), FOLLOW_AMOUNT, 'the example copies with 100 USDT of margin');
    await page.click(tid('follow-submit'));
    await page.waitForURL((url) => new URL(url).pathname === '/floworder/mine', { timeout: WAIT });

    const row = `${tid('mine-trader')}[data-trader-id="${trader.id}"]`;
    await page.waitForSelector(`${row}[data-status="active"]`, { timeout: WAIT });
    assert.equal((await page.locator(`${row} ${tid('mine-trader-status')}`).textContent()).trim(), 'Active');
    assert.equal(await page.locator(`${row} ${tid('mine-trader-mode')}`).getAttribute('data-value'), '1');
    assert.match(await page.locator(`${row} ${tid('mine-trader-mode')}`).textContent(), /100\.00 USDT per order/);

    atFollow = await myFollow();
    assert.equal(atFollow.status, 'active');
    assert.equal(atFollow.followType, 1);
    assert.ok(dec(atFollow.followAmount).eq(FOLLOW_AMOUNT));
    assert.ok(atFollow.followSymbol.split(',').includes('btc'), `BTC is copied: ${atFollow.followSymbol}`);
    assert.ok(dec(atFollow.openMargin).eq(0));
    // Net never stands above the mark: the mark only rises to the net, and fees only lower the net.
    assert.ok(dec(atFollow.realised).lte(atFollow.highWaterMark), `net ${atFollow.realised} ≤ mark ${atFollow.highWaterMark}`);

    // Back on the list, aurora's card says the demo follows her.
    await page.goto(`${BASE}/floworder`);
    await page.waitForSelector(`${tid('trader-card')}[data-trader-id="${trader.id}"][data-following="true"]`, { timeout: WAIT });
    const edit = page.locator(`${tid('trader-card')}[data-trader-id="${trader.id}"] ${tid('follow-edit')}`);
    assert.equal((await edit.textContent()).trim(), 'Following');
  });

  await t.test("aurora's 10x long is copied at her price, sized by the 100 USDT, with its unrealised PnL", async () => {
    const held = (await mineOrders(0)).map((o) => o.id);
    const reply = await withPrice('/api/contract/order/submit', {
      token: leadToken,
      method: 'POST',
      body: { symbol: 'btc', leverage: LEVERAGE, delegatePrice: '1', delegateTotal: LEAD_CONTRACTS, type: 0, delegateType: 1 },
    });
    lead = reply.position;
    assert.ok(lead, 'the market order opened a position');
    assert.equal(lead.type, 0);
    assert.equal(lead.leverage, LEVERAGE);

    const copies = (await mineOrders(0)).filter((o) => o.leadPositionId === lead.id);
    if (copies.length !== 1) {
      const skips = (await asDemo('/api/follow/mineSkips?pageNum=1&pageSize=5')).rows.filter((s) => s.leadPositionId === lead.id);
      assert.fail(`one copy of lead position ${lead.id}; skipped: ${JSON.stringify(skips)}`);
    }
    copy = copies[0];
    assert.ok(!held.includes(copy.id));
    // 100 USDT at 10x buys this many whole contracts at the lead's price.
    const contracts = dec(FOLLOW_AMOUNT).mul(LEVERAGE).div(dec(lead.openPrice).mul(shareNumber)).floor();
    assert.ok(contracts.gt(0));
    const size = contracts.mul(shareNumber);
    assert.ok(dec(copy.openNum).eq(size), `the copy holds ${size} BTC (${contracts} contracts): ${copy.openNum}`);
    assert.equal(copy.openPrice, lead.openPrice, 'the copy opened at the lead price');
    assert.equal(copy.leverage, LEVERAGE);
    assert.equal(copy.status, 0);

    await page.goto(`${BASE}/floworder/mine?tab=open`);
    const at = `${tid('copy-row')}[data-copy-id="${copy.id}"]`;
    await page.waitForSelector(at, { timeout: WAIT });
    const row = page.locator(at);
    assert.equal(await row.getAttribute('data-status'), '0');
    assert.equal((await row.locator(tid('copy-status')).textContent()).trim(), 'Open');
    assert.equal(await row.locator(tid('side')).getAttribute('data-value'), 'long', 'a copy of a long is a long');
    assert.equal((await row.locator(tid('side')).textContent()).trim(), 'Long');
    assert.ok(dec(await (await fact(row, 'Entry')).getAttribute('data-value')).eq(lead.openPrice), 'the row shows the lead price');
    assert.ok(dec(await (await fact(row, 'Size')).getAttribute('data-value')).eq(size), `the row shows ${size} BTC`);
    const margin = await row.locator(tid('copy-margin')).getAttribute('data-value');
    assert.ok(isDecimal(margin), `the row shows the margin: ${margin}`);
    assert.ok(dec(margin).eq(copy.adjustAmount), `margin ${margin} is the copy's ${copy.adjustAmount}`);
    assert.ok(dec(margin).lte(FOLLOW_AMOUNT) && dec(margin).gt(dec(FOLLOW_AMOUNT).mul('0.9')), `about 100 USDT of margin: ${margin}`);
    const unrealised = row.locator(tid('copy-unrealised'));
    assert.ok(isDecimal(await unrealised.getAttribute('data-value')), 'the unrealised PnL at the mark is shown');
    assert.match(await unrealised.textContent(), /^[+-]?[\d,]+\.\d+$/);
    assert.match(await (await fact(row, 'Opened')).textContent(), /\d/, 'the row says when it opened');

    // The opening fee is a cost of copying: the follow's net fell by it.
    beforeClose = await myFollow();
    assert.ok(dec(beforeClose.realised).eq(dec(atFollow.realised).minus(copy.fees)), `net ${atFollow.realised} − fee ${copy.fees} = ${beforeClose.realised}`);
    assert.ok(dec(beforeClose.openMargin).eq(copy.adjustAmount));
    assert.equal(beforeClose.highWaterMark, atFollow.highWaterMark);
    assert.equal(beforeClose.shared, atFollow.shared);
    const profit = await asDemo('/api/follow/mineProfit');
    assert.ok(dec(await valueOf(tid('mine-bet'))).eq(profit.betAmount), 'the summary shows the margin in open copies');
    assert.ok(dec(profit.betAmount).gte(copy.adjustAmount));
  });

  await t.test("aurora closes; the copy closes at her price and pays 20% of the net above the high-water mark", async () => {
    const closedLead = await withPrice(`/api/contract/position/stopOrder?id=${lead.id}`, { token: leadToken, method: 'POST' });
    assert.equal(closedLead.status, 1, 'the lead position closed');

    assert.equal((await mineOrders(0)).find((o) => o.id === copy.id), undefined, 'the copy is no longer open');
    const closed = (await mineOrders(1)).find((o) => o.id === copy.id);
    assert.ok(closed, 'the copy is in the history');
    assert.equal(closed.status, 1);
    assert.equal(closed.dealPrice, closedLead.dealPrice, 'the copy closed at the lead close price');
    const after = await myFollow();
    const net = dec(closed.earn).minus(closed.fees);
    assert.ok(dec(after.realised).minus(atFollow.realised).eq(net), `the follow's net moved by the copy's net ${net}`);

    // The settlement: the rate of whatever of the new net stands above the previous mark.
    const rate = dec(card.shareRate);
    assert.ok(rate.eq('0.2'), `the profit share is 20%: ${card.shareRate}`);
    const above = dec(after.realised).minus(beforeClose.highWaterMark);
    const share = above.gt(0) ? above.mul(rate).toDecimalPlaces(8, Decimal.ROUND_DOWN) : dec(0);
    assert.ok(dec(closed.shareAmount).eq(share), `share ${closed.shareAmount} is 20% of ${above} above the mark ${beforeClose.highWaterMark}: ${share}`);
    assert.ok(dec(after.shared).minus(beforeClose.shared).eq(share), `the follow paid ${share} more: ${beforeClose.shared} → ${after.shared}`);
    assert.ok(dec(after.highWaterMark).eq(above.gt(0) ? after.realised : beforeClose.highWaterMark), `the mark ${after.highWaterMark}`);
    if (net.lt(0)) assert.ok(dec(closed.shareAmount).eq(0), `a copy that lost ${net} pays no share`);
    assert.ok(dec(after.openMargin).eq(0));

    await page.goto(`${BASE}/floworder/mine?tab=history`);
    const at = `${tid('copy-row')}[data-copy-id="${copy.id}"]`;
    await page.waitForSelector(at, { timeout: WAIT });
    const row = page.locator(at);
    assert.equal(await row.getAttribute('data-status'), '1');
    assert.equal((await row.locator(tid('copy-status')).textContent()).trim(), 'Closed');
    assert.equal(await row.locator(tid('side')).getAttribute('data-value'), 'long');
    assert.ok(dec(await row.locator(tid('copy-earn')).getAttribute('data-value')).eq(net), `the row shows the copy's net PnL ${net}`);
    assert.match(await row.locator(tid('copy-earn')).textContent(), /^[+-][\d,]+\.\d+$/);
    const shown = await row.locator(tid('copy-share')).getAttribute('data-value');
    assert.ok(dec(shown).eq(closed.shareAmount) && dec(shown).eq(share), `the row shows the share ${share}: ${shown}`);
    assert.ok(dec(await (await fact(row, 'Close price')).getAttribute('data-value')).eq(closedLead.dealPrice), 'the row shows the close price');
    assert.match(await (await fact(row, 'Closed')).textContent(), /\d/, 'the row says when it closed');

    const profit = await asDemo('/api/follow/mineProfit');
    assert.ok(dec(await valueOf(tid('mine-shared'))).eq(profit.shared), 'the summary shows the profit share paid');
    assert.ok(dec(await valueOf(tid('mine-pnl'))).eq(profit.profitAndLoss), 'the summary shows the realised PnL after the share');
    assert.ok(dec(profit.shared).gte(after.shared));

    await page.click(tid('mine-tab-traders'));
    const mine = `${tid('mine-trader')}[data-trader-id="${trader.id}"]`;
    await page.waitForSelector(mine, { timeout: WAIT });
    const trow = page.locator(mine);
    assert.ok(dec(await trow.locator(tid('mine-trader-realised')).getAttribute('data-value')).eq(after.realised), `"My traders" shows the net ${after.realised}`);
    assert.ok(dec(await trow.locator(tid('mine-trader-shared')).getAttribute('data-value')).eq(after.shared), `"My traders" shows the share paid ${after.shared}`);
    assert.ok(dec(await (await fact(trow, 'High-water mark')).getAttribute('data-value')).eq(after.highWaterMark));
    assert.ok(dec(await trow.locator(tid('mine-trader-open-margin')).getAttribute('data-value')).eq(0));
  });

  await t.test('the demo stops following aurora from the screen', async () => {
    const mine = `${tid('mine-trader')}[data-trader-id="${trader.id}"]`;
    await page.click(`${mine} ${tid('mine-trader-stop')}`);
    await page.waitForSelector(tid('stop-follow-sheet'));
    await page.click(tid('stop-follow-close-positions'));
    await page.click(tid('stop-follow-confirm'));
    await page.waitForSelector(tid('stop-follow-sheet'), { state: 'detached', timeout: WAIT });
    await page.waitForSelector(`${mine}[data-status="stopped"]`, { timeout: WAIT });
    assert.equal((await page.locator(`${mine} ${tid('mine-trader-status')}`).textContent()).trim(), 'Stopped');
    const f = await myFollow();
    assert.equal(f.status, 'stopped');
    assert.equal(f.stopReason, 'user');
  });

  await t.test('nothing went wrong on the page', () => {
    assert.deepEqual(problems, []);
  });
});
