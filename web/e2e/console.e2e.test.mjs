// Operator console journey against a running `onyx serve --demo`: an owner
// operator (created with the CLI for this run) enrols an authenticator at
// its first sign-in on /admin, signs out and in again with a fresh code;
// confirms a fresh user's deposit claim, approves that user's withdrawal and
// primary verification (its document image shown in the page); changes the
// USDT-TRC20 withdrawal minimum to 25 in /admin/settings, which the demo
// user's withdraw screen then shows; finds each of these in /admin/audit.
// At 390 px no console page scrolls sideways (document.scrollWidth against
// innerWidth on every page of the owner's menu) and the menu is a drawer.
// A support operator signs in without a code, cannot open owner pages, and
// its token is refused an owner call (Forbidden, -9).
// Needs ONYX_E2E_DATA (the server's --data-dir) and ONYX_BIN (the onyx
// binary) to create its operators; names are fresh each run, so the journey
// runs again on a server it already used.
// Run: ONYX_URL=http://127.0.0.1:18090 ONYX_E2E_DATA=/tmp/data ONYX_BIN=../target/debug/onyx node --test e2e/console.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { URLSearchParams } from 'node:url';
import Decimal from 'decimal.js';
import { BASE, WAIT, closePhone, ensureFundPassword, forceEnglish, makePng, openPhone, signInDemo, tid } from './support.mjs';
import { totpCode } from '../../scripts/demo-operator.mjs';

const DATA_DIR = process.env.ONYX_E2E_DATA;
const ONYX_BIN = process.env.ONYX_BIN;
const RUN = randomBytes(4).toString('hex');
const OWNER = { username: `own_${RUN}`, password: `Owner-${RUN}-9` };
const SUPPORT = { username: `sup_${RUN}`, password: `Support-${RUN}-9` };
const USER = { username: `cx${RUN}`, password: `Pw-${RUN}-9` };
// Not a trivial sequence: the server refuses 123456 as a fund password.
const FUND_PWD = '913570';
/** A valid TRON address (base58check): the USDT contract, never a demo user's. */
const PAYOUT_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const CHANNEL = 'USDT-TRC20';
const DEPOSIT_AMOUNT = '123.45';
const WITHDRAW_AMOUNT = '30';
const NEW_MIN = '25';
const FORBIDDEN = -9;
const STEP_SECONDS = 30;
const REASON = {
  deposit: `e2e console ${RUN}: seen on chain`,
  withdrawal: `e2e console ${RUN}: paid out`,
  kyc: `e2e console ${RUN}: document checked`,
  setting: `e2e console ${RUN}: minimum raised`,
};

let browser;
/** The user app (phone-sized), and the console (desktop-sized) in the same browser. */
let phone;
let page;
let ownerToken;
let userToken;
let totpSecret;
/** The last TOTP time step the owner used: the server refuses a step twice. */
let lastStep = -1;
let depositId;
let withdrawalId;
/** Settings this journey changed (through the API or the page), put back in after(). */
const changedSettings = new Map();

/** A multipart body with one field `file` (the upload's shape), and its content type. */
function multipartFile(name, type, bytes) {
  const boundary = `----onyx-e2e-${randomBytes(8).toString('hex')}`;
  const form = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { form, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

/** The envelope of a call (HTTP 200 asserted; the envelope's code is the caller's to check). */
async function call(path, { method = 'GET', body, headers = {}, form } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { ...(form ? {} : { 'Content-Type': 'application/json' }), lang: 'en', language: 'en', ...headers },
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}

async function ok(path, opts) {
  const env = await call(path, opts);
  assert.equal(env.code, 200, `${opts?.method ?? 'GET'} ${path}: ${env.code} ${env.msg}`);
  return env.data;
}
const asOwner = (path, opts = {}) => ok(path, { ...opts, headers: { adminToken: ownerToken, ...(opts.headers ?? {}) } });
const asUser = (path, opts = {}) => ok(path, { ...opts, headers: { satoken: userToken, ...(opts.headers ?? {}) } });

async function spotUsdt() {
  const data = await asUser('/api/asset/assetBalance', { method: 'POST' });
  const w = data.wallets.find((x) => x.wallet === 'spot');
  return new Decimal(w?.assets.find((a) => a.coin === 'USDT')?.available ?? '0');
}

async function settingsNow() {
  return asOwner('/api/admin/settings');
}

/** PUT a setting through the API (remembering the first value for after()). */
async function putSetting(key, value, reason) {
  const all = await settingsNow();
  if (!changedSettings.has(key)) changedSettings.set(key, all[key]);
  await asOwner(`/api/admin/settings/${key}`, { method: 'PUT', body: { value, reason } });
}

function createOperator({ username, password }, role) {
  const out = execFileSync(ONYX_BIN, ['operator', 'create', '--data-dir', DATA_DIR, '--username', username, '--role', role], {
    env: { ...process.env, ONYX_OPERATOR_PASSWORD: password },
    encoding: 'utf8',
  });
  assert.match(out, new RegExp(`operator ${username} created`));
}

/** A code of a time step the owner has not used yet (waits for the next step if need be). */
async function freshCode() {
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / STEP_SECONDS);
    if (step > lastStep) {
      lastStep = step;
      return totpCode(totpSecret, now);
    }
    await new Promise((r) => setTimeout(r, ((step + 1) * STEP_SECONDS - now + 0.5) * 1000));
  }
}

