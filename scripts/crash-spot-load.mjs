// The client half of scripts/crash-spot.sh. Phases, each its own run:
//
//   setup  <base> <state.json>               sign in the demo user, register two more,
//                                            fund each with USDT and BTC by confirmed deposits
//   load   <base> <state.json> <log>         CRASH_SPOT_OPS limit orders (Idempotency-Keys)
//                                            and cancels of acknowledged open orders on
//                                            btcusdt; SIGKILLs the server (CRASH_PID) once
//                                            half are acknowledged
//   verify <base> <state.json> <log> <audit> after the restart: replay every acknowledged
//                                            submit with its key, check orders, book,
//                                            balances and fees, then retry the unanswered
//                                            submits and check again
//   more   <base> <state.json> <log>         the load goes on for a while, no kill
//   final  <base> <state.json> <log> <audit> every acknowledged submit replayed once more,
//                                            everything checked again
//
// The log is append-only JSON lines, written synchronously: a line is on
// disk before the next request goes out, so what it records as
// acknowledged really was acknowledged before the kill.
//
// Only these users trade (the server runs with --maker false): every trade
// has both its sides among them, and the book is exactly their open orders.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { client, SCALE, show, units } from "./crash-common.mjs";
import { demoOperatorToken } from "./demo-operator.mjs";

const [phase, base, statePath, logPath, auditPath] = process.argv.slice(2);
const OPS = Number(process.env.CRASH_SPOT_OPS ?? 300);
const MORE = Math.max(20, Math.floor(OPS / 5));
const CONCURRENCY = Number(process.env.CRASH_SPOT_CONCURRENCY ?? 8);
const SYMBOL = "btcusdt";
const USERS = [
  { name: "demo", password: "demo-pass-1", register: false },
  { name: "crash_b", password: "crash-pass-1", register: true },
  { name: "crash_c", password: "crash-pass-1", register: true },
];
const INVITE = "ONYXDEMO";
const FUND = { USDT: "1000000", BTC: "100" };
const DEPOSIT = {
  USDT: { coin: "usdt", symbol: "USDT-TRC20" },
  BTC: { coin: "btc", symbol: "BTC" },
};
/** Where BTC deposits go when the operator has set no address (a valid bech32). */
const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";
const ASSETS = ["USDT", "BTC"];
/** Prices within 25 USDT of MID, in steps of 0.25; see operation(). */
const MID_CENTS = 5_000_000;
const AGGRESSIVE_SHARE = 0.3;
const CANCEL_SHARE = 0.2;
const OPEN = ["open", "partial"];
const TERMINAL = ["filled", "cancelled", "rejected"];

const { call, must } = client(base);

function fail(message) {
  throw new Error(message);
}

