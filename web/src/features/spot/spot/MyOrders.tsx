import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { paths } from '@/shared/config/paths';
import { toDecimal } from '@/shared/format/number';
import { usePriceFormat } from '@/shared/format/use-price';
import { Button, Checkbox, EmptyState, Ltr, Tabs, toast } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { dateTime } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import { cancelOrder, getMyTrades, getOrders, type SpotOrder, type SpotTrade } from './api';
import { SPOT_KEY, useRefreshSpot } from './hooks';
import { orderOutcome } from './order-outcome';
import styles from './spot.module.css';

type Section = 'open' | 'history' | 'trades';

const STATUS_TONE: Record<string, string> = { open: 'chip-accent', partial: 'chip-warning', filled: 'chip-success', cancelled: '', rejected: 'chip-danger' };

function pairLabel(symbol: string): string {
  const s = symbol.toUpperCase();
  return s.endsWith('USDT') ? `${s.slice(0, -4)}/USDT` : s;
}

function OrderRow({ order, onCancel, cancelling }: { order: SpotOrder; onCancel?: (o: SpotOrder) => void; cancelling?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = pairLabel(order.symbol).split('/')[0];
  const { spent, returned } = orderOutcome(order);
  const prices = usePriceFormat();
  return (
    <div className={styles['order-row']} data-testid="order-row" data-id={order.id} data-status={order.status}>
      <div className={styles['order-top']}>
        <span className={`${styles['order-side']} ${order.side === 'buy' ? 'up' : 'down'}`}>{t(order.side === 'buy' ? 'spot_buy' : 'spot_sell')}</span>
        <span className={styles['order-pair']}>{pairLabel(order.symbol)}</span>
        <span className="muted small">{t(order.type === 'limit' ? 'spot_limit' : 'spot_market')}</span>
        <span className={`chip ${STATUS_TONE[order.status] ?? ''}`} data-testid="order-status">
          {t(`spot_status_${order.status}`)}
        </span>
        {onCancel ? (
          <Button variant="ghost" small className={styles['order-cancel']} loading={cancelling} onClick={() => onCancel(order)} data-testid="order-cancel">
            {t('spot_cancel')}
          </Button>
        ) : null}
      </div>
      <div className={`${styles['order-grid']} small`}>
        <span className="muted">{t('spot_price')}</span>
        <span className="mono" data-testid="order-price" data-value={order.price ? toDecimal(order.price)?.toFixed() : undefined}>
          {order.price ? <Ltr>{prices.price(order.price, coin)}</Ltr> : t('spot_market')}
        </span>
        <span className="muted">{order.amount ? t('spot_amount') : t('spot_byTotal')}</span>
        <span className="mono" data-testid="order-amount">
          {order.amount ? (
            <>
              <Ltr>{money.amount(order.amount, coin)}</Ltr> {coin}
            </>
          ) : (
            <>
              <Ltr>{money.amount(order.total, 'USDT')}</Ltr> USDT
            </>
          )}
        </span>
        <span className="muted">{t('spot_filled')}</span>
        <span className="mono" data-testid="order-filled">
          <Ltr>{money.amount(order.filledAmount, coin)}</Ltr> {coin}
        </span>
        {spent ? (
          <>
            <span className="muted">{t('spot_spent')}</span>
            <span className="mono" data-testid="order-spent" data-value={spent.value}>
              <Ltr>{money.amount(spent.value, spent.coin)}</Ltr> {spent.coin}
            </span>
          </>
        ) : null}
        {returned ? (
          <>
            <span className="muted">{t('spot_returned')}</span>
            <span className="mono" data-testid="order-returned" data-value={returned.value}>
              <Ltr>{money.amount(returned.value, returned.coin)}</Ltr> {returned.coin}
            </span>
          </>
        ) : null}
        <span className="muted">{t('spot_avgPrice')}</span>
        <span className="mono">{order.avgPrice ? <Ltr>{prices.price(order.avgPrice, coin)}</Ltr> : '--'}</span>
        {order.fee && order.fee !== '0' ? (
          <>
            <span className="muted">{t('spot_feeLabel')}</span>
            <span className="mono">
              <Ltr>{money.amount(order.fee, order.feeCoin)}</Ltr> {order.feeCoin}
            </span>
          </>
        ) : null}
      </div>
      <div className={`${styles['order-foot']} muted small`}>
        <bdi>{dateTime(order.createTime)}</bdi>
        {order.cancelReason && order.cancelReason !== 'user' ? <span>{t(`spot_reason_${order.cancelReason}`)}</span> : null}
      </div>
    </div>
  );
}

function TradeRow({ trade }: { trade: SpotTrade }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = pairLabel(trade.symbol).split('/')[0];
  const prices = usePriceFormat();
  return (
    <div className={styles['order-row']} data-testid="trade-row">
      <div className={styles['order-top']}>
        <span className={`${styles['order-side']} ${trade.side === 'buy' ? 'up' : 'down'}`}>{t(trade.side === 'buy' ? 'spot_buy' : 'spot_sell')}</span>
        <span className={styles['order-pair']}>{pairLabel(trade.symbol)}</span>
        <span className="chip">{t(trade.role === 'maker' ? 'spot_role_maker' : 'spot_role_taker')}</span>
      </div>
      <div className={`${styles['order-grid']} small`}>
        <span className="muted">{t('spot_price')}</span>
        <span className="mono">
          <Ltr>{prices.price(trade.price, coin)}</Ltr>
        </span>
        <span className="muted">{t('spot_amount')}</span>
        <span className="mono">
          <Ltr>{money.amount(trade.amount, coin)}</Ltr> {coin}
        </span>
        <span className="muted">{t('spot_total')}</span>
        <span className="mono">
          <Ltr>{money.amount(trade.total, 'USDT')}</Ltr> USDT
        </span>
        <span className="muted">{t('spot_feeLabel')}</span>
        <span className="mono">
          <Ltr>{money.amount(trade.fee, trade.feeCoin)}</Ltr> {trade.feeCoin}
        </span>
      </div>
      <div className={`${styles['order-foot']} muted small`}>
        <bdi>{dateTime(trade.createTime)}</bdi>
      </div>
    </div>
  );
}

/** Open orders (cancel), order history and trade history of the signed-in user; paged. */
export function MyOrders({ symbol, isSign }: { symbol: string; isSign: boolean }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('open');
  const [onlyPair, setOnlyPair] = useState(true);
  const refresh = useRefreshSpot();
  const cancel = useMutation({
    mutationFn: (order: SpotOrder) => cancelOrder(order.id),
    onSuccess: () => toast(t('spot_cancelDone'), 'success'),
    onSettled: () => refresh(),
  });
  const filter = onlyPair ? symbol : undefined;

  return (
    <section className={`card ${styles['spot-orders']}`} data-testid="spot-orders">
      <div className={styles['spot-orders-head']}>
        <Tabs
          items={[
            { key: 'open' as Section, label: t('spot_openOrders') },
            { key: 'history' as Section, label: t('spot_orderHistory') },
            { key: 'trades' as Section, label: t('spot_tradeHistory') },
          ]}
          value={section}
          onChange={setSection}
          testId="spot-orders-tab"
        />
        {isSign ? <Checkbox checked={onlyPair} onChange={setOnlyPair} testId="spot-only-pair">
            {t('spot_onlyPair', { pair: pairLabel(symbol) })}
          </Checkbox> : null}
      </div>
      {!isSign ? (
        <EmptyState
          text={t('spot_signInOrders')}
          action={
            <Link to={paths.lr} className="btn btn-primary btn-small">
              {t('home_signIn')}
            </Link>
          }
        />
      ) : section === 'open' ? (
        <PagedList<SpotOrder>
          key={`open-${filter ?? '*'}`}
          queryKey={[...SPOT_KEY, 'orders', 'open', filter ?? '*']}
          fetchPage={(pageNum, pageSize) => getOrders({ pageNum, pageSize, status: 'open', ...(filter ? { symbol: filter } : {}) })}
          itemKey={(o) => o.id}
          renderItem={(o) => <OrderRow order={o} onCancel={(x) => cancel.mutate(x)} cancelling={cancel.isPending && cancel.variables?.id === o.id} />}
          testId="open-orders"
        />
      ) : section === 'history' ? (
        <PagedList<SpotOrder>
          key={`history-${filter ?? '*'}`}
          queryKey={[...SPOT_KEY, 'orders', 'history', filter ?? '*']}
          fetchPage={(pageNum, pageSize) => getOrders({ pageNum, pageSize, status: 'history', ...(filter ? { symbol: filter } : {}) })}
          itemKey={(o) => o.id}
          renderItem={(o) => <OrderRow order={o} />}
          testId="order-history"
        />
      ) : (
        <PagedList<SpotTrade>
          key={`trades-${filter ?? '*'}`}
          queryKey={[...SPOT_KEY, 'trades', filter ?? '*']}
          fetchPage={(pageNum, pageSize) => getMyTrades({ pageNum, pageSize, ...(filter ? { symbol: filter } : {}) })}
          itemKey={(x) => x.id}
          renderItem={(x) => <TradeRow trade={x} />}
          testId="trade-history"
        />
      )}
    </section>
  );
}
