import type { CoinItem } from '@/shared/market/types';

/** A futures contract of the coin list's `contractList`. */
export interface FuturesContract extends CoinItem {
  id: number;
  shareNumber?: string;
  leverage?: string;
  minShare?: string;
  maxShare?: string;
}
