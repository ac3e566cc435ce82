import { useTranslation } from 'react-i18next';
import { formatTime } from '@/shared/format/date';
import { Ltr } from '@/shared/ui';
import { useOrders, useTick } from '../hooks';
import { tickPrice } from '../lib/price';
import styles from '../futures.module.css';

/**
 * The user's latest fills on this contract (their filled orders: opens and the
 * closes their take-profits left). The house is the counterparty of every
 * futures trade, so there is no market tape of other users' trades to show.
 */
export function RecentFills({ isSign, symbol, coin }: { isSign: boolean; symbol: string; coin: string }) {
  const { t } = useTranslation();
  const filled = useOrders(isSign, 1, 1);
  const tick = useTick(coin);
  const rows = (filled.data?.rows ?? []).filter((o) => o.symbol.toLowerCase() === symbol.toLowerCase()).slice(0, 14);
  return (
    <section className={`card ${styles['fu-fills']}`} aria-label={t('fu_recentFills')} data-testid="fu-fills">
      <h3 className={styles['fu-fills-title']}>{t('fu_recentFills')}</h3>
      <div className={`${styles['fu-fills-row']} ${styles['fu-fills-head']}`}>
        <span>{t('fu_price')}</span>
        <span>{t('fu_contracts')}</span>
        <span>{t('fu_time')}</span>
      </div>
      {!isSign || rows.length === 0 ? (
        <p className="muted small" data-testid="fu-fills-empty">
          {isSign ? t('fu_noFills') : t('fu_signIn')}
        </p>
      ) : (
        <ul className={styles['fu-fills-list']}>
          {rows.map((o) => (
            <li key={o.id} className={`${styles['fu-fills-row']} mono`} data-testid="fu-fill">
              <span className={o.type === 0 ? 'up' : 'down'}>
                <Ltr>{o.dealPrice ? tickPrice(o.dealPrice, tick) : '--'}</Ltr>
              </span>
              <span>
                <Ltr>{o.delegateTotal}</Ltr>
              </span>
              <span className="muted">
                <Ltr>{formatTime(o.dealTime ?? o.createTime)}</Ltr>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