function assert(ok, message) {
  if (!ok) fail(typeof message === "function" ? message() : message);
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0n);
const randInt = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const quantity = (lots) => `${Math.floor(lots / 10000)}.${String(lots % 10000).padStart(4, "0")}`;
function priceText(cents) {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
/** price x amount in 1e-8 units; exact at this pair's precision. */
function notional(price, amount) {
  const p = units(price) * units(amount);
  assert(p % SCALE === 0n, `${price} x ${amount} has more than 8 decimals`);
  return p / SCALE;
}
/** A fee as the server takes it: rate x amount rounded up to 8 decimals. */
function feeOf(amount, rate) {
  const p = units(amount) * units(rate);
  return (p + SCALE - 1n) / SCALE;
}
// ---------------------------------------------------------------- setup

async function setup() {
  const admin = await demoOperatorToken((path, body) => call("POST", path, { body }));
  const settings = await must("GET", "/api/admin/settings", { admin });
  // BTC deposits need an address to send to; the demo only opens USDT-TRC20.
  if (settings.ASSET_COIN.some((c) => c.coinName === "BTC" && !c.coinAddress)) {
    const coins = settings.ASSET_COIN.map((c) =>
      c.coinName === "BTC" && !c.coinAddress ? { ...c, coinAddress: BTC_ADDRESS } : c);
    await must("PUT", "/api/admin/settings/ASSET_COIN", {
      admin, body: { value: coins, reason: "crash test: BTC deposit address" },
    });
  }
  const list = await must("GET", "/api/common/getCoinList");
  const pair = list.currencyList.find((p) => p.symbol === SYMBOL) ?? fail(`no pair ${SYMBOL}`);
  assert(pair.basePrecision >= 2 && pair.coinPrecision >= 4,
    `${SYMBOL} precision ${pair.basePrecision}/${pair.coinPrecision}: the load needs 2 price and 4 quantity decimals`);
  assert(units(pair.orderMin) <= units("0.0001") && units(pair.buyMax) >= units("0.1") &&
    units(pair.orderMax) >= units("0.1"), `${SYMBOL} limits refuse the load's quantities`);

  const users = [];
  for (const u of USERS) {
    let token;
    if (u.register) {
      token = (await must("POST", "/api/user/register", {
        body: { type: "account", username: u.name, password: u.password, inviteCode: INVITE },
      })).satoken;
    } else {
      token = (await must("POST", "/api/user/login", {
        body: { type: "account", username: u.name, password: u.password },
      })).satoken;
    }
    for (const asset of ASSETS) {
      const deposit = await must("POST", "/api/recharge/payAddress", {
        token,
        body: { ...DEPOSIT[asset], amount: FUND[asset], txHash: randomBytes(32).toString("hex") },
      });
      await must("POST", `/api/admin/deposits/${deposit.id}/confirm`, {
        admin, body: { reason: "crash test funding" },
      });
    }
    users.push({ name: u.name, token });
  }

  const state = { admin, users, feeRate: pair.feeRate, initial: [], deposited: [] };
  for (const user of users) {
    const orders = await must("POST", `/api/currency/order/orderList?pageSize=1&symbol=${SYMBOL}`, { token: user.token });
    assert(orders.total === 0, `${user.name} has orders before the load`);
    const balances = await spotBalances(user.token);
    for (const asset of ASSETS) {
      assert(units(balances[asset].frozen) === 0n, `${user.name} has ${asset} frozen before the load`);
    }
    state.initial.push(balances);
    state.deposited.push(await deposited(user.token));
  }
  const depth = await must("GET", `/api/market/depth?symbol=${SYMBOL}&limit=100`);
  assert(depth.bids.length === 0 && depth.asks.length === 0, "the book is not empty before the load");
  writeFileSync(statePath, JSON.stringify(state));
  console.log(`setup: ${users.map((u, n) =>
    `${u.name} ${ASSETS.map((a) => `${state.initial[n][a].available} ${a}`).join(" + ")}`).join(", ")}; ` +
    `${SYMBOL} fee rate ${pair.feeRate}, precision ${pair.basePrecision}/${pair.coinPrecision}`);
}

/** The user's spot USDT and BTC, available and frozen. */
async function spotBalances(token) {
  const balances = await must("POST", "/api/asset/assetBalance", { token });
  const spot = balances.wallets.find((w) => w.wallet === "spot") ?? fail("no spot wallet");
  const out = {};
  for (const asset of ASSETS) {
    const row = spot.assets.find((a) => a.coin === asset);
    out[asset] = row ? { available: row.available, frozen: row.frozen } : { available: "0", frozen: "0" };
  }
  return out;
}

/** What the user's confirmed deposits credited per asset: the amounts
 * (from `external`) and any bonus (from `rewards`). */
async function deposited(token) {
  const rows = await pages((p) => `/api/recharge/list?pageNum=${p}&pageSize=100`, token);
  const out = Object.fromEntries(ASSETS.map((a) => [a, { amount: 0n, bonus: 0n }]));
  for (const d of rows) {
    if (d.status !== "confirmed") continue;
    assert(d.coin in out, `deposit of ${d.coin}`);
    out[d.coin].amount += units(d.amount);
    out[d.coin].bonus += units(d.bonus ?? "0");
  }
  return Object.fromEntries(ASSETS.map((a) => [a, { amount: show(out[a].amount), bonus: show(out[a].bonus) }]));
}

/** Every row of a paged list (read while nothing changes). */
async function pages(path, token, method = "GET") {
  const rows = [];
  for (let p = 1; ; p++) {
    const page = await must(method, path(p), { token });
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= page.total) {
      assert(rows.length === page.total, `${path(1)}: ${rows.length} rows of ${page.total}`);
      return rows;
    }
  }
}

// ---------------------------------------------------------------- load

/** Orders acknowledged open, candidates for a cancel: [user, id]. */
const cancellable = [];

