import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { useMoney } from '@/shared/format/use-money';
import { Button, Ltr } from '@/shared/ui';
import type { EarnOrder } from '../api';
import { daysText, pct, utcDateTime } from '../lib/display';
import { Fact, Facts } from './Fact';
import styles from '../earn.module.css';

const STATUS_KEYS = { 0: 'earn_status_earning', 1: 'earn_status_settled', 2: 'earn_status_redeemed' } as const;
const STATUS_CHIPS = { 0: 'chip-success', 1: '', 2: 'chip-warning' } as const;

const nonZero = (v: string | undefined | null) => {
  if (!v) return false;
  try {
    return !new Decimal(v).isZero();
  } catch {
    return false;
  }
};

/** One finance or staking order: what it holds, earns and earned, and when the next payment reaches spot. */
export function OrderCard({ order, onRedeem }: { order: EarnOrder; onRedeem: (o: EarnOrder) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = order.coin.toUpperCase();
  const status = (order.status === 1 || order.status === 2 ? order.status : 0) as 0 | 1 | 2;
  const earning = status === 0;
  const redeemable = earning && order.earlyRule !== 'none';
  const amount = (value: string, testId: string, label: string) => (
    <Fact label={label} testId={testId} value={value}>
      <Ltr>{money.amount(value, coin)}</Ltr> {coin}
    </Fact>
  );
  return (
    <article className={styles['ea-order']} data-testid={`earn-order-${order.id}`} data-order-id={order.id} data-status={status} data-kind={order.kind}>
      <div className={styles['ea-order-top']}>
        <strong className={styles['ea-order-title']}>{order.planTitle || coin}</strong>
        {order.autoRenew ? <span className="chip">{t('earn_autoRenewOn')}</span> : null}
        <span className={`chip ${STATUS_CHIPS[status]}`} data-testid="earn-order-status" data-value={status}>
          {t(STATUS_KEYS[status])}
        </span>
      </div>
      <p className="muted small">
        {t('earn_orderNo')} <Ltr>{order.orderNo}</Ltr> · {utcDateTime(order.createTime)}
      </p>
      <Facts grid>
        {amount(order.amount, 'earn-order-amount', t('earn_principal'))}
        {order.kind === 'finance' ? (
          <Fact label={t('earn_apr')} testId="earn-order-rate" value={order.apr}>
            <Ltr>{pct(order.apr)}%</Ltr>
          </Fact>
        ) : (
          <Fact label={t('earn_todayRate')} testId="earn-order-rate" value={order.dailyRate}>
            <Ltr>{order.dailyRate === null ? '--' : `${pct(order.dailyRate)}%`}</Ltr>
          </Fact>
        )}
        <Fact label={t('earn_term')} testId="earn-order-days" value={order.days}>
          {daysText(t, order.days)}
        </Fact>
        <Fact label={t('earn_start')} testId="earn-order-start" value={order.startTime}>
          {utcDateTime(order.startTime)}
        </Fact>
        <Fact label={t('earn_maturity')} testId="earn-order-maturity" value={order.endTime}>
          {utcDateTime(order.endTime)}
        </Fact>
        <Fact label={t('earn_settlement')}>{order.settlementType === 1 ? t('earn_settleShort_daily') : t('earn_settleShort_maturity')}</Fact>
        {amount(order.accumulaEarn, 'earn-order-accrued', t('earn_accrued'))}
        {amount(order.paidEarn, 'earn-order-paid', t('earn_paid'))}
        {amount(order.estimatedEarn, 'earn-order-estimated', order.kind === 'finance' ? t('earn_termInterest') : t('earn_estimated'))}
        {earning ? (
          <Fact label={t('earn_nextPayout')} testId="earn-order-next-payout" value={order.nextPayout}>
            {utcDateTime(order.nextPayout)}
          </Fact>
        ) : (
          <Fact label={status === 2 ? t('earn_redeemedAt') : t('earn_settledAt')} testId="earn-order-settled" value={order.settleTime}>
            {utcDateTime(order.settleTime)}
          </Fact>
        )}
        {status === 2 ? amount(order.penalty, 'earn-order-penalty', t('earn_penalty')) : null}
        {status === 2 && nonZero(order.forfeited) ? amount(order.forfeited, 'earn-order-forfeited', t('earn_interestForfeited')) : null}
      </Facts>
      {redeemable ? (
        <div className={styles['ea-order-actions']}>
          <Button variant="danger" small onClick={() => onRedeem(order)} data-testid="earn-order-redeem">
            {t('earn_redeemEarly')}
          </Button>
        </div>
      ) : earning ? (
        <p className="muted small">{t('earn_rule_none')}</p>
      ) : null}
    </article>
  );
}
