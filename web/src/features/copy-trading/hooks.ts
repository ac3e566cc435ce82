import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { FUTURES_KEY } from '@/features/futures';
import { useSettings } from '@/shared/settings/settings-store';
import { refreshAfterMoneyMovement } from '@/features/wallet';
import { getMineProfit, getMineTraders, getMyTrader, getTraderInfo, getTraderProfit, getTraders, type TraderQuery, type TraderSetting } from './api';

export const COPY_KEY = ['copy-trading'] as const;
export const TRADER_PAGE_SIZE = 20;
/** The follows looked through to pre-fill an edit (one page, large enough for anyone's follows). */
export const MINE_LOOKUP_SIZE = 100;

export const copyKeys = {
  traders: (q: TraderQuery) => [...COPY_KEY, 'traders', q.sortBy, q.traderName.trim()] as const,
  trader: (id: number | null) => [...COPY_KEY, 'trader', id] as const,
  profit: (id: number | null) => [...COPY_KEY, 'profit', id] as const,
  traderOrders: (id: number, isHistory: 0 | 1) => [...COPY_KEY, 'traderOrders', id, isHistory] as const,
  mineTraders: [...COPY_KEY, 'mine', 'traders'] as const,
  mineTradersLookup: [...COPY_KEY, 'mine', 'traders', 'lookup'] as const,
  mineProfit: [...COPY_KEY, 'mine', 'profit'] as const,
  mineOrders: (isHistory: 0 | 1) => [...COPY_KEY, 'mine', 'orders', isHistory] as const,
  mineSkips: [...COPY_KEY, 'mine', 'skips'] as const,
  myTrader: [...COPY_KEY, 'myTrader'] as const,
};

/** The trader list, paged with "load more"; the previous results stay while a new sort or search loads. */
export function useTraders(query: TraderQuery) {
  return useInfiniteQuery({
    queryKey: copyKeys.traders(query),
    queryFn: ({ pageParam }) => getTraders(query, pageParam, TRADER_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? pages.length + 1 : undefined;
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useTraderInfo(id: number | null) {
  return useQuery({ queryKey: copyKeys.trader(id), queryFn: () => getTraderInfo(id as number), enabled: id !== null, staleTime: 15_000, retry: false });
}

export function useTraderProfit(id: number | null) {
  return useQuery({ queryKey: copyKeys.profit(id), queryFn: () => getTraderProfit(id as number), enabled: id !== null, staleTime: 60_000 });
}

export function useMineProfit(isSign: boolean) {
  return useQuery({ queryKey: copyKeys.mineProfit, queryFn: getMineProfit, enabled: isSign, staleTime: 10_000 });
}

/** The caller's follows (first MINE_LOOKUP_SIZE), to find the active follow of one trader. */
export function useMineTradersLookup(isSign: boolean) {
  return useQuery({ queryKey: copyKeys.mineTradersLookup, queryFn: () => getMineTraders(1, MINE_LOOKUP_SIZE), enabled: isSign, staleTime: 10_000 });
}

export function useMyTrader(isSign: boolean) {
  return useQuery({ queryKey: copyKeys.myTrader, queryFn: getMyTrader, enabled: isSign, staleTime: 15_000 });
}

/** TRADER_SETTING of the settings the app loaded (getAllSetting, or the default copy). */
export function useTraderSetting(): TraderSetting {
  // The stored object itself is selected (a fresh {} per call would re-render forever).
  const setting = useSettings((s) => s.settingConfig.TRADER_SETTING as TraderSetting | undefined);
  return setting ?? NO_SETTING;
}

const NO_SETTING: TraderSetting = {};

/** After following, editing, stopping or closing a copy: copy trading, positions and balances read again. */
export function useRefreshCopy() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: COPY_KEY }), qc.invalidateQueries({ queryKey: FUTURES_KEY }), refreshAfterMoneyMovement(qc)]);
  };
}

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return debounced;
}
