import { api } from '@/shared/api/client';
import type { Page } from '@/shared/api/types';
import type { FinancialRecord } from '@/features/wallet/types';

export interface RecordFilter {
  coin?: string;
  type?: string;
}

/** GET /api/record/financial ?pageNum&pageSize&coin&type */
export async function getFinancialRecords(pageNum: number, pageSize: number, filter: RecordFilter): Promise<Page<FinancialRecord>> {
  const params: Record<string, unknown> = { pageNum, pageSize };
  if (filter.coin) params.coin = filter.coin;
  if (filter.type) params.type = filter.type;
  return (await api.get<Page<FinancialRecord>>('/api/record/financial', params)).data;
}
