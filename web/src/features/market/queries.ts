import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/shared/session/session-store';
import { useSettings } from '@/shared/settings/settings-store';
import { addUserCoin, getMt5Amount, getSymbolList, getTicker, getTickers, getUserCoins, removeUserCoin } from './api';
import { needsVolumeLookup } from './symbol';
import type { CoinItem, Ticker, WatchItem } from './types';

export { useCoinList } from '@/shared/catalogue/coins';

export function useSymbolList(orderByColumn: string, isAsc: boolean, enabled = true) {
  return useQuery({ queryKey: ['market', 'symbolList', orderByColumn, isAsc], queryFn: () => getSymbolList(orderByColumn, isAsc), enabled, refetchInterval: 30_000 });
}

export function useTicker(symbol: string) {
  return useQuery({ queryKey: ['market', 'ticker', symbol], queryFn: () => getTicker(symbol), refetchInterval: 10_000, staleTime: 0 });
}

/**
 * Every priced coin's 24 h statistics (close, openPrice, volume2 = quote/USDT
 * turnover), keyed by lower-case coin. Live DETAIL ticks refine it in between.
 */
export function useTickers(enabled = true) {
  return useQuery({
    queryKey: ['market', 'tickers'],
    queryFn: async () => {
      const byCoin: Record<string, Ticker> = {};
      for (const t of await getTickers()) {
        const coin = (t.coin ?? t.symbol?.replace(/usdt$/i, '') ?? '').toLowerCase();
        if (coin) byCoin[coin] = t;
      }
      return byCoin;
    },
    enabled,
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

/** 24 h volume of a coinType 3 coin (spec 3); disabled for every other coin. */
export function useCoinVolume(item: Pick<CoinItem, 'coin' | 'coinType'> | undefined) {
  const enabled = !!item && needsVolumeLookup(item);
  return useQuery({ queryKey: ['market', 'mt5Amount', item?.coin], queryFn: () => getMt5Amount(item!.coin), enabled, staleTime: 60_000 });
}

const WATCHLIST_KEY = ['market', 'watchlist'] as const;

/**
 * The signed-in user's watchlist. A response code other than 200 keeps the data it
 * had (spec 4): the query fails and react-query keeps the previous list.
 */
export function useWatchlist() {
  const isSign = useSession((s) => s.isSign);
  const token = useSession((s) => s.token);
  const setCollectCoins = useSettings((s) => s.setCollectCoins);
  const query = useQuery({
    queryKey: [...WATCHLIST_KEY, token],
    queryFn: async (): Promise<WatchItem[]> => {
      const list = await getUserCoins();
      if (list === null) throw new Error('watchlist unchanged');
      return list;
    },
    enabled: isSign && !!token,
  });
  useEffect(() => {
    if (query.data) setCollectCoins(query.data.map((w) => w.coin.toLowerCase()));
  }, [query.data, setCollectCoins]);
  return { ...query, items: isSign ? (query.data ?? []) : [] };
}

export function useIsWatched(coin: string): boolean {
  const { items } = useWatchlist();
  return items.some((w) => w.coin.toLowerCase() === coin.toLowerCase());
}

export function useToggleWatch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ coin, watched }: { coin: string; watched: boolean }) => (watched ? removeUserCoin(coin) : addUserCoin(coin)),
    onSettled: () => qc.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}
