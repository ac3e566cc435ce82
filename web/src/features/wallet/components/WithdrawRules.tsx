import { useTranslation } from 'react-i18next';
import { toDecimal } from '@/shared/format/number';
import type { WithdrawChannel } from '@/features/wallet/types';
import { plainAmount } from '@/shared/format/display';
import { useMoney } from '@/shared/format/use-money';
import { Link } from 'react-router';
import { paths } from '@/shared/config/paths';
import type { WithdrawKyc } from '@/features/wallet/types';

/** Every rule of a channel, shown before the user types anything (getWithDrawCoinList). */
export function WithdrawRules({ channel: c }: { channel: WithdrawChannel }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = c.coin.toUpperCase();
  const ratio = toDecimal(c.ratio);
  const fixedFee = toDecimal(c.fee);
  const feeParts: string[] = [];
  if (ratio && ratio.gt(0)) feeParts.push(t('withdraw_feeRatio', { ratio: ratio.toFixed() }));
  if (fixedFee && fixedFee.gt(0)) feeParts.push(t('withdraw_feeFixed', { fee: fixedFee.toFixed(), coin }));
  const tax = toDecimal(c.feeTax);
  if (c.checkTax && tax && tax.gt(0)) feeParts.push(t('withdraw_feeTax', { fee: tax.toFixed(), coin: c.coinTax.toUpperCase() }));
  const open = c.status === 1;
  return (
    <section className="card" data-testid="withdraw-rules">
      <h3 className="section-title" style={{ margin: '0 0 8px' }}>
        {t('withdraw_rules')}
      </h3>
      <dl className="rules">
        <div>
          <dt>{t('withdraw_available')}</dt>
          <dd data-testid="rule-available">
            {money.balance(c.available, coin)} {coin}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw_fee')}</dt>
          <dd data-testid="rule-fee">{feeParts.length ? feeParts.join(' + ') : t('withdraw_feeNone')}</dd>
        </div>
        {c.freeNum > 0 ? (
          <div>
            <dt>{t('withdraw_freeCount')}</dt>
            <dd data-testid="rule-free">{t(c.nextIsFree ? 'withdraw_freeNext' : 'withdraw_freeUsed', { count: c.freeNum })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('withdraw_limits')}</dt>
          <dd data-testid="rule-limits">
            {t('withdraw_range', { min: plainAmount(c.withdrawalMin), max: plainAmount(c.withdrawalMax), coin })}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw_precision')}</dt>
          <dd data-testid="rule-precision">{t('withdraw_decimals', { scale: c.scale })}</dd>
        </div>
        <div>
          <dt>{t('withdraw_todayCount')}</dt>
          <dd data-testid="rule-count">
            {c.dayWithdrawalNum > 0 ? t('withdraw_remaining', { remaining: c.remainingCount ?? 0, total: c.dayWithdrawalNum }) : t('withdraw_noDailyLimit')}
          </dd>
        </div>
        <div>
          <dt>{t('withdraw_window')}</dt>
          <dd data-testid="rule-window">
            {c.window.limited ? t('withdraw_windowRange', { start: c.window.start, end: c.window.end, tz: c.window.timeZone }) : t('withdraw_windowAlways')}{' '}
            <span className={`chip ${c.window.open ? 'chip-success' : 'chip-danger'}`} data-testid="rule-window-state" data-open={c.window.open ? 'true' : 'false'}>
              {c.window.open ? t('withdraw_openNow') : t('withdraw_closedNow')}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('withdraw_kyc')}</dt>
          <dd data-testid="rule-kyc">
            <KycLimit kyc={c.kyc} />
          </dd>
        </div>
        {c.sameAddress ? (
          <div>
            <dt>{t('withdraw_address')}</dt>
            <dd>{t('withdraw_boundOnly')}</dd>
          </div>
        ) : null}
      </dl>
      {!open ? (
        <p className="notice notice-danger" data-testid="rule-suspended">
          {t('withdraw_suspended')}
        </p>
      ) : null}
    </section>
  );
}

/** The 24 h limit in BTC the user is held to, what is left of it, and the verification that raises or lifts it. */
function KycLimit({ kyc }: { kyc: WithdrawKyc }) {
  const { t } = useTranslation();
  if (kyc.limit == null) return <span data-testid="rule-kyc-none">{t('wd_kycNone')}</span>;
  const raise =
    kyc.raisedBy === 'primary'
      ? kyc.raisedLimit != null
        ? t('wd_kycRaisePrimary', { limit: plainAmount(kyc.raisedLimit) })
        : t('wd_kycLiftPrimary')
      : kyc.raisedBy === 'advanced'
        ? kyc.raisedLimit != null
          ? t('wd_kycRaiseAdvanced', { limit: plainAmount(kyc.raisedLimit) })
          : t('wd_kycLiftAdvanced')
        : null;
  return (
    <>
      <span className="block" data-testid="rule-kyc-limit">
        {t('wd_kycLimit', { limit: plainAmount(kyc.limit) })}
      </span>
      {kyc.remainingBtc != null ? (
        <span className="block muted" data-testid="rule-kyc-left">
          {t('wd_kycLeft', { amount: plainAmount(kyc.remainingBtc) })}
        </span>
      ) : null}
      {raise ? (
        <span className="block" data-testid="rule-kyc-raise">
          {raise}{' '}
          <Link to={`${paths.userauth}?tab=${kyc.raisedBy}`}>{t('wd_kycVerify')}</Link>
        </span>
      ) : null}
      <span className="block muted small">{t('wd_kycHow')}</span>
    </>
  );
}
