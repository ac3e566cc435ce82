import { useTranslation } from 'react-i18next';
import { Cell, CellGroup, EmptyState, Page } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useAssetCoins } from '../lib/asset-coins';

/** Deposit method: one on-chain transfer method per ASSET_COIN network. */
export default function RechargeMethodScreen() {
  const { t } = useTranslation();
  const coins = useAssetCoins();
  return (
    <Page title={t('rechargeMethod_title')} testId="screen-rechargeMethod">
      {coins.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="stack">
          <p className="form-hint">{t('rechargeMethod_hint')}</p>
          <CellGroup title={t('rechargeMethod_onchain')}>
            {coins.map((c) => (
              <Cell
                key={c.coinName}
                icon="recharge"
                label={c.coinName}
                value={t('recharge_minShort', { min: c.rechargeMin ?? '--', coin: c.coin.toUpperCase() })}
                to={`${paths.deposit}?symbol=${encodeURIComponent(c.coinName)}`}
                testId={`method-${c.coinName}`}
              />
            ))}
          </CellGroup>
        </div>
      )}
    </Page>
  );
}
