import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Decimal from 'decimal.js';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { paths } from '@/shared/config/paths';
import { validateAmount } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { useMoney } from '@/shared/format/use-money';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useSession } from '@/shared/session/session-store';
import { Button, Checkbox, Ltr, toast } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import { submitFinance, type FinanceProduct, type FinanceSubmit, AmountInput, Disclosures, settlementText, Fact, Facts, useNow, useRefreshEarn, daysText, pct, utcDateTime, EARN_SCALE, financeDaily, financeTermInterest, interestStart, maturity, maxAmount, parseAmount, earnStyles as styles } from '@/features/earn';
import { isCapped } from './ProductParts';

/**
 * Subscribe to a finance product: a term (each with its APR), an amount from
 * the spot wallet checked here first (limits, 8 decimals, balance, what the cap
 * leaves), the interest it earns worked out as the server does, the dates, the
 * disclosures, then the server's order with a retry key.
 */
export function FinanceSubscribeForm({ product }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const isSign = useSession((s) => s.isSign);
  const vipLevel = useSession((s) => s.userInfo?.vipLevel ?? null);
  const balance = useAssetBalance(isSign);
  const refresh = useRefreshEarn();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const now = useNow();
  const [days, setDays] = useState<number | null>(product.terms[0]?.days ?? null);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [autoRenew, setAutoRenew] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const coin = product.coin.toUpperCase();
  const term = product.terms.find((x) => x.days === days) ?? null;
  const available = balance.data ? availableOf(balance.data, 'spot', coin) : undefined;
  const capped = isCapped(product) && product.remainAmount !== '';
  const max = maxAmount(available, product.limitMax, capped ? product.remainAmount : null);
  const check = validateAmount(amount, { scale: EARN_SCALE, min: product.limitMin, max: product.limitMax, available });
  const error = !check.ok
    ? amountErrorText(t, check.error, coin)
    : capped && check.value.gt(new Decimal(product.remainAmount))
      ? t('earn_capLeft', { remain: product.remainAmount, coin })
      : null;
  const shownError = amount !== '' || touched ? error : null;
  const limitReached = product.timeLimit > 0 && product.buyPurchase >= product.timeLimit;
  const off = product.status !== 1;
  const vipShort = product.level > 0 && vipLevel !== null && vipLevel < product.level;

  const value = parseAmount(amount);
  const daily = value && term ? financeDaily(value, term.apr) : null;
  const total = value && term ? financeTermInterest(value, term.apr, term.days) : null;
  const start = interestStart(now);
  const end = term ? maturity(start, term.days) : null;

  const change = (v: string) => {
    setAmount(v);
    setServerError(null);
  };

  const submit = async () => {
    setTouched(true);
    if (!term || !check.ok || error || off || limitReached) return;
    const input: FinanceSubmit = { planId: product.id, money: check.value.toFixed(), days: term.days, ...(product.autoRenew ? { autoRenew } : {}) };
    await run(async () => {
      try {
        await action.current.run(input, (key) => submitFinance(input, key));
      } catch (e) {
        if (e instanceof ApiError) setServerError(e.msg || t('System error'));
        throw e;
      }
      await refresh();
      toast(t('earn_subscribed'), 'success');
      navigate(`${paths.stakingOrders}?type=1`);
    });
  };

  const figure = (label: string, v: Decimal | null, testId: string) => (
    <Fact label={label} testId={testId} value={v?.toFixed() ?? null}>
      {v ? (
        <>
          <Ltr>{money.amount(v.toFixed(), coin)}</Ltr> {coin}
        </>
      ) : (
        '--'
      )}
    </Fact>
  );

  return (
    <form className={styles['ea-form']} onSubmit={(e) => e.preventDefault()} noValidate data-testid="fs-form" data-product-id={product.id}>
      <div className={styles['ea-form']}>
        <span className={styles['ea-label']}>{t('earn_chooseTerm')}</span>
        <div className={styles['ea-terms']} role="group" aria-label={t('earn_terms')}>
          {product.terms.map((x) => (
            <button
              key={x.days}
              type="button"
              className={`${styles['ea-term']} ${x.days === days ? styles['ea-term-on'] : ''}`}
              aria-pressed={x.days === days}
              onClick={() => setDays(x.days)}
              data-testid={`fs-term-${x.days}`}
              data-apr={x.apr}
            >
              <strong>{daysText(t, x.days)}</strong>
              <span>
                <Ltr>{pct(x.apr)}%</Ltr> {t('earn_apr')}
              </span>
            </button>
          ))}
        </div>
      </div>

      <AmountInput
        value={amount}
        onChange={change}
        error={shownError}
        coin={coin}
        available={available}
        max={max}
        limitMin={product.limitMin}
        limitMax={product.limitMax}
        testId="fs-amount"
      />

      <Facts testId="fs-preview">
        <Fact label={t('earn_apr')} testId="fs-apr" value={term?.apr ?? null}>
          <Ltr>{term ? `${pct(term.apr)}%` : '--'}</Ltr>
        </Fact>
        {figure(t('earn_dailyInterest'), daily, 'fs-daily')}
        {figure(t('earn_termInterest'), total, 'fs-total')}
        <Fact label={t('earn_start')} testId="fs-start" value={start}>
          {utcDateTime(start)}
        </Fact>
        <Fact label={t('earn_maturity')} testId="fs-maturity" value={end}>
          {utcDateTime(end)}
        </Fact>
        <Fact label={t('earn_settlement')} testId="fs-settlement" value={product.settlementType}>
          {product.settlementType === 1 ? t('earn_settleShort_daily') : t('earn_settleShort_maturity')}
        </Fact>
      </Facts>
      <p className="muted small">{settlementText(t, product.settlementType)}</p>

      {product.autoRenew ? (
        <Checkbox checked={autoRenew} onChange={setAutoRenew} testId="fs-auto-renew">
          {t('earn_autoRenew')}
        </Checkbox>
      ) : null}

      <Disclosures kind="finance" earlyRule={product.earlyRule} defaultOdds={product.defaultOdds} testId="fs-disclosures" />

      {off ? <p className={styles['ea-warn']}>{t('earn_productOff')}</p> : null}
      {limitReached ? (
        <p className={styles['ea-warn']} data-testid="fs-limit-reached">
          {t('earn_limitReached', { n: product.timeLimit })}
        </p>
      ) : null}
      {vipShort ? <p className={styles['ea-warn']}>{t('earn_vipRequired', { level: product.level })}</p> : null}
      {serverError ? (
        <p className={styles['ea-error']} role="alert" data-testid="fs-error">
          {serverError}
        </p>
      ) : null}

      <Button block onClick={() => void submit()} disabled={!isSign || !term || off || limitReached || pending} loading={pending} data-testid="fs-submit">
        {t('earn_subscribe')}
      </Button>
    </form>
  );
}
