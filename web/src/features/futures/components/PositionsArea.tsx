import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { toneClass } from '@/features/market';
import { Button, EmptyState, Ltr, Spinner, Tabs } from '@/shared/ui';
import { cancelOrder, type ContractOrder, type ContractPosition, type ContractStop } from '../api';
import { useOrders, usePositions, useRefreshFutures, useStops, useTick } from '../hooks';
import { liquidationPrice, tickPrice } from '../lib/price';
import { percentOf, ratioFill } from '../lib/math';
import { CloseSheet, MarginSheet, StopSheet } from './PositionSheets';
import styles from '../futures.module.css';

const USDT = 'USDT';
type Tab = 'positions' | 'orders' | 'history';

function sign(value: string | null | undefined): number {
  if (!value) return 0;
  return value.startsWith('-') ? -1 : /[1-9]/.test(value) ? 1 : 0;
}

function Fact({ label, children, testId, value }: { label: string; children: React.ReactNode; testId?: string; value?: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId} data-value={value ?? undefined}>
        {children}
      </dd>
    </div>
  );
}

function PositionCard({ p, stops, onClose, onMargin, onStop }: { p: ContractPosition; stops: ContractStop[]; onClose: () => void; onMargin: () => void; onStop: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const mine = stops.filter((s) => s.positionId === p.id);
  const tp = mine.find((s) => s.lossType === 0);
  const sl = mine.find((s) => s.lossType === 1);
  const fill = ratioFill(p.marginRatio);
  const tick = useTick(p.coin);
  return (
    <li className={styles['fu-card']} data-testid={`fu-position-${p.id}`} data-position-id={p.id}>
      <div className={styles['fu-card-top']}>
        <span className={`${styles['fu-side-tag']} ${p.type === 0 ? 'up' : 'down'}`}>{p.type === 0 ? t('fu_long') : t('fu_short')}</span>
        <strong>{p.symbol.toUpperCase()}</strong>
        <span className="chip">{p.leverage}x</span>
        <span className={`mono ${toneClass(sign(p.unrealisedPnl))} ${styles['fu-pnl']}`} data-testid="fu-upnl" data-value={p.unrealisedPnl ?? undefined}>
          <Ltr>{p.unrealisedPnl ? money.amount(p.unrealisedPnl, USDT, { sign: 'always' }) : '--'}</Ltr> ({p.roe ? `${percentOf(p.roe)}%` : '--'})
        </span>
      </div>
      <dl className={styles['fu-grid']}>
        <Fact label={t('fu_size')} testId="fu-size" value={p.openNum}>
          <Ltr>{p.openNum}</Ltr> {p.coin.toUpperCase()}
        </Fact>
        <Fact label={t('fu_entry')}>
          <Ltr>{tickPrice(p.openPrice, tick)}</Ltr>
        </Fact>
        <Fact label={t('fu_mark')}>
          <Ltr>{p.markPrice ? tickPrice(p.markPrice, tick) : '--'}</Ltr>
        </Fact>
        <Fact label={t('fu_liqPrice')} testId="fu-position-liq" value={p.closePrice}>
          <Ltr>{liquidationPrice(p.closePrice, p.type === 1, tick)}</Ltr>
        </Fact>
        <Fact label={t('fu_margin')} testId="fu-position-margin" value={p.adjustAmount}>
          <Ltr>{money.amount(p.adjustAmount, USDT)}</Ltr>
        </Fact>
        <Fact label={t('fu_tpsl')} testId="fu-position-stops" value={tp?.earnPrice ?? null}>
          <Ltr>{tp ? tickPrice(tp.earnPrice, tick) : '--'}</Ltr> / <Ltr>{sl ? tickPrice(sl.losePrice, tick) : '--'}</Ltr>
        </Fact>
      </dl>
      <div className={styles['fu-ratio']} title={t('fu_marginRatio')}>
        <span className="muted small">
          {t('fu_marginRatio')} {p.marginRatio ? `${percentOf(p.marginRatio)}%` : '--'}
        </span>
        <span className={styles['fu-ratio-bar']} aria-hidden="true">
          <span style={{ width: `${fill}%` }} className={fill >= 80 ? styles['fu-ratio-hot'] : ''} />
        </span>
      </div>
      <div className={styles['fu-card-actions']}>
        <Button variant="secondary" small onClick={onStop} data-testid="fu-open-stop">
          {t('fu_tpsl')}
        </Button>
        <Button variant="secondary" small onClick={onMargin} data-testid="fu-open-margin">
          {t('fu_marginTitle')}
        </Button>
        <Button variant="secondary" small onClick={onClose} data-testid="fu-open-close">
          {t('fu_close')}
        </Button>
      </div>
    </li>
  );
}

const REASONS: Record<string, 'fu_reason_house_limit' | 'fu_reason_leverage' | 'fu_reason_position_closed'> = {
  house_limit: 'fu_reason_house_limit',
  leverage: 'fu_reason_leverage',
  position_closed: 'fu_reason_position_closed',
};

function OrderRow({ o, onCancel, pending }: { o: ContractOrder; onCancel?: () => void; pending?: boolean }) {
  const { t } = useTranslation();
  const money = useMoney();
  const reason = o.reason ? REASONS[o.reason] : undefined;
  const tick = useTick(o.coin);
  return (
    <li className={styles['fu-card']} data-testid={`fu-order-${o.id}`}>
      <div className={styles['fu-card-top']}>
        <span className={`${styles['fu-side-tag']} ${o.type === 0 ? 'up' : 'down'}`}>{o.reduceOnly ? t('fu_closing') : o.type === 0 ? t('fu_long') : t('fu_short')}</span>
        <strong>{o.symbol.toUpperCase()}</strong>
        <span className="chip">{o.delegateType === 0 ? t('fu_limit') : t('fu_market')}</span>
        {o.reduceOnly ? null : <span className="chip">{o.leverage}x</span>}
        {onCancel ? (
          <Button variant="secondary" small onClick={onCancel} disabled={pending} data-testid="fu-cancel-order">
            {t('fu_cancel')}
          </Button>
        ) : null}
      </div>
      <dl className={styles['fu-grid']}>
        <Fact label={t('fu_contracts')}>
          <Ltr>{o.delegateTotal}</Ltr>
        </Fact>
        <Fact label={t('fu_limitPrice')}>
          <Ltr>{o.delegatePrice ? tickPrice(o.delegatePrice, tick) : '--'}</Ltr>
        </Fact>
        {o.status === 1 ? (
          <Fact label={t('fu_price')}>
            <Ltr>{o.dealPrice ? tickPrice(o.dealPrice, tick) : '--'}</Ltr>
          </Fact>
        ) : null}
        <Fact label={o.status === 0 ? t('fu_held') : t('fu_marginFee')}>
          <Ltr>{money.amount(o.margin, USDT)}</Ltr> + <Ltr>{money.amount(o.fee, USDT)}</Ltr>
        </Fact>
        <Fact label={t('fu_time')}>
          <Ltr>{formatDateTime(o.dealTime ?? o.createTime)}</Ltr>
        </Fact>
      </dl>
      {reason ? (
        <p className="muted small" data-testid="fu-order-reason">
          {t(reason)}
        </p>
      ) : null}
    </li>
  );
}

function HistoryRow({ p }: { p: ContractPosition }) {
  const { t } = useTranslation();
  const money = useMoney();
  const tick = useTick(p.coin);
  // The net is what the trade left the user: gross less fees less funding (the server's sum).
  const net = p.netPnl ?? null;
  return (
    <li className={styles['fu-card']} data-testid={`fu-history-${p.id}`}>
      <div className={styles['fu-card-top']}>
        <span className={`${styles['fu-side-tag']} ${p.type === 0 ? 'up' : 'down'}`}>{p.type === 0 ? t('fu_long') : t('fu_short')}</span>
        <strong>{p.symbol.toUpperCase()}</strong>
        <span className="chip">{p.leverage}x</span>
        <span className="chip">{p.status === 2 ? t('fu_liquidated') : t('fu_closedTag')}</span>
        <span className={`mono ${toneClass(sign(net))} ${styles['fu-pnl']}`} data-testid="fu-history-net" data-value={net ?? undefined} data-tone={sign(net)}>
          <span className={styles['fu-pnl-label']}>{t('fu_netPnl')}</span> <Ltr>{net === null ? '--' : money.amount(net, USDT, { sign: 'always' })}</Ltr> {USDT}
        </span>
      </div>
      <dl className={styles['fu-grid']}>
        <Fact label={t('fu_grossPnl')} testId="fu-history-earn" value={p.grossPnl ?? p.earn}>
          <span className={toneClass(sign(p.grossPnl ?? p.earn))}>
            <Ltr>{money.amount(p.grossPnl ?? p.earn, USDT, { sign: 'always' })}</Ltr>
          </span>
        </Fact>
        <Fact label={t('fu_fee')} testId="fu-history-fees" value={p.fees}>
          <Ltr>{money.amount(p.fees, USDT)}</Ltr>
        </Fact>
        <Fact label={t('fu_funding')} testId="fu-history-funding" value={p.funding}>
          <Ltr>{money.amount(p.funding, USDT)}</Ltr>
        </Fact>
        <Fact label={t('fu_entry')}>
          <Ltr>{tickPrice(p.openPrice, tick)}</Ltr>
        </Fact>
        <Fact label={t('fu_closePrice')}>
          <Ltr>{p.dealPrice ? tickPrice(p.dealPrice, tick) : '--'}</Ltr>
        </Fact>
        <Fact label={t('fu_time')}>
          <Ltr>{p.dealTime ? formatDateTime(p.dealTime) : '--'}</Ltr>
        </Fact>
      </dl>
    </li>
  );
}

function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <div className={styles['fu-pager']}>
      <Button variant="secondary" small disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('fu_prev')}
      </Button>
      <span className="muted small">
        {page} / {pages}
      </span>
      <Button variant="secondary" small disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="fu-next-page">
        {t('fu_next')}
      </Button>
    </div>
  );
}

