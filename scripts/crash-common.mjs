// Helpers shared by the clients of the crash tests (crash-load.mjs for
// scripts/crash.sh, crash-spot-load.mjs for scripts/crash-spot.sh).

/** Exact decimal arithmetic on strings: amounts are scaled to 1e-8 units. */
export const SCALE = 100_000_000n;

export function units(text) {
  const [whole, frac = ""] = String(text).split(".");
  if (frac.length > 8) throw new Error(`amount with more than 8 decimals: ${text}`);
  const sign = whole.startsWith("-") ? -1n : 1n;
  const w = BigInt(whole.replace("-", "") || "0");
  return sign * (w * SCALE + BigInt(frac.padEnd(8, "0")));
}

export function show(u) {
  const neg = u < 0n;
  const a = neg ? -u : u;
  const frac = (a % SCALE).toString().padStart(8, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${a / SCALE}${frac ? "." + frac : ""}`;
}

/**
 * `call` answers the envelope ({code, msg, data}) of one request to `base`;
 * `must` its `data`, throwing on any code but 200. A failed connection
 * (the server is down) rejects, as fetch does.
 */
export function client(base) {
  async function call(method, path, { token, admin, key, body } = {}) {
    const headers = { lang: "en" };
    if (token) headers.satoken = token;
    if (admin) headers.adminToken = admin;
    if (key) headers["Idempotency-Key"] = key;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(base + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  }

  async function must(method, path, opts) {
    const r = await call(method, path, opts);
    if (r.code !== 200) throw new Error(`${method} ${path}: ${r.code} ${r.msg}`);
    return r.data;
  }

  return { call, must };
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `fail` prints `name: message` and exits 1 (a failed crash test, not a
 * stub); `assert` fails when its condition does not hold.
 */
export function checks(name) {
  function fail(message) {
    console.error(`${name}: ${message}`);
    process.exit(1);
  }
  function assert(ok, message) {
    if (!ok) fail(message);
  }
  return { fail, assert };
}
