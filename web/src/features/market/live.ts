import { useEffect } from 'react';
import { create } from 'zustand';
import Decimal from 'decimal.js';
import { changePercent, toDecimal } from '@/shared/format/number';
import { marketSocket, type SocketMessage, type Tick } from '@/shared/socket/socket-client';
import { useSocketSubscription } from '@/shared/socket/use-socket';
import { streamSymbol } from './symbol';
import type { CoinItem } from './types';

export interface LiveTick extends Tick {
  /** The close before this one, to flash the direction of the last move. */
  prevClose?: string;
}

interface LiveState {
  bySymbol: Record<string, LiveTick>;
  apply: (message: SocketMessage) => void;
  reset: () => void;
}

/** The latest DETAIL tick per stream symbol (btcusdt), fed by the socket. */
export const useLiveTicks = create<LiveState>()((set) => ({
  bySymbol: {},
  apply: (message) => {
    if (!message.symbol) return;
    const key = streamSymbol(message.symbol);
    set((s) => {
      const prev = s.bySymbol[key];
      return { bySymbol: { ...s.bySymbol, [key]: { ...prev, ...message.data, prevClose: prev?.close } } };
    });
  },
  reset: () => set({ bySymbol: {} }),
}));

let detailListeners = 0;
let removeDetailListener: (() => void) | null = null;

/** Feed the live store from DETAIL messages while at least one screen needs it. */
function retainDetailFeed(): () => void {
  detailListeners += 1;
  if (detailListeners === 1) removeDetailListener = marketSocket().on('DETAIL', (m) => useLiveTicks.getState().apply(m));
  return () => {
    detailListeners -= 1;
    if (detailListeners === 0) {
      removeDetailListener?.();
      removeDetailListener = null;
    }
  };
}

/**
 * Subscribe to every coin's DETAIL stream (spec 7: op subscribe, type detail) while
 * mounted. Ref-counted: screens and sections share one subscription.
 */
export function useLiveDetails(): void {
  useSocketSubscription('detail');
  useEffect(() => retainDetailFeed(), []);
}

export interface LivePrice {
  /** Last price (decimal string) or undefined. */
  price?: string;
  open?: string;
  /** Exact percent change from open, or null when unknown. */
  percent: Decimal | null;
  /** Direction of the last tick: 1 up, -1 down, 0 none. */
  tick: -1 | 0 | 1;
  /** Whether the price came from the socket. */
  live: boolean;
}

/** Merge a coin's REST price (amount/open) with its latest live tick. */
export function livePriceOf(item: Pick<CoinItem, 'amount' | 'open' | 'coin' | 'symbol'> & { priceChangePercent?: unknown }, tick: LiveTick | undefined): LivePrice {
  const price = (tick?.close as string | undefined) ?? item.amount;
  const open = (tick?.open as string | undefined) ?? item.open;
  let percent = changePercent(open, price);
  if (!percent && !tick && typeof item.priceChangePercent === 'string') percent = toDecimal(item.priceChangePercent);
  const prev = toDecimal(tick?.prevClose);
  const now = toDecimal(tick?.close as string | undefined);
  const dir = prev && now ? (now.gt(prev) ? 1 : now.lt(prev) ? -1 : 0) : 0;
  return { price, open, percent, tick: dir, live: !!tick };
}

export function useLivePrice(item: Pick<CoinItem, 'amount' | 'open' | 'coin' | 'symbol'> & { priceChangePercent?: unknown }): LivePrice {
  const tick = useLiveTicks((s) => s.bySymbol[streamSymbol(item)]);
  return livePriceOf(item, tick);
}
