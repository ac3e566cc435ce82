import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { Page } from '@/shared/api/types';

export interface ExchangeCoin {
  coin: string;
  name: string;
  logo: string | null;
  scale: number;
  usdtPrice: string | null;
}

export interface ExchangeQuote {
  quoteId: string;
  from: string;
  to: string;
  /** `to` per one `from`, after the spread. */
  price: string;
  spread: string;
  minAmount: string;
  expiresAt: string;
}

export interface ExchangeRecord {
  id: number;
  fromCoin: string;
  toCoin: string;
  fromAmount: string;
  toAmount: string;
  price: string;
  fee: string;
  feeCoin: string;
  createTime: string;
}

/** POST /api/common/getAppCurrencyList: the coins of the flash exchange. */
export async function getExchangeCoins(): Promise<ExchangeCoin[]> {
  return (await api.postQuery<ExchangeCoin[]>('/api/common/getAppCurrencyList')).data ?? [];
}

/** GET /api/texchange/getCurrencyPrice ?currency=from,to */
export async function getCurrencyPrice(from: string, to: string): Promise<ExchangeQuote> {
  return (await api.get<ExchangeQuote>('/api/texchange/getCurrencyPrice', { currency: `${from.toLowerCase()},${to.toLowerCase()}` })).data;
}

export interface ExchangeInput {
  from: string;
  to: string;
  amount: string;
  quoteId: string;
}

/** POST /api/texchange/currencyExchange (JSON, idempotent) */
export async function currencyExchange(input: ExchangeInput, key: string): Promise<ExchangeRecord> {
  return (await api.postJson<ExchangeRecord>('/api/texchange/currencyExchange', input, { headers: idempotencyHeaders(key), silent: true })).data;
}

/** GET /api/texchange/list ?pageNum&pageSize */
export async function getExchangeHistory(pageNum: number, pageSize: number): Promise<Page<ExchangeRecord>> {
  return (await api.get<Page<ExchangeRecord>>('/api/texchange/list', { pageNum, pageSize })).data;
}