/** The console's stored operator token (sessionStorage, zustand persist). */
const consoleToken = (p) => p.evaluate(() => JSON.parse(window.sessionStorage.getItem('onyx:console') ?? 'null')?.state?.token ?? null);

async function consolePage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  context.setDefaultTimeout(WAIT);
  const p = await context.newPage();
  p.on('pageerror', (e) => console.error('console pageerror:', e.message));
  await context.addInitScript(() => localStorage.setItem('onyx:language', JSON.stringify('en')));
  return p;
}

async function signInPassword(p, { username, password }) {
  await p.goto(`${BASE}/admin`);
  await p.fill(tid('signin-username'), username);
  await p.fill(tid('signin-password'), password);
  await p.click(tid('signin-submit'));
}

before(async () => {
  assert.ok(DATA_DIR && ONYX_BIN, 'ONYX_E2E_DATA and ONYX_BIN name the server data dir and the onyx binary (scripts/e2e.sh exports them)');
  createOperator(OWNER, 'owner');
  createOperator(SUPPORT, 'support');
  ({ browser, page: phone } = await openPhone());
  await forceEnglish(phone);
  page = await consolePage();
});

after(async () => {
  for (const [key, value] of changedSettings) {
    const env = await call(`/api/admin/settings/${key}`, { method: 'PUT', headers: { adminToken: ownerToken }, body: { value, reason: `e2e console ${RUN}: restore` } }).catch((e) => ({ msg: e.message }));
    if (env.code !== 200) console.error(`could not put ${key} back: ${env.code} ${env.msg}`);
  }
  if (page && process.exitCode) await page.screenshot({ path: '/tmp/onyx-console-e2e-failure.png', fullPage: true }).catch(() => {});
  await closePhone({ browser, page: phone }, '/tmp/onyx-console-e2e-phone-failure.png');
});

