import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';

type Schemas = components['schemas'];

/** A coin of the flash exchange (`CurrencyItem`). */
export type ExchangeCoin = Schemas['CurrencyItem'];

/** A quote: `price` is `to` per one `from`, after the spread (`ExchangeQuoteView`). */
export type ExchangeQuote = Schemas['ExchangeQuoteView'];

/** An exchange made (`ExchangeView`). */
export type ExchangeRecord = Schemas['ExchangeView'];

/** POST /api/common/getAppCurrencyList: the coins of the flash exchange. */
export async function getExchangeCoins(): Promise<ExchangeCoin[]> {
  return (await api.postQuery<ExchangeCoin[]>('/api/common/getAppCurrencyList')).data ?? [];
}

/** GET /api/texchange/getCurrencyPrice ?currency=from,to */
export async function getCurrencyPrice(from: string, to: string): Promise<ExchangeQuote> {
  return (await api.get<ExchangeQuote>('/api/texchange/getCurrencyPrice', { currency: `${from.toLowerCase()},${to.toLowerCase()}` })).data;
}

/** The body of an exchange (`ExchangeRequest`). */
export type ExchangeInput = Schemas['ExchangeRequest'];

/** POST /api/texchange/currencyExchange (JSON, idempotent) */
export async function currencyExchange(input: ExchangeInput, key: string): Promise<ExchangeRecord> {
  return (await api.postJson<ExchangeRecord>('/api/texchange/currencyExchange', input, { headers: idempotencyHeaders(key), silent: true })).data;
}

/** GET /api/texchange/list ?pageNum&pageSize */
export async function getExchangeHistory(pageNum: number, pageSize: number): Promise<Page<ExchangeRecord>> {
  return (await api.get<Page<ExchangeRecord>>('/api/texchange/list', { pageNum, pageSize })).data;
}