/** Open positions with their sheets, waiting orders, and closed positions, a page at a time. */
export function PositionsArea({ isSign, shareNumberOf, available }: { isSign: boolean; shareNumberOf: (symbol: string) => string; available: string | undefined }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('positions');
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<ContractPosition | null>(null);
  const [margining, setMargining] = useState<ContractPosition | null>(null);
  const [stopping, setStopping] = useState<ContractPosition | null>(null);
  const [cancelling, setCancelling] = useState<number | null>(null);
  const [orderStatus, setOrderStatus] = useState<0 | 1 | 3>(0);
  const refresh = useRefreshFutures();
  const open = usePositions(isSign, 0);
  const orders = useOrders(isSign && tab === 'orders', orderStatus, page);
  const history = usePositions(isSign && tab === 'history', 1, page);
  const stops = useStops(isSign);
  const stopRows = stops.data?.rows ?? [];

  if (!isSign) return <EmptyState text={t('fu_signIn')} />;
  const pick = (k: Tab) => {
    setTab(k);
    setPage(1);
  };
  const cancel = async (id: number) => {
    setCancelling(id);
    try {
      await cancelOrder(id);
    } catch {
      // the client showed why
    } finally {
      setCancelling(null);
      await refresh();
    }
  };
  const list = tab === 'positions' ? open : tab === 'orders' ? orders : history;
  const rows = list.data?.rows ?? [];
  return (
    <section className={`card ${styles['fu-positions']}`} aria-label={t('fu_positions')}>
      <Tabs
        items={[
          { key: 'positions', label: `${t('fu_positions')} (${open.data?.total ?? 0})` },
          { key: 'orders', label: t('fu_openOrders') },
          { key: 'history', label: t('fu_history') },
        ]}
        value={tab}
        onChange={pick}
        testId="fu-tab"
      />
      {tab === 'orders' ? (
        <div className={styles['fu-toggle3']} role="group">
          {([0, 1, 3] as const).map((st) => (
            <button
              key={st}
              type="button"
              className={orderStatus === st ? styles['fu-on'] : ''}
              aria-pressed={orderStatus === st}
              onClick={() => {
                setOrderStatus(st);
                setPage(1);
              }}
              data-testid={`fu-orders-${st}`}
            >
              {st === 0 ? t('fu_waitingTab') : st === 1 ? t('fu_filledTab') : t('fu_cancelledTab')}
            </button>
          ))}
        </div>
      ) : null}
      {list.isLoading ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <EmptyState text={tab === 'positions' ? t('fu_noPositions') : tab === 'orders' ? t('fu_noOrders') : t('fu_noHistory')} />
      ) : (
        <ul className={styles['fu-list']}>
          {tab === 'positions'
            ? (rows as ContractPosition[]).map((p) => (
                <PositionCard key={p.id} p={p} stops={stopRows} onClose={() => setClosing(p)} onMargin={() => setMargining(p)} onStop={() => setStopping(p)} />
              ))
            : tab === 'orders'
              ? (rows as ContractOrder[]).map((o) => <OrderRow key={o.id} o={o} pending={cancelling === o.id} onCancel={o.status === 0 ? () => void cancel(o.id) : undefined} />)
              : (rows as ContractPosition[]).map((p) => <HistoryRow key={p.id} p={p} />)}
        </ul>
      )}
      {tab === 'positions' ? null : <Pager page={page} total={list.data?.total ?? 0} size={20} onPage={setPage} />}
      <CloseSheet key={closing?.id ?? 'none'} position={closing} shareNumber={closing ? shareNumberOf(closing.symbol) : '1'} onClose={() => setClosing(null)} />
      <MarginSheet key={`m${margining?.id ?? 'none'}`} position={margining} available={available} onClose={() => setMargining(null)} />
      <StopSheet key={`s${stopping?.id ?? 'none'}`} position={stopping} stops={stopRows} onClose={() => setStopping(null)} />
    </section>
  );
}
