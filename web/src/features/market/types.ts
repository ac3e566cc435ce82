/** Market data shapes (spec 3, docs/api.md). Prices and amounts are decimal strings. */

import type { components } from '@/shared/api/schema';
import type { CoinItem } from '@/shared/catalogue/coins';

type Schemas = components['schemas'];

export type { CoinItem, CoinList } from '@/shared/catalogue/coins';

/** A coin from symbolmanage/list: live amount/open/change/volume. */
export interface SymbolRow extends CoinItem {
  /** Absolute 24 h change (as in the ticker). */
  change?: string;
  priceChangePercent?: string;
  volume?: string;
}

export interface Ticker {
  coin?: string;
  symbol?: string;
  close: string;
  openPrice: string;
  change: string;
  priceChangePercent: string;
  volume: string;
  volume2?: string;
  volume24?: string;
  high24: string;
  low24: string;
  high: string;
  low: string;
  index?: { price: string; source: string; tsMs: number; stale: boolean };
}

/**
 * A candle (`KlineBar`), from the kline call or a socket KLINE message; a
 * socket bar may come without its quote volume.
 */
export type Candle = Omit<Schemas['KlineBar'], 'quoteVolume'> & { quoteVolume?: string };

/** A coin of the caller's watchlist (`WatchedCoin`). */
export type WatchItem = Schemas['WatchedCoin'];

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type Interval = (typeof INTERVALS)[number];

export function isInterval(value: string | null | undefined): value is Interval {
  return !!value && (INTERVALS as readonly string[]).includes(value);
}
