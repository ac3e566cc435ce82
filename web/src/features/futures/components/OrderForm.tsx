import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useMoney } from '@/shared/format/use-money';
import { Button, Checkbox, Field, Ltr, toast } from '@/shared/ui';
import { submitOrder, type OrderInput } from '../api';
import { usePreview, useRefreshFutures, useTick } from '../hooks';
import { CONFIRM_ABOVE, contractsAt, entryStopProblem, isPositive, leverageChoices, percentOf } from '../lib/math';
import { liquidationPrice, tickPrice } from '../lib/price';
import { LeverageSlider } from './LeverageSlider';
import { OpenConfirm, type OpenFigures } from './OpenConfirm';
import type { FuturesContract } from './contract';
import styles from '../futures.module.css';

const USDT = 'USDT';
const STEPS = [0, 25, 50, 75, 100];
/** The server's "no recent price" refusal. */
const NO_RECENT_PRICE = -6003;

/** Long or short, market or limit, leverage, contracts (or a share of the balance), and the server's preview of margin, fee and liquidation price before submit. */
export function OrderForm({ contract, isSign, lastPrice, onTransfer }: { contract: FuturesContract; isSign: boolean; lastPrice: string | null; onTransfer: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refresh = useRefreshFutures();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const leverages = useMemo(() => leverageChoices(contract.leverage), [contract.leverage]);
  const [side, setSide] = useState<0 | 1>(0);
  const [kind, setKind] = useState<0 | 1>(1);
  const [leverage, setLeverage] = useState<number>(() => (leverages.includes(10) ? 10 : (leverages[0] ?? 1)));
  const [contracts, setContracts] = useState('');
  const [limit, setLimit] = useState('');
  const [percent, setPercent] = useState(0);
  const [withStops, setWithStops] = useState(false);
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [confirming, setConfirming] = useState<OpenFigures | null>(null);
  const tick = useTick(contract.coin);

  const sizeOk = /^[1-9]\d*$/.test(contracts);
  const limitOk = kind === 1 || isPositive(limit, 6);
  const input: OrderInput | null = isSign
    ? {
        symbol: contract.coin.toLowerCase(),
        leverage,
        type: side,
        delegateType: kind,
        delegateTotal: sizeOk ? contracts : '1',
        delegatePrice: kind === 0 && limitOk ? limit : (lastPrice ?? '0'),
      }
    : null;
  const preview = usePreview(input, isSign);
  const p = preview.data;
  const refused = preview.error instanceof ApiError ? preview.error : null;
  // Market orders fill at the mark: none recent, nothing can be opened.
  const stale = kind === 1 && ((p !== undefined && p.markPrice == null) || refused?.code === NO_RECENT_PRICE);
  const why = refused && refused.code !== NO_RECENT_PRICE ? refused.msg || t('System error') : null;
  // Figures only for the size on screen (the preview trails typing).
  const shown = sizeOk && p?.contracts === contracts ? p : undefined;

  const pickPercent = (pct: number) => {
    setPercent(pct);
    const n = contractsAt(p?.maxContracts, pct);
    setContracts(n === '0' ? '' : n);
  };

  // TP/SL at entry go with market orders: they are placed on the position the order opens.
  const stopsOn = withStops && kind === 1;
  const tpProblem = stopsOn ? entryStopProblem('tp', side === 1, takeProfit, p?.fillPrice) : null;
  const slProblem = stopsOn ? entryStopProblem('sl', side === 1, stopLoss, p?.fillPrice) : null;
  const stopsOk = tpProblem === null && slProblem === null;
  const entryStops = stopsOn ? { ...(takeProfit.trim() ? { takeProfit: takeProfit.trim() } : {}), ...(stopLoss.trim() ? { stopLoss: stopLoss.trim() } : {}) } : {};
  const stopText = (problem: ReturnType<typeof entryStopProblem>) =>
    problem === 'price' ? t('fu_badPrice') : problem === 'above' ? t('fu_mustBeAbove', { price: tickPrice(p?.fillPrice, tick) }) : problem === 'below' ? t('fu_mustBeBelow', { price: tickPrice(p?.fillPrice, tick) }) : null;

  /** Above 5x the open waits for a look at its figures (the preview of this size). */
  const ask = () => {
    if (!input || !sizeOk || !limitOk || !stopsOk) return;
    if (leverage > CONFIRM_ABOVE) {
      if (shown) setConfirming({ coin: contract.coin, short: side === 1, leverage, preview: shown, takeProfit: entryStops.takeProfit ?? null, stopLoss: entryStops.stopLoss ?? null });
      return;
    }
    void submit();
  };

  const submit = async () => {
    if (!input || !sizeOk || !limitOk || !stopsOk) return;
    const body: OrderInput = { ...input, delegateTotal: contracts, ...entryStops };
    const ok = await run(async () => {
      const reply = await action.current.run(body, (key) => submitOrder(body, key));
      toast(reply.position ? t('fu_filled') : t('fu_waiting'), 'success');
    });
    setConfirming(null);
    if (ok) {
      setContracts('');
      setPercent(0);
      setTakeProfit('');
      setStopLoss('');
    }
    await refresh();
  };

  const fact = (label: string, value: string | null | undefined, testId: string, unit = USDT) => (
    <div>
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId} data-value={value ?? undefined}>
        {value ? (
          <>
            <Ltr>{unit === USDT ? money.amount(value, USDT) : tickPrice(value, tick)}</Ltr> {unit}
          </>
        ) : (
          '--'
        )}
      </dd>
    </div>
  );

  return (
    <form className={styles['fu-form']} onSubmit={(e) => e.preventDefault()} data-testid="fu-form">
      <div className={styles['fu-sides']} role="group" aria-label={t('fu_side')}>
        <button type="button" className={side === 0 ? styles['fu-long-on'] : ''} aria-pressed={side === 0} onClick={() => setSide(0)} data-testid="fu-side-long">
          {t('fu_long')}
        </button>
        <button type="button" className={side === 1 ? styles['fu-short-on'] : ''} aria-pressed={side === 1} onClick={() => setSide(1)} data-testid="fu-side-short">
          {t('fu_short')}
        </button>
      </div>
      <div className={styles['fu-toggle']} role="group" aria-label={t('fu_orderType')}>
        {([1, 0] as const).map((k) => (
          <button key={k} type="button" className={kind === k ? styles['fu-on'] : ''} aria-pressed={kind === k} onClick={() => setKind(k)} data-testid={`fu-kind-${k === 1 ? 'market' : 'limit'}`}>
            {k === 1 ? t('fu_market') : t('fu_limit')}
          </button>
        ))}
      </div>

      <LeverageSlider choices={leverages} value={leverage} onChange={setLeverage} />

      {kind === 0 ? (
        <Field
          label={t('fu_limitPrice')}
          inputMode="decimal"
          value={limit}
          onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setLimit(e.target.value)}
          error={limit && !limitOk ? t('fu_badPrice') : null}
          right={<span className={styles['fu-unit']}>{USDT}</span>}
          data-testid="fu-limit"
        />
      ) : null}

      <Field
        label={t('fu_contracts')}
        inputMode="numeric"
        value={contracts}
        onChange={(e) => {
          // Whole contracts only: a stray character is refused, never folded into the number.
          if (!/^\d*$/.test(e.target.value)) return;
          setContracts(e.target.value);
          setPercent(0);
        }}
        placeholder={p ? t('fu_contractsHint', { min: p.minShare, face: p.shareNumber, coin: contract.coin.toUpperCase() }) : ''}
        right={<span className={styles['fu-unit']}>{t('fu_cont')}</span>}
        data-testid="fu-contracts"
      />
      <div className={styles['fu-steps']} role="group" aria-label={t('fu_share')}>
        {STEPS.map((s) => (
          <button key={s} type="button" className={`${styles['fu-chip']} ${percent === s && s > 0 ? styles['fu-on'] : ''}`} onClick={() => pickPercent(s)} disabled={!p} data-testid={`fu-pct-${s}`}>
            {s}%
          </button>
        ))}
      </div>
      <div className={styles['fu-available']}>
        <span className="muted small">
          {t('fu_available')}: <Ltr>{p ? money.usdt(p.available) : '--'}</Ltr> {USDT}
        </span>
        <button type="button" className="link small" onClick={onTransfer} data-testid="fu-transfer">
          {t('fu_transfer')}
        </button>
      </div>

      {kind === 1 ? (
        <Checkbox checked={withStops} onChange={setWithStops} testId="fu-entry-tpsl">
          {t('fu_tpslAtEntry')}
        </Checkbox>
      ) : null}
      {stopsOn ? (
        <div className={styles['fu-entry-stops']}>
          <Field
            label={t('fu_takeProfit')}
            inputMode="decimal"
            value={takeProfit}
            onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setTakeProfit(e.target.value)}
            error={stopText(tpProblem)}
            right={<span className={styles['fu-unit']}>{USDT}</span>}
            data-testid="fu-entry-tp"
          />
          <Field
            label={t('fu_stopLoss')}
            inputMode="decimal"
            value={stopLoss}
            onChange={(e) => /^\d*\.?\d*$/.test(e.target.value) && setStopLoss(e.target.value)}
            error={stopText(slProblem)}
            right={<span className={styles['fu-unit']}>{USDT}</span>}
            data-testid="fu-entry-sl"
          />
          <p className="muted small">{t('fu_triggerByMark')}</p>
        </div>
      ) : null}

      <dl className={styles['fu-facts']} data-testid="fu-preview" data-contracts={shown?.contracts}>
        {fact(t('fu_price'), p?.fillPrice, 'fu-fill-price', USDT)}
        {fact(t('fu_margin'), shown?.margin, 'fu-margin')}
        {fact(t('fu_fee'), shown?.fee, 'fu-fee')}
        <div>
          <dt>{t('fu_liqPrice')}</dt>
          <dd className="mono" data-testid="fu-liq" data-value={shown?.liquidationPrice ?? undefined}>
            <Ltr>{liquidationPrice(shown?.liquidationPrice, side === 1, tick)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('fu_maxContracts')}</dt>
          <dd className="mono" data-testid="fu-max">
            {p ? <Ltr>{p.maxContracts}</Ltr> : '--'}
          </dd>
        </div>
      </dl>
      {why && !stale ? (
        <p className={styles['fu-warn']} role="status" data-testid="fu-refused">
          {why}
        </p>
      ) : null}
      {stale ? (
        <p className={styles['fu-warn']} role="status" data-testid="fu-stale">
          {t('fu_stale')}
        </p>
      ) : null}

      <Button
        type="button"
        className={side === 0 ? styles['fu-long'] : styles['fu-short']}
        disabled={!isSign || pending || !sizeOk || !limitOk || !stopsOk || stale || (leverage > CONFIRM_ABOVE && !shown)}
        onClick={ask}
        data-testid="fu-submit"
      >
        {side === 0 ? t('fu_openLong') : t('fu_openShort')}
      </Button>
      <p className="muted small">{t('fu_rules', { spread: p ? `${percentOf(p.spread, 2)}%` : '--' })}</p>
      <OpenConfirm figures={confirming} pending={pending} onCancel={() => setConfirming(null)} onConfirm={() => void submit()} />
    </form>
  );
}
