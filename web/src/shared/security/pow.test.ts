import { leadingZeroBits, progressAfter, solveChallenge, solves } from './pow';

// Found independently (Python's hashlib) for the server's rule: the
// smallest decimal nonce whose SHA-256("<challenge>:<nonce>") starts with
// that many zero bits.
const CHALLENGE = 'ab'.repeat(32);

describe('sign-in challenge', () => {
  it('counts leading zero bits across bytes', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0x20]))).toBe(10);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds the smallest nonce, as the server checks it', async () => {
    expect(await solveChallenge({ challenge: CHALLENGE, difficulty: 8 })).toBe('253');
    expect(await solveChallenge({ challenge: CHALLENGE, difficulty: 12 })).toBe('6949');
    expect(solves({ challenge: CHALLENGE, difficulty: 12 }, '6949')).toBe(true);
    expect(solves({ challenge: CHALLENGE, difficulty: 12 }, '253')).toBe(false);
    expect(solves({ challenge: 'cd'.repeat(32), difficulty: 12 }, '6949')).toBe(false);
  });

  it('reports progress that grows towards done, and done at the end', async () => {
    const seen: number[] = [];
    await solveChallenge({ challenge: CHALLENGE, difficulty: 14 }, (f) => seen.push(f));
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(progressAfter(0, 18)).toBe(0);
    expect(progressAfter(2 ** 18, 18)).toBeCloseTo(1 - Math.exp(-1));
  });

  it('stops when asked to', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(solveChallenge({ challenge: CHALLENGE, difficulty: 40 }, undefined, stop.signal)).rejects.toThrow('aborted');
  });
});
