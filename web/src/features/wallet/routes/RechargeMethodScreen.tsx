import { useTranslation } from 'react-i18next';
import { Cell, CellGroup, EmptyState, Page, Spinner } from '@/shared/ui';
import { paths } from '@/shared/config/paths';
import { useAssetCoins } from '../lib/asset-coins';

/** Deposit method: one on-chain transfer method per ASSET_COIN network that deposits are open on. */
export default function RechargeMethodScreen() {
  const { t } = useTranslation();
  const { coins, pending } = useAssetCoins();
  return (
    <Page title={t('rechargeMethod_title')} testId="screen-rechargeMethod">
      {pending ? (
        <Spinner size={24} />
      ) : coins.length === 0 ? (
        <EmptyState text={t('recharge_noneOpen')} />
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
