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
import { Button, Ltr, toast } from '@/shared/ui';
import { availableOf, useAssetBalance } from '@/features/wallet';
import { submitStaking, type StakingProduct, type StakingSubmit, AmountInput, Disclosures, settlementText, Fact, Facts, useRefreshEarn, daysText, pct, utcDateTime, EARN_SCALE, fractionToPercent, interestStart, maturity, maxAmount, parseAmount, stakingDaily, stakingTermEstimate, termDays, earnStyles as styles } from '@/features/earn';

/**
 * Stake in a product: an amount from spot checked here first, a day's
 * interest at today's rate and the term's at the published schedule (each day
 * the rate in force that day), the dates, the early-redemption penalty, then
 * the server's order.
 */
export function StakingSubscribeForm({ product, now }: { product: StakingProduct; now: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const navigate = useNavigate();
  const isSign = useSession((s) => s.isSign);
  const balance = useAssetBalance(isSign);
  const refresh = useRefreshEarn();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const coin = product.coin.toUpperCase();
  const days = termDays(product.days);
  const available = balance.data ? availableOf(balance.data, 'spot', coin) : undefined;
  const max = maxAmount(available, product.limitMax);
  const check = validateAmount(amount, { scale: EARN_SCALE, min: product.limitMin, max: product.limitMax, available });
  const error = check.ok ? null : amountErrorText(t, check.error, coin);
  const shownError = amount !== '' || touched ? error : null;
  const limitReached = product.timeLimit > 0 && product.buyPurchase >= product.timeLimit;
  const off = product.status !== 1;
  const penaltyRule = product.earlyRule === undefined || product.earlyRule === 'penalty';

  const value = parseAmount(amount);
  const start = interestStart(now);
  const end = maturity(start, days);
  const daily = value ? stakingDaily(value, product.dailyRate) : null;
  const estimate = value ? stakingTermEstimate(value, product.schedule, start, days) : null;
  // The server keeps the penalty rounded up to the ledger's 8 decimals.
  const penalty = value && penaltyRule ? value.mul(product.defaultOdds || '0').toDecimalPlaces(EARN_SCALE, Decimal.ROUND_UP) : null;

  const change = (v: string) => {
    setAmount(v);
    setServerError(null);
  };

  const submit = async () => {
    setTouched(true);
    if (!check.ok || off || limitReached || days === 0) return;
    const input: StakingSubmit = { planId: product.id, amount: check.value.toFixed() };
    await run(async () => {
      try {
        await action.current.run(input, (key) => submitStaking(input, key));
      } catch (e) {
        if (e instanceof ApiError) setServerError(e.msg || t('System error'));
        throw e;
      }
      await refresh();
      toast(t('earn_staked_done'), 'success');
      navigate(`${paths.stakingOrders}?type=2`);
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
    <form className={styles['ea-form']} onSubmit={(e) => e.preventDefault()} noValidate data-testid="ss-form" data-product-id={product.id}>
      <AmountInput
        value={amount}
        onChange={change}
        error={shownError}
        coin={coin}
        available={available}
        max={max}
        limitMin={product.limitMin}
        limitMax={product.limitMax}
        testId="ss-amount"
      />
      <Facts testId="ss-preview">
        <Fact label={t('earn_todayRate')} testId="ss-rate" value={product.dailyRate}>
          <Ltr>{pct(product.dailyRate)}%</Ltr>
        </Fact>
        {figure(t('earn_dailyAtToday'), daily, 'ss-daily')}
        {figure(t('earn_estimatedAtSchedule'), estimate, 'ss-estimate')}
        <Fact label={t('earn_term')} testId="ss-days" value={days}>
          {daysText(t, days)}
        </Fact>
        <Fact label={t('earn_start')} testId="ss-start" value={start}>
          {utcDateTime(start)}
        </Fact>
        <Fact label={t('earn_maturity')} testId="ss-maturity" value={end}>
          {utcDateTime(end)}
        </Fact>
        <Fact label={t('earn_settlement')} testId="ss-settlement" value={product.settlementType}>
          {product.settlementType === 1 ? t('earn_settleShort_daily') : t('earn_settleShort_maturity')}
        </Fact>
        {penaltyRule ? (
          <Fact label={t('earn_penaltyIfEarly', { percent: fractionToPercent(product.defaultOdds) })} testId="ss-penalty" value={penalty?.toFixed() ?? null}>
            {penalty ? (
              <span className="down">
                <Ltr>{money.amount(penalty.toFixed(), coin)}</Ltr> {coin}
              </span>
            ) : (
              '--'
            )}
          </Fact>
        ) : null}
      </Facts>
      <p className="muted small">{settlementText(t, product.settlementType)}</p>

      <Disclosures kind="staking" earlyRule={product.earlyRule} defaultOdds={product.defaultOdds} testId="ss-disclosures" />

      {off ? <p className={styles['ea-warn']}>{t('earn_productOff')}</p> : null}
      {limitReached ? (
        <p className={styles['ea-warn']} data-testid="ss-limit-reached">
          {t('earn_limitReached', { n: product.timeLimit })}
        </p>
      ) : null}
      {serverError ? (
        <p className={styles['ea-error']} role="alert" data-testid="ss-error">
          {serverError}
        </p>
      ) : null}

      <Button block onClick={() => void submit()} disabled={!isSign || off || limitReached || days === 0 || pending} loading={pending} data-testid="ss-submit">
        {t('earn_stake')}
      </Button>
    </form>
  );
}
