import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { useMoney } from '@/shared/format/use-money';
import { BottomSheet, Button, Ltr } from '@/shared/ui';
import type { Preview } from '../api';
import { useTick } from '../hooks';
import { liquidationPrice, tickPrice } from '../lib/price';
import styles from '../futures.module.css';

const USDT = 'USDT';

export interface OpenFigures {
  coin: string;
  short: boolean;
  leverage: number;
  preview: Preview;
  takeProfit: string | null;
  stopLoss: string | null;
}

/** The last look before a high-leverage open: size, margin, leverage, estimated liquidation price and fees, from the server's preview. */
export function OpenConfirm({ figures, pending, onCancel, onConfirm }: { figures: OpenFigures | null; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const tick = useTick(figures?.coin ?? '');
  if (!figures) return null;
  const { preview: p, short, leverage } = figures;
  const coin = figures.coin.toUpperCase();
  // Opening fee now, closing fee at this price later: both out of the trade.
  const closeFee = p.notional ? new Decimal(p.notional).mul(p.closeFee).toFixed() : null;
  const row = (label: string, value: React.ReactNode, testId: string, data?: string | null) => (
    <div>
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId} data-value={data ?? undefined}>
        {value}
      </dd>
    </div>
  );
  return (
    <BottomSheet open title={t('fu_confirmTitle', { side: short ? t('fu_short') : t('fu_long'), leverage })} onClose={onCancel} testId="fu-confirm-sheet">
      <div className={styles['fu-sheet']}>
        <p className={styles['fu-warn']}>{t('fu_confirmRisk', { leverage })}</p>
        <dl className={styles['fu-facts']}>
          {row(t('fu_size'), <><Ltr>{p.contracts}</Ltr> {t('fu_cont')} · <Ltr>{p.qty}</Ltr> {coin}</>, 'fu-confirm-size', p.contracts)}
          {row(t('fu_price'), <Ltr>{tickPrice(p.fillPrice, tick)}</Ltr>, 'fu-confirm-price', p.fillPrice)}
          {row(t('fu_leverage'), `${leverage}x`, 'fu-confirm-leverage', String(leverage))}
          {row(t('fu_margin'), <><Ltr>{money.amount(p.margin, USDT)}</Ltr> {USDT}</>, 'fu-confirm-margin', p.margin)}
          {row(t('fu_liqPrice'), <Ltr>{liquidationPrice(p.liquidationPrice, short, tick)}</Ltr>, 'fu-confirm-liq', p.liquidationPrice)}
          {row(t('fu_fee'), <><Ltr>{money.amount(p.fee, USDT)}</Ltr> {USDT}</>, 'fu-confirm-fee', p.fee)}
          {row(t('fu_closeFeeEstimate'), <><Ltr>{money.amount(closeFee, USDT)}</Ltr> {USDT}</>, 'fu-confirm-close-fee', closeFee)}
          {figures.takeProfit ? row(t('fu_takeProfit'), <Ltr>{tickPrice(figures.takeProfit, tick)}</Ltr>, 'fu-confirm-tp', figures.takeProfit) : null}
          {figures.stopLoss ? row(t('fu_stopLoss'), <Ltr>{tickPrice(figures.stopLoss, tick)}</Ltr>, 'fu-confirm-sl', figures.stopLoss) : null}
        </dl>
        <div className={styles['fu-confirm-actions']}>
          <Button variant="secondary" onClick={onCancel} data-testid="fu-confirm-cancel">
            {t('fu_cancel')}
          </Button>
          <Button className={short ? styles['fu-short'] : styles['fu-long']} onClick={onConfirm} disabled={pending} data-testid="fu-confirm-open">
            {t('fu_confirmOpen')}
          </Button>
        </div>
      </div>
    </BottomSheet>
  );
}
