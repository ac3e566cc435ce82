// What the browser journeys share: the server under test, Debian's
// Chromium started the way this machine allows, and selector helpers.
import { deflateSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export const BASE = (process.env.ONYX_URL || 'http://127.0.0.1:8080').replace(/\/$/, '');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const WAIT = 15_000;

export const tid = (name) => `[data-testid="${name}"]`;
export const pathIs = (p) => (url) => new URL(url).pathname === p;

/** A phone-sized page in a fresh browser, starting in English so any failure screenshot is readable. */
export async function openPhone() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  await page.goto(`${BASE}/lr`);
  await page.evaluate(() => localStorage.setItem('onyx:language', JSON.stringify('en')));
  return { browser, page };
}

/** Closes the browser, keeping a screenshot at `failureShot` when the run failed. */
export async function closePhone({ browser, page }, failureShot) {
  if (page && process.exitCode) await page.screenshot({ path: failureShot }).catch(() => {});
  await browser?.close();
}

export const DEMO = { username: 'demo', password: 'demo-pass-1' };

/**
 * Collects what breaks a page under the server's Content-Security-Policy
 * (no inline script or style): console errors, uncaught exceptions and
 * `securitypolicyviolation` events, each with the path it happened on.
 * Call before the page loads what should be watched; read the returned
 * array at the end of the journey.
 */
export async function watchPageHealth(page) {
  const problems = [];
  const where = () => new URL(page.url()).pathname;
  // Injected by the browser itself, so the page's CSP does not block it.
  await page.context().addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`));
  });
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${where()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${where()}: uncaught ${e.message}`));
  return problems;
}

/**
 * Keeps the page in English on every load. The app may store its start
 * language over the one openPhone sets, and journeys that assert English
 * texts cannot allow that race.
 */
export async function forceEnglish(page) {
  await page.context().addInitScript(() => localStorage.setItem('onyx:language', JSON.stringify('en')));
}

/** Signs the demo user in through the login screen; returns the stored satoken. */
export async function signInDemo(page) {
  await page.goto(`${BASE}/login`);
  const accountTab = page.locator(tid('login-type-account'));
  if (await accountTab.count()) await accountTab.click();
  await page.fill(tid('login-username'), DEMO.username);
  await page.fill(tid('login-password'), DEMO.password);
  await page.click(tid('login-submit'));
  await page.waitForURL(pathIs('/'));
  return page.evaluate(() => JSON.parse(localStorage.getItem('onyx:token')));
}

/** A small valid PNG (solid colour) built in memory, so the test needs no fixture file. */
export function makePng(width = 16, height = 10, rgb = [240, 185, 11]) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The newest code the demo's development mailbox holds for `target` (and
 * `purpose`: a bind code sent a moment earlier is not the security code
 * just asked for), polled briefly.
 */
export async function mailboxCode(target, purpose) {
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    const res = await fetch(`${BASE}/api/dev/mailbox?target=${encodeURIComponent(target)}`, { headers: { lang: 'en' } });
    const mail = await res.json();
    const code = (mail.data ?? []).find((m) => !purpose || m.purpose === purpose)?.code;
    if (code) return String(code);
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`no ${purpose ?? ''} code in the development mailbox for ${target}`);
}

/**
 * Gives the signed-in user (`satoken`) the fund password `pwd` the way the
 * server allows it: with a `security` code sent to the bound email, binding
 * a fresh one first when the user has none. A user who has one keeps it.
 */
export async function ensureFundPassword(satoken, pwd) {
  const call = async (path, method = 'POST') => {
    const res = await fetch(BASE + path, { method, headers: { lang: 'en', satoken } });
    return res.json();
  };
  const info = await call('/api/user/getInfo', 'GET');
  if (info.data?.user?.hasTradePwd) return info;
  let email = info.data?.user?.email;
  if (!email) {
    email = `fund${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
    const sent = await call(`/api/user/sendEmailCode?codeType=bind&email=${encodeURIComponent(email)}`);
    if (sent.code !== 200) throw new Error(`bind code: ${sent.msg}`);
    const bound = await call(`/api/user/bindEmail?email=${encodeURIComponent(email)}&emailCode=${await mailboxCode(email, 'bind')}`);
    if (bound.code !== 200) throw new Error(`bind email: ${bound.msg}`);
  }
  const sent = await call(`/api/user/sendEmailCode?codeType=security&email=${encodeURIComponent(email)}`);
  if (sent.code !== 200) throw new Error(`security code: ${sent.msg}`);
  return call(`/api/user/tardPwdSet?pwd=${pwd}&code=${await mailboxCode(email, 'security')}`);
}
