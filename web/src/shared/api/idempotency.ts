import { ApiError } from './client';

/** The header every money-moving POST carries (docs/api.md, Wallet). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A fresh key for one user action: 36 characters of [0-9a-f-], inside the server's 1-64 of [A-Za-z0-9_-]. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/**
 * One user action that moves money. The key is made when the action is first
 * sent and reused while the same request is retried after a failure whose
 * outcome is unknown (network error, timeout: the server may have moved the
 * money). It is dropped once the server answered - success or a business
 * refusal - or when the request changes, so the next action gets a fresh key.
 */
export class IdempotentAction {
  private key: string | null = null;
  private fingerprint: string | null = null;

  /** The key the next send of `request` will carry. */
  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request);
    if (!this.key || this.fingerprint !== fingerprint) {
      this.key = newIdempotencyKey();
      this.fingerprint = fingerprint;
    }
    return this.key;
  }

  /** Send `request` with its key; see the class comment for when the key survives. */
  async run<T>(request: unknown, send: (key: string) => Promise<T>): Promise<T> {
    const key = this.keyFor(request);
    try {
      const result = await send(key);
      this.reset();
      return result;
    } catch (error) {
      if (error instanceof ApiError) this.reset();
      throw error;
    }
  }

  reset(): void {
    this.key = null;
    this.fingerprint = null;
  }
}