/** The i-th operation: a cancel of an acknowledged open order, or a limit order. */
function operation(i, stage) {
  if (cancellable.length > 0 && Math.random() < CANCEL_SHARE) {
    const [user, id] = cancellable.splice(randInt(0, cancellable.length - 1), 1)[0];
    return { i, stage, kind: "cancel", user, id };
  }
  const user = randInt(0, USERS.length - 1);
  const side = Math.random() < 0.5 ? "buy" : "sell";
  // Most orders rest on their own side of MID; some reach across it,
  // sweep a few levels and rest with what is left (a buy filled below its
  // limit keeps the difference frozen).
  const aggressive = Math.random() < AGGRESSIVE_SHARE;
  const reach = aggressive ? randInt(0, 100) : -randInt(1, 100); // quarters of a USDT
  const offset = side === "buy" ? reach : -reach;
  const lots = aggressive ? randInt(1, 1000) : randInt(1, 500);
  const r = Math.random();
  const body = {
    symbol: SYMBOL,
    side,
    type: "limit",
    timeInForce: r < 0.1 ? "ioc" : r < 0.2 ? "post_only" : "gtc",
    price: priceText(MID_CENTS + offset * 25),
    amount: quantity(lots),
  };
  return { i, stage, kind: "submit", user, key: `spot-${i}-${randomBytes(6).toString("hex")}`, body };
}

function send(state, op) {
  const token = state.users[op.user].token;
  if (op.kind === "cancel") {
    return call("POST", `/api/currency/order/cancelOrder?id=${op.id}`, { token });
  }
  return call("POST", "/api/currency/order/submit", { token, key: op.key, body: op.body });
}

/** Sends `count` operations from index `first`; SIGKILLs `pid` at half, if given. */
async function drive(state, first, count, stage, pid) {
  const killAt = Math.max(1, Math.floor(count / 2));
  let next = first;
  const end = first + count;
  const tally = { submits: 0, cancels: 0, acked: 0, lost: 0, codes: {} };
  let killed = false;
  let killing = null;
  const started = Date.now();
  async function worker() {
    while (next < end) {
      const op = operation(next++, stage);
      appendFileSync(logPath, JSON.stringify({ sent: op }) + "\n");
      tally[op.kind === "cancel" ? "cancels" : "submits"] += 1;
      let reply;
      try {
        reply = await send(state, op);
      } catch (e) {
        tally.lost += 1; // in flight at the kill, or sent after it
        if (killed) return;
        if (!pid) throw new Error(`op ${op.i}: ${e.message} (no kill in this stage)`);
        continue;
      }
      appendFileSync(logPath, JSON.stringify({ ack: op.i, code: reply.code, data: reply.data }) + "\n");
      tally.acked += 1;
      const code = `${op.kind} ${reply.code}`;
      tally.codes[code] = (tally.codes[code] ?? 0) + 1;
      if (op.kind === "submit" && reply.code === 200 && OPEN.includes(reply.data.status)) {
        cancellable.push([op.user, reply.data.id]);
      }
      if (pid && tally.acked >= killAt && !killed) {
        // A few milliseconds later, not right at an answer, so the kill
        // also lands between a commit and its answers now and then.
        killed = true;
        killing = new Promise((done) => setTimeout(() => {
          process.kill(pid, "SIGKILL");
          done();
        }, randInt(0, 3)));
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await killing;
  tally.ms = Date.now() - started;
  tally.sent = next - first;
  if (pid && !killed) throw new Error("the load ended before the kill");
  return { tally, killAt };
}

async function load() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const pid = Number(process.env.CRASH_PID) || fail("CRASH_PID is not set");
  const { tally: t, killAt } = await drive(state, 0, OPS, "load", pid);
  console.log(`load: ${t.sent} sent (${t.submits} submits, ${t.cancels} cancels), ${t.acked} acknowledged ` +
    `${JSON.stringify(t.codes)}, ${t.lost} without answer, server SIGKILLed 0-3 ms after ${killAt} acks, ${t.ms} ms`);
}

async function more() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  // Cancel candidates: what is open now.
  for (const [n, user] of state.users.entries()) {
    const open = await pages((p) =>
      `/api/currency/order/orderList?pageNum=${p}&pageSize=100&symbol=${SYMBOL}&status=open`, user.token, "POST");
    for (const o of open) cancellable.push([n, o.id]);
  }
  const first = readLog().sent.size;
  const { tally: t } = await drive(state, first, MORE, "more", 0);
  console.log(`more: ${t.sent} sent after the restart (${t.submits} submits, ${t.cancels} cancels), ` +
    `${t.acked} acknowledged ${JSON.stringify(t.codes)}, ${t.ms} ms`);
}

// ---------------------------------------------------------------- checks

function readLog() {
  const sent = new Map();
  const acks = new Map();
  for (const line of readFileSync(logPath, "utf8").split("\n")) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.sent) sent.set(entry.sent.i, entry.sent);
    else acks.set(entry.ack, entry); // a retry's answer replaces "no answer"
  }
  return { sent, acks };
}

