import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { useLiveTicks, streamSymbol } from '@/features/market';
import { Button, EmptyState, Ltr, Spinner, Tabs } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import type { SecondOrder } from '../api';
import { useServerNow } from '../hooks';
import { keysOf, SECOND_SOURCE, type ContractSource } from '../source';
import { elapsedShare, formatCountdown, previewAt, secondsLeft } from '../lib/contract-math';
import { HistoryRow, OrderTitle, PnlText, TickValue } from './OrderParts';
import styles from '../fixed-payout.module.css';

type Section = 'open' | 'history';

const PREVIEW_KEY = { win: 'sc_preview_win', lose: 'sc_preview_lose', draw: 'sc_preview_draw' } as const;

/** An open order: live countdown to its close and what it would bring at the current price. */
function OpenOrderRow({ order, skew, fallbackPrice }: { order: SecondOrder; skew: number; fallbackPrice?: string }) {
  const { t } = useTranslation();
  const money = useMoney();
  const now = useServerNow(skew, true);
  const tick = useLiveTicks((s) => s.bySymbol[streamSymbol(order.symbol)]);
  const price = (typeof tick?.close === 'string' ? tick.close : undefined) ?? fallbackPrice;
  const left = secondsLeft(order.closeTime, now);
  const preview = previewAt(order, price);
  const share = elapsedShare(order, now);
  return (
    <div className={styles['sc-order']} data-testid="sc-open-order" data-id={order.id} data-seconds={left}>
      <div className={styles['sc-order-top']}>
        <OrderTitle order={order} />
        <span className={`chip ${left > 5 ? 'chip-accent' : 'chip-warning'} ${styles['sc-countdown']}`} data-testid="sc-countdown" data-seconds={left} role="timer">
          {left > 0 ? <Ltr>{formatCountdown(left)}</Ltr> : t('sc_settling')}
        </span>
      </div>
      <div className={styles['sc-bar']} aria-hidden="true">
        <span className={left > 5 ? undefined : styles['sc-bar-end']} style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </div>
      <dl className={styles['sc-order-grid']}>
        <div>
          <dt>{t('sc_stake')}</dt>
          <dd className="mono" data-testid="sc-open-stake" data-value={order.betAmount}>
            <Ltr>{money.amount(order.betAmount, 'USDT')}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('sc_openPrice')}</dt>
          <dd>
            <TickValue price={order.openPrice} at={order.openTickTime} testId="sc-open-price" />
          </dd>
        </div>
        <div>
          <dt>{t('sc_nowPrice')}</dt>
          <dd className="mono" data-testid="sc-now-price">
            <Ltr>{formatPrice(price)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{preview ? t(PREVIEW_KEY[preview.outcome]) : t('sc_preview')}</dt>
          <dd data-testid="sc-preview" data-outcome={preview?.outcome}>
            <PnlText value={preview?.pnl ?? null} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

export interface OrdersSectionProps {
  isSign: boolean;
  open: SecondOrder[] | undefined;
  openState: 'loading' | 'error' | 'ready';
  onRetryOpen: () => void;
  skew: number;
  /** Last price per stream symbol from the coin list, until a live tick arrives. */
  prices: Record<string, string | undefined>;
  /** The product's calls (second contracts when absent). */
  source?: ContractSource;
}

/** Open orders (live) and the settled history (paged). */
export function OrdersSection({ isSign, open, openState, onRetryOpen, skew, prices, source = SECOND_SOURCE }: OrdersSectionProps) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('open');
  const count = open?.length ?? 0;
  return (
    <section className={`card ${styles['sc-orders']}`} data-testid="sc-orders" aria-label={t('sc_openOrders')}>
      <Tabs
        items={[
          { key: 'open' as Section, label: count ? t('sc_openOrdersCount', { n: count }) : t('sc_openOrders') },
          { key: 'history' as Section, label: t('sc_history') },
        ]}
        value={section}
        onChange={setSection}
        testId="sc-orders-tab"
      />
      {!isSign ? (
        <EmptyState
          text={t('sc_signInOrders')}
          action={
            <Link to={paths.lr} className="btn btn-primary btn-small">
              {t('home_signIn')}
            </Link>
          }
        />
      ) : section === 'open' ? (
        openState === 'loading' ? (
          <div className="paged-loading">
            <Spinner size={22} />
          </div>
        ) : openState === 'error' && !open ? (
          <EmptyState
            text={t('loadFailed')}
            action={
              <Button variant="secondary" small onClick={onRetryOpen}>
                {t('retry')}
              </Button>
            }
          />
        ) : count ? (
          <ul className={styles['sc-list']} data-testid="sc-open-orders">
            {open!.map((o) => (
              <li key={o.id}>
                <OpenOrderRow order={o} skew={skew} fallbackPrice={prices[streamSymbol(o.symbol)]} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState text={t('sc_noOpenOrders')} icon="flash" />
        )
      ) : (
        <div className={styles['sc-history']}>
          <PagedList<SecondOrder> queryKey={keysOf(source).history} fetchPage={(n, size) => source.getHistory(n, size)} itemKey={(o) => o.id} renderItem={(o) => <HistoryRow order={o} />} testId="sc-history" />
        </div>
      )}
    </section>
  );
}
