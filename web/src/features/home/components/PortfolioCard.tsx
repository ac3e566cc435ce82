import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { paths } from '@/shared/config/paths';
import { usdt } from '@/shared/format/display';
import { formatPercent } from '@/shared/format/number';
import { percentSign, toneClass, useTickers } from '@/features/market';
import { useAssetBalance } from '@/features/wallet';
import { Icon } from '@/shared/ui';
import { portfolioSummary } from '../lib/portfolio';
import styles from './home.module.css';

/** USDT with 2 decimals, truncated toward zero (the wallet's rule); signed when asked. */
function money(value: Decimal, signed = false): string {
  const text = usdt(value);
  return signed && value.toDecimalPlaces(2, Decimal.ROUND_DOWN).gt(0) ? `+${text}` : text;
}

/**
 * Home on desktop, signed in: the total balance in USDT (the server's sum over every
 * wallet) and today's change, estimated from the current holdings and each coin's
 * 24 h open (see portfolioSummary), with the way in to deposit, trade and assets.
 */
export function PortfolioCard() {
  const { t } = useTranslation();
  const balance = useAssetBalance(true);
  const tickers = useTickers();
  const summary = useMemo(() => (balance.data ? portfolioSummary(balance.data, tickers.data) : null), [balance.data, tickers.data]);
  const known = summary && !tickers.isLoading ? summary : null;
  return (
    <section className={styles.portfolio} data-testid="home-portfolio" aria-busy={balance.isLoading}>
      <div className={styles['portfolio-label']}>{t('desktop_totalBalance')}</div>
      <div className={styles['portfolio-total']}>
        <span className="mono" data-testid="home-total">
          {summary ? money(summary.total) : balance.isError ? '--' : '…'}
        </span>
        <span className={styles['portfolio-unit']}>USDT</span>
      </div>
      {balance.isError && !summary ? <p className="muted small">{t('desktop_balanceUnavailable')}</p> : null}
      <div className={styles['portfolio-today']}>
        <span className="muted">{t('desktop_todayChange')}</span>
        <span className={`mono ${known ? toneClass(percentSign(known.change)) : ''}`} data-testid="home-today-change">
          {known ? `${money(known.change, true)} USDT` : '--'}
        </span>
        {known?.percent ? (
          <span className={`mono ${toneClass(percentSign(known.percent))}`} data-testid="home-today-percent">
            ({formatPercent(known.percent)})
          </span>
        ) : null}
        <span className={styles['portfolio-est']} title={t('desktop_todayChangeHint')} data-testid="home-today-estimated">
          {t('desktop_estimated')}
        </span>
      </div>
      <p className={`muted ${styles['portfolio-hint']}`}>{t('desktop_todayChangeHint')}</p>
      {summary?.unpriced.length ? <p className={`muted ${styles['portfolio-hint']}`}>{t('desktop_unpriced', { coins: summary.unpriced.join(', ') })}</p> : null}
      <div className={styles['portfolio-actions']}>
        <Link to={paths.deposit} className="btn btn-primary btn-small" data-testid="home-deposit">
          <Icon name="recharge" size={16} />
          {t('menu_recharge')}
        </Link>
        <Link to={paths.trade} className="btn btn-secondary btn-small" data-testid="home-trade">
          <Icon name="trade" size={16} />
          {t('menu_trade')}
        </Link>
        <Link to={paths.wallet} className="btn btn-ghost btn-small" data-testid="home-assets">
          <Icon name="assets" size={16} />
          {t('menu_assets')}
        </Link>
      </div>
    </section>
  );
}
