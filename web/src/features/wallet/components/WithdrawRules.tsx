import { useTranslation } from 'react-i18next';
import { toDecimal } from '@/shared/format/number';
import type { WithdrawChannel } from '@/shared/wallet/types';
import { plainAmount } from '@/shared/format/display';

/** Every rule of a channel, shown before the user types anything (getWithDrawCoinList). */
export function WithdrawRules({ channel: c }: { channel: WithdrawChannel }) {
  const { t } = useTranslation();
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
            {plainAmount(c.available)} {coin}
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
        {c.kyc.primaryOpen || c.kyc.seniorOpen ? (
          <div>
            <dt>{t('withdraw_kyc')}</dt>
            <dd data-testid="rule-kyc">
              {c.kyc.primaryOpen ? <span className="block">{t('withdraw_kycPrimary', { limit: plainAmount(c.kyc.primaryLimit) })}</span> : null}
              {c.kyc.seniorOpen ? <span className="block">{t('withdraw_kycSenior', { limit: plainAmount(c.kyc.seniorLimit) })}</span> : null}
              <span className="block muted">{t('withdraw_kycToday', { amount: plainAmount(c.kyc.withdrawnTodayUsdt) })}</span>
            </dd>
          </div>
        ) : null}
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
