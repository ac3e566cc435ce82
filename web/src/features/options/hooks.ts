import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useCoinList } from '@/features/market';
import type { SecondCoin } from '@/features/fixed-payout';
import { getCurrentIssue, getOptionPeriods } from './api';

export const OPTIONS_KEY = ['options'] as const;

/** The option pairs of getCoinList's optionList: each `id` is the periods' `optionId`. */
export function useOptionCoins() {
  const coins = useCoinList();
  const list = useMemo(
    () => (coins.data?.optionList ?? []).filter((c): c is SecondCoin => !!c && !!c.coin && c.id !== undefined && c.id !== null && Number.isFinite(Number(c.id))),
    [coins.data],
  );
  return { coins: list, isLoading: coins.isLoading, isError: coins.isError, refetch: coins.refetch };
}

export function useOptionPeriods(symbol: string | undefined) {
  return useQuery({
    queryKey: [...OPTIONS_KEY, 'periods', symbol],
    queryFn: () => getOptionPeriods(String(symbol)),
    enabled: !!symbol,
    staleTime: 30_000,
  });
}

/** The server clock's lead over this one (ms), from the current issue's `serverTimeStamp`. */
export function useIssueClock(periodId: number | undefined) {
  const issue = useQuery({
    queryKey: [...OPTIONS_KEY, 'issue', periodId],
    queryFn: async () => {
      const sent = Date.now();
      const data = await getCurrentIssue(Number(periodId));
      const received = Date.now();
      return { data, skew: data.serverTimeStamp - Math.round((sent + received) / 2) };
    },
    enabled: periodId !== undefined,
    staleTime: 60_000,
  });
  return { skew: issue.data?.skew ?? 0, issue: issue.data?.data };
}

/** Server time now, ticking every 250 ms. */
export function useTicking(skew: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return now + skew;
}
