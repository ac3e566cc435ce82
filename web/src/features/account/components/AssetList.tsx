import { useTranslation } from 'react-i18next';
import type { Asset } from '@/shared/api/types';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';

export function AssetList({ assets }: { assets: Asset[] }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className="card" data-testid="asset-list">
      <h3 className="section-title" style={{ margin: '0 0 10px' }}>{t('wallet_assets')}</h3>
      {assets.length === 0 ? (
        <p className="muted small">{t('wallet_assetsEmpty')}</p>
      ) : (
        <ul className="asset-rows">
          {assets.map((a) => (
            <li key={`${a.coin}-${a.wallet ?? ''}`} className="asset-row">
              <span className="asset-coin">{a.coin.toUpperCase()}</span>
              <span className="asset-amounts">
                <Ltr>{money.balance(a.available, a.coin)}</Ltr>
                <span className="muted small">
                  {t('wallet_frozen')} <Ltr>{money.balance(a.frozen, a.coin)}</Ltr>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
