import type { CoinItem } from '@/features/market';

/** A futures contract of the coin list's `contractList`. */
export interface FuturesContract extends CoinItem {
  id: number;
  shareNumber?: string;
  leverage?: string;
  minShare?: string;
  maxShare?: string;
}
