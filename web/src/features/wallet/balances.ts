import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { idempotencyHeaders } from '@/shared/api/idempotency';
import type { components } from '@/shared/api/schema';
import { loadUserInfo } from '@/shared/session/user-info';
import type { AssetBalance, WalletName } from '@/features/wallet/types';

export const BALANCE_KEY = ['wallet', 'balance'] as const;

/** POST /api/asset/assetBalance */
export async function getAssetBalance(): Promise<AssetBalance> {
  return (await api.postQuery<AssetBalance>('/api/asset/assetBalance')).data;
}

export function useAssetBalance(enabled = true) {
  return useQuery({ queryKey: BALANCE_KEY, queryFn: getAssetBalance, enabled, staleTime: 5_000 });
}

/** Available amount of one coin in one wallet, "0" when absent. */
export function availableOf(balance: AssetBalance | undefined, wallet: WalletName, coin: string): string {
  const w = balance?.wallets.find((x) => x.wallet === wallet);
  return w?.assets.find((a) => a.coin.toUpperCase() === coin.toUpperCase())?.available ?? '0';
}

/** After money moved: balances, records and user info (with its asset list) refresh. */
export async function refreshAfterMoneyMovement(qc: QueryClient): Promise<void> {
  await Promise.all([qc.invalidateQueries({ queryKey: ['wallet'] }), qc.invalidateQueries({ queryKey: ['exchange'] }), loadUserInfo()]);
}

export function useRefreshBalances() {
  const qc = useQueryClient();
  return () => refreshAfterMoneyMovement(qc);
}

/** The body of a transfer between the caller's wallets (`TransferRequest`). */
export type TransferInput = Omit<components['schemas']['TransferRequest'], 'from' | 'to'> & { from: WalletName; to: WalletName };

/** The transfer made (`TransferResult`). */
export type TransferResult = components['schemas']['TransferResult'];

/** POST /api/asset/transferFunds (JSON, idempotent) */
export async function transferFunds(input: TransferInput, key: string): Promise<TransferResult> {
  return (await api.postJson<TransferResult>('/api/asset/transferFunds', input, { headers: idempotencyHeaders(key) })).data;
}