/** Everything the users can see, read while nothing trades. */
async function snapshot(state) {
  const users = [];
  for (const user of state.users) {
    users.push({
      orders: await pages((p) =>
        `/api/currency/order/orderList?pageNum=${p}&pageSize=100&symbol=${SYMBOL}`, user.token, "POST"),
      trades: await pages((p) => `/api/record/currency?pageNum=${p}&pageSize=100&symbol=${SYMBOL}`, user.token),
      fees: await pages((p) => `/api/record/financial?pageNum=${p}&pageSize=100&type=trade_fee`, user.token),
      balances: await spotBalances(user.token),
    });
  }
  const depth = await must("GET", `/api/market/depth?symbol=${SYMBOL}&limit=100`);
  return { users, depth };
}

/**
 * What the log says about each order: the views acknowledged for it (its
 * submit's answer, a cancel's answer), and which orders had a cancel sent
 * or answered "not open" (-6).
 */
function history(log) {
  const orders = new Map(); // id -> { user, views: [] }
  const cancelSent = new Set();
  const cancelNotOpen = new Set();
  const submits = [];
  for (const [i, op] of log.sent) {
    const ack = log.acks.get(i);
    if (op.kind === "cancel") {
      cancelSent.add(op.id);
      if (ack && ack.code === -6) cancelNotOpen.add(op.id);
      if (ack && ack.code === 200) {
        assert(ack.data.id === op.id && ack.data.status === "cancelled" && ack.data.cancelReason === "user",
          `cancel of order ${op.id} answered ${JSON.stringify(ack.data)}`);
      }
    }
    if (!ack || ack.code !== 200) continue;
    if (op.kind === "submit") submits.push({ op, data: ack.data });
    const entry = orders.get(ack.data.id) ?? { user: op.user, views: [] };
    assert(entry.user === op.user, `order ${ack.data.id} acknowledged to two users`);
    entry.views.push(ack.data);
    orders.set(ack.data.id, entry);
  }
  return { orders, cancelSent, cancelNotOpen, submits };
}

/**
 * Checks one snapshot against the rules and the log. `unknown` is how many
 * orders per user may be missing from the log (unanswered submits not yet
 * retried). Returns figures for the report.
 */
