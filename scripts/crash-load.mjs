// The client half of scripts/crash.sh. Three phases, each its own run:
//
//   setup  <base> <state.json>          sign in the demo user and operator,
//                                       open withdrawals, fund by a confirmed deposit
//   load   <base> <state.json> <log>    CRASH_OPS transfers and withdrawal submits
//                                       with Idempotency-Keys; SIGKILLs the server
//                                       (CRASH_PID) once half are acknowledged
//   verify <base> <state.json> <log>    after the restart: re-send every operation
//                                       with its key and check the balances
//
// The log is append-only JSON lines, written synchronously: a line is on
// disk before the next request goes out, so what it records as
// acknowledged really was acknowledged before the kill.

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { client, show, units } from "./crash-common.mjs";
import { demoOperatorToken } from "./demo-operator.mjs";

const [phase, base, statePath, logPath] = process.argv.slice(2);
const OPS = Number(process.env.CRASH_OPS ?? 300);
const CONCURRENCY = Number(process.env.CRASH_CONCURRENCY ?? 8);
const FUND = "1000000";
const CHANNEL = "USDT-TRC20";
const ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";

const { call, must } = client(base);

async function setup() {
  const user = await must("POST", "/api/user/login", {
    body: { type: "account", username: "demo", password: "demo-pass-1" },
  });
  const admin = await demoOperatorToken((path, body) => call("POST", path, { body }));
  const settings = await must("GET", "/api/admin/settings", { admin });
  const put = (key, fields) =>
    must("PUT", `/api/admin/settings/${key}`, {
      admin,
      body: { value: { ...settings[key], ...fields }, reason: "crash test" },
    });
  // Out of the way of the load: no window, no password or code, no fee,
  // no daily cap, no KYC limit.
  await put("WITHDRAWAL_SETTING", {
    limitTime: 0, checkPass: false, checkCode: false, sameAddress: false,
    checkTax: false, ratio: "0", dayWithdrawalNum: 1000000, freeNum: 0,
    withdrawalMix: "20", withdrawalMax: "100000",
  });
  await put("AUTH_LIMIT", { isOpenPrimary: false, isOpenSenior: false });
  // The channel's own daily count overrides the global one; 0 is no limit.
  const channels = settings.WITHDRAWAL_CHANNEL_SETTING.map((c) =>
    c.rechargeName === CHANNEL ? { ...c, dayWithdrawalNum: 0 } : c);
  await must("PUT", "/api/admin/settings/WITHDRAWAL_CHANNEL_SETTING", {
    admin, body: { value: channels, reason: "crash test" },
  });
  const deposit = await must("POST", "/api/recharge/payAddress", {
    token: user.satoken,
    body: { coin: "usdt", symbol: CHANNEL, amount: FUND, txHash: randomBytes(32).toString("hex") },
  });
  await must("POST", `/api/admin/deposits/${deposit.id}/confirm`, {
    admin, body: { reason: "crash test funding" },
  });
  // The demo may hold funds of its own: start from what is there.
  const initial = await usdtBalances(user.satoken);
  writeFileSync(statePath, JSON.stringify({ token: user.satoken, admin, initial }));
  console.log(`setup: demo user funded with ${FUND} USDT (deposit ${deposit.id}); USDT now ${JSON.stringify(initial)}`);
}

/** The user's USDT: spot available and frozen, contract available. */
async function usdtBalances(token) {
  const balances = await must("POST", "/api/asset/assetBalance", { token });
  const row = (wallet) =>
    balances.wallets.find((w) => w.wallet === wallet).assets.find((a) => a.coin === "USDT");
  return {
    spotAvailable: row("spot").available, spotFrozen: row("spot").frozen,
    contract: row("contract").available,
  };
}

/** The i-th operation: mostly transfers both ways, some withdrawals. */
function operation(i) {
  const key = `crash-${i}-${randomBytes(6).toString("hex")}`;
  const r = (i * 7919) % 100;
  if (r < 20) {
    const amount = `${20 + (i % 20)}.${String(i % 100).padStart(2, "0")}`;
    const query = `channel=${CHANNEL}&amount=${amount}&address=${ADDRESS}`;
    return { i, key, kind: "withdraw", path: `/api/withdraw/submit?${query}`, amount };
  }
  const amount = `${1 + (i % 9)}.${String((i * 37) % 1000).padStart(3, "0")}`;
  const [from, to] = r < 75 ? ["spot", "contract"] : ["contract", "spot"];
  return { i, key, kind: "transfer", path: "/api/asset/transferFunds",
    body: { from, to, coin: "usdt", amount } };
}

