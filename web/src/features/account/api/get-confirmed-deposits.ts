import { useQuery } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/types';

/** GET /api/recharge/list ?status=confirmed&pageSize=1, read for its total: has a deposit arrived? */
export async function getConfirmedDepositCount(): Promise<number> {
  const env = await api.get<Page<unknown>>('/api/recharge/list', { pageNum: 1, pageSize: 1, status: 'confirmed' }, { silent: true });
  return env.data?.total ?? 0;
}

export function useHasDeposited(enabled: boolean) {
  return useQuery({ queryKey: ['deposits', 'confirmed-count'], queryFn: getConfirmedDepositCount, enabled, select: (n) => n > 0 });
}
