import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Decimal from 'decimal.js';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { paths } from '@/shared/config/paths';
import { toDecimal } from '@/shared/format/number';
import { formatPriceAt } from '@/shared/format/precision';
import { useMoney } from '@/shared/format/use-money';
import { useSubmit } from '@/shared/hooks/use-submit';
import { Button, Ltr, toast } from '@/shared/ui';
import { sanitizeAmountInput } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { submitOrder, type Level, type OrderType, type Side, type SpotOrder, type SpotPair } from './api';
import { useRefreshSpot } from './hooks';
import { applyPercent, checkForm, linkLimit, openTypes, pairRules, type FieldError, type FormState, type MarketBuyBy } from './order-math';
import styles from './spot.module.css';

export const PERCENTS = [25, 50, 75, 100] as const;

export function fieldErrorText(t: TFunction, error: FieldError | undefined, coin: string): string | null {
  if (!error) return null;
  if (error.kind === 'closed') return t('spot_closed');
  if (error.kind === 'typeClosed') return t('spot_typeClosed');
  return amountErrorText(t, error, coin);
}

/** What the toast says about a submitted order, from its status after matching. */
function resultKey(order: SpotOrder): 'spot_result_filled' | 'spot_result_partial' | 'spot_result_open' | 'spot_result_cancelled' | 'spot_result_rejected' {
  switch (order.status) {
    case 'filled':
      return 'spot_result_filled';
    case 'partial':
      return 'spot_result_partial';
    case 'cancelled':
      return 'spot_result_cancelled';
    case 'rejected':
      return 'spot_result_rejected';
    default:
      return 'spot_result_open';
  }
}

export interface OrderFormProps {
  pair: SpotPair;
  /** Best first. */
  asks: Level[];
  bids: Level[];
  /** Last trade or market price, to prefill the limit price. */
  refPrice?: string | null;
  /** A price picked from the book; `n` changes on every pick. */
  picked?: { price: string; n: number } | null;
  isSign: boolean;
  /** Spot wallet available balances; undefined while unknown. */
  quoteAvailable?: string;
  baseAvailable?: string;
  /** Side preset (phone: Buy / Sell buttons). */
  initialSide?: Side;
}

