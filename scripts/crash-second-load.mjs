// The client half of scripts/crash-second.sh. Phases, each its own run:
//
//   setup  <base> <state.json>        an operator adds a 5 s period on btc;
//                                     a new user is funded with USDT by a
//                                     confirmed deposit
//   load   <base> <state.json> <log>  orders on that period, a few a second,
//                                     each with an Idempotency-Key, for
//                                     CRASH_SECOND_SECONDS; then SIGKILLs the
//                                     server (CRASH_PID) mid-stream
//   verify <base> <state.json> <log>  after the restart: every request re-sent
//                                     with its key, every order settled once
//                                     and paid as published, the money exact
//
// The log is append-only JSON lines, written synchronously: a line is on
// disk before the next request goes out.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { checks, client, show, sleep, units } from "./crash-common.mjs";
import { demoOperatorToken } from "./demo-operator.mjs";

const [phase, base, statePath, logPath] = process.argv.slice(2);
const SECONDS = Number(process.env.CRASH_SECOND_SECONDS ?? 6);
const EVERY_MS = 160;
const PERIOD = 5;
const OPTION_PERIOD = 10;
const ODDS = "0.1";
const { call, must } = client(base);

const { fail, assert } = checks("crash-second");

async function usdt(token) {
  const balances = await must("POST", "/api/asset/assetBalance", { token });
  const spot = balances.wallets.find((w) => w.wallet === "spot") ?? fail("no spot wallet");
  const row = spot.assets.find((a) => a.coin === "USDT");
  return row ? { available: row.available, frozen: row.frozen } : { available: "0", frozen: "0" };
}

async function setup() {
  const admin = await demoOperatorToken((path, body) => call("POST", path, { body }));
  const list = await must("GET", "/api/common/getCoinList");
  const btc = list.coinList.find((c) => c.coin === "btc") ?? fail("no btc in the coin list");
  const period = await must("POST", "/api/admin/second-contracts/periods", {
    admin,
    body: { coinId: btc.id, period: PERIOD, odds: ODDS, minAmount: "1", maxAmount: "100",
            flag: true, reason: "crash test: a short period" },
  });
  const pair = list.optionList.find((o) => o.coin === "btc") ?? fail("no btc in the option list");
  const optionPeriod = await must("POST", "/api/admin/options/periods", {
    admin,
    body: { optionId: pair.id, period: OPTION_PERIOD, cutoff: 1, odds: ODDS, minAmount: "1", maxAmount: "100",
            flag: true, reason: "crash test: a short option period" },
  });
  const token = (await must("POST", "/api/user/register", {
    body: { type: "account", username: "crash_s", password: "crash-pass-1", inviteCode: "ONYXDEMO" },
  })).satoken;
  await must("POST", "/api/secondContractOrder/disclosure", { token, body: { version: 1 } });
  await must("POST", "/api/optionContract/disclosure", { token, body: { version: 1 } });
  const deposit = await must("POST", "/api/recharge/payAddress", {
    token,
    body: { coin: "usdt", symbol: "USDT-TRC20", amount: "10000", txHash: randomBytes(32).toString("hex") },
  });
  await must("POST", `/api/admin/deposits/${deposit.id}/confirm`, { admin, body: { reason: "crash test funding" } });
  const initial = await usdt(token);
  assert(units(initial.frozen) === 0n, "USDT frozen before the load");
  writeFileSync(statePath, JSON.stringify({ token, periodId: period.id, optionPeriodId: optionPeriod.id, initial }));
  console.log(`setup: second-contract period ${period.id} (${PERIOD} s), option period ${optionPeriod.id} ` +
    `(${OPTION_PERIOD} s issues, 1 s cutoff), ${ODDS}, full loss; crash_s holds ${initial.available} USDT`);
}

function log(line) {
  appendFileSync(logPath, JSON.stringify(line) + "\n");
}

// Orders alternate between the two products; each replays through its own.
const PATHS = {
  second: "/api/secondContractOrder/createSecondContractOrder",
  option: "/api/optionContract/createOrder",
};

function place(state, op) {
  return call("POST", PATHS[op.product], { token: state.token, key: op.key, body: op.body });
}

async function load() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const pid = Number(process.env.CRASH_PID) || fail("CRASH_PID is not set");
  const started = Date.now();
  const codes = {};
  let i = 0;
  let acked = 0;
  let killed = false;
  for (;;) {
    if (!killed && Date.now() - started >= SECONDS * 1000) {
      process.kill(pid, "SIGKILL");
      killed = true;
    }
    const cents = 100 + Math.floor(Math.random() * 1900);
    const product = i % 2 === 0 ? "second" : "option";
    const body = product === "second"
      ? {
        betContent: Math.random() < 0.5 ? "1" : "0",
        betAmount: show(BigInt(cents) * 1_000_000n),
        periodId: state.periodId,
        symbol: "btcusdt", coinSymbol: "btc", baseSymbol: "usdt",
      }
      : { betContent: Math.random() < 0.5 ? "1" : "0", betAmount: show(BigInt(cents) * 1_000_000n), periodId: state.optionPeriodId };
    const op = { i, product, key: `${product}-${i}-${randomBytes(6).toString("hex")}`, body };
    log({ sent: op });
    i += 1;
    let r;
    try {
      r = await place(state, op);
    } catch {
      break; // the server is gone
    }
    codes[r.code] = (codes[r.code] ?? 0) + 1;
    if (r.code === 200) {
      acked += 1;
      log({ acked: op.key, product, id: r.data.id, stake: r.data.betAmount, closeTime: r.data.closeTime });
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
    if (entry.acked) acked.set(entry.acked, entry);
  }
  return { sent, acked };
}