async function send(state, op) {
  return call("POST", op.path, { token: state.token, key: op.key, body: op.body });
}

async function load() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const pid = Number(process.env.CRASH_PID);
  const killAt = Math.max(1, Math.floor(OPS / 2));
  let next = 0;
  let acked = 0;
  let killed = false;
  let lost = 0;
  const started = Date.now();
  async function worker() {
    while (next < OPS) {
      const op = operation(next++);
      appendFileSync(logPath, JSON.stringify({ sent: op }) + "\n");
      let reply;
      try {
        reply = await send(state, op);
      } catch {
        lost += 1; // in flight at the kill, or sent after it
        if (killed) return;
        continue;
      }
      appendFileSync(logPath, JSON.stringify({ ack: op.i, code: reply.code, data: reply.data }) + "\n");
      acked += 1;
      if (acked >= killAt && !killed) {
        killed = true;
        process.kill(pid, "SIGKILL");
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const ms = Date.now() - started;
  console.log(`load: ${next} sent, ${acked} acknowledged, ${lost} without answer, server SIGKILLed after ${killAt} acks, ${ms} ms`);
  if (!killed) throw new Error("the load ended before the kill");
}

async function verify() {
  const state = JSON.parse(readFileSync(statePath, "utf8"));
  const sent = new Map();
  const acks = new Map();
  for (const line of readFileSync(logPath, "utf8").split("\n")) {
    if (!line) continue;
    const entry = JSON.parse(line);
    if (entry.sent) sent.set(entry.sent.i, entry.sent);
    else acks.set(entry.ack, entry);
  }
  const started = Date.now();
  let replayed = 0;
  let resolved = 0;
  const succeeded = [];
  const refusals = {};
  for (const [i, op] of sent) {
    const ack = acks.get(i);
    // A refusal stores nothing and the client gave up on it: final.
    if (ack && ack.code !== 200) {
      refusals[ack.code] = (refusals[ack.code] ?? 0) + 1;
      continue;
    }
    const reply = await send(state, op);
    if (ack) {
      if (reply.code !== 200 || !isDeepStrictEqual(reply.data, ack.data)) {
        throw new Error(`op ${i} (${op.key}) acknowledged ${JSON.stringify(ack.data)} but now answers ${reply.code} ${JSON.stringify(reply.data)}`);
      }
      replayed += 1;
    } else {
      resolved += 1; // unknown outcome: the retry either replays or executes it now
    }
    if (reply.code === 200) succeeded.push({ op, data: reply.data });
  }

  let contract = 0n;
  let frozen = 0n;
  let transfers = 0;
  let withdrawals = 0;
  for (const { op, data } of succeeded) {
    if (op.kind === "transfer") {
      transfers += 1;
      const a = units(data.amount);
      contract += data.to === "contract" ? a : -a;
    } else {
      withdrawals += 1;
      if (data.separateFee && units(data.separateFee) !== 0n) throw new Error("unexpected separate fee");
      frozen += units(data.amount);
    }
  }
  const start = state.initial;
  const want = {
    spotAvailable: show(units(start.spotAvailable) - contract - frozen),
    spotFrozen: show(units(start.spotFrozen) + frozen),
    contract: show(units(start.contract) + contract),
  };
  const got = await usdtBalances(state.token);
  if (!isDeepStrictEqual(got, want)) {
    throw new Error(`balances ${JSON.stringify(got)} are not the sum of the operations ${JSON.stringify(want)}`);
  }
  const recorded = (await must("GET", "/api/record/financial?type=transfer&pageSize=1", { token: state.token })).total;
  const listed = (await must("GET", "/api/withdraw/list?pageSize=1", { token: state.token })).total;
  if (recorded !== transfers || listed !== withdrawals) {
    throw new Error(`records hold ${recorded} transfers and ${listed} withdrawals; expected ${transfers} and ${withdrawals}`);
  }
  const ms = Date.now() - started;
  console.log(`verify: ${replayed} acknowledged ops replayed identically, ${JSON.stringify(refusals)} acknowledged refusals by code, ` +
    `${resolved} unanswered ops resolved by retry, ` +
    `${transfers} transfers + ${withdrawals} withdrawals in effect; spot ${want.spotAvailable} (+${want.spotFrozen} frozen), contract ${want.contract}; ${ms} ms`);
}

const phases = { setup, load, verify };
if (!phases[phase]) {
  console.error("usage: crash-load.mjs setup|load|verify <base-url> <state.json> [log]");
  process.exit(64);
}
phases[phase]().catch((e) => {
  console.error(`crash ${phase} FAILED: ${e.message}`);
  process.exit(1);
});
