import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/format/use-money';
import { BottomSheet, Button, Ltr } from '@/shared/ui';
import type { SecondOrder } from '../api';
import { resultKind, settledPnl } from '../lib/contract-math';
import { RESULT_KEY } from '../lib/labels';
import { OrderTitle, PnlText, ResultChip, TickValue } from './OrderParts';
import styles from '../fixed-payout.module.css';

const NOTE_KEY = { draw: 'sc_tieRule', void: 'sc_voidRule' } as const;

/** How an order ended: the result, both recorded ticks, what came back and the profit or loss. */
export function ResultSheet({ order, more, onClose }: { order: SecondOrder | null; more: number; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!order) return null;
  const kind = resultKind(order.openResult);
  const pnl = settledPnl(order);
  const note = kind === 'draw' || kind === 'void' ? NOTE_KEY[kind] : null;
  return (
    <BottomSheet open title={t('sc_result_title')} onClose={onClose} testId="sc-result">
      <div className={styles['sc-result']} data-id={order.id} data-result={kind}>
        <div className={`${styles['sc-result-head']} ${styles[`sc-result-${kind}`] ?? ''}`}>
          <span className={styles['sc-result-word']}>{t(RESULT_KEY[kind])}</span>
          <span className={styles['sc-result-pnl']}>
            <PnlText value={pnl} testId="sc-result-pnl" />
          </span>
          <OrderTitle order={order} />
        </div>
        <dl className={styles['sc-result-rows']}>
          <div>
            <dt>{t('sc_result')}</dt>
            <dd>
              <ResultChip order={order} />
            </dd>
          </div>
          <div>
            <dt>{t('sc_stake')}</dt>
            <dd className="mono" data-testid="sc-result-stake" data-value={order.betAmount}>
              <Ltr>{money.amount(order.betAmount, 'USDT')}</Ltr> USDT
            </dd>
          </div>
          <div>
            <dt>{t('sc_openPrice')}</dt>
            <dd>
              <TickValue price={order.openPrice} at={order.openTickTime} testId="sc-result-open-price" />
            </dd>
          </div>
          <div>
            <dt>{t('sc_closePrice')}</dt>
            <dd>
              <TickValue price={order.closePrice} at={order.closeTickTime} testId="sc-result-close-price" />
            </dd>
          </div>
          <div>
            <dt>{t('sc_priceSource')}</dt>
            <dd className="small">{order.closeSource && order.closeSource !== order.openSource ? `${order.openSource} / ${order.closeSource}` : order.openSource}</dd>
          </div>
          <div>
            <dt>{t('sc_paidBackLabel')}</dt>
            <dd className="mono" data-testid="sc-result-paid" data-value={order.rewardAmount}>
              <Ltr>{money.amount(order.rewardAmount, 'USDT')}</Ltr> USDT
            </dd>
          </div>
          <div>
            <dt>{t('sc_pnl')}</dt>
            <dd>
              <PnlText value={pnl} />
            </dd>
          </div>
        </dl>
        {note ? (
          <p className="notice" data-testid="sc-result-note">
            {t(note)}
          </p>
        ) : null}
        <Button block onClick={onClose} data-testid="sc-result-close-btn">
          {more > 0 ? t('sc_result_next', { n: more }) : t('close')}
        </Button>
      </div>
    </BottomSheet>
  );
}
