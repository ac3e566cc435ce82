import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';

/** An ASSET_COIN entry (spec 3): one deposit network of a coin. */
export interface AssetCoin {
  coinName: string;
  coin: string;
  coinAddress?: string;
  rechargeMin?: string;
  rechargeMax?: string;
  useSys?: boolean | number | string;
}

/** The deposit networks served by the platform's own addresses (useSys), from the settings. */
export function useAssetCoins(): AssetCoin[] {
  const list = useSettings((s) => s.settingConfig.ASSET_COIN) as AssetCoin[] | undefined;
  return (list ?? []).filter((c) => c && c.coinName && c.coin && (c.useSys === undefined || isOn(c.useSys)));
}