/** Every settled order of both products, by "product:id" (the paged histories). */
async function settled(token) {
  const rows = new Map();
  let total = 0;
  for (const product of ["second", "option"]) {
    for (let page = 1; ; page += 1) {
      const p = await must("GET", `/api/record/${product}?pageNum=${page}&pageSize=100`, { token });
      for (const o of p.rows) {
        const key = `${product}:${o.id}`;
        assert(!rows.has(key), `order ${key} listed twice`);
        rows.set(key, { ...o, product });
      }
      if (p.rows.length < 100) {
        total += p.total;
        break;
      }
    }
  }
  return { rows, total };
}

async function verify() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const { sent, acked } = readLog();
  // Every request again with its key: an acknowledged one is itself; one
  // that was never answered either was committed (and comes back) or is
  // placed now.
  const ours = new Set();
  let retried = 0;
  for (const op of sent) {
    let r;
    for (let attempt = 0; ; attempt += 1) {
      r = await place(state, op);
      // Right after a restart the tape may have no fresh tick yet; an
      // option's issue may be in its last second, closed for entry.
      if ((r.code !== -6003 && r.code !== -6009) || attempt > 50) break;
      await sleep(100);
    }
    const ack = acked.get(op.key);
    if (ack) {
      assert(r.code === 200 && r.data.id === ack.id,
        `acknowledged order ${ack.id} (key ${op.key}) replayed as ${JSON.stringify(r)}`);
    }
    if (r.code === 200) {
      ours.add(`${op.product}:${r.data.id}`);
      if (!ack) retried += 1;
    }
  }
  // Wait until nothing is open.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const open = (await must("POST", "/api/secondContractOrder/selectOrderList", { token: state.token, body: { status: 0 } })).length +
      (await must("POST", "/api/optionContract/orderList", { token: state.token, body: { isHistory: 0 } })).length;
    if (open === 0) break;
    assert(Date.now() < deadline, `${open} orders still open a minute after the restart`);
    await sleep(500);
  }
  const { rows, total } = await settled(state.token);
  assert(total === ours.size && rows.size === ours.size,
    `${ours.size} orders placed, ${rows.size} settled (total ${total})`);
  const results = { 1: 0, 2: 0, 3: 0, 4: 0 };
  let staked = 0n;
  let paid = 0n;
  let fees = 0n;
  for (const id of ours) {
    const o = rows.get(id) ?? fail(`order ${id} is not settled`);
    assert(o.status === 1 && o.openResult in results, `order ${id}: status ${o.status}, result ${o.openResult}`);
    results[o.openResult] += 1;
    const stake = units(o.betAmount);
    // An option's fee: 1 % of the stake rounded up, back only on a void.
    const fee = o.product === "option" ? (stake + 99n) / 100n : 0n;
    assert(o.product === "second" || units(o.feeAmount) === fee, `order ${id}: fee ${o.feeAmount} on ${o.betAmount}`);
    fees += fee;
    const expected = { 1: stake + stake / 10n, 2: 0n, 3: stake, 4: stake + fee }[o.openResult];
    assert(units(o.rewardAmount) === expected,
      `order ${id}: result ${o.openResult} on ${o.betAmount} paid ${o.rewardAmount}`);
    assert((o.openResult === 4) === (o.closePrice === null), `order ${id}: a close price exactly when not void`);
    if (o.openResult === 1) assert(o.direction === "up" ? units(o.closePrice) > units(o.openPrice) : units(o.closePrice) < units(o.openPrice), `order ${id} won the wrong way`);
    if (o.openResult === 2) assert(o.direction === "up" ? units(o.closePrice) < units(o.openPrice) : units(o.closePrice) > units(o.openPrice), `order ${id} lost the wrong way`);
    if (o.closeTickTime !== null) {
      assert(o.closeTickTime < o.closeTime && o.closeTime - o.closeTickTime <= 2000,
        `order ${id} closed on a tick at ${o.closeTickTime} for ${o.closeTime}`);
    }
    staked += stake;
    paid += units(o.rewardAmount);
  }
  const now = await usdt(state.token);
  assert(units(now.frozen) === 0n, `${now.frozen} USDT still frozen`);
  assert(units(now.available) === units(state.initial.available) - staked - fees + paid,
    `USDT ${now.available}: started ${state.initial.available}, staked ${show(staked)}, fees ${show(fees)}, paid ${show(paid)}`);
  console.log(`verify: ${acked.size} acknowledged came back as themselves, ${retried} not acknowledged placed on retry; ` +
    `${ours.size} settled once: ${results[1]} won, ${results[2]} lost, ${results[3]} draw, ${results[4]} void; ` +
    `staked ${show(staked)}, fees ${show(fees)}, paid ${show(paid)} USDT, nothing frozen`);
}

const phases = { setup, load, verify };
(phases[phase] ?? (() => fail(`unknown phase ${phase}`)))().catch((e) => fail(e.stack ?? String(e)));
