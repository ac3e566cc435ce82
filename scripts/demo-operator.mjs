// The demo operator's sign-in for scripts and browser journeys: its
// password and a code from its published TOTP secret (crates/server/src/
// demo.rs: an owner must have a second factor). The server takes each 30 s
// time step once, so a second sign-in within one step waits for the next.
import { createHmac } from "node:crypto";

export const DEMO_OPERATOR = {
  username: "admin",
  password: "admin-pass-1",
  totpSecret: "ONYXDEMOONYXDEMOONYXDEMOONYXDEMO",
};

const TOTP_REPLAYED_OR_WRONG = -2007;
const STEP_SECONDS = 30;

function base32(text) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let value = 0;
  const out = [];
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238: HMAC-SHA1, 6 digits, 30 s steps. */
export function totpCode(secret, unixSeconds = Date.now() / 1000) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(unixSeconds / STEP_SECONDS)));
  const mac = createHmac("sha1", base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0x0f;
  const n = mac.readUInt32BE(at) & 0x7fffffff;
  return String(n % 1_000_000).padStart(6, "0");
}

/**
 * Signs the demo operator in and returns its adminToken. `post(path, body)`
 * answers the envelope; a code refused because its step was taken already
 * is retried once in the next step.
 */
export async function demoOperatorToken(post) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const { username, password, totpSecret } = DEMO_OPERATOR;
    const r = await post("/api/admin/login", { username, password, code: totpCode(totpSecret) });
    if (r.code === 200) return r.data.adminToken;
    if (r.code !== TOTP_REPLAYED_OR_WRONG || attempt > 0) {
      throw new Error(`demo operator sign-in: ${r.code} ${r.msg}`);
    }
    const now = Date.now() / 1000;
    const next = (Math.floor(now / STEP_SECONDS) + 1) * STEP_SECONDS;
    await new Promise((resolve) => setTimeout(resolve, (next - now + 0.5) * 1000));
  }
  throw new Error("demo operator sign-in: no step left");
}
