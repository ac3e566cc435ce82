import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import type { Page } from '@/shared/api/types';
import type { Deposit } from '@/features/wallet/types';

/** The body of a deposit claim (`PayRequest`). */
export type PayAddressInput = components['schemas']['PayRequest'];

/** POST /api/recharge/payAddress (JSON, idempotent): claim a deposit. */
export async function payAddress(input: PayAddressInput, key: string): Promise<Deposit> {
  return (await api.postJson<Deposit>('/api/recharge/payAddress', input, { headers: idempotencyHeaders(key) })).data;
}

/** GET /api/recharge/list ?pageNum&pageSize&coin&status */
export async function getDeposits(pageNum: number, pageSize: number): Promise<Page<Deposit>> {
  return (await api.get<Page<Deposit>>('/api/recharge/list', { pageNum, pageSize })).data;
}

/** One network deposits are open on (`DepositNetwork`). */
export type DepositNetwork = components['schemas']['DepositNetwork'];

/** GET /api/recharge/networks: the networks that can give an address now, in the settings' order. */
export async function getDepositNetworks(): Promise<DepositNetwork[]> {
  return (await api.get<DepositNetwork[]>('/api/recharge/networks', undefined, { silent: true })).data;
}
