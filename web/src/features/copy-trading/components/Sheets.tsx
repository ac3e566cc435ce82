import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IdempotentAction } from '@/shared/api/idempotency';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { useSubmit } from '@/shared/hooks/use-submit';
import { closePosition } from '@/features/futures';
import { BottomSheet, Button, Checkbox, Ltr, toast } from '@/shared/ui';
import { delTraderUser, type CopyOrder, type MineTrader } from '@/features/copy-trading/api';
import { useRefreshCopy } from '@/features/copy-trading/hooks';
import { toneOf } from '@/features/copy-trading/lib/display';
import styles from '../copy.module.css';

/** Stop following: asks whether the copies still open close now too, or stay for me to close. */
export function StopFollowSheet({ row, onClose }: { row: MineTrader; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshCopy();
  const { pending, run } = useSubmit();
  const [closePositions, setClosePositions] = useState(false);
  const confirm = async () => {
    const ok = await run(async () => {
      await delTraderUser(row.traderId, closePositions);
      toast(t('floworder_stoppedToast', { name: row.traderName }), 'success');
    });
    await refresh();
    if (ok) onClose();
  };
  return (
    <BottomSheet open title={t('floworder_stopTitle')} onClose={onClose} testId="stop-follow-sheet">
      <div className={styles['ct-sheet']}>
        <p>{t('floworder_stopText', { name: row.traderName })}</p>
        <Checkbox checked={closePositions} onChange={setClosePositions} testId="stop-follow-close-positions">
          {t('floworder_stopClosePositions')}
        </Checkbox>
        <p className="muted small" data-testid="stop-follow-note">
          {closePositions ? t('floworder_stopCloseNote') : t('floworder_stopKeepNote')}
        </p>
        <div className={styles['ct-actions']}>
          <Button variant="secondary" onClick={onClose} data-testid="stop-follow-cancel">
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={pending} data-testid="stop-follow-confirm">
            {t('floworder_stop')}
          </Button>
        </div>
      </div>
    </BottomSheet>
  );
}

/** Close an open copy at the mark, with the futures close call (the whole position). */
export function CloseCopySheet({ order, onClose }: { order: CopyOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refresh = useRefreshCopy();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const confirm = async () => {
    const ok = await run(async () => {
      await action.current.run({ id: order.id }, (key) => closePosition(order.id, null, key));
      toast(t('fu_closed'), 'success');
    });
    await refresh();
    if (ok) onClose();
  };
  return (
    <BottomSheet open title={t('floworder_closeCopyTitle')} onClose={onClose} testId="close-copy-sheet">
      <div className={styles['ct-sheet']}>
        <p className="muted">{t('fu_closeAtMark')}</p>
        <dl className={styles['ct-facts']}>
          <div>
            <dt>{order.symbol.toUpperCase()}</dt>
            <dd>
              {order.side === 'long' ? t('fu_long') : t('fu_short')} · <Ltr>{order.leverage}x</Ltr>
            </dd>
          </div>
          <div>
            <dt>{t('fu_size')}</dt>
            <dd>
              <Ltr>{order.openNum}</Ltr> {order.coin.toUpperCase()}
            </dd>
          </div>
          <div>
            <dt>{t('fu_entry')}</dt>
            <dd>
              <Ltr>{formatPrice(order.openPrice)}</Ltr>
            </dd>
          </div>
          <div>
            <dt>{t('floworder_unrealised')}</dt>
            <dd className={toneOf(order.unrealised)}>
              {order.unrealised === null ? (
                '--'
              ) : (
                <>
                  <Ltr>{money.amount(order.unrealised, 'USDT', { sign: 'always' })}</Ltr> USDT
                </>
              )}
            </dd>
          </div>
        </dl>
        <p className="muted small">{t('floworder_closeCopyNote')}</p>
        <div className={styles['ct-actions']}>
          <Button variant="secondary" onClick={onClose} data-testid="close-copy-cancel">
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} loading={pending} data-testid="close-copy-confirm">
            {t('fu_close')}
          </Button>
        </div>
      </div>
    </BottomSheet>
  );
}