function check(state, snap, hist, { unknown = null, audit = null } = {}) {
  const rate = state.feeRate;
  const byId = new Map();
  const userOf = new Map();
  for (const [n, u] of snap.users.entries()) {
    for (const o of u.orders) {
      assert(!byId.has(o.id), `order ${o.id} listed twice`);
      byId.set(o.id, o);
      userOf.set(o.id, n);
    }
  }

  // Every order listed is one the log acknowledged, or (before the retries)
  // one of the unanswered submits of its user.
  const strangers = state.users.map(() => 0);
  for (const [id, n] of userOf) {
    const known = hist.orders.get(id);
    if (known) assert(known.user === n, `order ${id} acknowledged to user ${known.user}, listed for ${n}`);
    else strangers[n] += 1;
  }
  for (const [n, count] of strangers.entries()) {
    const allowed = unknown ? unknown[n] : 0;
    assert(count <= allowed,
      `${state.users[n].name} has ${count} orders no acknowledged submit made (at most ${allowed} unanswered)`);
  }

  // Trades: both sides among our users, the same figures on both, the maker
  // older than the taker and at the maker's price, fees as the rule says.
  const trades = new Map(); // id -> [view, user]
  const perOrder = new Map(); // order id -> {amount, total, fee}
  for (const [n, u] of snap.users.entries()) {
    for (const t of u.trades) {
      const list = trades.get(t.id) ?? [];
      list.push([t, n]);
      trades.set(t.id, list);
      assert(userOf.get(t.orderId) === n, `trade ${t.id} names order ${t.orderId}, not one of ${state.users[n].name}'s`);
      const acc = perOrder.get(t.orderId) ?? { amount: 0n, total: 0n, fee: 0n };
      acc.amount += units(t.amount);
      acc.total += units(t.total);
      acc.fee += units(t.fee);
      perOrder.set(t.orderId, acc);
    }
  }
  const fees = { USDT: 0n, BTC: 0n };
  for (const [id, list] of trades) {
    assert(list.length === 2, `trade ${id} seen ${list.length} times (every trade has both sides among the users)`);
    const buy = list.find(([t]) => t.side === "buy");
    const sell = list.find(([t]) => t.side === "sell");
    assert(buy && sell && buy[1] !== sell[1], `trade ${id}: sides ${JSON.stringify(list)}`);
    const [b, s] = [buy[0], sell[0]];
    for (const f of ["symbol", "price", "amount", "total", "createTime"]) {
      assert(b[f] === s[f], `trade ${id}: ${f} ${b[f]} (buyer) vs ${s[f]} (seller)`);
    }
    assert(notional(b.price, b.amount) === units(b.total), `trade ${id}: total ${b.total} is not ${b.price} x ${b.amount}`);
    const maker = b.role === "maker" ? b : s;
    const taker = b.role === "maker" ? s : b;
    assert(maker.role === "maker" && taker.role === "taker", `trade ${id}: roles ${b.role}/${s.role}`);
    assert(maker.orderId < taker.orderId, `trade ${id}: maker order ${maker.orderId} is newer than taker ${taker.orderId}`);
    const makerOrder = byId.get(maker.orderId);
    const takerOrder = byId.get(taker.orderId);
    assert(units(makerOrder.price) === units(b.price), `trade ${id} at ${b.price}, maker's price ${makerOrder.price}`);
    const worse = taker.side === "buy"
      ? units(takerOrder.price) >= units(b.price)
      : units(takerOrder.price) <= units(b.price);
    assert(worse, `trade ${id} at ${b.price} beyond taker ${taker.orderId}'s limit ${takerOrder.price}`);
    assert(b.feeCoin === "BTC" && s.feeCoin === "USDT", `trade ${id}: fee coins ${b.feeCoin}/${s.feeCoin}`);
    assert(units(b.fee) === feeOf(b.amount, rate), `trade ${id}: buyer fee ${b.fee}, rule ${show(feeOf(b.amount, rate))}`);
    assert(units(s.fee) === feeOf(s.total, rate), `trade ${id}: seller fee ${s.fee}, rule ${show(feeOf(s.total, rate))}`);
    fees.BTC += units(b.fee);
    fees.USDT += units(s.fee);
  }

  // Each order: its status fits its fills, and its fills are its trades.
  let open = 0;
  const statuses = {};
  const levels = { buy: new Map(), sell: new Map() };
  const frozen = snap.users.map(() => ({ USDT: 0n, BTC: 0n }));
  for (const [id, o] of byId) {
    const n = userOf.get(id);
    statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    const amount = units(o.amount);
    const filled = units(o.filledAmount);
    const t = perOrder.get(id) ?? { amount: 0n, total: 0n, fee: 0n };
    const what = `order ${id} (${o.side} ${o.amount} @ ${o.price} ${o.timeInForce}, ${o.status}, filled ${o.filledAmount})`;
    assert(o.symbol === SYMBOL && o.type === "limit", `${what}: not a ${SYMBOL} limit order`);
    assert(t.amount === filled && t.total === units(o.filledTotal) && t.fee === units(o.fee),
      `${what}: filled ${o.filledAmount}/${o.filledTotal} fee ${o.fee}, its trades ${show(t.amount)}/${show(t.total)} fee ${show(t.fee)}`);
    assert(filled <= amount, `${what}: overfilled`);
    const atLimit = notional(o.price, o.filledAmount);
    assert(o.side === "buy" ? units(o.filledTotal) <= atLimit : units(o.filledTotal) >= atLimit,
      `${what}: filled total ${o.filledTotal} beyond its limit`);
    assert((o.status === "cancelled") === (o.cancelReason !== null), `${what}: cancel reason ${o.cancelReason}`);
    switch (o.status) {
      case "open": assert(filled === 0n, `${what}: open with fills`); break;
      case "partial": assert(filled > 0n && filled < amount, `${what}: not partial`); break;
      case "filled": assert(filled === amount, `${what}: not filled`); break;
      case "cancelled": assert(filled < amount, `${what}: cancelled when filled`); break;
      default: fail(`${what}: status ${o.status}`);
    }
    if (o.timeInForce === "ioc") assert(!OPEN.includes(o.status), `${what}: an ioc order rests`);
    if (o.cancelReason === "would_take") assert(o.timeInForce === "post_only" && filled === 0n, `${what}: would_take`);
    if (o.cancelReason === "unfilled") assert(o.timeInForce === "ioc", `${what}: unfilled`);
    if (OPEN.includes(o.status)) {
      open += 1;
      const side = levels[o.side];
      const price = units(o.price);
      side.set(price, (side.get(price) ?? 0n) + amount - filled);
      // What an open order holds: a buy its limit price x amount less what
      // its fills paid (a fill below the limit leaves the difference frozen
      // until the order ends), a sell its unfilled amount.
      if (o.side === "buy") frozen[n].USDT += notional(o.price, o.amount) - units(o.filledTotal);
      else frozen[n].BTC += amount - filled;
    }
  }

  // Against the log: every acknowledged order is listed, at least as far
  // along as each acknowledged view of it.
  let followed = 0;
  for (const [id, { user, views }] of hist.orders) {
    const now = byId.get(id) ?? fail(`acknowledged order ${id} of ${state.users[user].name} is not in orderList`);
    assert(userOf.get(id) === user, `order ${id} listed for another user`);
    for (const then of views) {
      progressed(id, now, then, hist, byId, userOf);
      followed += 1;
    }
    if (hist.cancelNotOpen.has(id)) {
      assert(TERMINAL.includes(now.status), `order ${id}: a cancel found it not open, now ${now.status}`);
    }
  }

  // The book is the open orders, level by level.
  const expect = (side) => [...levels[side]]
    .sort(([a], [b]) => (side === "buy" ? (a < b ? 1 : -1) : (a < b ? -1 : 1)))
    .slice(0, 100)
    .map(([p, q]) => [p, q]);
  const got = (rows) => rows.map(([p, q]) => [units(p), units(q)]);
  for (const [side, rows] of [["buy", snap.depth.bids], ["sell", snap.depth.asks]]) {
    const want = expect(side);
    const have = got(rows);
    if (!isDeepStrictEqual(want, have)) {
      const fmt = (l) => l.map(([p, q]) => `${show(p)}:${show(q)}`).join(" ");
      fail(`the book's ${side} side is not the open orders:\n  depth  ${fmt(have)}\n  orders ${fmt(want)}`);
    }
  }
  if (snap.depth.bids.length && snap.depth.asks.length) {
    assert(units(snap.depth.bids[0][0]) < units(snap.depth.asks[0][0]),
      `crossed book: bid ${snap.depth.bids[0][0]} ask ${snap.depth.asks[0][0]}`);
  }

  // Balances: frozen is exactly what open orders hold; each user's total is
  // the start plus its trades; all together, the deposits less the fees.
  const totals = { USDT: 0n, BTC: 0n };
  const deposited = { USDT: 0n, BTC: 0n };
  const bonus = { USDT: 0n, BTC: 0n };
  const inUsers = { USDT: { available: 0n, frozen: 0n }, BTC: { available: 0n, frozen: 0n } };
  for (const [n, u] of snap.users.entries()) {
    const name = state.users[n].name;
    const start = state.initial[n];
    const change = { USDT: 0n, BTC: 0n };
    for (const t of u.trades) {
      if (t.side === "buy") {
        change.BTC += units(t.amount) - units(t.fee);
        change.USDT -= units(t.total);
      } else {
        change.BTC -= units(t.amount);
        change.USDT += units(t.total) - units(t.fee);
      }
    }
    const recorded = { USDT: 0n, BTC: 0n };
    for (const r of u.fees) {
      assert(r.to === "fees" && r.reference.startsWith("spot:trade:"), `fee record ${JSON.stringify(r)}`);
      recorded[r.coin] += units(r.amount);
    }
    for (const asset of ASSETS) {
      const b = u.balances[asset];
      assert(units(b.available) >= 0n, `${name}: ${asset} available ${b.available}`);
      assert(units(b.frozen) === frozen[n][asset],
        `${name}: ${asset} frozen ${b.frozen}, open orders hold ${show(frozen[n][asset])}`);
      const want = units(start[asset].available) + units(start[asset].frozen) + change[asset];
      const have = units(b.available) + units(b.frozen);
      assert(have === want, `${name}: ${asset} ${show(have)}, start and trades make ${show(want)}`);
      const paid = u.trades.filter((t) => t.feeCoin === asset).map((t) => units(t.fee));
      assert(recorded[asset] === sum(paid),
        `${name}: ${asset} fee postings ${show(recorded[asset])}, trade fees ${show(sum(paid))}`);
      totals[asset] += have;
      deposited[asset] += units(state.deposited[n][asset].amount) + units(state.deposited[n][asset].bonus);
      bonus[asset] += units(state.deposited[n][asset].bonus);
      inUsers[asset].available += units(b.available);
      inUsers[asset].frozen += units(b.frozen);
    }
  }
  for (const asset of ASSETS) {
    assert(totals[asset] === deposited[asset] - fees[asset],
      `${asset}: users hold ${show(totals[asset])}, deposits ${show(deposited[asset])} less fees ${show(fees[asset])} make ${show(deposited[asset] - fees[asset])}`);
  }
  if (audit) checkAudit(audit, { fees, deposited, bonus, inUsers });

  return {
    orders: byId.size, open, statuses, levels: levels.buy.size + levels.sell.size,
    trades: trades.size, followed, fees, totals, frozen: inUsers,
  };
}

