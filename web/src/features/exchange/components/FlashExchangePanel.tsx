import { useEffect, useMemo, useRef, useState } from 'react';
import Decimal from 'decimal.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, Field, Ltr, PageLoading, Spinner, toast } from '@/shared/ui';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { toDecimal } from '@/shared/format/number';
import { availableOf, useAssetBalance, useRefreshBalances } from '@/features/wallet';
import { PagedList } from '@/shared/ui/PagedList';
import { allAmount, sanitizeAmountInput, validateAmount } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { dateTime } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import { usePriceFormat } from '@/shared/format/use-price';
import type { RateText } from '@/shared/format/precision';
import { currencyExchange, getCurrencyPrice, getExchangeCoins, getExchangeHistory, type ExchangeRecord } from '../api/exchange';
import '@/shared/ui/wallet.css';

const QUOTE_EXPIRED = -4051;
export const HISTORY_KEY = ['exchange', 'history'] as const;

const QUOTE_LIFETIME_MS = 15_000;

/**
 * Seconds until the quote expires, ticking every second; 0 once expired. The
 * end is `expiresAt`, but never later than 15 s after it arrived (a client clock
 * ahead of or behind the server's must not keep a dead quote or spin on one).
 */
function useSecondsLeft(expiresAt: string | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!expiresAt || !receivedAt) return 0;
  const stated = new Date(expiresAt).getTime();
  const latest = receivedAt + QUOTE_LIFETIME_MS;
  const end = Number.isNaN(stated) || stated <= receivedAt ? latest : Math.min(stated, latest);
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** "1 BTC ≈ 95,014.12 USDT", or a dash for a rate that is not one. */
function rateText(rate: RateText | null): string {
  return rate ? `1 ${rate.base} ≈ ${rate.price} ${rate.quote}` : '--';
}

