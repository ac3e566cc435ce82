import { useTranslation } from 'react-i18next';
import type { Decimal } from 'decimal.js';
import { formatDateTime, formatTime } from '@/shared/format/date';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { toneClass } from '@/features/market';
import { Icon, Ltr } from '@/shared/ui';
import type { SecondOrder } from '../api';
import { orderDirection, resultKind, settledPnl } from '../lib/contract-math';
import { periodText, RESULT_KEY, RESULT_TONE } from '../lib/labels';
import styles from '../fixed-payout.module.css';

export const pairOf = (order: Pick<SecondOrder, 'coinSymbol' | 'symbol'>) => `${(order.coinSymbol || order.symbol.replace(/usdt$/i, '')).toUpperCase()}/USDT`;

/** ▲ Up / ▼ Down in the direction's colour. */
export function DirectionTag({ order }: { order: Pick<SecondOrder, 'direction' | 'betContent'> }) {
  const { t } = useTranslation();
  const up = orderDirection(order) === 'up';
  return (
    <span className={`${styles['sc-dir']} ${up ? 'up' : 'down'}`} data-testid="sc-direction" data-direction={up ? 'up' : 'down'}>
      <Icon name="futures" size={15} className={up ? undefined : styles['sc-flip']} />
      {t(up ? 'sc_up' : 'sc_down')}
    </span>
  );
}

/** The order's heading: direction, pair and period. */
export function OrderTitle({ order }: { order: SecondOrder }) {
  const { t } = useTranslation();
  return (
    <span className={styles['sc-order-title']}>
      <DirectionTag order={order} />
      <span className={styles['sc-order-pair']}>{pairOf(order)}</span>
      <span className="muted small">{periodText(t, order.type)}</span>
    </span>
  );
}

/** A recorded tick: its price and the time (to the second) it was recorded. */
export function TickValue({ price, at, testId }: { price: string | null | undefined; at: number | null | undefined; testId: string }) {
  return (
    <span className={styles['sc-tick']}>
      <span className="mono" data-testid={testId} data-value={price ?? undefined}>
        <Ltr>{formatPrice(price)}</Ltr>
      </span>
      <span className="muted small" data-testid={`${testId}-time`} data-value={at ?? undefined}>
        <Ltr>{at ? formatTime(at) : '--'}</Ltr>
      </span>
    </span>
  );
}

/** A signed USDT amount in the colour of its sign. */
export function PnlText({ value, testId }: { value: Decimal | null; testId?: string }) {
  const money = useMoney();
  const sign = !value || value.isZero() ? 0 : value.isNegative() ? -1 : 1;
  return (
    <span className={`mono ${toneClass(sign)}`} data-testid={testId} data-value={value?.toFixed()}>
      {value ? (
        <>
          <Ltr>{money.amount(value, 'USDT', { sign: 'always' })}</Ltr> USDT
        </>
      ) : (
        '--'
      )}
    </span>
  );
}

export function ResultChip({ order }: { order: Pick<SecondOrder, 'openResult'> }) {
  const { t } = useTranslation();
  const kind = resultKind(order.openResult);
  return (
    <span className={`chip ${RESULT_TONE[kind]}`} data-testid="sc-result-chip" data-result={kind}>
      {t(RESULT_KEY[kind])}
    </span>
  );
}

/** A settled order in the history: result, P&L, stake and what came back, both ticks. */
export function HistoryRow({ order }: { order: SecondOrder }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <div className={styles['sc-order']} data-testid="sc-history-row" data-id={order.id} data-result={resultKind(order.openResult)}>
      <div className={styles['sc-order-top']}>
        <OrderTitle order={order} />
        <ResultChip order={order} />
      </div>
      <dl className={styles['sc-order-grid']}>
        <div>
          <dt>{t('sc_stake')}</dt>
          <dd className="mono">
            <Ltr>{money.amount(order.betAmount, 'USDT')}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('sc_pnl')}</dt>
          <dd>
            <PnlText value={settledPnl(order)} testId="sc-history-pnl" />
          </dd>
        </div>
        <div>
          <dt>{t('sc_openPrice')}</dt>
          <dd>
            <TickValue price={order.openPrice} at={order.openTickTime} testId="sc-history-open" />
          </dd>
        </div>
        <div>
          <dt>{t('sc_closePrice')}</dt>
          <dd>
            <TickValue price={order.closePrice} at={order.closeTickTime} testId="sc-history-close" />
          </dd>
        </div>
      </dl>
      <div className={`${styles['sc-order-foot']} muted small`}>
        <span>{t('sc_paidBack', { amount: money.amount(order.rewardAmount, 'USDT'), coin: 'USDT' })}</span>
        <bdi>{formatDateTime(order.closeTime)}</bdi>
      </div>
    </div>
  );
}
