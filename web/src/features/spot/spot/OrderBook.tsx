import { useTranslation } from 'react-i18next';
import { formatAmount, toDecimal } from '@/shared/format/number';
import { formatPriceAt } from '@/shared/format/precision';
import { formatTime } from '@/shared/format/date';
import { EmptyState, Spinner } from '@/shared/ui';
import type { BookRow } from './depth-book';
import type { DepthState, PublicTrade } from './hooks';
import type { PairRules } from './order-math';
import styles from './spot.module.css';

/** Asks above (best nearest the middle), bids below, depth bars proportional to amount; a click picks the price. */
export function OrderBook({ depth, rules, last, onPick, rows }: { depth: DepthState; rules: PairRules; last: PublicTrade | null; onPick: (price: string) => void; rows: number }) {
  const { t } = useTranslation();
  const { view } = depth;
  const asks = view.asks.slice(0, rows).reverse();
  const bids = view.bids.slice(0, rows);
  const empty = !view.asks.length && !view.bids.length;
  const lastPrice = last?.price ?? null;
  // Last and mid at the pair's tick, as the rows.
  const tick = { price: rules.baseScale, qty: rules.coinScale };
  const tone = last?.side === 'buy' ? 'up' : last?.side === 'sell' ? 'down' : '';
  const line = (row: BookRow, side: 'ask' | 'bid') => (
    <button type="button" key={`${side}-${row.price}`} className={`${styles['book-row']} ${styles[`book-${side}`]}`} onClick={() => onPick(row.price)} data-testid={`book-${side}`} data-price={row.price}>
      <span className={styles['book-bar']} style={{ width: `${row.bar}%` }} aria-hidden="true" />
      <span className={`${styles['book-price']} mono`}>{formatAmount(row.price, rules.baseScale)}</span>
      <span className={`${styles['book-amount']} mono`}>{formatAmount(row.amount, rules.coinScale)}</span>
    </button>
  );
  return (
    <div className={styles.book} data-testid="spot-book" data-state={depth.status} data-seq={depth.seq ?? ''} data-resyncing={depth.resyncing || undefined}>
      <div className={`${styles['book-head']} muted small`}>
        <span>
          {t('spot_price')} ({rules.quote})
        </span>
        <span>
          {t('spot_amount')} ({rules.coin})
        </span>
      </div>
      {depth.status === 'loading' ? (
        <div className={styles['book-loading']}>
          <Spinner size={22} />
        </div>
      ) : depth.status === 'error' ? (
        <EmptyState text={t('spot_bookError')} />
      ) : (
        <>
          <div className={`${styles['book-side']} ${styles['book-asks']}`} data-testid="book-asks">
            {asks.length ? asks.map((r) => line(r, 'ask')) : <p className={`${styles['book-none']} muted small`}>{t('noData')}</p>}
          </div>
          <div className={styles['book-mid']} data-testid="book-mid">
            {lastPrice ? (
              <>
                <span className={`${styles['book-last']} mono ${tone}`} data-testid="book-last">
                  {formatPriceAt(lastPrice, tick)}
                </span>
                {view.mid ? <span className="muted small mono">{`${t('spot_mid')} ${formatPriceAt(view.mid, tick)}`}</span> : null}
              </>
            ) : (
              <span className={`${styles['book-last']} mono`} data-testid="book-mid-price" title={t('spot_mid')}>
                {view.mid ? formatPriceAt(view.mid, tick) : '--'}
              </span>
            )}
            {view.spread ? (
              <span className={`muted small mono ${styles['book-spread']}`}>
                {t('spot_spread')} {formatAmount(view.spread, rules.baseScale)}
              </span>
            ) : null}
            {depth.resyncing ? <span className="chip chip-warning">{t('spot_resyncing')}</span> : null}
          </div>
          <div className={`${styles['book-side']} ${styles['book-bids']}`} data-testid="book-bids">
            {bids.length ? bids.map((r) => line(r, 'bid')) : <p className={`${styles['book-none']} muted small`}>{t('noData')}</p>}
          </div>
          {empty ? <span className="visually-hidden">{t('noData')}</span> : null}
        </>
      )}
    </div>
  );
}

/** Live spot trades of the pair (time, price coloured by the taker's side, amount). */
export function RecentTrades({ trades, rules }: { trades: PublicTrade[]; rules: PairRules }) {
  const { t } = useTranslation();
  return (
    <div className={styles.recent} data-testid="spot-recent">
      <div className={`${styles['recent-row']} ${styles['recent-head']} muted small`}>
        <span>{t('spot_time')}</span>
        <span>
          {t('spot_price')} ({rules.quote})
        </span>
        <span>
          {t('spot_amount')} ({rules.coin})
        </span>
      </div>
      {trades.length ? (
        trades.map((tr) => (
          <div key={tr.key} className={styles['recent-row']} data-testid="recent-trade">
            <span className="muted mono">{formatTime(tr.ts)}</span>
            <span className={`mono ${tr.side === 'buy' ? 'up' : tr.side === 'sell' ? 'down' : ''}`}>{formatAmount(tr.price, rules.baseScale)}</span>
            <span className="mono">{toDecimal(tr.vol) ? formatAmount(tr.vol, rules.coinScale) : '--'}</span>
          </div>
        ))
      ) : (
        <p className={`${styles['recent-empty']} muted small`} data-testid="recent-empty">
          {t('noData')}
        </p>
      )}
    </div>
  );
}
