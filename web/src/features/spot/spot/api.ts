/** Spot trading calls and shapes (docs/api.md "Spot trading"). Amounts and prices are decimal strings. */
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';
import type { CoinItem } from '@/features/market';

type Schemas = components['schemas'];

/** A spot pair: one row of getCoinList's currencyList. Flags arrive as 1/0 (numbers or strings). */
export interface SpotPair extends CoinItem {
  id?: number;
  coin: string;
  symbol: string;
  orderMin?: string;
  orderMax?: string;
  buyMax?: string;
  sellMin?: string;
  minSell?: string;
  feeRate?: string;
  /** Decimals of the USDT side (price, total). */
  basePrecision?: number | string;
  /** Decimals of the quantity (base coin). */
  coinPrecision?: number | string;
  limitedBuy?: number | string;
  limitedSell?: number | string;
  marketBuy?: number | string;
  marketSell?: number | string;
  enable?: number | string;
  isDeal?: number | string;
  isShow?: number | string;
}

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type OrderStatus = 'open' | 'partial' | 'filled' | 'cancelled' | 'rejected';

/** A spot order (`SpotOrderView`), its side, type, status and cancel reason as the client knows them. */
export type SpotOrder = Omit<Schemas['SpotOrderView'], 'side' | 'type' | 'status' | 'cancelReason'> & {
  side: Side;
  type: OrderType;
  status: OrderStatus;
  cancelReason?: 'user' | 'unfilled' | 'self_trade' | 'would_take' | null;
};

/** One of the caller's spot trades (`TradeView`). */
export type SpotTrade = Schemas['TradeView'];

/** [price, amount], decimal strings. */
export type Level = [string, string];

/** A pair's book (`Depth`), its levels as [price, amount] pairs. */
export type DepthSnapshot = Omit<Schemas['Depth'], 'bids' | 'asks'> & { bids: Level[]; asks: Level[] };

/** The body of an order (`SpotSubmitBody`), its side, type and time in force as the client sends them. */
export type SubmitInput = Omit<Schemas['SpotSubmitBody'], 'side' | 'type' | 'timeInForce'> & {
  side: Side;
  type: OrderType;
  timeInForce?: 'gtc' | 'ioc' | 'post_only';
};

/** POST /api/currency/order/submit (JSON, idempotent). Errors are shown by the form, not as a toast. */
export async function submitOrder(input: SubmitInput, key: string): Promise<SpotOrder> {
  return (await api.postJson<SpotOrder>('/api/currency/order/submit', input, { headers: idempotencyHeaders(key), silent: true })).data;
}

/** POST /api/currency/order/cancelOrder ?id */
export async function cancelOrder(id: number): Promise<SpotOrder> {
  return (await api.postQuery<SpotOrder>('/api/currency/order/cancelOrder', { id })).data;
}

export type OrderListStatus = 'open' | 'history';

/** POST /api/currency/order/orderList ?pageNum&pageSize&symbol&status: newest first. */
export async function getOrders(params: { pageNum: number; pageSize: number; symbol?: string; status: OrderListStatus }): Promise<Page<SpotOrder>> {
  return (await api.postQuery<Page<SpotOrder>>('/api/currency/order/orderList', params, { silent: true })).data ?? { rows: [], total: 0 };
}

/** GET /api/record/currency ?pageNum&pageSize&symbol: the caller's spot trades, newest first. */
export async function getMyTrades(params: { pageNum: number; pageSize: number; symbol?: string }): Promise<Page<SpotTrade>> {
  return (await api.get<Page<SpotTrade>>('/api/record/currency', params, { silent: true })).data ?? { rows: [], total: 0 };
}

/** GET /api/market/depth ?symbol&limit: best first. */
/** One trade of a pair's public tape (/api/market/trades, `PublicTrade`): the taker's side, ms since the epoch. */
export type TapeTrade = Schemas['PublicTrade'];

/** The pair's latest trades, newest first. */
export async function getRecentTrades(symbol: string, limit = 30): Promise<TapeTrade[]> {
  return (await api.get<TapeTrade[]>('/api/market/trades', { symbol, limit }, { silent: true })).data;
}

export async function getDepth(symbol: string, limit = 50): Promise<DepthSnapshot> {
  return (await api.get<DepthSnapshot>('/api/market/depth', { symbol, limit }, { silent: true })).data;
}
