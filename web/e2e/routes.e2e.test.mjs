// Every route of the app (spec section 2) and every link the menu settings
// name opens a screen with a heading, never "not found", signed in, on a
// phone (390x844) and a desktop (1440x900).
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/routes.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, closePhone, openPhone, signInDemo, tid } from './support.mjs';

/** The route table's paths with their parameters filled in. */
const ROUTES = [
  '/', '/lr', '/wallet', '/changePassword', '/fund-password', '/emailAuthentication', '/phoneAuth',
  '/userauth', '/message', '/help', '/termService', '/about', '/download', '/langList', '/invaite',
  '/finance', '/finance/subscribe/1', '/withdrawDeposit', '/withdraw', '/withdraw/drawings', '/recharge',
  '/recharge/method', '/cashflow', '/flashExchange', '/exchange', '/store', '/proxy', '/proxy/records',
  '/proxy/earnings', '/trade', '/contract', '/flash', '/flashOption', '/follow', '/market/btcusdt',
  '/search', '/livecoin', '/livecoin/subscribe', '/livecoin/eaorders', '/floworder', '/floworder/confirm/1',
  '/floworder/mine', '/floworder/apply', '/welfare',
];
/** Links the menu settings name, with the screen each must land on. */
const MENU_LINKS = {
  '/assets': '/wallet',
  '/option': '/flashOption',
  '/extend': '/invaite',
  '/invite': '/invaite',
  '/primary': '/userauth',
  '/advanced': '/userauth',
};

let browser;
let page;

before(async () => {
  ({ browser, page } = await openPhone());
  await signInDemo(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-routes-e2e-failure.png');
});

async function opens(path) {
  await page.goto(`${BASE}${path}`);
  const heading = page.locator('h1, h2, [role="heading"]').first();
  await heading.waitFor({ state: 'attached' });
  assert.equal(await page.locator(tid('screen-not-found')).count(), 0, `${path} is not found`);
}

for (const [width, height] of [[390, 844], [1440, 900]]) {
  test(`every route opens a screen at ${width}x${height}`, async (t) => {
    await page.setViewportSize({ width, height });
    for (const path of ROUTES) {
      await t.test(path, () => opens(path));
    }
    for (const [link, landing] of Object.entries(MENU_LINKS)) {
      await t.test(`${link} -> ${landing}`, async () => {
        await opens(link);
        assert.equal(new URL(page.url()).pathname, landing);
      });
    }
  });
}

test('a page that does not exist says so', async () => {
  await page.goto(`${BASE}/no-such-page`);
  await page.locator(tid('screen-not-found')).waitFor();
});