/** `now` is `then` (an acknowledged view of order `id`), or later. */
function progressed(id, now, then, hist, byId, userOf) {
  const what = () => `order ${id}: acknowledged ${JSON.stringify(then)}, now ${JSON.stringify(now)}`;
  for (const f of ["id", "symbol", "side", "type", "timeInForce", "price", "amount", "total", "feeCoin", "createTime"]) {
    assert(now[f] === then[f], () => `${f} differs: ${what()}`);
  }
  if (TERMINAL.includes(then.status)) {
    // An order that ended never changes again.
    assert(isDeepStrictEqual(now, then), () => `changed after the order ended: ${what()}`);
    return;
  }
  // Open or partial when acknowledged: fills only grow.
  assert(units(now.filledAmount) >= units(then.filledAmount) && units(now.filledTotal) >= units(then.filledTotal) &&
    units(now.fee) >= units(then.fee), () => `fills went back: ${what()}`);
  if (now.status === "open") assert(then.status === "open", () => `partial became open: ${what()}`);
  if (now.status === "cancelled") {
    if (now.cancelReason === "user") {
      assert(hist.cancelSent.has(id), () => `cancelled by the user, but no cancel was sent: ${what()}`);
    } else if (now.cancelReason === "self_trade") {
      // Self-trade prevention cancels the resting order when a newer order
      // of the same user on the other side reaches its price.
      const n = userOf.get(id);
      const taker = [...byId.values()].find((o) => userOf.get(o.id) === n && o.id > id && o.side !== now.side &&
        (now.side === "sell" ? units(o.price) >= units(now.price) : units(o.price) <= units(now.price)));
      assert(taker, () => `cancelled as a self-trade with no newer crossing order of the user: ${what()}`);
    } else {
      fail(`an order acknowledged resting was cancelled (${now.cancelReason}): ${what()}`);
    }
  }
}

