// Markets journey (issue 17) against a running `onyx serve --demo`: the markets
// tab (/store) lists every second-contract coin, spot pair and futures contract of
// the catalogue (a product with none shows its empty state), search filters,
// a column header sorts, a row opens its trade screen; /trade opens on the
// operator's default tab (spot); at 1440x900 the spot screen is a terminal (book, chart and
// form side by side), the sidebar has markets, trade and deposit, and home shows
// the balance with today's estimated change.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/markets.e2e.test.mjs   (Debian's Chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

const PRODUCTS = [
  { key: 'secondContract', list: 'coinList', path: '/flash' },
  { key: 'spot', list: 'currencyList', path: '/trade' },
  { key: 'futures', list: 'contractList', path: '/contract' },
];

let browser;
let page;
let problems;
let token;

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-markets-e2e-failure.png');
});

/** A call to the server from inside the page, as the signed-in user. */
async function call(path, method = 'GET') {
  return page.evaluate(
    async ([p, m, satoken]) => (await fetch(p, { method: m, headers: { satoken } })).json(),
    [path, method, token],
  );
}

/** Compare two plain decimal strings ("95024.25", "0.240820") without floats. */
function cmpDecimal(a, b) {
  const norm = (s) => {
    const [i, f = ''] = s.replace(/,/g, '').split('.');
    return [i.replace(/^0+(?=\d)/, ''), f];
  };
  const [ai, af] = norm(a);
  const [bi, bf] = norm(b);
  if (ai.length !== bi.length) return ai.length < bi.length ? -1 : 1;
  if (ai !== bi) return ai < bi ? -1 : 1;
  const n = Math.max(af.length, bf.length);
  const x = af.padEnd(n, '0');
  const y = bf.padEnd(n, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

/** What the visible list shows, read in one go so live ticks cannot interleave. */
async function visibleRows(product) {
  return page.evaluate((p) => {
    const list = document.querySelector(`[data-testid="markets-list-${p}"]`);
    if (!list) return [];
    return [...list.querySelectorAll('a[data-symbol]')].map((a) => ({
      symbol: a.dataset.symbol,
      name: a.dataset.name,
      price: a.querySelector('[data-testid="markets-price"]')?.textContent.trim() ?? '',
      href: a.getAttribute('href'),
    }));
  }, product);
}

async function showProduct(key) {
  await page.click(tid(`markets-tab-${key}`));
  await page.locator(`${tid(`markets-tab-${key}`)}[aria-selected="true"]`).waitFor();
  await page.locator(`${tid(`markets-list-${key}`)}, ${tid(`markets-empty-${key}`)}`).first().waitFor();
}

test('markets tab, trade screens and the desktop terminal', async (t) => {
  let catalogue;

  await t.test('sign in as the demo user', async () => {
    token = await signInDemo(page);
    assert.ok(token, 'the session token is stored');
    catalogue = (await call('/api/common/getCoinList')).data;
    assert.ok(catalogue, 'the catalogue loads');
  });

  await t.test('the markets tab lists every instrument of the three products', async () => {
    await page.goto(`${BASE}/store`);
    await page.locator(tid('markets')).waitFor();
    for (const product of PRODUCTS) {
      await showProduct(product.key);
      const expected = catalogue[product.list] ?? [];
      if (!expected.length) {
        // Nothing listed for this product: its empty state, not a blank.
        await page.locator(`${tid(`markets-empty-${product.key}`)} ${tid('empty-state')}`).waitFor();
        assert.match(await page.locator(tid(`markets-empty-${product.key}`)).textContent(), /\S/);
        continue;
      }
      await page.locator(`${tid(`markets-list-${product.key}`)} a[data-symbol]`).first().waitFor();
      const rows = await visibleRows(product.key);
      const symbols = (list) => list.map((x) => String(x.symbol).toLowerCase().replace(/[^a-z0-9]/g, '')).sort();
      assert.deepEqual(symbols(rows), symbols(expected), `${product.key}: one row per instrument`);
      for (const row of rows) assert.ok(row.href.startsWith(product.path), `${product.key} row links to ${product.path}: ${row.href}`);
      // Prices arrive (REST ticker or live socket) as formatted decimals.
      await page.waitForFunction((p) => [...document.querySelectorAll(`[data-testid="markets-list-${p}"] [data-testid="markets-price"]`)].every((e) => /^\d[\d,.]*$/.test(e.textContent.trim())), product.key);
      const change = await page.locator(`${tid(`markets-list-${product.key}`)} ${tid('coin-change')}`).first().textContent();
      assert.match(change.trim(), /^[+-]?\d+\.\d{2}%$|^--$/, `a 24 h change, got "${change}"`);
      const turnover = await page.locator(`${tid(`markets-list-${product.key}`)} ${tid('markets-turnover')}`).first().textContent();
      assert.match(turnover, /\d.* USDT$/, `a 24 h turnover in USDT, got "${turnover}"`);
    }
  });

  await t.test('search filters the list and says so when nothing matches', async () => {
    await page.goto(`${BASE}/store?tab=spot`);
    await page.locator(`${tid('markets-list-spot')} a[data-symbol]`).first().waitFor();
    const all = await visibleRows('spot');
    assert.ok(all.length > 1, 'more than one spot pair to filter');
    const target = all.find((r) => r.symbol !== all[0].symbol) ?? all[0];
    const coin = target.name.split('/')[0];
    await page.fill(tid('markets-search'), coin.toLowerCase());
    await page.waitForFunction(([p, n]) => document.querySelectorAll(`[data-testid="markets-list-${p}"] a[data-symbol]`).length === n, ['spot', all.filter((r) => r.name.toLowerCase().includes(coin.toLowerCase())).length]);
    const found = await visibleRows('spot');
    assert.ok(found.some((r) => r.symbol === target.symbol), `${coin} is found`);
    assert.ok(found.every((r) => r.name.toLowerCase().includes(coin.toLowerCase())), 'only matching pairs stay');
    assert.equal(new URL(page.url()).searchParams.get('q'), coin.toLowerCase(), 'the query is kept in the URL');

    await page.fill(tid('markets-search'), 'zzqqxx');
    await page.locator(`${tid('markets-no-match')} ${tid('empty-state')}`).waitFor();
    await page.click(tid('markets-search-clear'));
    await page.waitForFunction(([p, n]) => document.querySelectorAll(`[data-testid="markets-list-${p}"] a[data-symbol]`).length === n, ['spot', all.length]);
  });

  await t.test('tapping a column header sorts, both ways', async () => {
    await page.goto(`${BASE}/store?tab=spot`);
    await page.locator(`${tid('markets-list-spot')} a[data-symbol]`).first().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="markets-list-spot"] [data-testid="markets-price"]')].every((e) => /^\d/.test(e.textContent.trim())));
    const before = (await visibleRows('spot')).map((r) => r.symbol);

    await page.click(tid('markets-sort-price'));
    await page.locator(`${tid('markets-sort-price')}[data-dir="desc"]`).waitFor();
    const desc = await visibleRows('spot');
    for (let i = 1; i < desc.length; i += 1) assert.ok(cmpDecimal(desc[i - 1].price, desc[i].price) >= 0, `highest price first: ${desc.map((r) => r.price).join(' ')}`);
    await page.click(tid('markets-sort-price'));
    await page.locator(`${tid('markets-sort-price')}[data-dir="asc"]`).waitFor();
    const asc = await visibleRows('spot');
    for (let i = 1; i < asc.length; i += 1) assert.ok(cmpDecimal(asc[i - 1].price, asc[i].price) <= 0, `lowest price first: ${asc.map((r) => r.price).join(' ')}`);

    await page.click(tid('markets-sort-name'));
    await page.locator(`${tid('markets-sort-name')}[data-dir="asc"]`).waitFor();
    const byName = (await visibleRows('spot')).map((r) => r.name);
    assert.deepEqual(byName, [...byName].sort(), 'A to Z');
    await page.click(tid('markets-sort-name'));
    await page.locator(`${tid('markets-sort-name')}[data-dir="desc"]`).waitFor();
    const byNameDesc = (await visibleRows('spot')).map((r) => r.name);
    assert.deepEqual(byNameDesc, [...byName].reverse(), 'Z to A');
    assert.notDeepEqual(byNameDesc.join(), byName.join(), 'the order changed');
    // A third tap goes back to the catalogue's order.
    await page.click(tid('markets-sort-name'));
    await page.locator(`${tid('markets-sort-name')}[data-dir=""]`).waitFor();
    assert.deepEqual((await visibleRows('spot')).map((r) => r.symbol), before);
  });

  await t.test('a row opens its trade screen', async () => {
    await page.goto(`${BASE}/store?tab=spot`);
    await page.locator(`${tid('markets-list-spot')} a[data-symbol]`).first().waitFor();
    const rows = await visibleRows('spot');
    const pick = rows[rows.length > 1 ? 1 : 0];
    await page.click(`${tid('markets-list-spot')} ${tid(`markets-row-${pick.symbol}`)}`);
    await page.waitForURL((url) => new URL(url).pathname === '/trade' && new URL(url).searchParams.get('symbol') === pick.symbol);
    assert.equal(new URL(page.url()).searchParams.get('tab'), 'BBTrading');
    await page.locator(`${tid('spot')}[data-symbol="${pick.symbol}"]`).waitFor();

    for (const product of PRODUCTS.filter((p) => p.key !== 'spot' && (catalogue[p.list] ?? []).length)) {
      await page.goto(`${BASE}/store?tab=${product.key}`);
      await page.locator(`${tid(`markets-list-${product.key}`)} a[data-symbol]`).first().waitFor();
      const [first] = await visibleRows(product.key);
      await page.click(`${tid(`markets-list-${product.key}`)} ${tid(`markets-row-${first.symbol}`)}`);
      await page.waitForURL((url) => new URL(url).pathname === product.path && new URL(url).searchParams.get('symbol') === first.symbol);
    }
  });

  await t.test('/trade opens on the operator default (spot), watchlist or not (issue 34)', async () => {
    const watched = (await call('/api/userCoin/getUserCoin')).data ?? [];
    await call('/api/userCoin/add?coin=btc', 'POST');
    await page.goto(`${BASE}/trade`);
    await page.locator(`${tid('trade-tab-BBTrading')}[aria-selected="true"]`).waitFor();
    const first = await page.locator(`${tid('trade-tab')} [role="tab"]`).first().getAttribute('data-testid');
    assert.equal(first, 'trade-tab-BBTrading', 'spot is the first tab');
    // The watchlist is one tap away.
    await page.click(tid('trade-tab-optional'));
    await page.locator(`${tid('trade-optional-list')} ${tid('coin-btcusdt')}`).waitFor();
    // Leave the watchlist as it was.
    if (!watched.some((w) => w.coin?.toLowerCase() === 'btc')) await call('/api/userCoin/remove?coin=btc', 'POST');
  });

  await t.test('at 1440x900 the spot screen is a terminal: book, chart and form side by side', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${BASE}/trade?tab=BBTrading&symbol=btcusdt`);
    await page.locator(tid('desktop-shell')).waitFor();
    const book = page.locator(`${tid('spot')} ${tid('spot-book')}`);
    const chart = page.locator(`${tid('spot')} ${tid('market-chart')}`);
    const form = page.locator(`${tid('spot')} ${tid('spot-form')}`);
    await book.waitFor();
    await chart.waitFor();
    await form.waitFor();
    const [b, c, f] = [await book.boundingBox(), await chart.boundingBox(), await form.boundingBox()];
    assert.ok(b.x + b.width <= c.x + 1 && c.x + c.width <= f.x + 1, `left to right: book ${b.x}, chart ${c.x}, form ${f.x}`);
    const overlap = (p, q) => Math.min(p.y + p.height, q.y + q.height) - Math.max(p.y, q.y);
    assert.ok(overlap(b, c) > 100 && overlap(c, f) > 100, 'in one row');
    for (const box of [b, c, f]) assert.ok(box.y < 900, 'on the first screen');
    await page.locator(`${tid('spot-stats')} ${tid('spot-stat-turnover')}`).filter({ hasText: /\d/ }).waitFor();
    // The user's orders are on the same screen, below.
    const orders = await page.locator(`${tid('spot')} ${tid('spot-orders')}`).boundingBox();
    assert.ok(orders.y >= Math.max(b.y + b.height, c.y + c.height, f.y + f.height) - 1, 'orders and history below the three panes');
    assert.ok(orders.width > c.width, 'orders across the terminal');
  });

  await t.test('the desktop sidebar leads to markets, trade and deposit', async () => {
    for (const [key, path] of [['markets', '/store'], ['trade', '/trade'], ['deposit', '/recharge']]) {
      await page.click(tid(`sidebar-${key}`));
      await page.waitForURL((url) => new URL(url).pathname === path);
      await page.locator(`${tid(`sidebar-${key}`)}[aria-current="page"]`).waitFor();
    }
  });

  await t.test("desktop home shows the balance and today's estimated change", async () => {
    await page.goto(`${BASE}/`);
    await page.locator(tid('home-portfolio')).waitFor();
    // English grouping (9,981.69) or none.
    await page.locator(tid('home-total')).filter({ hasText: /^\d{1,3}(,?\d{3})*\.\d{2}$/ }).waitFor();
    const balance = (await call('/api/asset/assetBalance', 'POST')).data;
    const shown = (await page.locator(tid('home-total')).textContent()).trim();
    // Prices move between the two reads: the whole USDT agree within 1 %.
    const a = BigInt(shown.split('.')[0].replace(/,/g, ''));
    const b = BigInt(String(balance.totalUsdt).split('.')[0]);
    const diff = a > b ? a - b : b - a;
    assert.ok(diff * 100n <= b, `the server's total (${balance.totalUsdt}) in USDT, got ${shown}`);
    await page.locator(tid('home-today-change')).filter({ hasText: /^[+-]?\d{1,3}(,?\d{3})*\.\d{2} USDT$/ }).waitFor();
    assert.match(await page.locator(tid('home-today-estimated')).textContent(), /estimated/i);
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await t.test('no console error or CSP violation on the way', async () => {
    assert.deepEqual(problems, []);
  });
});
