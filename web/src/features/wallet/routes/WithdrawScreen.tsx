import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BottomSheet, Button, EmptyState, Field, Page, PageLoading, SendCodeButton, Spinner, toast } from '@/shared/ui';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { sendEmailCode, sendMobileCode } from '@/shared/api/verification';
import { useSubmit } from '@/shared/hooks/use-submit';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { useRefreshBalances } from '@/features/wallet/balances';
import { CHANNELS_KEY, getWithdrawChannels, submitWithdraw } from '../api/withdraw';
import type { WithdrawChannel } from '@/features/wallet/types';
import { WithdrawRules } from '../components/WithdrawRules';
import { allAmount, sanitizeAmountInput, validateAmount } from '@/shared/format/amount';
import { amountErrorText } from '@/shared/format/amount-message';
import { plainAmount } from '@/shared/format/display';
import { useWithdrawQuote } from '../lib/use-withdraw-quote';
import { nextOpening } from '../lib/withdraw-window';
import { isValidAddress } from '@/features/wallet/address';
import { formatDateTime } from '@/shared/format/date';
import '@/shared/ui/wallet.css';

export default function WithdrawScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data: channels, isLoading, isError, refetch } = useQuery({ queryKey: CHANNELS_KEY, queryFn: getWithdrawChannels, staleTime: 0 });
  const list = channels ?? [];
  const selected = list.find((c) => c.channel === params.get('channel')) ?? list[0];

  return (
    <Page
      title={t('withdraw_title')}
      testId="screen-withdraw"
      right={
        <Link to={paths.withdrawalRecords} className="link small" data-testid="withdraw-records-link">
          {t('withdraw_recordsLink')}
        </Link>
      }
    >
      {isLoading ? (
        <PageLoading />
      ) : isError ? (
        <EmptyState text={t('loadFailed')} action={<Button variant="secondary" small onClick={() => refetch()}>{t('retry')}</Button>} />
      ) : !selected ? (
        <EmptyState />
      ) : (
        <div className="wallet-grid">
          <div className="stack">
            <section className="card">
              <div className="field-label">{t('withdraw_channel')}</div>
              <div className="chips" role="radiogroup">
                {list.map((c) => (
                  <button
                    key={c.channel}
                    type="button"
                    role="radio"
                    aria-checked={c.channel === selected.channel}
                    className={`pick ${c.channel === selected.channel ? 'pick-on' : ''}`}
                    onClick={() => setParams({ channel: c.channel }, { replace: true })}
                    data-testid={`withdraw-channel-${c.channel}`}
                  >
                    {c.channel}
                  </button>
                ))}
              </div>
            </section>
            <WithdrawRules channel={selected} />
          </div>
          <WithdrawForm key={selected.channel} channel={selected} />
        </div>
      )}
    </Page>
  );
}