/** Limit and market buy/sell for one pair, checked as the user types with the pair's rules. */
export function OrderForm({ pair, asks, bids, refPrice, picked, isSign, quoteAvailable, baseAvailable, initialSide = 'buy' }: OrderFormProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const rules = useMemo(() => pairRules(pair), [pair]);
  const refresh = useRefreshSpot();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [state, setState] = useState<FormState>({ side: initialSide, type: 'limit', price: '', amount: '', total: '', marketBy: 'amount' });
  const [lastSized, setLastSized] = useState<'amount' | 'total'>('amount');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const types = openTypes(rules, state.side);
  const type: OrderType = types.includes(state.type) ? state.type : (types[0] ?? state.type);
  const form: FormState = { ...state, type, marketBy: state.side === 'sell' ? 'amount' : state.marketBy };
  const buy = form.side === 'buy';
  const available = buy ? quoteAvailable : baseAvailable;
  const availableCoin = buy ? rules.quote : rules.coin;
  const check = checkForm(form, rules, { available: isSign ? available : undefined, book: buy ? asks : bids });

  // A new pair starts clean.
  useEffect(() => {
    setState((s) => ({ ...s, price: '', amount: '', total: '' }));
    setTried(false);
    setServerError(null);
  }, [pair.symbol]);

  // The limit price starts at the market price (truncated to the pair's scale), once per pair.
  const refText = toDecimal(refPrice)?.toFixed();
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    const ref = toDecimal(refText);
    if (!ref || ref.lte(0) || prefilled.current === pair.symbol) return;
    prefilled.current = pair.symbol;
    setState((s) => (s.price ? s : { ...s, price: ref.toDecimalPlaces(rules.baseScale, Decimal.ROUND_DOWN).toFixed() }));
  }, [refText, rules.baseScale, pair.symbol]);

  // A price picked in the book.
  // Applied once per pick (`n` counts picks), with the sizing in force then.
  const appliedPick = useRef<number | null>(null);
  useEffect(() => {
    if (!picked || appliedPick.current === picked.n) return;
    appliedPick.current = picked.n;
    setState((s) => linkLimit({ ...s, type: 'limit', price: picked.price }, 'price', lastSized, rules));
  }, [picked, lastSized, rules]);

  const edit = (field: 'price' | 'amount' | 'total', raw: string) => {
    const value = sanitizeAmountInput(raw);
    setServerError(null);
    const sized = field === 'price' ? lastSized : field;
    if (field !== 'price') setLastSized(field);
    setState((s) => linkLimit({ ...s, type, [field]: value }, field, sized, rules));
  };

  const setSide = (side: Side) => {
    setServerError(null);
    setTried(false);
    setState((s) => ({ ...s, side, amount: '', total: '' }));
  };
  const setType = (next: OrderType) => {
    setServerError(null);
    setTried(false);
    setState((s) => ({ ...s, type: next, amount: '', total: '' }));
  };
  const setMarketBy = (by: MarketBuyBy) => {
    setServerError(null);
    setState((s) => ({ ...s, marketBy: by, amount: '', total: '' }));
  };
  const percent = (p: number) => {
    setServerError(null);
    const next = applyPercent(form, p, available, rules, asks);
    setLastSized(form.side === 'buy' && form.type === 'limit' ? 'total' : 'amount');
    setState(next);
  };

  // Errors show as the user types; an empty field only after a submit attempt.
  const shown = (field: 'price' | 'amount' | 'total', value: string, coin: string) => {
    const e = check[field];
    if (!e || (e.kind === 'empty' && !tried) || (value === '' && !tried && e.kind !== 'balance')) return null;
    return fieldErrorText(t, e, coin);
  };

  const submit = async () => {
    setTried(true);
    setServerError(null);
    const request = check.request;
    if (!request) return;
    await run(async () => {
      try {
        const order = await action.current.run(request, (key) => submitOrder(request, key));
        toast(t(resultKey(order)), order.status === 'rejected' ? 'error' : 'success');
        setState((s) => ({ ...s, amount: '', total: '' }));
        setTried(false);
      } catch (e) {
        setServerError(e instanceof ApiError ? e.msg || t('System error') : t('Network anomaly'));
        throw e;
      } finally {
        await refresh();
      }
    });
  };

  const showAmount = form.type === 'limit' || !buy || form.marketBy === 'amount';
  const showTotal = form.type === 'limit' || (buy && form.marketBy === 'total');
  const feeCoin = check.receiveCoin;
  const feePct = rules.feeRate.times(100).toFixed();

  return (
    <form
      className={`${styles['spot-form-card']} ${styles[`spot-${form.side}`] ?? ''}`}
      data-testid="spot-form"
      data-side={form.side}
      data-type={form.type}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      noValidate
    >
      <div className={styles['spot-sides']} role="tablist">
        {(['buy', 'sell'] as const).map((s) => (
          <button key={s} type="button" role="tab" aria-selected={form.side === s} className={`${styles['spot-side']} ${styles[`spot-side-${s}`]} ${form.side === s ? 'active' : ''}`} onClick={() => setSide(s)} data-testid={`spot-side-${s}`}>
            {t(s === 'buy' ? 'spot_buy' : 'spot_sell')}
          </button>
        ))}
      </div>

      {types.length ? (
        <div className={styles['spot-types']} role="tablist">
          {types.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={form.type === k} className={`${styles['spot-type']} ${form.type === k ? 'active' : ''}`} onClick={() => setType(k)} data-testid={`spot-type-${k}`}>
              {t(k === 'limit' ? 'spot_limit' : 'spot_market')}
            </button>
          ))}
        </div>
      ) : null}

      {check.form ? (
        <p className={styles['spot-notice']} role="alert" data-testid="spot-form-closed">
          {fieldErrorText(t, check.form, rules.coin)}
        </p>
      ) : null}

      {form.type === 'limit' ? (
        <SpotInput label={t('spot_price')} unit={rules.quote} value={form.price} onChange={(v) => edit('price', v)} error={shown('price', form.price, rules.quote)} testId="spot-price" />
      ) : (
        <div className={`${styles['spot-market-price']} muted small`} data-testid="spot-market-hint">
          {t('spot_marketPrice')}
        </div>
      )}

      {form.type === 'market' && buy ? (
        <div className={styles['spot-by']} role="radiogroup">
          {(['amount', 'total'] as const).map((by) => (
            <label key={by} className={`${styles['spot-by-option']} ${form.marketBy === by ? 'active' : ''}`}>
              <input type="radio" name="spot-by" checked={form.marketBy === by} onChange={() => setMarketBy(by)} data-testid={`spot-by-${by}`} />
              {t(by === 'amount' ? 'spot_byAmount' : 'spot_byTotal')}
            </label>
          ))}
        </div>
      ) : null}

      {showAmount ? <SpotInput label={t('spot_amount')} unit={rules.coin} value={form.amount} onChange={(v) => edit('amount', v)} error={shown('amount', form.amount, rules.coin)} testId="spot-amount" /> : null}
      {showTotal ? <SpotInput label={t('spot_total')} unit={rules.quote} value={form.total} onChange={(v) => edit('total', v)} error={shown('total', form.total, rules.quote)} testId="spot-total" /> : null}

      <div className={styles['spot-percents']}>
        {PERCENTS.map((p) => (
          <button key={p} type="button" className={styles['spot-percent']} onClick={() => percent(p)} disabled={!isSign || !toDecimal(available)?.gt(0)} data-testid={`spot-pct-${p}`}>
            {p}%
          </button>
        ))}
      </div>

      <dl className={styles['spot-facts']}>
        <div>
          <dt>{t('spot_available')}</dt>
          <dd className="mono" data-testid="spot-available" data-value={isSign ? toDecimal(available)?.toFixed() : undefined}>
            {isSign ? (
              <>
                <Ltr>{available === undefined ? '--' : money.balance(available, availableCoin)}</Ltr> {availableCoin}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        {form.type === 'market' && check.estimate?.avgPrice ? (
          <div>
            <dt>{t('spot_estPrice')}</dt>
            <dd className="mono" data-testid="spot-est-price">
              ≈ <Ltr>{formatPriceAt(check.estimate.avgPrice.toString(), { price: rules.baseScale, qty: rules.coinScale })}</Ltr>
            </dd>
          </div>
        ) : null}
        {form.type === 'market' && buy && form.marketBy === 'total' && check.estimate?.amount.gt(0) ? (
          <div>
            <dt>{t('spot_estAmount')}</dt>
            <dd className="mono" data-testid="spot-est-amount" data-value={check.estimate.amount.toFixed()}>
              ≈ <Ltr>{money.amount(check.estimate.amount, rules.coin)}</Ltr> {rules.coin}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('spot_fee', { rate: `${feePct}%` })}</dt>
          <dd className="mono" data-testid="spot-fee" data-value={check.fee?.toFixed()}>
            {check.fee ? (
              <>
                <Ltr>{money.amount(check.fee, feeCoin)}</Ltr> {feeCoin}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
        <div>
          <dt>{t('spot_receive')}</dt>
          <dd className="mono" data-testid="spot-receive" data-value={check.receive?.toFixed()}>
            {check.receive ? (
              <>
                ≈ <Ltr>{money.amount(check.receive, feeCoin)}</Ltr> {feeCoin}
              </>
            ) : (
              '--'
            )}
          </dd>
        </div>
      </dl>
      {form.type === 'market' && check.estimate && !check.estimate.complete && check.request ? (
        <p className="muted small" data-testid="spot-book-short">
          {t('spot_bookShort')}
        </p>
      ) : null}

      {serverError ? (
        <p className="field-message" role="alert" data-testid="spot-server-error">
          {serverError}
        </p>
      ) : null}

      {isSign ? (
        <Button type="submit" block loading={pending} disabled={!!check.form} className={`${styles['spot-submit']} ${styles[`spot-submit-${form.side}`]}`} data-testid="spot-submit">
          {t(buy ? 'spot_buyCoin' : 'spot_sellCoin', { coin: rules.coin })}
        </Button>
      ) : (
        <Link to={paths.lr} className="btn btn-primary btn-block" data-testid="spot-sign-in">
          {t('spot_signIn')}
        </Link>
      )}
    </form>
  );
}

function SpotInput({ label, unit, value, onChange, error, testId }: { label: string; unit: string; value: string; onChange: (v: string) => void; error: string | null; testId: string }) {
  return (
    <div className={`${styles['spot-input']} ${error ? 'field-error' : ''}`}>
      <label className="field-box">
        <span className={styles['spot-input-label']}>{label}</span>
        <input className="field-input mono" inputMode="decimal" autoComplete="off" placeholder="0" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error} aria-label={label} data-testid={testId} />
        <span className={styles['spot-input-unit']}>{unit}</span>
      </label>
      {error ? (
        <p className="field-message" role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
