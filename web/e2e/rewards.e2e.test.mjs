// Rewards journey against a running `onyx serve --demo`: the demo user opens
// the welfare centre and signs in for the day (or finds today already signed
// on a server an earlier run used), binds an email with the code from the
// development mailbox when the demo has none yet, claims the bind-email
// task's reward and sees it Claimed, in the claims history and in the cash
// flow; then opens the agent area (/proxy, its team and rebate lists) and the
// invite screen and finds the server's figures on them, at a phone's and a
// desktop's width without anything running off the side.
// Run: ONYX_URL=http://127.0.0.1:8080 node --test e2e/rewards.e2e.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import Decimal from 'decimal.js';
import { BASE, WAIT, closePhone, forceEnglish, openPhone, signInDemo, tid, watchPageHealth } from './support.mjs';

let browser;
let page;
let problems;
let satoken;
let claimId;

async function call(path, { method = 'GET', body } = {}) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', lang: 'en', language: 'en', ...(satoken ? { satoken } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200, `${method} ${path} -> HTTP ${res.status}`);
  return res.json();
}

async function api(path, options) {
  const env = await call(path, options);
  assert.equal(env.code, 200, `${path}: ${env.msg}`);
  return env.data;
}

/** The newest code sent to `target`, from the demo's development mailbox (a --demo server without SMTP keeps it there), polled briefly. */
async function mailboxCode(target) {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const code = (await api(`/api/dev/mailbox?target=${encodeURIComponent(target)}`))?.[0]?.code;
    if (code) return String(code);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no code in the development mailbox for ${target}`);
}

const center = () => api('/api/welfare/center');
const agentInfo = () => api('/api/agentActivityInfo/getAgentInfo', { method: 'POST' });
const dataValue = (testId) => page.locator(tid(testId)).first().getAttribute('data-value');

/** Clicks the list's "load more" until `selector` is on the page or there is nothing more. */
async function loadUntil(selector, moreTestId) {
  for (;;) {
    if (await page.locator(selector).count()) return;
    const more = page.locator(tid(moreTestId));
    if (!(await more.count())) break;
    await more.click();
    await page.waitForTimeout(300);
  }
  await page.locator(selector).waitFor({ timeout: WAIT });
}

/** The page is no wider than the window: nothing runs off the side. */
async function fitsTheWindow(path) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${path} is ${scroll}px wide in a ${inner}px window`);
}

before(async () => {
  ({ browser, page } = await openPhone());
  await forceEnglish(page);
  problems = await watchPageHealth(page);
});

after(async () => {
  await closePhone({ browser, page }, '/tmp/onyx-rewards-e2e-failure.png');
});

