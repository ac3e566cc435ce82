import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/shared/format/number';
import { ChangeBadge, toneClass, type livePriceOf } from '@/features/market';
import type { PublicTrade } from './hooks';
import type { PairRules } from './order-math';
import styles from './price-headline.module.css';

/**
 * The spot header's two prices, each named: the book's last trade (anyone's fill, coloured by the
 * taker's side; "--" before the first) and the index price the 24 h change is measured on. They differ,
 * and the user's own fill is only one trade among the book's, so neither stands in for the other.
 */
export function PriceHeadline({ last, index, rules }: { last: PublicTrade | null; index: ReturnType<typeof livePriceOf>; rules: PairRules }) {
  const { t } = useTranslation();
  const sign = index.percent ? (index.percent.isZero() ? 0 : index.percent.isNegative() ? -1 : 1) : 0;
  const lastTone = last?.side === 'buy' ? 'up' : last?.side === 'sell' ? 'down' : '';
  return (
    <div className={styles.prices}>
      <div className={styles.figure}>
        <span className={`${styles.label} muted small`}>{t('spot_priceLast')}</span>
        <span className={`${styles.last} mono ${lastTone}`} data-testid="spot-price-head">
          {last ? formatAmount(last.price, rules.baseScale) : '--'}
        </span>
      </div>
      <div className={styles.figure}>
        <span className={`${styles.label} muted small`}>{t('spot_priceIndex')}</span>
        <span className={styles.index}>
          <span className={`mono ${toneClass(sign)}`} data-testid="spot-price-index">
            {index.price ? formatAmount(index.price, rules.baseScale) : '--'}
          </span>
          <ChangeBadge percent={index.percent} live={index.live} />
        </span>
      </div>
    </div>
  );
}