function WithdrawForm({ channel: c }: { channel: WithdrawChannel }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const refresh = useRefreshBalances();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());
  const coin = c.coin.toUpperCase();
  const [address, setAddress] = useState(c.sameAddress ? (c.boundAddress ?? '') : (c.boundAddress ?? ''));
  const [amount, setAmount] = useState('');
  const [tradePwd, setTradePwd] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [addressLeft, setAddressLeft] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const check = validateAmount(amount, { scale: c.scale, min: c.withdrawalMin, max: c.withdrawalMax, available: c.available });
  const amountError = amount && !check.ok && (touched || check.error.kind !== 'min') ? amountErrorText(t, check.error, coin) : null;
  const quote = useWithdrawQuote(c.channel, check.ok ? check.value.toFixed() : null);
  const open = c.status === 1;
  const countLeft = c.dayWithdrawalNum <= 0 || (c.remainingCount ?? 1) > 0;
  const opensAt = c.window.open ? null : nextOpening(c.window, Date.now());
  const closedText = !c.window.open
    ? [t('withdraw_closedNotice', { start: c.window.start, end: c.window.end, tz: c.window.timeZone }), opensAt !== null ? t('wd_opensAt', { when: formatDateTime(opensAt) }) : null].filter(Boolean).join(' ')
    : null;
  const blocked = !open ? t('withdraw_suspended') : closedText ? closedText : !countLeft ? t('withdraw_noCountLeft') : null;
  // Checked with the network's checksum as the server does; shown once the user leaves the field or submits.
  const addressValid = isValidAddress(c.channel, address.trim());
  const addressError =
    touched && !address.trim() ? t('withdraw_addressRequired') : address.trim() && !addressValid && (touched || addressLeft) ? t('wd_addressInvalid', { network: c.network }) : null;
  const pwdError = touched && c.checkPass && !tradePwd ? t('withdraw_pwdRequired') : null;
  const codeError = touched && c.checkCode && !code ? t('withdraw_codeRequired') : null;
  const needsFundPassword = c.checkPass && user && user.hasTradePwd === false;

  const sendCode = async () => {
    try {
      if (user?.email) await sendEmailCode('security', user.email);
      else if (user?.phone) await sendMobileCode('security', user.phone);
      else {
        toast(t('withdraw_codeNoTarget'), 'error');
        return false;
      }
      toast(t('codeSent'), 'success');
      return true;
    } catch {
      return false;
    }
  };

  const input = check.ok
    ? { channel: c.channel, amount: check.value.toFixed(), address: address.trim(), tradePwd: c.checkPass ? tradePwd : '', code: c.checkCode ? code : '' }
    : null;

  // The form's checks first; then a sheet with the figures the user confirms.
  const review = () => {
    setTouched(true);
    setSubmitError(null);
    if (blocked || !input || !address.trim() || !addressValid || (c.checkPass && !tradePwd) || (c.checkCode && !code)) return;
    setConfirming(true);
  };

  const submit = async () => {
    if (!input) return;
    const ok = await run(async () => {
      try {
        await action.current.run(input, (key) => submitWithdraw(input, key));
      } catch (e) {
        if (e instanceof ApiError) setSubmitError(e.msg);
        throw e;
      }
    });
    setConfirming(false);
    if (ok) {
      toast(t('withdraw_submitted'), 'success');
      await refresh();
      navigate(paths.withdrawalRecords);
    }
  };

  return (
    <section className="card stack" data-testid="withdraw-form">
      {blocked ? (
        <p className="notice notice-danger" data-testid="withdraw-blocked">
          {blocked}
        </p>
      ) : null}
      <Field
        label={t('withdraw_address')}
        placeholder={t('withdraw_addressPlaceholder', { network: c.network })}
        value={address}
        readOnly={c.sameAddress && Boolean(c.boundAddress)}
        onChange={(e) => setAddress(e.target.value.trim())}
        onBlur={() => setAddressLeft(true)}
        error={addressError}
        hint={c.sameAddress ? (c.boundAddress ? t('withdraw_boundOnly') : t('withdraw_noBound')) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid="withdraw-address"
      />
      <Field
        label={t('withdraw_amount')}
        inputMode="decimal"
        placeholder={t('withdraw_range', { min: plainAmount(c.withdrawalMin), max: plainAmount(c.withdrawalMax), coin })}
        value={amount}
        onChange={(e) => {
          setAmount(sanitizeAmountInput(e.target.value));
          setSubmitError(null);
        }}
        onBlur={() => setTouched(Boolean(amount) || touched)}
        error={amountError ?? (quote.kind === 'error' && quote.message ? quote.message : null)}
        hint={t('withdraw_availableHint', { amount: plainAmount(c.available), coin })}
        right={
          <button type="button" className="field-action" onClick={() => setAmount(allAmount(c.available, c.scale))} data-testid="withdraw-all">
            {t('all')}
          </button>
        }
        data-testid="withdraw-amount"
      />
      <QuoteSummary quote={quote} coin={coin} />
      {c.checkPass ? (
        <>
          <Field
            label={t('withdraw_tradePwd')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={tradePwd}
            onChange={(e) => setTradePwd(e.target.value)}
            error={pwdError}
            data-testid="withdraw-tradepwd"
          />
          {needsFundPassword ? (
            <p className="small" data-testid="withdraw-set-pwd">
              {t('withdraw_noFundPwd')}{' '}
              <Link to={paths.fundPassword} className="link">
                {t('withdraw_setFundPwd')}
              </Link>
            </p>
          ) : null}
        </>
      ) : null}
      {c.checkCode ? (
        <Field
          label={t('withdraw_code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.target.value.trim())}
          error={codeError}
          right={<SendCodeButton onSend={sendCode} testId="withdraw-send-code" />}
          data-testid="withdraw-code"
        />
      ) : null}
      {submitError ? (
        <p className="field-message" role="alert" data-testid="withdraw-error">
          {submitError}
        </p>
      ) : null}
      <Button block disabled={Boolean(blocked)} onClick={review} data-testid="withdraw-submit">
        {t('withdraw_submit')}
      </Button>
      <BottomSheet open={confirming} title={t('wd_confirmTitle')} onClose={() => setConfirming(false)} testId="withdraw-confirm-sheet">
        <div className="stack" style={{ padding: '8px 18px 18px' }}>
          <dl className="rules quote">
            <div>
              <dt>{t('withdraw_amount')}</dt>
              <dd data-testid="confirm-amount">
                {input ? plainAmount(input.amount) : '--'} {coin}
              </dd>
            </div>
            <div>
              <dt>{t('withdraw_quoteFee')}</dt>
              <dd data-testid="confirm-fee">{quote.kind === 'ok' ? `${plainAmount(quote.quote.fee)} ${coin}` : '--'}</dd>
            </div>
            {quote.kind === 'ok' && quote.quote.separateFee ? (
              <div>
                <dt>{t('withdraw_quoteSeparateFee')}</dt>
                <dd data-testid="confirm-separate-fee">
                  {plainAmount(quote.quote.separateFee.amount)} {quote.quote.separateFee.coin.toUpperCase()}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('wd_confirmNetwork')}</dt>
              <dd data-testid="confirm-network">{c.network}</dd>
            </div>
            <div>
              <dt>{t('withdraw_address')}</dt>
              <dd data-testid="confirm-address" className="mono" style={{ overflowWrap: 'anywhere' }}>
                {address.trim()}
              </dd>
            </div>
            <div>
              <dt>{t('wd_confirmArrives')}</dt>
              <dd data-testid="confirm-net">
                <strong>{quote.kind === 'ok' ? `${plainAmount(quote.quote.netAmount)} ${coin}` : '--'}</strong>
              </dd>
            </div>
          </dl>
          <p className="small muted">{t('wd_confirmIrreversible', { network: c.network })}</p>
          {submitError ? (
            <p className="field-message" role="alert" data-testid="withdraw-confirm-error">
              {submitError}
            </p>
          ) : null}
          <Button block loading={pending} disabled={quote.kind !== 'ok'} onClick={submit} data-testid="withdraw-confirm">
            {t('wd_confirmSubmit')}
          </Button>
          <Button variant="secondary" block onClick={() => setConfirming(false)} data-testid="withdraw-confirm-cancel">
            {t('cancel')}
          </Button>
        </div>
      </BottomSheet>
    </section>
  );
}

function QuoteSummary({ quote, coin }: { quote: ReturnType<typeof useWithdrawQuote>; coin: string }) {
  const { t } = useTranslation();
  if (quote.kind === 'idle' || quote.kind === 'error') return null;
  if (quote.kind === 'loading') {
    return (
      <div className="quote quote-loading" data-testid="withdraw-quote-loading">
        <Spinner size={16} /> <span className="muted small">{t('withdraw_quoting')}</span>
      </div>
    );
  }
  const q = quote.quote;
  return (
    <dl className="rules quote" data-testid="withdraw-quote">
      <div>
        <dt>{t('withdraw_quoteFee')}</dt>
        <dd data-testid="quote-fee">
          {plainAmount(q.fee)} {coin}
          {q.free ? <span className="chip chip-success" style={{ marginInlineStart: 6 }}>{t('withdraw_freeThis')}</span> : null}
        </dd>
      </div>
      {q.separateFee ? (
        <div>
          <dt>{t('withdraw_quoteSeparateFee')}</dt>
          <dd data-testid="quote-separate-fee">
            {plainAmount(q.separateFee.amount)} {q.separateFee.coin.toUpperCase()}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{t('withdraw_quoteNet')}</dt>
        <dd data-testid="quote-net">
          <strong>
            {plainAmount(q.netAmount)} {coin}
          </strong>
        </dd>
      </div>
      <div>
        <dt>{t('withdraw_quoteFrozen')}</dt>
        <dd data-testid="quote-frozen">
          {plainAmount(q.totalFrozen)} {coin}
        </dd>
      </div>
    </dl>
  );
}
