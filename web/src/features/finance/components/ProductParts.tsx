import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import { type FinanceProduct, earnStyles as styles } from '@/features/earn';

/** Whether the product has a cap ("0" none). */
export function isCapped(p: Pick<FinanceProduct, 'totalInvestAmount'>): boolean {
  try {
    return new Decimal(p.totalInvestAmount || '0').gt(0);
  } catch {
    return false;
  }
}

/** The cap's share taken (the server's `process`, 0..100) as a whole-percent width. */
function fill(process: string): number {
  try {
    const d = new Decimal(process || '0');
    return Math.min(100, Math.max(0, d.toDecimalPlaces(0, Decimal.ROUND_DOWN).toNumber()));
  } catch {
    return 0;
  }
}

export function ProductBadges({ product: p }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  return (
    <span className={styles['ea-badges']}>
      {p.isHot ? (
        <span className={`chip ${styles['ea-hot']}`} data-testid="finance-badge-hot">
          {t('earn_hot')}
        </span>
      ) : null}
      {p.level > 0 ? (
        <span className={`chip ${styles['ea-vip']}`} data-testid="finance-badge-vip">
          {t('earn_vipLevel', { level: p.level })}
        </span>
      ) : null}
    </span>
  );
}

/** How much of the product's cap is taken, and what it leaves. */
export function CapBar({ product: p }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = p.coin.toUpperCase();
  return (
    <div className={styles['ea-cap']} data-testid="finance-cap" data-value={p.process}>
      <div className={styles['ea-cap-row']}>
        <span>
          {t('earn_capTaken')} <Ltr>{p.process}%</Ltr>
        </span>
        <span>
          {t('earn_capRemain')} <Ltr>{money.balance(p.remainAmount || '0', coin)}</Ltr> {coin}
        </span>
      </div>
      <span className={styles['ea-bar']} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={fill(p.process)} aria-label={t('earn_capTaken')}>
        <span style={{ width: `${fill(p.process)}%` }} />
      </span>
    </div>
  );
}
