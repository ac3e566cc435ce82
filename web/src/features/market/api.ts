import { api } from '@/shared/api/client';
import { SUCCESS_CODE } from '@/shared/api/client';
import type { Candle, Interval, SymbolRow, Ticker, WatchItem } from './types';

export { getCoinList } from '@/shared/catalogue/coins';

/** GET /api/symbolmanage/list ?isAsc&orderByColumn */
export async function getSymbolList(orderByColumn: string, isAsc: boolean): Promise<SymbolRow[]> {
  const data = (await api.get<SymbolRow[] | { rows: SymbolRow[] }>('/api/symbolmanage/list', { isAsc, orderByColumn }, { silent: true })).data;
  if (Array.isArray(data)) return data;
  return data?.rows ?? [];
}

/** GET /api/market/kline ?symbol&interval&limit&endTime: oldest first; endTime pages backwards. */
export async function getKline(symbol: string, interval: Interval, limit = 500, endTime?: number): Promise<Candle[]> {
  const params: Record<string, unknown> = { symbol, interval, limit };
  if (endTime !== undefined) params.endTime = endTime;
  return (await api.get<Candle[]>('/api/market/kline', params, { silent: true })).data ?? [];
}

/** GET /api/market/ticker ?symbol */
export async function getTicker(symbol: string): Promise<Ticker | null> {
  const data = (await api.get<Ticker | Ticker[]>('/api/market/ticker', { symbol }, { silent: true })).data;
  if (Array.isArray(data)) return data[0] ?? null;
  return data ?? null;
}

/** GET /api/market/ticker without a symbol: the 24 h statistics of every priced coin. */
export async function getTickers(): Promise<Ticker[]> {
  const data = (await api.get<Ticker[] | Ticker>('/api/market/ticker', undefined, { silent: true })).data;
  if (Array.isArray(data)) return data;
  return data ? [data] : [];
}

/** POST /api/common/getMt5Amount ?coin: data = 24 h volume (decimal string). */
export async function getMt5Amount(coin: string): Promise<string | null> {
  const env = await api.postQuery<string | number | null>('/api/common/getMt5Amount', { coin }, { silent: true });
  if (env.code !== SUCCESS_CODE || env.data === null || env.data === undefined) return null;
  return String(env.data);
}

/**
 * GET /api/userCoin/getUserCoin: the watchlist. Null when the response code is not
 * 200 (spec 4: the watchlist data then stays unchanged).
 */
export async function getUserCoins(): Promise<WatchItem[] | null> {
  const env = await api.get<WatchItem[]>('/api/userCoin/getUserCoin', undefined, { silent: true });
  if (env.code !== SUCCESS_CODE) return null;
  return env.data ?? [];
}

/** POST /api/userCoin/add ?coin; true when the server accepted it. */
export async function addUserCoin(coin: string): Promise<boolean> {
  return (await api.postQuery('/api/userCoin/add', { coin })).code === SUCCESS_CODE;
}

/** POST /api/userCoin/remove ?coin */
export async function removeUserCoin(coin: string): Promise<boolean> {
  return (await api.postQuery('/api/userCoin/remove', { coin })).code === SUCCESS_CODE;
}