test('operator console: two-step sign-in, queues, settings, audit log, roles', async (t) => {
  await t.test('an owner enrols an authenticator at the first sign-in, then signs in again with a fresh code', async () => {
    await signInPassword(page, OWNER);
    await page.locator(tid('enrol-screen')).waitFor();
    await page.fill(tid('reason'), `e2e console ${RUN}: first sign-in`);
    await page.click(tid('enrol-begin'));
    const shown = (await page.locator(tid('enrol-secret')).textContent()).replace(/\s+/g, '');
    assert.match(shown, /^[A-Z2-7]{16,}$/, `a base32 secret, got "${shown}"`);
    totpSecret = shown;
    await page.fill(tid('totp-code'), await freshCode());
    await page.click(tid('enrol-confirm'));
    const codes = page.locator(`${tid('recovery-codes')} li`);
    await codes.first().waitFor();
    assert.ok((await codes.count()) >= 5, 'recovery codes are shown');
    assert.ok(await page.locator(tid('recovery-continue')).isDisabled(), 'continuing waits for the acknowledgement');
    await page.check(tid('recovery-saved'));
    await page.click(tid('recovery-continue'));
    await page.locator(tid('dashboard')).waitFor();

    await page.click(tid('sign-out'));
    await page.locator(tid('signin-username')).waitFor();
    assert.equal(await consoleToken(page), null, 'signed out');
    await signInPassword(page, OWNER);
    await page.locator(tid('signin-code-intro')).waitFor();
    await page.fill(tid('totp-code'), await freshCode());
    await page.click(tid('signin-submit'));
    await page.locator(tid('dashboard')).waitFor();
    assert.match(await page.locator(tid('operator')).textContent(), new RegExp(OWNER.username));
    ownerToken = await consoleToken(page);
    assert.ok(ownerToken, 'the console keeps the session token');
    assert.equal((await asOwner('/api/admin/me')).role, 'owner');
  });

  await t.test('deposit: a fresh user claims a deposit; the operator confirms it in the queue; the balance grows by it', async () => {
    userToken = (await ok('/api/user/register', { method: 'POST', body: { type: 'account', username: USER.username, email: '', phone: '', code: '', password: USER.password, inviteCode: 'ONYXDEMO' } })).satoken;
    assert.ok(userToken, 'registered');
    const before = await spotUsdt();
    const claim = await asUser('/api/recharge/payAddress', {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
      body: { coin: 'usdt', symbol: CHANNEL, amount: DEPOSIT_AMOUNT, txHash: randomBytes(32).toString('hex') },
    });
    assert.equal(claim.status, 'pending');
    depositId = claim.id;

    await page.goto(`${BASE}/admin/queues/deposits`);
    await page.locator(tid('page-deposits')).waitFor();
    const row = page.locator(tid(`deposit-row-${depositId}`));
    // The queue is paged: the claim may be past the first page on a busy server.
    if (await row.isVisible().catch(() => false)) await row.click();
    else await page.goto(`${BASE}/admin/queues/deposits?status=pending&id=${depositId}`);
    const review = page.locator(tid('deposit-review'));
    await review.filter({ hasText: `#${depositId}` }).waitFor();
    await review.locator(tid('received-amount')).fill(DEPOSIT_AMOUNT);
    await review.locator(tid('reason')).fill(REASON.deposit);
    await review.locator(tid('deposit-confirm')).click();
    await page.locator(tid('answer-ok')).waitFor();

    const mine = (await asUser('/api/recharge/list?pageNum=1&pageSize=50')).rows.find((d) => d.id === depositId);
    assert.equal(mine?.status, 'confirmed', 'the claim is confirmed');
    // The demo has no deposit bonus rule: the credit is the claim, to the last decimal.
    assert.ok(new Decimal(mine.bonus ?? '0').isZero(), `no bonus expected, got ${mine.bonus}`);
    const after = await spotUsdt();
    assert.equal(after.minus(before).toFixed(), new Decimal(DEPOSIT_AMOUNT).toFixed(), 'spot USDT grew by exactly the claimed amount');
  });

  await t.test('withdrawal: the user requests one; the operator approves it with a transaction hash', async () => {
    // Set with a code sent to a freshly bound email, as the server requires.
    const pwd = await ensureFundPassword(userToken, FUND_PWD);
    assert.equal(pwd.code, 200, `fund password: ${pwd.msg}`);
    // Withdrawals open at any hour for this journey (put back in after()).
    const global = (await settingsNow()).WITHDRAWAL_SETTING;
    if (global.limitTime !== 0) await putSetting('WITHDRAWAL_SETTING', { ...global, limitTime: 0 }, `e2e console ${RUN}: withdrawals at any hour`);
    const w = await asUser(`/api/withdraw/submit?channel=${CHANNEL}&amount=${WITHDRAW_AMOUNT}&address=${PAYOUT_ADDRESS}&tradePwd=${FUND_PWD}`, {
      method: 'POST',
      headers: { 'Idempotency-Key': randomUUID() },
    });
    assert.equal(w.status, 'pending');
    withdrawalId = w.id;

    await page.goto(`${BASE}/admin/queues/withdrawals?status=pending&id=${withdrawalId}`);
    const review = page.locator(tid('withdrawal-review'));
    await review.filter({ hasText: PAYOUT_ADDRESS }).waitFor();
    const txHash = randomBytes(32).toString('hex');
    await review.locator(tid('tx-hash')).fill(txHash);
    await review.locator(tid('reason')).fill(REASON.withdrawal);
    await review.locator(tid('withdrawal-approve')).click();
    await page.locator(tid('answer-ok')).waitFor();

    const mine = (await asUser('/api/withdraw/list?pageNum=1&pageSize=50')).rows.find((x) => String(x.id) === String(withdrawalId));
    assert.equal(mine?.status, 'approved');
    assert.equal(mine.txHash, txHash);
  });

  await t.test('verification: the user submits primary KYC with an image; the operator sees it and approves', async () => {
    const file = await asUser('/api/common/upload/OSS', { method: 'POST', ...multipartFile('id-front.png', 'image/png', makePng(24, 16, [46, 189, 133])) });
    const q = new URLSearchParams({ type: '1', realName: `Ada ${RUN}`, idCard: `P${RUN}`, country: 'US', frontUrl: file.url, backUrl: file.url });
    await asUser(`/api/user/uploadKYC?${q}`, { method: 'POST' });
    const info = await asUser('/api/user/getInfo');
    assert.equal(info.user.kyc.primary.status, 'pending');
    const queue = await asOwner('/api/admin/kyc?status=pending&pageSize=100');
    const submission = queue.rows.find((k) => k.userId === info.user.userId);
    assert.ok(submission, 'the submission is in the operator queue');

    await page.goto(`${BASE}/admin/queues/kyc?status=pending&id=${submission.id}`);
    const review = page.locator(tid('kyc-review'));
    await review.filter({ hasText: `Ada ${RUN}` }).waitFor();
    // The document is fetched with the operator's token and shown as an image.
    const img = review.locator(`${tid('document')} img`).first();
    await img.waitFor();
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
    assert.equal(await img.evaluate((el) => el.naturalWidth), 24, 'the uploaded image, decoded');
    await review.locator(tid('reason')).fill(REASON.kyc);
    await review.locator(tid('kyc-approve')).click();
    await page.locator(tid('answer-ok')).waitFor();
    assert.equal((await asUser('/api/user/getInfo')).user.kyc.primary.status, 'approved');
  });

  await t.test(`settings: the ${CHANNEL} withdrawal minimum set to ${NEW_MIN} with its diff and a reason; the withdraw screen shows it`, async () => {
    // The channel's own minimum is the one the withdraw screen shows (it
    // overrides WITHDRAWAL_SETTING.withdrawalMix when set, as the demo does).
    const KEY = 'WITHDRAWAL_CHANNEL_SETTING';
    let channels = (await settingsNow())[KEY];
    const i = channels.findIndex((c) => c.rechargeName === CHANNEL);
    assert.ok(i >= 0, `${CHANNEL} is a withdrawal channel`);
    if (new Decimal(channels[i].withdrawalMix || '0').eq(NEW_MIN)) {
      // A run before this one left it at 25: start from 20 so the page makes a change.
      await putSetting(KEY, channels.map((c, j) => (j === i ? { ...c, withdrawalMix: '20' } : c)), `e2e console ${RUN}: start from 20`);
      channels = (await settingsNow())[KEY];
    } else if (!changedSettings.has(KEY)) changedSettings.set(KEY, channels);
    const was = channels[i].withdrawalMix;

    await page.goto(`${BASE}/admin/settings?key=${KEY}`);
    await page.locator(tid('setting-form')).waitFor();
    const field = page.locator(tid(`f:${KEY}[${i}].withdrawalMix`));
    if (!(await field.isVisible())) await page.click(tid(`edit:${KEY}[${i}]`));
    assert.equal(await field.inputValue(), was);
    await field.fill(NEW_MIN);
    await page.click(tid('review'));
    const diff = page.locator(tid('diff'));
    await diff.waitFor();
    const diffText = await diff.textContent();
    assert.ok(diffText.includes(was) && diffText.includes(NEW_MIN), `the diff shows ${was} -> ${NEW_MIN}: ${diffText}`);
    await page.locator(`[role="dialog"] ${tid('reason')}`).fill(REASON.setting);
    await page.click(tid('save'));
    await page.locator(tid('saved')).waitFor();
    assert.equal((await settingsNow())[KEY][i].withdrawalMix, NEW_MIN);

    await signInDemo(phone);
    await phone.goto(`${BASE}/withdraw?channel=${CHANNEL}`);
    await phone.locator(tid('rule-limits')).filter({ hasText: new RegExp(`^\\s*${NEW_MIN} `) }).waitFor();
    assert.equal((await phone.locator(tid('rule-limits')).textContent()).trim().split(' ')[0], NEW_MIN);
  });

  await t.test('audit log: each action of this journey is there, found by its action', async () => {
    await page.goto(`${BASE}/admin/audit`);
    await page.locator(tid('audit')).waitFor();
    for (const [action, reason, name] of [
      ['deposit.confirm', REASON.deposit, 'Deposit confirmed'],
      ['withdrawal.approve', REASON.withdrawal, 'Withdrawal approved'],
      ['kyc.approve', REASON.kyc, 'KYC approved'],
      ['setting.update', REASON.setting, 'Setting changed'],
    ]) {
      await page.fill(tid('filter-action'), action);
      await page.press(tid('filter-action'), 'Enter');
      await page.waitForURL((u) => new URL(u).searchParams.get('action') === action);
      const row = page.locator(tid('audit-row')).filter({ hasText: reason });
      await row.waitFor();
      assert.equal(await row.count(), 1, `one ${action} row with this run's reason`);
      const text = await row.textContent();
      // The action by its name for people, its code kept on the badge.
      assert.ok(text.includes(OWNER.username) && text.includes(name) && !text.includes(action), `${action} by ${OWNER.username} as "${name}": ${text}`);
      // Every row shown is of the filtered action.
      const codes = await page.locator(`${tid('audit-row')} ${tid('audit-action')}`).evaluateAll((els) => els.map((e) => e.getAttribute('data-code')));
      assert.ok(codes.length > 0 && codes.every((c) => c === action), `only ${action} rows: ${codes}`);
    }
  });

  await t.test('at 390 px every console page fits the screen: the menu is a drawer, wide tables scroll in their own box', async () => {
    const narrow = await page.context().browser().newContext({ viewport: { width: 390, height: 844 } });
    narrow.setDefaultTimeout(WAIT);
    const p = await narrow.newPage();
    p.on('pageerror', (e) => console.error('console pageerror:', e.message));
    try {
      // The owner's session from this journey, in a phone-sized tab.
      const stored = await page.evaluate(() => window.sessionStorage.getItem('onyx:console'));
      await narrow.addInitScript((v) => window.sessionStorage.setItem('onyx:console', v), stored);
      await p.goto(`${BASE}/admin`);
      await p.locator(tid('dashboard')).waitFor();
      // Every page the owner's menu offers, and one page of each kind below them.
      const menuPaths = await p.locator(`${tid('side-menu')} a`).evaluateAll((as) => as.map((a) => new URL(a.href).pathname));
      assert.ok(menuPaths.length >= 10, `the owner's menu: ${menuPaths}`);
      const user = await call(`/api/admin/users?keyword=${USER.username}&pageNum=1&pageSize=5`, { headers: { adminToken: ownerToken } });
      const userId = user.data?.rows?.[0]?.id;
      assert.ok(userId, `the journey's user: ${JSON.stringify(user)}`);
      const paths = [...new Set([...menuPaths, `/admin/users/${userId}`, `/admin/queues/withdrawals?id=${withdrawalId}`])];
      const wide = [];
      for (const path of paths) {
        await p.goto(BASE + path);
        await p.locator('.c-content').waitFor();
        // Let the page's data arrive (tables are what widen a page).
        await p.waitForLoadState('networkidle');
        const { scroll, inner } = await p.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        if (scroll > inner) wide.push(`${path}: ${scroll} px in ${inner}`);
      }
      assert.deepEqual(wide, [], 'no console page scrolls sideways at 390 px');

      // The side menu is a drawer: closed, it takes no room; opened, it lists the pages and closes on one.
      await p.goto(`${BASE}/admin`);
      const side = p.locator(tid('side'));
      assert.equal(await side.isVisible(), false, 'the menu is closed at first');
      await p.click(tid('menu-toggle'));
      await side.locator('a[href="/admin/audit"]').click();
      await p.locator(tid('audit')).waitFor();
      assert.equal(await side.isVisible(), false, 'the menu closes on the page chosen');
    } finally {
      if (process.exitCode) await p.screenshot({ path: '/tmp/onyx-console-e2e-narrow-failure.png' }).catch(() => {});
      await narrow.close();
    }
  });

  await t.test('a support operator signs in without a code and is kept out of owner pages and calls', async () => {
    const support = await consolePage();
    try {
      await signInPassword(support, SUPPORT);
      await support.locator(tid('dashboard')).waitFor();
      assert.match(await support.locator(tid('operator')).textContent(), new RegExp(SUPPORT.username));
      await support.goto(`${BASE}/admin/settings`);
      await support.locator(tid('not-allowed')).waitFor();
      assert.equal(await support.locator(tid('settings-page')).count(), 0);
      const menu = support.locator(tid('side-menu'));
      await menu.locator('a[href="/admin/users"]').waitFor();
      assert.equal(await menu.locator('a[href="/admin/settings"]').count(), 0, 'no Settings in the menu');
      assert.equal(await menu.locator('a[href^="/admin/queues"]').count(), 0, 'no queues in the menu');

      const token = await consoleToken(support);
      assert.ok(token);
      const refused = await call('/api/admin/settings/WITHDRAWAL_SETTING', {
        method: 'PUT',
        headers: { adminToken: token },
        body: { value: (await settingsNow()).WITHDRAWAL_SETTING, reason: `e2e console ${RUN}: support tries` },
      });
      assert.equal(refused.code, FORBIDDEN, `Forbidden: ${refused.code} ${refused.msg}`);
    } finally {
      if (process.exitCode) await support.screenshot({ path: '/tmp/onyx-console-e2e-support-failure.png' }).catch(() => {});
      await support.context().close();
    }
  });
});
