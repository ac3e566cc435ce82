import { AxiosError } from 'axios';
import { mockHttp, ok, fail } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { api, ApiError } from './client';
import { IDEMPOTENCY_HEADER, IdempotentAction, idempotencyHeaders, newIdempotencyKey } from './idempotency';

const SERVER_KEY = /^[A-Za-z0-9_-]{1,64}$/;

beforeEach(() => resetAll());

describe('idempotency keys', () => {
  it('makes a fresh key the server accepts each time', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(SERVER_KEY);
    expect(b).toMatch(SERVER_KEY);
    expect(a).not.toBe(b);
    expect(idempotencyHeaders(a)).toEqual({ 'Idempotency-Key': a });
  });

  it('reuses the key while the same request is retried after a lost answer, then starts fresh', async () => {
    const action = new IdempotentAction();
    const sent: string[] = [];
    let attempt = 0;
    const calls = mockHttp({
      'POST /api/asset/transferFunds': () => {
        attempt += 1;
        if (attempt === 1) throw new AxiosError('timeout', AxiosError.ECONNABORTED);
        return ok({ txId: 't1' });
      },
    });
    const body = { from: 'spot', to: 'contract', coin: 'USDT', amount: '5' };
    const send = (key: string) => {
      sent.push(key);
      return api.postJson('/api/asset/transferFunds', body, { headers: idempotencyHeaders(key), silent: true });
    };
    await expect(action.run(body, send)).rejects.toBeInstanceOf(AxiosError);
    await action.run(body, send);
    expect(sent[0]).toBe(sent[1]);
    expect(calls.map((c) => c.headers[IDEMPOTENCY_HEADER])).toEqual([sent[0], sent[0]]);
    // the action went through: the next one is a new action with a new key
    await action.run(body, send);
    expect(sent[2]).not.toBe(sent[0]);
  });

  it('drops the key after a business refusal and when the request changes', async () => {
    const action = new IdempotentAction();
    mockHttp({ 'POST /api/asset/transferFunds': fail(-4001, 'available 1') });
    const keys: string[] = [];
    const send = (key: string) => {
      keys.push(key);
      return api.postJson('/api/asset/transferFunds', {}, { headers: idempotencyHeaders(key), silent: true });
    };
    await expect(action.run({ amount: '5' }, send)).rejects.toBeInstanceOf(ApiError);
    await expect(action.run({ amount: '5' }, send)).rejects.toBeInstanceOf(ApiError);
    expect(keys[1]).not.toBe(keys[0]);
    const k1 = action.keyFor({ amount: '1' });
    expect(action.keyFor({ amount: '1' })).toBe(k1);
    expect(action.keyFor({ amount: '2' })).not.toBe(k1);
  });
});
