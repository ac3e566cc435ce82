import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { Page } from '@/shared/api/types';
import type { WithdrawChannel, WithdrawQuote, Withdrawal, WithdrawalStatus } from '@/features/wallet/types';

export const CHANNELS_KEY = ['wallet', 'withdrawChannels'] as const;

/** POST /api/common/getWithDrawCoinList: every channel with the rules that apply to this user now. */
export async function getWithdrawChannels(): Promise<WithdrawChannel[]> {
  return (await api.postQuery<WithdrawChannel[]>('/api/common/getWithDrawCoinList')).data ?? [];
}

/** POST /api/withdraw/quote ?channel&amount; silent: the screen shows the refusal by the field. */
export async function quoteWithdraw(channel: string, amount: string, signal?: AbortSignal): Promise<WithdrawQuote> {
  return (await api.postQuery<WithdrawQuote>('/api/withdraw/quote', { channel, amount }, { silent: true, signal })).data;
}

export interface WithdrawInput {
  channel: string;
  amount: string;
  address: string;
  tradePwd: string;
  code: string;
}

/** POST /api/withdraw/submit ?channel&amount&address&tradePwd&code (idempotent) */
export async function submitWithdraw(input: WithdrawInput, key: string): Promise<Withdrawal> {
  return (await api.postQuery<Withdrawal>('/api/withdraw/submit', { ...input }, { headers: idempotencyHeaders(key) })).data;
}

/** GET /api/withdraw/list ?pageNum&pageSize&status */
export async function getWithdrawals(pageNum: number, pageSize: number, status?: WithdrawalStatus): Promise<Page<Withdrawal>> {
  const params: Record<string, unknown> = { pageNum, pageSize };
  if (status) params.status = status;
  return (await api.get<Page<Withdrawal>>('/api/withdraw/list', params)).data;
}
