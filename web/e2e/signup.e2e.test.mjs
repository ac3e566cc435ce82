// Sign-up and security (issue 34): the rules beside each field before typing,
// every broken rule at once, the first-run checklist after sign-up, a trivial
// fund password refused, a good one set with an emailed code, /setpwd and the
// KYC chip. Run against `onyx serve --demo` (development mailbox on).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, closePhone, forceEnglish, mailboxCode, openPhone, pathIs, tid } from './support.mjs';

let browser;
let page;
const id = `su${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const password = `Pw-${id}-9`;
const email = `${id}@example.test`;

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-e2e-signup-failure.png');
});

const ruleStates = (list) => page.locator(`${tid(list)} li`).evaluateAll((lis) => Object.fromEntries(lis.map((li) => [li.dataset.rule, li.dataset.state])));

async function userInfo() {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('onyx:token')));
  const res = await fetch(`${BASE}/api/user/getInfo`, { headers: { lang: 'en', satoken: token } });
  return (await res.json()).data.user;
}

test('a newcomer sees the rules, fixes every broken one at once, lands on the checklist and sets a fund password', async (t) => {
  await t.test('the rules are beside each field before typing', async () => {
    await page.goto(`${BASE}/register?inviteCode=ONYXDEMO`);
    const accountTab = page.locator(tid('register-type-account'));
    if (await accountTab.count()) await accountTab.click();
    // The rules come from the server (credentialRules): wait until they are listed.
    await page.locator(`${tid('register-username-rules')} li`).first().waitFor();
    await page.locator(`${tid('register-password-rules')} li`).first().waitFor();
    assert.deepEqual(await ruleStates('register-username-rules'), { length: 'open', startsWithLetter: 'open', allowedCharacters: 'open' });
    assert.deepEqual(await ruleStates('register-password-rules'), { length: 'open', needsLetter: 'open', needsDigit: 'open' });
    // The server's numbers, not the form's own.
    assert.match(await page.locator(tid('register-password-rules')).textContent(), /8 to 64 characters/);
    assert.match(await page.locator(tid('register-username-rules')).textContent(), /letters a–z, digits 0–9 and _/);
  });

  await t.test('a bad name and password list every broken rule at once, and nothing is sent', async () => {
    const sent = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/user/register') sent.push(r.method());
    });
    await page.fill(tid('register-username'), 'lina.k');
    await page.fill(tid('register-password'), 'short');
    await page.fill(tid('register-confirm'), 'short');
    await page.locator('label', { has: page.locator(tid('register-consent')) }).click();
    await page.click(tid('register-submit'));
    assert.deepEqual(await ruleStates('register-username-rules'), { length: 'met', startsWithLetter: 'met', allowedCharacters: 'broken' });
    assert.deepEqual(await ruleStates('register-password-rules'), { length: 'broken', needsLetter: 'met', needsDigit: 'broken' });
    assert.equal(new URL(page.url()).pathname, '/register');
    assert.deepEqual(sent, [], 'nothing was sent');
  });

  await t.test('fixed, the account is created and the first-run checklist appears', async () => {
    await page.fill(tid('register-username'), id);
    await page.fill(tid('register-password'), password);
    await page.fill(tid('register-confirm'), password);
    await page.click(tid('register-submit'));
    await page.waitForURL(pathIs('/wallet'));
    await page.locator(tid('first-run')).waitFor();
    for (const step of ['kyc', 'deposit', 'fundPassword', 'email']) {
      assert.equal(await page.locator(tid(`first-run-${step}`)).getAttribute('data-done'), 'false', step);
    }
    assert.equal(await page.locator(tid('first-run-progress')).textContent(), '0 of 4 done');
  });

  await t.test('without an email the fund password asks to bind one first', async () => {
    await page.click(tid('first-run-fundPassword'));
    await page.waitForURL(pathIs('/fund-password'));
    await page.locator(tid('fund-bind-first')).waitFor();
    await page.click(tid('fund-bind-email'));
    await page.waitForURL(pathIs('/emailAuthentication'));
    await page.fill(tid('email-input'), email);
    await page.click(tid('email-send-code'));
    await page.fill(tid('email-code'), await mailboxCode(email, 'bind'));
    await page.click(tid('email-submit'));
    await page.locator(tid('email-bound-value')).filter({ hasText: email }).waitFor();
  });

  await t.test('a fund password "123456" is refused, and nothing is set', async () => {
    await page.goto(`${BASE}/fund-password`);
    await page.fill(tid('fund-new'), '123456');
    await page.fill(tid('fund-confirm'), '123456');
    await page.click(tid('fund-send-code'));
    const code = await mailboxCode(email, 'security');
    await page.fill(tid('fund-code'), code);
    await page.click(tid('fund-submit'));
    assert.deepEqual(await ruleStates('fund-rules'), { length: 'met', digitsOnly: 'met', notTrivial: 'broken' });
    assert.equal((await userInfo()).hasTradePwd, false);
    // The server refuses it too, whatever the form does.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('onyx:token')));
    const res = await fetch(`${BASE}/api/user/tardPwdSet?pwd=123456&code=${code}`, { method: 'POST', headers: { lang: 'en', satoken: token } });
    const refused = await res.json();
    assert.equal(refused.code, -1032, refused.msg);
    assert.match(refused.msg, /not a simple sequence/);

    // A good one with the same (still unused) code is set.
    await page.fill(tid('fund-new'), '913570');
    await page.fill(tid('fund-confirm'), '913570');
    await page.click(tid('fund-submit'));
    await page.waitForURL((url) => new URL(url).pathname !== '/fund-password');
    assert.equal((await userInfo()).hasTradePwd, true);
  });

  await t.test('the checklist ticks what is done from the account itself', async () => {
    await page.goto(`${BASE}/wallet`);
    await page.locator(tid('first-run')).waitFor();
    assert.equal(await page.locator(tid('first-run-email')).getAttribute('data-done'), 'true');
    assert.equal(await page.locator(tid('first-run-fundPassword')).getAttribute('data-done'), 'true');
    assert.equal(await page.locator(tid('first-run-progress')).textContent(), '2 of 4 done');
  });

  await t.test('the KYC chip opens identity verification', async () => {
    await page.click(tid('profile-kyc'));
    await page.waitForURL(pathIs('/userauth'));
  });

  await t.test('/setpwd is the set-a-new-password screen', async () => {
    await page.goto(`${BASE}/setpwd`);
    await page.locator(tid('screen-forget')).waitFor();
  });
});