/** Flash exchange: from/to coins, a 15 s quote with its countdown (renewed on expiry), confirm, and the history. */
export function FlashExchangePanel() {
  const { t } = useTranslation();
  const money = useMoney();
  const prices = usePriceFormat();
  const qc = useQueryClient();
  const refresh = useRefreshBalances();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const coinsQuery = useQuery({ queryKey: ['exchange', 'coins'], queryFn: getExchangeCoins, staleTime: 60_000 });
  const coins = useMemo(() => coinsQuery.data ?? [], [coinsQuery.data]);
  const { data: balance } = useAssetBalance();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (coins.length < 2 || (from && to)) return;
    const upper = coins.map((c) => c.coin.toUpperCase());
    const f = upper.includes('USDT') ? 'USDT' : upper[0];
    setFrom(f);
    setTo(upper.find((c) => c !== f && c === 'BTC') ?? upper.find((c) => c !== f)!);
  }, [coins, from, to]);

  const quoteQuery = useQuery({
    queryKey: ['exchange', 'quote', from, to],
    queryFn: () => getCurrencyPrice(from, to),
    enabled: Boolean(from && to && from !== to),
    staleTime: 0,
    gcTime: 0,
  });
  const quote = quoteQuery.data;
  const secondsLeft = useSecondsLeft(quote?.expiresAt, quoteQuery.dataUpdatedAt);
  // A quote lives 15 s: ask for a new one as soon as it runs out.
  const { refetch: refetchQuote, isFetching: quoteFetching } = quoteQuery;
  useEffect(() => {
    if (quote && secondsLeft === 0 && !quoteFetching) void refetchQuote();
  }, [quote, secondsLeft, quoteFetching, refetchQuote]);

  const fromCoin = coins.find((c) => c.coin.toUpperCase() === from);
  const toCoin = coins.find((c) => c.coin.toUpperCase() === to);
  const available = availableOf(balance, 'spot', from);
  const check = validateAmount(amount, { scale: fromCoin?.scale, min: quote?.minAmount, available });
  const amountError = amount && !check.ok && (touched || check.error.kind !== 'min') ? amountErrorText(t, check.error, from) : null;
  const price = toDecimal(quote?.price);
  // The quoted rate as people read it: the coin's price in USDT at its pair's tick.
  const rate = quote ? prices.rate(quote.price, from, to) : null;
  const receive = check.ok && price ? check.value.times(price).toDecimalPlaces(toCoin?.scale ?? 8, Decimal.ROUND_DOWN).toFixed() : null;

  const swap = () => {
    setFrom(to);
    setTo(from);
    setAmount('');
    setTouched(false);
  };
  const pick = (side: 'from' | 'to', coin: string) => {
    if (side === 'from') {
      if (coin === to) setTo(from);
      setFrom(coin);
    } else {
      if (coin === from) setFrom(to);
      setTo(coin);
    }
    setAmount('');
    setTouched(false);
  };

  const confirm = async () => {
    setTouched(true);
    if (!check.ok || !quote || secondsLeft === 0) return;
    const input = { from, to, amount: check.value.toFixed(), quoteId: quote.quoteId };
    const ok = await run(async () => {
      try {
        await action.current.run(input, (key) => currencyExchange(input, key));
      } catch (e) {
        if (e instanceof ApiError) toast(e.code === QUOTE_EXPIRED ? t('exchange_quoteExpired') : e.msg || t('System error'), 'error');
        if (e instanceof ApiError && e.code === QUOTE_EXPIRED) void refetchQuote();
        throw e;
      }
    });
    if (ok) {
      toast(t('exchange_done', { from, to }), 'success');
      setAmount('');
      setTouched(false);
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: HISTORY_KEY })]);
      void refetchQuote();
    }
  };

  if (coinsQuery.isLoading) return <PageLoading />;
  if (coinsQuery.isError) {
    return <EmptyState text={t('loadFailed')} action={<Button variant="secondary" small onClick={() => coinsQuery.refetch()}>{t('retry')}</Button>} />;
  }
  if (coins.length < 2) return <EmptyState />;

  return (
    <div className="wallet-grid">
      <section className="card stack" data-testid="exchange-form">
        <div className="exchange-pair">
          <CoinSelect label={t('exchange_from')} value={from} coins={coins.map((c) => c.coin.toUpperCase())} onChange={(c) => pick('from', c)} testId="exchange-from" />
          <button type="button" className="icon-btn transfer-swap" aria-label={t('transfer_swap')} onClick={swap} data-testid="exchange-swap">
            ⇄
          </button>
          <CoinSelect label={t('exchange_to')} value={to} coins={coins.map((c) => c.coin.toUpperCase())} onChange={(c) => pick('to', c)} testId="exchange-to" />
        </div>
        <div className="quote-box" data-testid="exchange-quote">
          {quoteQuery.isError && !quote ? (
            <div className="row-between">
              <span className="down small">{t('exchange_noQuote')}</span>
              <Button variant="secondary" small onClick={() => refetchQuote()}>
                {t('retry')}
              </Button>
            </div>
          ) : !quote ? (
            <span className="muted small">
              <Spinner size={14} /> {t('exchange_quoting')}
            </span>
          ) : (
            <>
              <div className="row-between">
                <span className="muted small">{t('exchange_price')}</span>
                <span className="mono" data-testid="exchange-price">
                  {rate ? (
                    <>
                      1 {rate.base} ≈ <Ltr>{rate.price}</Ltr> {rate.quote}
                    </>
                  ) : (
                    '--'
                  )}
                </span>
              </div>
              <div className="row-between">
                <span className="muted small">{t('exchange_minAmount')}</span>
                <span className="mono small">
                  <Ltr>{money.amount(quote.minAmount, from)}</Ltr> {from}
                </span>
              </div>
              <div className="row-between">
                <span className="muted small">{t('exchange_validFor')}</span>
                <span className={`chip ${secondsLeft > 5 ? 'chip-success' : 'chip-warning'}`} data-testid="exchange-countdown">
                  {quoteFetching && secondsLeft === 0 ? t('exchange_refreshing') : t('exchange_seconds', { seconds: secondsLeft })}
                </span>
              </div>
              <div className="countdown-bar" aria-hidden="true">
                <span style={{ width: `${Math.min(100, (secondsLeft / 15) * 100)}%` }} />
              </div>
            </>
          )}
        </div>
        <Field
          label={t('exchange_amount')}
          inputMode="decimal"
          placeholder="0"
          value={amount}
          onChange={(e) => setAmount(sanitizeAmountInput(e.target.value))}
          onBlur={() => setTouched(Boolean(amount) || touched)}
          error={amountError}
          hint={t('transfer_available', { amount: money.balance(available, from), coin: from })}
          right={
            <button type="button" className="field-action" onClick={() => setAmount(allAmount(available, fromCoin?.scale))} data-testid="exchange-all">
              {t('all')}
            </button>
          }
          data-testid="exchange-amount"
        />
        <div className="row-between">
          <span className="muted small">{t('exchange_receive')}</span>
          <strong data-testid="exchange-receive" data-value={receive ?? undefined}>
            {receive ? (
              <>
                ≈ <Ltr>{money.amount(receive, to)}</Ltr> {to}
              </>
            ) : (
              '--'
            )}
          </strong>
        </div>
        <Button block loading={pending} disabled={!quote || secondsLeft === 0 || !check.ok} onClick={confirm} data-testid="exchange-submit">
          {t('exchange_confirm')}
        </Button>
      </section>
      <section className="stack">
        <h3 className="section-title">{t('exchange_history')}</h3>
        <PagedList<ExchangeRecord>
          queryKey={HISTORY_KEY}
          fetchPage={getExchangeHistory}
          itemKey={(r) => r.id}
          testId="exchange-history"
          renderItem={(r) => (
            <div className="list-item record" data-testid="exchange-row">
              <span className="list-main">
                <span className="row-between">
                  <span className="list-title" style={{ color: 'var(--text)' }}>
                    {r.fromCoin.toUpperCase()} → {r.toCoin.toUpperCase()}
                  </span>
                  <span className="mono up">
                    <Ltr>{money.amount(r.toAmount, r.toCoin, { sign: 'always' })}</Ltr> {r.toCoin.toUpperCase()}
                  </span>
                </span>
                <span className="muted small">
                  {t('exchange_paid', { amount: money.amount(r.fromAmount, r.fromCoin), coin: r.fromCoin.toUpperCase() })} · {t('exchange_atPrice', { price: rateText(prices.rate(r.price, r.fromCoin, r.toCoin)) })}
                  {toDecimal(r.fee)?.gt(0) ? ` · ${t('exchange_fee', { fee: money.amount(r.fee, r.feeCoin), coin: r.feeCoin.toUpperCase() })}` : ''}
                </span>
                <span className="list-time">
                  <bdi>{dateTime(r.createTime)}</bdi>
                </span>
              </span>
            </div>
          )}
        />
      </section>
    </div>
  );
}

function CoinSelect({ label, value, coins, onChange, testId }: { label: string; value: string; coins: string[]; onChange: (c: string) => void; testId: string }) {
  return (
    <label className="field" style={{ flex: 1 }}>
      <span className="field-label">{label}</span>
      <select className="field-box select-native" value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        {coins.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}