test('rewards: sign in for the day, bind an email and claim its reward, the agent area and the invite screen', async (t) => {
  await t.test('the welfare centre signs in for the day once', async () => {
    satoken = await signInDemo(page);
    const was = await center();
    await page.goto(`${BASE}/welfare`);
    await page.locator(tid('welfare-center')).waitFor();
    const button = page.locator(tid('welfare-signin-button'));
    if (was.signIn.signedToday) {
      // A server an earlier run used today: nothing to sign, and the button says so.
      assert.ok(await button.isDisabled());
    } else {
      assert.ok(await button.isEnabled());
      assert.equal(await page.locator(`${tid('welfare-day-' + was.signIn.nextDay)}`).getAttribute('data-state'), 'today');
      await button.click();
      await page.locator(tid('toast'), { hasText: 'Signed in: +' }).waitFor();
    }
    // Disabled while the sign-in is sent, then labelled once the centre is read again.
    await page.locator(tid('welfare-signin-button'), { hasText: 'Signed in today' }).waitFor();
    assert.ok(await button.isDisabled());
    const now = await center();
    assert.equal(now.signIn.signedToday, true);
    assert.ok(now.signIn.streak >= 1);
    assert.equal(await page.locator(tid('welfare-signin')).getAttribute('data-streak'), String(now.signIn.streak));
    // Today's cell is the highlighted one.
    const day = ((now.signIn.streak - 1) % 7) + 1;
    assert.equal(await page.locator(tid(`welfare-day-${day}`)).getAttribute('data-state'), 'signedToday');
    // Paid once: one sign-in claim today (UTC).
    const today = Math.floor(Date.now() / 86_400_000);
    const claims = await api('/api/welfare/claims?pageNum=1&pageSize=50');
    assert.equal(claims.rows.filter((c) => c.kind === 'sign_in' && Math.floor(c.createTime / 86_400_000) === today).length, 1);
    // Signing again is refused by the server too.
    const again = await call('/api/welfare/signIn', { method: 'POST' });
    assert.notEqual(again.code, 200);
  });

  await t.test('the demo binds an email when it has none (code from the development mailbox)', async () => {
    const task = (await center()).tasks.find((x) => x.kind === 'bind_email');
    assert.ok(task, 'the demo seeds a bind-email task');
    if (task.done) return;
    await page.goto(`${BASE}/welfare`);
    const row = page.locator(tid('welfare-task-bind_email'));
    assert.equal(await row.getAttribute('data-done'), 'false');
    await row.locator(tid('welfare-task-go')).click();
    await page.waitForURL((url) => url.pathname === '/emailAuthentication');
    const email = `demo-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
    await page.fill(tid('email-input'), email);
    await page.click(tid('email-send-code'));
    await page.waitForFunction((sel) => document.querySelector(sel)?.hasAttribute('disabled'), tid('email-send-code'));
    await page.fill(tid('email-code'), await mailboxCode(email));
    await page.click(tid('email-submit'));
    await page.locator(tid('email-bound-value')).filter({ hasText: email }).waitFor();
  });

  await t.test('the bind-email reward is claimed once and shows Claimed', async () => {
    const task = (await center()).tasks.find((x) => x.kind === 'bind_email');
    assert.equal(task.done, true);
    await page.goto(`${BASE}/welfare`);
    const row = page.locator(tid('welfare-task-bind_email'));
    await row.waitFor();
    if (!task.claimed) {
      assert.equal(await row.locator(tid('welfare-task-claimed')).count(), 0);
      await row.locator(tid('welfare-task-claim')).click();
      await page.locator(tid('toast'), { hasText: 'Reward received: +' }).waitFor();
    }
    await row.locator(tid('welfare-task-claimed')).waitFor();
    assert.equal(await row.locator(tid('welfare-task-claim')).count(), 0);
    assert.equal(await row.getAttribute('data-claimed'), 'true');
    const claims = await api('/api/welfare/claims?pageNum=1&pageSize=100');
    const mine = claims.rows.filter((c) => c.kind === 'task' && c.taskId === task.id);
    assert.equal(mine.length, 1, 'the reward was paid once');
    claimId = mine[0].id;
    assert.ok(new Decimal(mine[0].amount).eq(task.rewardAmount));
    // A second claim is refused.
    assert.notEqual((await call('/api/welfare/claim', { method: 'POST', body: { taskId: task.id } })).code, 200);
    // And it is in the history on the screen.
    await loadUntil(`${tid('welfare-claim')}[data-id="${claimId}"]`, 'welfare-claims-more');
  });

  await t.test('the reward is in the cash flow', async () => {
    await page.goto(`${BASE}/cashflow`);
    await page.locator(tid('cashflow-type')).selectOption('reward');
    const row = `${tid('cashflow-row')}[data-reference="welfare:${claimId}"]`;
    await page.waitForSelector(`${tid('cashflow-list')}, ${tid('empty-state')}`);
    await loadUntil(row, 'cashflow-list-more');
    assert.equal(await page.locator(row).getAttribute('data-type'), 'reward');
    const paid = (await api('/api/welfare/claims?pageNum=1&pageSize=100')).rows.find((c) => c.id === claimId);
    const shown = await page.locator(`${row} ${tid('cashflow-amount')}`).getAttribute('data-value');
    assert.ok(new Decimal(shown).eq(paid.amount), `cash flow ${shown} = claim ${paid.amount}`);
  });

  await t.test('the agent area shows the server figures', async () => {
    const before = await agentInfo();
    await page.goto(`${BASE}/proxy`);
    await page.locator(tid('agent-dashboard')).waitFor();
    const after = await agentInfo();
    // Rebates are credited about every minute: the screen shows the figures of one of the two reads.
    for (const [testId, field] of [['agent-sum-amount', 'sumAmount'], ['agent-today-amount', 'todayAmount']]) {
      const shown = await dataValue(testId);
      assert.ok([before[field], after[field]].includes(shown), `${testId} ${shown} is the server's ${field}`);
    }
    for (const [testId, field] of [['agent-child-count', 'childCount'], ['agent-all-count', 'childAllCount'], ['agent-count-1', 'oneCount'], ['agent-count-2', 'twoCount'], ['agent-count-3', 'threeCount']]) {
      assert.equal(await dataValue(testId), String(after[field]), testId);
    }
    for (const [level, field] of [[1, 'oneRatio'], [2, 'twoRatio'], [3, 'threeRatio']]) {
      assert.equal(await dataValue(`agent-shares-ratio-${level}`), after[field]);
      assert.match(await page.locator(tid(`agent-shares-ratio-${level}`)).textContent(), /%$/);
    }
    assert.equal(await page.locator(tid('agent-status')).getAttribute('data-open'), String(after.isOpen));
    assert.ok((await page.locator(tid('agent-rules')).textContent()).includes('not rebated later'));
    for (const r of after.rebates) {
      await page.locator(tid(`agent-coin-${r.coin.toUpperCase()}`)).waitFor();
    }

    await page.click(tid('agent-link-records'));
    await page.waitForURL((url) => url.pathname === '/proxy/records');
    await page.waitForSelector(`${tid('agent-downline')}, ${tid('empty-state')}`);
    if (after.childAllCount > 0) {
      assert.ok((await page.locator(tid('agent-member')).count()) > 0);
      assert.match(await page.locator(tid('agent-member-account')).first().textContent(), /\*\*\*/);
    } else {
      await page.locator(tid('empty-state')).waitFor();
    }
    await page.click(tid('agent-records-level-1'));
    await page.waitForSelector(`${tid('agent-downline')}, ${tid('empty-state')}`);
    for (const level of await page.locator(tid('agent-member')).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-level')))) {
      assert.equal(level, '1');
    }

    await page.goto(`${BASE}/proxy/earnings`);
    await page.locator(`${tid('agent-earnings-total')}[data-value]`).waitFor();
    const total = await dataValue('agent-earnings-total');
    assert.ok([before.sumAmount, after.sumAmount, (await agentInfo()).sumAmount].includes(total));
    await page.waitForSelector(`${tid('agent-earnings')}, ${tid('empty-state')}`);
  });

  await t.test('the invite screen keeps its code, link and QR and shows the live shares and my team', async () => {
    const info = await agentInfo();
    await page.goto(`${BASE}/invaite`);
    const code = (await page.locator(tid('invite-code')).textContent()).trim();
    assert.ok(code.length > 0);
    assert.ok((await page.locator(tid('invite-link')).textContent()).includes(`inviteCode=${encodeURIComponent(code)}`));
    await page.locator(`${tid('invite-qr')} img`).waitFor();
    await page.locator(tid('invite-summary')).waitFor();
    for (const [level, field] of [[1, 'oneRatio'], [2, 'twoRatio'], [3, 'threeRatio']]) {
      assert.equal(await dataValue(`invite-shares-ratio-${level}`), info[field]);
    }
    assert.equal(await dataValue('invite-child-count'), String(info.childCount));
    assert.equal(await dataValue('invite-all-count'), String(info.childAllCount));
    assert.equal(await page.locator(tid('invite-agent-link')).getAttribute('href'), '/proxy');
  });

  await t.test('the screens fit a phone and a desktop', async () => {
    const ready = { '/welfare': 'welfare-center', '/proxy': 'agent-dashboard', '/proxy/records': 'screen-proxyRecords', '/proxy/earnings': 'agent-earnings-summary', '/invaite': 'invite-summary' };
    for (const [width, height] of [[390, 844], [1440, 900]]) {
      await page.setViewportSize({ width, height });
      for (const [path, testId] of Object.entries(ready)) {
        await page.goto(`${BASE}${path}`);
        await page.locator(tid(testId)).waitFor();
        await fitsTheWindow(`${path} at ${width}px`);
      }
    }
    await page.setViewportSize({ width: 390, height: 844 });
  });

  await t.test('nothing went wrong on the page', () => {
    assert.deepEqual(problems, []);
  });
});