/** `onyx audit`'s table: fees, deposits and user balances per asset. */
function checkAudit(text, { fees, deposited, bonus, inUsers }) {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const header = lines.find((l) => l.startsWith("asset "));
  assert(header, `no table in the audit output:\n${text}`);
  const cols = header.replace("user available", "user_available").replace("user frozen", "user_frozen").split(/\s+/);
  const rows = new Map();
  for (const l of lines) {
    const cells = l.split(/\s+/);
    if (cells.length === cols.length && /^[A-Z]+$/.test(cells[0])) {
      rows.set(cells[0], Object.fromEntries(cols.map((c, k) => [c, cells[k]])));
    }
  }
  for (const asset of ASSETS) {
    const row = rows.get(asset) ?? fail(`no ${asset} row in the audit output:\n${text}`);
    // The demo funds its finance house from outside too: what left
    // `external` is the users' deposits and that funding.
    const houseFinance = "house_finance" in row ? units(row.house_finance) : 0n;
    const want = {
      fees: fees[asset], external: -(deposited[asset] - bonus[asset]) - houseFinance, rewards: -bonus[asset],
      user_available: inUsers[asset].available, user_frozen: inUsers[asset].frozen,
      house: 0n, sum: 0n,
    };
    for (const [col, value] of Object.entries(want)) {
      assert(col in row, `audit has no column ${col}: ${header}`);
      assert(units(row[col]) === value, `audit ${asset} ${col} ${row[col]}, the users' records make ${show(value)}`);
    }
  }
}

/** Re-sends every acknowledged submit (each returns its stored answer) and
 * every acknowledged cancel (now -6: nothing is released twice). */
