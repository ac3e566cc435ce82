import { useTranslation } from 'react-i18next';
import type { Asset } from '@/shared/api/types';
import { formatAmount } from '@/shared/format/number';

export function AssetList({ assets }: { assets: Asset[] }) {
  const { t } = useTranslation();
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
                <span>{formatAmount(a.available, 8).replace(/\.?0+$/, '') || '0'}</span>
                <span className="muted small">
                  {t('wallet_frozen')} {formatAmount(a.frozen, 8).replace(/\.?0+$/, '') || '0'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
