import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfterMoneyMovement } from '@/features/wallet';
import { getFinanceProduct, getFinanceProducts, getPersonalIncome, getRedemptionPreview, getStakingProducts, getStakingSummary, type Classify } from './api';

export const EARN_KEY = ['earn'] as const;
export const earnOrdersKey = (type: 1 | 2) => [...EARN_KEY, 'orders', type] as const;

export function useFinanceProducts(classify: Classify) {
  return useQuery({ queryKey: [...EARN_KEY, 'finance', 'list', classify], queryFn: () => getFinanceProducts(classify), staleTime: 15_000 });
}

export function useFinanceProduct(id: number | null) {
  return useQuery({
    queryKey: [...EARN_KEY, 'finance', 'product', id],
    queryFn: () => getFinanceProduct(id as number),
    enabled: id !== null,
    staleTime: 15_000,
    retry: false,
  });
}

export function usePersonalIncome(isSign: boolean) {
  return useQuery({ queryKey: [...EARN_KEY, 'finance', 'income'], queryFn: getPersonalIncome, enabled: isSign, staleTime: 15_000 });
}

export function useStakingProducts() {
  return useQuery({ queryKey: [...EARN_KEY, 'staking', 'list'], queryFn: getStakingProducts, staleTime: 15_000 });
}

export function useStakingSummary(isSign: boolean) {
  return useQuery({ queryKey: [...EARN_KEY, 'staking', 'summary'], queryFn: getStakingSummary, enabled: isSign, staleTime: 15_000 });
}

/** What redeeming order `id` now would do; read fresh each time the sheet opens. */
export function useRedemptionPreview(id: number | null) {
  return useQuery({
    queryKey: [...EARN_KEY, 'redemption', id],
    queryFn: () => getRedemptionPreview(id as number),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** After a subscription or a redemption: products, totals, orders and balances read again. */
export function useRefreshEarn() {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: EARN_KEY }), refreshAfterMoneyMovement(qc)]);
  };
}

/** Now, every `everyMs` (a minute by default): dates that start "tomorrow" turn over at midnight. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