async function replay(state, log) {
  let submits = 0;
  let cancels = 0;
  const refusals = {};
  const unanswered = [];
  for (const [i, op] of log.sent) {
    const ack = log.acks.get(i);
    if (!ack) {
      if (op.kind === "submit") unanswered.push(op);
      continue;
    }
    if (ack.code !== 200) {
      const k = `${op.kind} ${ack.code}`;
      refusals[k] = (refusals[k] ?? 0) + 1;
      continue; // a refusal stored nothing; the client gave up on it
    }
    const reply = await send(state, op);
    if (op.kind === "submit") {
      if (reply.code !== 200 || !isDeepStrictEqual(reply.data, ack.data)) {
        fail(`op ${i} (${op.key}) acknowledged ${JSON.stringify(ack.data)} but now answers ${reply.code} ${JSON.stringify(reply.data)}`);
      }
      submits += 1;
    } else {
      assert(reply.code === -6, `cancel of order ${op.id} acknowledged, a second cancel answers ${reply.code} ${JSON.stringify(reply.data)}`);
      cancels += 1;
    }
  }
  return { submits, cancels, refusals, unanswered };
}

function readAudit() {
  return auditPath ? readFileSync(auditPath, "utf8") : null;
}

function figures(f) {
  return `${f.orders} orders ${JSON.stringify(f.statuses)}, ${f.followed} acknowledged views followed, ` +
    `book ${f.open} open orders on ${f.levels} levels = depth, ${f.trades} trades, ` +
    `fees ${show(f.fees.USDT)} USDT + ${show(f.fees.BTC)} BTC; users hold ${show(f.totals.USDT)} USDT ` +
    `(${show(f.frozen.USDT.frozen)} frozen) and ${show(f.totals.BTC)} BTC (${show(f.frozen.BTC.frozen)} frozen)`;
}

async function verify() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const started = Date.now();
  const log = readLog();
  const r = await replay(state, log);

  // Before the retries: the unanswered submits may or may not have committed.
  const unknown = state.users.map((_, n) => r.unanswered.filter((op) => op.user === n).length);
  const before = await snapshot(state);
  const f1 = check(state, before, history(log), { unknown, audit: readAudit() });
  console.log(`verify: ${r.submits} acknowledged submits replayed identically, ${r.cancels} acknowledged cancels ` +
    `answer -6 again, acknowledged refusals ${JSON.stringify(r.refusals)}`);
  console.log(`verify: after the restart ${figures(f1)}; onyx audit agrees`);

  // The unanswered submits, retried with their keys: one that committed
  // before the kill answers its stored order, one that did not runs now.
  const listed = new Set(before.users.flatMap((u) => u.orders.map((o) => o.id)));
  const maxListed = Math.max(0, ...listed);
  const resolved = { committed: 0, executed: 0, refused: {} };
  for (const op of r.unanswered) {
    const reply = await send(state, op);
    appendFileSync(logPath, JSON.stringify({ ack: op.i, code: reply.code, data: reply.data, retry: true }) + "\n");
    if (reply.code !== 200) {
      resolved.refused[reply.code] = (resolved.refused[reply.code] ?? 0) + 1;
    } else if (listed.has(reply.data.id)) {
      resolved.committed += 1;
    } else {
      assert(reply.data.id > maxListed, `retry of op ${op.i} answers order ${reply.data.id}, older than the restart's orders but not listed`);
      resolved.executed += 1;
    }
  }
  const after = await snapshot(state);
  const f2 = check(state, after, history(readLog()));
  console.log(`verify: ${r.unanswered.length} unanswered submits retried: ${resolved.committed} had committed before the kill, ` +
    `${resolved.executed} ran now, refused ${JSON.stringify(resolved.refused)}; no order without an acknowledged submit`);
  console.log(`verify: after the retries ${figures(f2)}; ${Date.now() - started} ms`);
}

async function final() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const started = Date.now();
  const log = readLog();
  const r = await replay(state, log);
  assert(r.unanswered.length === 0, `${r.unanswered.length} submits without an answer after the restart`);
  const f = check(state, await snapshot(state), history(log), { audit: readAudit() });
  console.log(`final: ${r.submits} acknowledged submits replayed identically, ${r.cancels} cancels answer -6 again; ` +
    `${figures(f)}; onyx audit agrees; ${Date.now() - started} ms`);
}

const phases = { setup, load, verify, more, final };
if (!phases[phase]) {
  console.error("usage: crash-spot-load.mjs setup|load|verify|more|final <base-url> <state.json> [log] [audit.txt]");
  process.exit(64);
}
phases[phase]().catch((e) => {
  console.error(`crash-spot ${phase} FAILED: ${e.message}`);
  process.exit(1);
});
