import { useQuery } from '@tanstack/react-query';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';
import { getDepositNetworks } from '../api/recharge';

/** An ASSET_COIN entry (spec 3): one deposit network of a coin. */
export interface AssetCoin {
  coinName: string;
  coin: string;
  coinAddress?: string;
  rechargeMin?: string;
  rechargeMax?: string;
  useSys?: boolean | number | string;
}

export const DEPOSIT_NETWORKS_KEY = ['wallet', 'deposit-networks'] as const;

/**
 * The ASSET_COIN entries served by the platform's own addresses (useSys) that deposits are open on:
 * the server lists a network only when it can give an address on it, so a closed network is never
 * offered (and never answers -4030 after it is chosen). `pending` until that list has arrived.
 */
export function openAssetCoins(list: AssetCoin[] | undefined, open: readonly string[] | undefined): AssetCoin[] {
  if (!open) return [];
  const names = new Set(open.map((n) => n.toUpperCase()));
  return (list ?? []).filter(
    (c) => c && c.coinName && c.coin && (c.useSys === undefined || isOn(c.useSys)) && names.has(c.coinName.toUpperCase()),
  );
}

export function useAssetCoins(): { coins: AssetCoin[]; pending: boolean } {
  const list = useSettings((s) => s.settingConfig.ASSET_COIN) as AssetCoin[] | undefined;
  const networks = useQuery({ queryKey: DEPOSIT_NETWORKS_KEY, queryFn: getDepositNetworks, staleTime: 60_000 });
  const open = networks.data?.map((n) => n.coinName);
  return { coins: openAssetCoins(list, open), pending: networks.isPending };
}
