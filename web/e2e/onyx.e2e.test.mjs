// End-to-end journey against a running server started as `onyx serve --demo`.
// Run: ONYX_URL=http://127.0.0.1:8080 npm run e2e   (Debian's Chromium, never a downloaded browser)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, WAIT, closePhone, makePng, openPhone, pathIs, tid } from './support.mjs';

const INVITE = 'ONYXDEMO';

async function api(path, { method = 'GET', body, headers = {} } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', language: 'en', ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}

/**
 * The newest code sent to a target, read from the demo's development mailbox
 * (a --demo server without SMTP keeps its messages there, never in the
 * operator outbox), polled briefly.
 */
async function mailboxCode(target) {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const mail = await api(`/api/dev/mailbox?target=${encodeURIComponent(target)}`);
    assert.equal(mail.code, 200, `development mailbox: ${mail.msg}`);
    const code = mail.data?.[0]?.code;
    if (code) return String(code);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no code in the development mailbox for ${target}`);
}

let browser;
let page;
const id = `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const password = `Pw-${id}-9`;
const email = `${id}@example.test`;


before(async () => {
  ({ browser, page } = await openPhone());
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-e2e-failure.png');
});

test('a newcomer registers, binds an email, switches to Arabic, verifies identity and signs out', async (t) => {
  await t.test('register with the invite code from the link', async () => {
    await page.goto(`${BASE}/register?inviteCode=${INVITE}`);
    const accountTab = page.locator(tid('register-type-account'));
    if (await accountTab.count()) await accountTab.click();
    assert.equal(await page.locator(tid('register-invite')).inputValue(), INVITE);
    await page.fill(tid('register-username'), id);
    await page.fill(tid('register-password'), password);
    await page.fill(tid('register-confirm'), password);
    // Consent to the terms and privacy policy is required (issue 17).
    await page.locator('label', { has: page.locator(tid('register-consent')) }).click();
    await page.click(tid('register-submit'));
    // Sign-up lands on the first-run checklist (issue 34).
    await page.waitForURL(pathIs('/wallet'));
    await page.locator(tid('first-run')).waitFor();
  });

  await t.test('sign out, then sign in with the new account', async () => {
    await page.goto(`${BASE}/wallet`);
    await page.click(tid('sign-out'));
    await page.click(tid('sign-out-confirm'));
    await page.waitForURL(pathIs('/lr'));
    await page.click(tid('lr-login'));
    await page.waitForURL(pathIs('/login'));
    const accountTab = page.locator(tid('login-type-account'));
    if (await accountTab.count()) await accountTab.click();
    await page.fill(tid('login-username'), id);
    await page.fill(tid('login-password'), password);
    await page.click(tid('login-submit'));
    await page.waitForURL(pathIs('/'));
    await page.goto(`${BASE}/wallet`);
    await page.locator(tid('profile-username')).filter({ hasText: id }).waitFor();
  });

  await t.test('bind an email with the code from the development mailbox', async () => {
    await page.goto(`${BASE}/emailAuthentication`);
    await page.fill(tid('email-input'), email);
    await page.click(tid('email-send-code'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.hasAttribute('disabled'), tid('email-send-code'));
    const code = await mailboxCode(email);
    await page.fill(tid('email-code'), code);
    await page.click(tid('email-submit'));
    await page.locator(tid('email-bound-value')).filter({ hasText: email }).waitFor();
  });

  await t.test('switch the language to Arabic', async () => {
    await page.goto(`${BASE}/langList`);
    await page.click(tid('lang-ar'));
    // Picking a language returns to the previous screen.
    await page.waitForURL((url) => !url.pathname.endsWith('/langList'));
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('onyx:language')));
    assert.equal(stored, 'ar');
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
  });

  await t.test('submit primary identity verification with uploads', async () => {
    await page.goto(`${BASE}/userauth?tab=primary`);
    await page.locator(tid('kyc-form-primary')).waitFor();
    await page.fill(tid('kyc-realname'), 'Ada Lovelace');
    await page.fill(tid('kyc-idcard'), `P${Date.now()}`);
    await page.click(tid('kyc-country'));
    await page.locator('[data-testid^="country-"]').first().click();
    const png = makePng();
    await page.setInputFiles(tid('kyc-front-input'), { name: 'front.png', mimeType: 'image/png', buffer: png });
    await page.setInputFiles(tid('kyc-back-input'), { name: 'back.png', mimeType: 'image/png', buffer: makePng(12, 8, [46, 189, 133]) });
    await page.locator(`${tid('kyc-front')}[data-state="done"]`).waitFor();
    await page.locator(`${tid('kyc-back')}[data-state="done"]`).waitFor();
    await page.click(tid('kyc-submit'));
    await page.locator(`${tid('kyc-status')}[data-status="pending"]`).waitFor();
  });

  await t.test('sign out; a signed-out visit to /wallet lands on /lr', async () => {
    await page.goto(`${BASE}/wallet`);
    await page.click(tid('sign-out'));
    await page.click(tid('sign-out-confirm'));
    await page.waitForURL(pathIs('/lr'));
    const token = await page.evaluate(() => localStorage.getItem('onyx:token'));
    assert.equal(token, null);
    await page.goto(`${BASE}/wallet`);
    await page.waitForURL(pathIs('/lr'));
    await page.locator(tid('screen-lr')).waitFor();
  });
});
