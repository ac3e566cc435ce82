import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterMoneyMovement } from '@/features/wallet';
import { useCoinList } from '@/shared/catalogue/coins';
import { tickDecimals } from './lib/price';
import { getFunding, getOrders, getPositions, getPreview, getStops, type OrderInput, type Preview } from './api';

/** While the screen is open positions, orders and stops follow the mark. */
const LIVE_MS = 2_000;

export const FUTURES_KEY = ['futures'] as const;

export function useFunding(symbol: string) {
  return useQuery({ queryKey: [...FUTURES_KEY, 'funding', symbol], queryFn: () => getFunding(symbol), refetchInterval: 30_000 });
}

export function usePositions(isSign: boolean, status: 0 | 1, page = 1) {
  return useQuery({
    queryKey: [...FUTURES_KEY, 'positions', status, page],
    queryFn: () => getPositions(status, page),
    enabled: isSign,
    refetchInterval: status === 0 ? LIVE_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function useOrders(isSign: boolean, status: 0 | 1 | 3, page = 1) {
  return useQuery({
    queryKey: [...FUTURES_KEY, 'orders', status, page],
    queryFn: () => getOrders(status, page),
    enabled: isSign,
    refetchInterval: status === 0 ? LIVE_MS : false,
    placeholderData: keepPreviousData,
  });
}

export function useStops(isSign: boolean) {
  return useQuery({ queryKey: [...FUTURES_KEY, 'stops'], queryFn: getStops, enabled: isSign, refetchInterval: LIVE_MS });
}

/** The server's preview of the order being typed, a moment after the last keystroke. */
export function usePreview(input: OrderInput | null, isSign: boolean) {
  const [debounced, setDebounced] = useState(input);
  const text = JSON.stringify(input);
  useEffect(() => {
    const id = setTimeout(() => setDebounced(input), 250);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const q = useQuery({
    queryKey: [...FUTURES_KEY, 'preview', debounced],
    queryFn: () => getPreview(debounced as OrderInput),
    enabled: isSign && debounced !== null,
    refetchInterval: 3_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  // A refused size or leverage leaves the last answer's balance and maximum on screen.
  const [last, setLast] = useState<Preview | undefined>(undefined);
  if (q.data !== undefined && q.data !== last) setLast(q.data);
  return { data: q.data ?? last, error: q.error };
}

/** After a trade: positions, orders, stops and balances read again. */
export function useRefreshFutures() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: FUTURES_KEY }), refreshAfterMoneyMovement(qc)]);
  };
}

/** Now, every second. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** The decimals of a contract's price tick (its coin's spot pair), null until the catalogue is read. */
export function useTick(coin: string): number | null {
  const { data } = useCoinList();
  return useMemo(() => tickDecimals(data?.currencyList as { coin?: unknown; basePrecision?: unknown }[] | undefined, coin), [data, coin]);
}
