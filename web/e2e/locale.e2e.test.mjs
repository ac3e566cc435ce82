// Language journey (issue 17) against a running `onyx serve --demo`: in Arabic
// a 24 h change reads "+2.13%" with the sign before the digits, inside an
// isolated left-to-right element; the bottom bar's labels stay inside their
// tabs in Arabic and Japanese on a 390 px phone; registration refuses to
// submit until the terms and privacy policy are accepted, shows them in place,
// and registers once they are.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/locale.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, closePhone, openPhone, pathIs, tid, watchPageHealth } from './support.mjs';

let browser;
let page;
let problems;

/** Stores the language the app starts in, then loads `path` in it. */
async function openIn(lang, path) {
  await page.evaluate((l) => localStorage.setItem('onyx:language', JSON.stringify(l)), lang);
  await page.goto(`${BASE}${path}`);
  await page.waitForFunction((l) => document.documentElement.getAttribute('lang') === l, lang);
}

before(async () => {
  ({ browser, page } = await openPhone());
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-locale-e2e-failure.png');
});

test('right to left, line fitting and consent', async (t) => {
  await t.test('Arabic: a 24 h change keeps its sign before the digits, in an LTR isolate', async () => {
    await openIn('ar', '/');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    const changes = `${tid('coin-change')} bdi[dir="ltr"]`;
    // A signed change (a flat 0.00% has no sign to misplace): the feed moves every coin.
    await page.waitForFunction((sel) => [...document.querySelectorAll(sel)].some((e) => /^[+-]\d+\.\d{2}%$/.test(e.textContent.trim())), changes, { timeout: 45_000 });
    const order = await page.evaluate((sel) => {
      const el = [...document.querySelectorAll(sel)].find((e) => /^[+-]\d+\.\d{2}%$/.test(e.textContent.trim()));
      const node = el.firstChild;
      const text = node.textContent;
      const at = (i) => {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return range.getBoundingClientRect();
      };
      return {
        text,
        direction: window.getComputedStyle(el).direction,
        unicodeBidi: window.getComputedStyle(el).unicodeBidi,
        sign: at(0).left,
        firstDigit: at(1).left,
        percent: at(text.length - 1).left,
      };
    }, changes);
    assert.match(order.text, /^[+-]\d+\.\d{2}%$/, `the change as text, got "${order.text}"`);
    assert.equal(order.direction, 'ltr');
    assert.equal(order.unicodeBidi, 'isolate');
    assert.ok(order.sign < order.firstDigit, `the sign is left of the digits on screen: ${JSON.stringify(order)}`);
    assert.ok(order.firstDigit < order.percent, `the % sign is right of the digits on screen: ${JSON.stringify(order)}`);
  });

  for (const lang of ['ar', 'ja']) {
    await t.test(`${lang}: every bottom bar label stays inside its tab at 390 px`, async () => {
      await openIn(lang, '/');
      await page.locator(tid('tabbar')).waitFor();
      const tabs = await page.evaluate(() => {
        const bar = document.querySelector('[data-testid="tabbar"]').getBoundingClientRect();
        return [...document.querySelectorAll('[data-testid="tabbar"] > a')].map((a) => {
          const label = a.querySelector('span');
          const tab = a.getBoundingClientRect();
          const box = label.getBoundingClientRect();
          const style = window.getComputedStyle(label);
          return {
            id: a.getAttribute('data-testid'),
            text: label.textContent,
            inside: box.left >= tab.left - 0.5 && box.right <= tab.right + 0.5 && box.top >= tab.top - 0.5 && box.bottom <= tab.bottom + 0.5,
            inBar: tab.left >= bar.left - 0.5 && tab.right <= bar.right + 0.5,
            // The text fits, or what does not fit is cut with an ellipsis (never drawn outside).
            fits: label.scrollWidth <= label.clientWidth + 0.5 || (style.textOverflow === 'ellipsis' && style.overflow === 'hidden'),
          };
        });
      });
      assert.equal(tabs.length, 5);
      for (const tab of tabs) {
        assert.ok(tab.text.trim(), `${lang} ${tab.id} has a label`);
        assert.ok(tab.inside, `${lang} ${tab.id} "${tab.text}" stays inside its tab`);
        assert.ok(tab.inBar, `${lang} ${tab.id} stays inside the bar`);
        assert.ok(tab.fits, `${lang} ${tab.id} "${tab.text}" fits or is cut with an ellipsis`);
      }
    });
  }

  await t.test('registration refuses to submit without consent, shows the terms in place, then registers', async () => {
    await openIn('en', '/register');
    await page.evaluate(() => localStorage.removeItem('onyx:token'));
    await page.goto(`${BASE}/register`);
    const sent = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/register') sent.push(r.method());
    });
    const name = `loc${Date.now().toString(36)}`;
    await page.fill(tid('register-username'), name);
    await page.fill(tid('register-password'), 'locale-pass-1');
    await page.fill(tid('register-confirm'), 'locale-pass-1');
    // The invite code is required by default, and the screen says how to get one.
    assert.match(await page.locator(tid('register-invite-hint')).textContent(), /invite link/);
    await page.fill(tid('register-invite'), 'ONYXDEMO');

    await page.click(tid('register-submit'));
    await page.locator(tid('register-consent-error')).waitFor();
    assert.equal(new URL(page.url()).pathname, '/register');
    assert.deepEqual(sent, [], 'nothing was sent without consent');

    await page.click(tid('register-terms'));
    await page.locator(`${tid('legal-terms')} .rich`).first().waitFor();
    await page.keyboard.press('Escape');
    await page.locator(tid('legal-terms')).waitFor({ state: 'detached' });
    assert.equal(await page.locator(tid('register-consent')).isChecked(), false, 'reading the terms does not accept them');

    await page.locator('label', { has: page.locator(tid('register-consent')) }).click();
    assert.equal(await page.locator(tid('register-consent')).isChecked(), true);
    await page.locator(tid('register-consent-error')).waitFor({ state: 'detached' });
    await page.click(tid('register-submit'));
    await page.waitForURL(pathIs('/wallet'));
    assert.deepEqual(sent, ['POST']);
  });

  await t.test('the journey logged no console error', async () => {
    assert.deepEqual(problems, []);
  });
});
