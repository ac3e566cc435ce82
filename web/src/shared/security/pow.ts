// The sign-in challenge (decision 0011-lockout): while failures from many
// addresses slow an account, the server asks for a nonce such that
// SHA-256(challenge + ":" + nonce) starts with `difficulty` zero bits. The
// JavaScript SHA-256 of @noble/hashes is used rather than WebCrypto, which
// browsers offer only on https or localhost pages, and whose one promise per
// hash would be several times slower.
import { sha256 } from '@noble/hashes/sha2.js';

export interface Challenge {
  challenge: string;
  difficulty: number;
}

/** Hashes between progress reports and yields to the page. */
const BATCH = 4096;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

const encoder = new TextEncoder();

/** Whether `nonce` solves the challenge, computed the way the server checks it. */
export function solves({ challenge, difficulty }: Challenge, nonce: string): boolean {
  return leadingZeroBits(sha256(encoder.encode(`${challenge}:${nonce}`))) >= difficulty;
}

/**
 * The chance a solver has found a nonce after `tried` hashes: what the
 * progress bar shows, since the work has no fixed length.
 */
export function progressAfter(tried: number, difficulty: number): number {
  return 1 - Math.exp(-tried / 2 ** difficulty);
}

/**
 * Finds the smallest decimal nonce solving the challenge. Works in batches,
 * handing `onProgress` the chance it would be done by now after each and
 * letting the page paint; `signal` stops it (the promise then rejects).
 */
export async function solveChallenge(c: Challenge, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  // The state after the challenge and ':' is hashed once; each nonce only
  // continues it.
  const prefix = sha256.create().update(encoder.encode(`${c.challenge}:`));
  for (let nonce = 0; ; ) {
    const end = nonce + BATCH;
    for (; nonce < end; nonce += 1) {
      const text = String(nonce);
      const digest = prefix.clone().update(encoder.encode(text)).digest();
      if (leadingZeroBits(digest) >= c.difficulty) {
        onProgress?.(1);
        return text;
      }
    }
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    onProgress?.(progressAfter(nonce, c.difficulty));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
