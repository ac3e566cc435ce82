// Client of scripts/crash-futures.sh: `setup` funds a user's contract
// wallet; `load` opens, adds to, partly closes and margins BTC positions,
// places limit orders (some through the mark, some waiting for the sweep)
// and cancels waiting ones, each submit with an Idempotency-Key, until it
// SIGKILLs the server; `verify`, after a restart, re-sends every keyed
// request and checks that each acknowledged one comes back exactly as
// acknowledged, that each acknowledged cancel stayed cancelled, and that
// the user's money adds up from the positions' and orders' own figures.
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { checks, client, show, sleep, units } from "./crash-common.mjs";
import { demoOperatorToken } from "./demo-operator.mjs";

const [phase, base, statePath, logPath] = process.argv.slice(2);
const SECONDS = Number(process.env.CRASH_FUTURES_SECONDS ?? 6);
const EVERY_MS = 120;
const { call, must } = client(base);

const { fail, assert } = checks("crash-futures");

async function contractUsdt(token) {
  const balances = await must("POST", "/api/asset/assetBalance", { token });
  const wallet = balances.wallets.find((w) => w.wallet === "contract") ?? fail("no contract wallet");
  const row = wallet.assets.find((a) => a.coin === "USDT");
  return row ? { available: row.available, frozen: row.frozen } : { available: "0", frozen: "0" };
}

async function setup() {
  const admin = await demoOperatorToken((path, body) => call("POST", path, { body }));
  const token = (await must("POST", "/api/user/register", {
    body: { type: "account", username: "crash_f", password: "crash-pass-1", inviteCode: "ONYXDEMO" },
  })).satoken;
  const deposit = await must("POST", "/api/recharge/payAddress", {
    token,
    body: { coin: "usdt", symbol: "USDT-TRC20", amount: "10000", txHash: randomBytes(32).toString("hex") },
  });
  await must("POST", `/api/admin/deposits/${deposit.id}/confirm`, { admin, body: { reason: "crash test funding" } });
  await must("POST", "/api/asset/transferFunds", {
    token, key: randomBytes(8).toString("hex"),
    body: { from: "spot", to: "contract", coin: "USDT", amount: "10000" },
  });
  const initial = await contractUsdt(token);
  assert(units(initial.available) === 10_000n * 100_000_000n, `contract wallet holds ${initial.available}`);
  writeFileSync(statePath, JSON.stringify({ token, initial }));
  console.log(`setup: crash_f holds ${initial.available} USDT in the contract wallet`);
}

function log(line) {
  appendFileSync(logPath, JSON.stringify(line) + "\n");
}

async function waitingOrders(token) {
  const rows = [];
  for (let page = 1; ; page += 1) {
    const p = await must("GET", `/api/contract/order/list?status=0&pageNum=${page}&pageSize=100`, { token });
    rows.push(...p.rows);
    if (p.rows.length < 100) break;
  }
  return rows;
}

async function openPositions(token) {
  const page = await must("GET", "/api/contract/position/list?status=0&pageNum=1&pageSize=50", { token });
  return page.rows;
}

function request(op, token) {
  return call("POST", op.path, { token, key: op.key, body: op.body });
}

async function load() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const pid = Number(process.env.CRASH_PID) || fail("CRASH_PID is not set");
  const started = Date.now();
  const codes = {};
  let i = 0;
  let acked = 0;
  let killed = false;
  let open = [];
  let waiting = [];
  let mark = null;
  for (;;) {
    if (!killed && Date.now() - started >= SECONDS * 1000) {
      process.kill(pid, "SIGKILL");
      killed = true;
    }
    let op;
    const pick = Math.random();
    const key = `f-${i}-${randomBytes(6).toString("hex")}`;
    if (waiting.length > 0 && pick < 0.05) {
      const o = waiting[Math.floor(Math.random() * waiting.length)];
      op = { i, cancel: o.id, path: `/api/contract/order/canCelOrder?id=${o.id}` };
    } else if (open.length === 0 || pick < 0.5) {
      const contracts = String(1 + Math.floor(Math.random() * 50));
      const side = Math.random() < 0.5 ? 0 : 1;
      // A third are limit orders within 0.2 % of the mark either way: some
      // fill at once, some wait for the sweep.
      const limit = mark !== null && Math.random() < 0.33;
      const price = limit ? (mark * (1 + (Math.random() - 0.5) * 0.004)).toFixed(2) : "1";
      op = { i, key, path: "/api/contract/order/submit",
        body: { symbol: "btc", leverage: Math.random() < 0.5 ? 10 : 20, delegatePrice: price,
                delegateTotal: contracts, type: side, delegateType: limit ? 0 : 1 } };
    } else {
      const p = open[Math.floor(Math.random() * open.length)];
      const held = Math.round(Number(p.openNum) / 0.0001);
      if (pick < 0.8 && held > 1) {
        op = { i, key, path: `/api/contract/position/stopOrder?id=${p.id}&num=${1 + Math.floor(Math.random() * (held - 1))}` };
      } else if (pick < 0.9) {
        op = { i, key, path: `/api/contract/position/stopOrder?id=${p.id}` };
      } else {
        op = { i, key, path: `/api/contract/position/adjustAmount?id=${p.id}&money=${1 + Math.floor(Math.random() * 20)}&flag=0` };
      }
    }
    log({ sent: op });
    i += 1;
    let r;
    try {
      r = await request(op, state.token);
    } catch {
      break; // the server is gone
    }
    codes[r.code] = (codes[r.code] ?? 0) + 1;
    if (r.code === 200) {
      acked += 1;
      log({ acked: op.key ?? `cancel-${op.cancel}`, data: r.data });
      try {
        open = await openPositions(state.token);
        waiting = await waitingOrders(state.token);
      } catch {
        break;
      }
      const marked = open.find((p) => p.markPrice);
      if (marked) mark = Number(marked.markPrice); // only to pick limit prices near it
    }
    await sleep(EVERY_MS);
  }
  console.log(`load: ${i} sent, ${acked} acknowledged ${JSON.stringify(codes)}, server SIGKILLed after ${SECONDS} s`);
}

