import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { financeSubscribePath } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import { type FinanceProduct, ProductIcon, daysText, pct, pctRange, earnStyles as styles } from '@/features/earn';
import { CapBar, isCapped, ProductBadges } from './ProductParts';

/** A finance product on the list: APR range, terms, minimum, cap taken; opens its subscription. */
export function FinanceProductCard({ product: p }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = p.coin.toUpperCase();
  return (
    <Link
      to={financeSubscribePath(p.id)}
      className={styles['ea-product']}
      data-testid={`finance-product-${p.id}`}
      data-product-id={p.id}
      data-days={p.terms.map((x) => x.days).join(',')}
    >
      <div className={styles['ea-product-head']}>
        <ProductIcon icon={p.icon} coin={coin} />
        <div className={styles['ea-product-title']}>
          <strong>{p.title}</strong>
          <span className="muted small">{coin}</span>
        </div>
        <ProductBadges product={p} />
      </div>
      <div className={styles['ea-rate']}>
        <span className={styles['ea-rate-value']} data-testid="finance-product-apr" data-min={p.minApr} data-max={p.maxApr}>
          <Ltr>{pctRange(p.minApr, p.maxApr)}</Ltr>
        </span>
        <span className={styles['ea-rate-label']}>{t('earn_apr')}</span>
      </div>
      <div className={styles['ea-chips']} aria-label={t('earn_terms')}>
        {p.terms.map((term) => (
          <span key={term.days} className={styles['ea-chip']} data-testid={`finance-product-term-${term.days}`}>
            {daysText(t, term.days)} · <Ltr>{pct(term.apr)}%</Ltr>
          </span>
        ))}
      </div>
      {isCapped(p) ? <CapBar product={p} /> : null}
      <div className={styles['ea-product-foot']}>
        <span className="muted small">
          {t('earn_minAmount')}: <Ltr>{money.amount(p.limitMin, coin)}</Ltr> {coin}
        </span>
        <span className="link small">{t('earn_subscribe')}</span>
      </div>
    </Link>
  );
}
