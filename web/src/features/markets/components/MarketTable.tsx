import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCompact } from '@/shared/format/number';
import { usePriceFormat } from '@/shared/format/use-price';
import type { TKey } from '@/shared/i18n/i18n';
import { ChangeBadge, CoinLogo, percentSign, toneClass } from '@/features/market';
import type { MarketRow, MarketSort, SortKey } from '../lib/market-list';
import styles from './markets.module.css';

const SORT_LABEL: Record<SortKey, TKey> = {
  name: 'markets_col_name',
  price: 'markets_col_price',
  change: 'markets_col_change',
  turnover: 'markets_col_turnover',
};

function SortArrows({ dir }: { dir: 'asc' | 'desc' | null }) {
  return (
    <svg className={styles['sort-arrows']} width="8" height="12" viewBox="0 0 8 12" aria-hidden="true">
      <path d="M4 0L8 5H0z" className={dir === 'asc' ? styles['sort-on'] : undefined} />
      <path d="M4 12L0 7h8z" className={dir === 'desc' ? styles['sort-on'] : undefined} />
    </svg>
  );
}

/** A tappable column header: sorts by its column, then the other way, then back to the catalogue's order. */
function SortHeader({ column, sort, onSort, label, align = 'start' }: { column: SortKey; sort: MarketSort | null; onSort: (key: SortKey) => void; label?: string; align?: 'start' | 'end' }) {
  const { t } = useTranslation();
  const dir = sort?.key === column ? sort.dir : null;
  const text = label ?? t(SORT_LABEL[column]);
  return (
    <button
      type="button"
      className={`${styles['sort-btn']} ${align === 'end' ? styles['sort-end'] : ''} ${dir ? styles['sort-active'] : ''}`}
      onClick={() => onSort(column)}
      aria-pressed={!!dir}
      aria-label={dir ? `${text}: ${t(dir === 'asc' ? 'markets_sortAsc' : 'markets_sortDesc')}` : text}
      data-testid={`markets-sort-${column}`}
      data-dir={dir ?? ''}
    >
      <span>{text}</span>
      <SortArrows dir={dir} />
    </button>
  );
}

/**
 * Header and rows of one product's instruments. On a phone the 24 h turnover sits
 * under the pair (as its own sort button beside Name); from 1024 px it is a column.
 */
export function MarketTable({ rows, sort, onSort, desktop, testId }: { rows: MarketRow[]; sort: MarketSort | null; onSort: (key: SortKey) => void; desktop: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className={`${styles.table} ${desktop ? styles.desktop : ''}`}>
      <div className={styles.head}>
        {desktop ? (
          <>
            <SortHeader column="name" sort={sort} onSort={onSort} />
            <SortHeader column="price" sort={sort} onSort={onSort} align="end" />
            <SortHeader column="change" sort={sort} onSort={onSort} align="end" />
            <SortHeader column="turnover" sort={sort} onSort={onSort} align="end" />
            <span aria-hidden="true" />
          </>
        ) : (
          <>
            <span className={styles['head-name']}>
              <SortHeader column="name" sort={sort} onSort={onSort} />
              <span className={styles['head-sep']} aria-hidden="true">
                /
              </span>
              <SortHeader column="turnover" sort={sort} onSort={onSort} label={t('markets_col_vol')} />
            </span>
            <SortHeader column="price" sort={sort} onSort={onSort} align="end" />
            <SortHeader column="change" sort={sort} onSort={onSort} align="end" />
          </>
        )}
      </div>
      <ul className={styles.rows} data-testid={testId}>
        {rows.map((row) => (
          <MarketLine key={row.id} row={row} desktop={desktop} />
        ))}
      </ul>
    </div>
  );
}

function MarketLine({ row, desktop }: { row: MarketRow; desktop: boolean }) {
  const prices = usePriceFormat();
  const { t } = useTranslation();
  // The 24 h turnover is in the quote coin, USDT for every listed product.
  const turnover = row.turnover ? `${formatCompact(row.turnover)} USDT` : '--';
  return (
    <li>
      <Link to={row.href} className={styles.row} data-testid={`markets-row-${row.symbol}`} data-symbol={row.symbol} data-name={row.name}>
        <span className={styles.name}>
          <CoinLogo item={{ coin: row.coin, logo: row.logo, market: row.market }} size={desktop ? 30 : 28} />
          <span className={styles.names}>
            <span className={styles.pair}>
              <span data-testid="markets-name">{row.name}</span>
              {row.maxLeverage ? <span className={styles.tag}>{t('markets_leverage', { n: row.maxLeverage })}</span> : null}
            </span>
            {desktop ? (
              <span className="muted small">{row.base}</span>
            ) : (
              <span className={`muted ${styles.sub}`} data-testid="markets-turnover">
                {t('markets_col_vol')} {turnover}
              </span>
            )}
          </span>
        </span>
        <span className={`mono ${styles.price} ${toneClass(percentSign(row.percent))}`} data-testid="markets-price">
          {prices.price(row.price, row.coin)}
        </span>
        <span className={styles.change}>
          <ChangeBadge percent={row.percent} live={row.live} solid />
        </span>
        {desktop ? (
          <>
            <span className={`mono ${styles.turnover}`} data-testid="markets-turnover">
              {turnover}
            </span>
            <span className={styles.go}>{t('markets_trade')}</span>
          </>
        ) : null}
      </Link>
    </li>
  );
}