function readLog() {
  const sent = [];
  const acked = new Map();
  for (const line of readFileSync(logPath, "utf8").split("\n")) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.sent) sent.push(entry.sent);
    if (entry.acked) acked.set(entry.acked, entry.data);
  }
  return { sent, acked };
}

async function allPositions(token) {
  const rows = [];
  for (const status of [0, 1]) {
    for (let page = 1; ; page += 1) {
      const p = await must("GET", `/api/contract/position/list?status=${status}&pageNum=${page}&pageSize=100`, { token });
      rows.push(...p.rows);
      if (p.rows.length < 100) break;
    }
  }
  return rows;
}

async function verify() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const { sent, acked } = readLog();
  let replayed = 0;
  let placed = 0;
  let cancels = 0;
  for (const op of sent) {
    if (op.cancel !== undefined) {
      // A cancel has no key: an acknowledged one must have stayed done.
      if (acked.has(`cancel-${op.cancel}`)) {
        const page = await must("GET", "/api/contract/order/list?status=3&pageNum=1&pageSize=100", { token: state.token });
        assert(page.rows.some((o) => o.id === op.cancel), `acknowledged cancel of order ${op.cancel} is not cancelled`);
        cancels += 1;
      }
      continue;
    }
    let r;
    for (let attempt = 0; ; attempt += 1) {
      r = await request(op, state.token);
      // Right after a restart the tape may have no fresh tick yet.
      if (r.code !== -6003 || attempt > 50) break;
      await sleep(100);
    }
    const ack = acked.get(op.key);
    if (ack) {
      assert(r.code === 200 && JSON.stringify(r.data) === JSON.stringify(ack),
        `acknowledged ${op.path} (key ${op.key}) replayed as ${JSON.stringify(r).slice(0, 300)}`);
      replayed += 1;
    } else if (r.code === 200) {
      placed += 1;
    }
  }
  // Cancel what still waits (the sweep would fill it under the reads
  // below): each cancel gives back exactly its hold, so the frozen balance
  // must then be the open positions' margin alone.
  let held = 0n;
  for (const o of await waitingOrders(state.token)) {
    const r = await call("POST", `/api/contract/order/canCelOrder?id=${o.id}`, { token: state.token });
    if (r.code === 200 && !o.reduceOnly) held += units(o.margin) + units(o.fee);
  }
  // The money adds up from the positions' own figures.
  const positions = await allPositions(state.token);
  let realised = 0n;
  let fees = 0n;
  let funding = 0n;
  let margin = 0n;
  for (const p of positions) {
    realised += units(p.earn);
    fees += units(p.fees);
    funding += units(p.funding);
    if (p.status === 0) margin += units(p.adjustAmount);
  }
  const now = await contractUsdt(state.token);
  assert(units(now.frozen) === margin, `${now.frozen} USDT frozen, the open positions' margin is ${show(margin)}`);
  const expected = units(state.initial.available) + realised - fees - funding;
  assert(units(now.available) + units(now.frozen) === expected,
    `contract USDT ${now.available} + ${now.frozen}: started ${state.initial.available}, realised ${show(realised)}, ` +
    `fees ${show(fees)}, funding ${show(funding)}`);
  console.log(`verify: ${replayed} acknowledged came back as themselves, ${placed} not acknowledged done on retry, ` +
    `${cancels} acknowledged cancels stayed; ${positions.length} positions: realised ${show(realised)}, fees ${show(fees)}, ` +
    `margin ${show(margin)} frozen after ${show(held)} of waiting orders' holds came back; the money adds up`);
}

const phases = { setup, load, verify };
(phases[phase] ?? (() => fail(`unknown phase ${phase}`)))().catch((e) => fail(e.stack ?? String(e)));
