import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { formatPrice } from '@/shared/format/number';
import { useMoney } from '@/shared/format/use-money';
import { BottomSheet, Button, Field, Ltr, toast } from '@/shared/ui';
import { adjustMargin, closePosition, setStop, type ContractPosition, type ContractStop } from '../api';
import { useRefreshFutures } from '../hooks';
import { closeCount, isPositive, positionContracts } from '../lib/math';
import styles from '../futures.module.css';

const USDT = 'USDT';
const SHARES = [25, 50, 75, 100];

/** Close all of a position, a share of it or a number of its contracts, at the mark. */
export function CloseSheet({ position, shareNumber, onClose }: { position: ContractPosition | null; shareNumber: string; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshFutures();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [share, setShare] = useState<number | null>(100);
  const [typed, setTyped] = useState('');
  if (!position) return null;
  const total = positionContracts(position.openNum, shareNumber);
  const count = share === null ? (/^\d+$/.test(typed) ? new Decimal(typed) : new Decimal(0)) : null;
  // A typed count of every contract closes the position, like 100 %.
  const num = count === null ? closeCount(position.openNum, shareNumber, share ?? 100) : count.gte(total) ? null : count.toFixed(0);
  const tooMany = count !== null && count.gt(total);
  const closing = tooMany && count ? count : num === null ? total : new Decimal(num);
  const submit = async () => {
    const ok = await run(async () => {
      const input = { id: position.id, num };
      await action.current.run(input, (key) => closePosition(position.id, num, key));
      toast(t('fu_closed'), 'success');
    });
    await refresh();
    if (ok) onClose();
  };
  return (
    <BottomSheet open title={t('fu_closeTitle')} onClose={onClose} testId="fu-close-sheet">
      <div className={styles['fu-sheet']}>
        <p className="muted">{t('fu_closeAtMark')}</p>
        <div className={styles['fu-steps']} role="group" aria-label={t('fu_share')}>
          {SHARES.map((s) => (
            <button
              key={s}
              type="button"
              className={`${styles['fu-chip']} ${share === s ? styles['fu-on'] : ''}`}
              aria-pressed={share === s}
              onClick={() => {
                setShare(s);
                setTyped('');
              }}
              data-testid={`fu-close-${s}`}
            >
              {s}%
            </button>
          ))}
        </div>
        <Field
          label={t('fu_contracts')}
          inputMode="numeric"
          value={share === null ? typed : closing.toFixed(0)}
          onChange={(e) => {
            // Whole contracts only.
            if (!/^\d*$/.test(e.target.value)) return;
            setTyped(e.target.value);
            setShare(null);
          }}
          error={tooMany ? t('fu_closeTooMany', { total: total.toFixed(0) }) : null}
          right={<span className={styles['fu-unit']}>{t('fu_cont')}</span>}
          data-testid="fu-close-contracts"
        />
        <p className="mono" data-testid="fu-close-count">
          {t('fu_closeCount', { n: closing.toFixed(0), total: total.toFixed(0) })}
        </p>
        <Button onClick={() => void submit()} disabled={pending || closing.lte(0) || tooMany} data-testid="fu-close-confirm">
          {t('fu_confirmClose')}
        </Button>
      </div>
    </BottomSheet>
  );
}

/** Add margin from the futures balance, or take some back. */
export function MarginSheet({ position, available, onClose }: { position: ContractPosition | null; available: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refresh = useRefreshFutures();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [add, setAdd] = useState(true);
  const [amount, setAmount] = useState('');
  if (!position) return null;
  const valid = isPositive(amount, 8);
  const maxReduce = Decimal.max(0, new Decimal(position.adjustAmount).minus(position.amount));
  const submit = async () => {
    if (!valid) return;
    const ok = await run(async () => {
      const input = { id: position.id, amount, add };
      await action.current.run(input, (key) => adjustMargin(position.id, amount, add, key));
      toast(t('fu_marginDone'), 'success');
    });
    await refresh();
    if (ok) onClose();
  };
  return (
    <BottomSheet open title={t('fu_marginTitle')} onClose={onClose} testId="fu-margin-sheet">
      <div className={styles['fu-sheet']}>
        <div className={styles['fu-toggle']} role="group">
          <button type="button" className={add ? styles['fu-on'] : ''} aria-pressed={add} onClick={() => setAdd(true)} data-testid="fu-margin-add">
            {t('fu_addMargin')}
          </button>
          <button type="button" className={!add ? styles['fu-on'] : ''} aria-pressed={!add} onClick={() => setAdd(false)} data-testid="fu-margin-reduce">
            {t('fu_reduceMargin')}
          </button>
        </div>
        <Field
          label={t('fu_amount')}
          inputMode="decimal"
          value={amount}
          onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setAmount(e.target.value)}
          error={amount && !valid ? t('fu_badAmount') : null}
          right={<span className={styles['fu-unit']}>{USDT}</span>}
          data-testid="fu-margin-amount"
        />
        <p className="muted small">
          {add ? (
            <>
              {t('fu_available')}: <Ltr>{available ? money.amount(available, USDT) : '--'}</Ltr> {USDT}
            </>
          ) : (
            <>
              {t('fu_maxReduce')}: <Ltr>{money.amount(maxReduce.toFixed(), USDT)}</Ltr> {USDT}
            </>
          )}
        </p>
        <Button onClick={() => void submit()} disabled={pending || !valid} data-testid="fu-margin-confirm">
          {t('fu_confirm')}
        </Button>
      </div>
    </BottomSheet>
  );
}

/** A take-profit and a stop-loss on the whole position, triggered by the mark, closing at the mark or at a limit price. */
export function StopSheet({ position, stops, onClose }: { position: ContractPosition | null; stops: ContractStop[]; onClose: () => void }) {
  const { t } = useTranslation();
  const refresh = useRefreshFutures();
  const { pending, run } = useSubmit();
  const [takeProfit, setTakeProfit] = useState(true);
  const [trigger, setTrigger] = useState('');
  const [limit, setLimit] = useState('');
  const [useLimit, setUseLimit] = useState(false);
  if (!position) return null;
  const valid = isPositive(trigger, 8) && (!useLimit || isPositive(limit, 8));
  const estimate =
    valid && position.openNum
      ? new Decimal(trigger)
          .minus(position.openPrice)
          .mul(position.openNum)
          .mul(position.type === 0 ? 1 : -1)
      : null;
  const existing = stops.filter((s) => s.positionId === position.id);
  const submit = async () => {
    if (!valid) return;
    const ok = await run(async () => {
      await setStop({ positionId: position.id, takeProfit, trigger, size: position.openNum, limit: useLimit ? limit : null });
      toast(t('fu_stopSet'), 'success');
    });
    await refresh();
    if (ok) onClose();
  };
  return (
    <BottomSheet open title={t('fu_tpsl')} onClose={onClose} testId="fu-stop-sheet">
      <div className={styles['fu-sheet']}>
        <div className={styles['fu-toggle']} role="group">
          <button type="button" className={takeProfit ? styles['fu-on'] : ''} aria-pressed={takeProfit} onClick={() => setTakeProfit(true)} data-testid="fu-stop-tp">
            {t('fu_takeProfit')}
          </button>
          <button type="button" className={!takeProfit ? styles['fu-on'] : ''} aria-pressed={!takeProfit} onClick={() => setTakeProfit(false)} data-testid="fu-stop-sl">
            {t('fu_stopLoss')}
          </button>
        </div>
        <p className="muted small">
          {t('fu_entry')} <Ltr>{formatPrice(position.openPrice)}</Ltr> · {t('fu_mark')} <Ltr>{position.markPrice ? formatPrice(position.markPrice) : '--'}</Ltr>
        </p>
        <Field
          label={t('fu_triggerPrice')}
          inputMode="decimal"
          value={trigger}
          onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setTrigger(e.target.value)}
          right={<span className={styles['fu-unit']}>{USDT}</span>}
          data-testid="fu-stop-trigger"
        />
        <label className={styles['fu-check']}>
          <input type="checkbox" checked={useLimit} onChange={(e) => setUseLimit(e.target.checked)} data-testid="fu-stop-use-limit" /> {t('fu_closeAtLimit')}
        </label>
        {useLimit ? (
          <Field
            label={t('fu_limitPrice')}
            inputMode="decimal"
            value={limit}
            onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setLimit(e.target.value)}
            right={<span className={styles['fu-unit']}>{USDT}</span>}
            data-testid="fu-stop-limit"
          />
        ) : null}
        <p className="muted small" data-testid="fu-stop-estimate">
          {t('fu_stopEstimate')}: <Ltr>{estimate ? `${estimate.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2)} ${USDT}` : '--'}</Ltr>
        </p>
        <p className="muted small">{t('fu_triggerByMark')}</p>
        {existing.length ? (
          <ul className={styles['fu-stop-list']}>
            {existing.map((s) => (
              <li key={s.id} className="mono small">
                {s.lossType === 0 ? t('fu_takeProfit') : t('fu_stopLoss')} <Ltr>{formatPrice((s.lossType === 0 ? s.earnPrice : s.losePrice) ?? '0')}</Ltr>
              </li>
            ))}
          </ul>
        ) : null}
        <Button onClick={() => void submit()} disabled={pending || !valid} data-testid="fu-stop-confirm">
          {t('fu_confirm')}
        </Button>
      </div>
    </BottomSheet>
  );
}
