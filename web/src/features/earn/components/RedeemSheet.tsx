import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useMoney } from '@/shared/format/use-money';
import { BottomSheet, Button, Ltr, Spinner, toast } from '@/shared/ui';
import { redeemOrder, type EarnOrder } from '../api';
import { useRedemptionPreview, useRefreshEarn } from '../hooks';
import { earlyRuleText } from './Disclosures';
import { Fact, Facts } from './Fact';
import styles from '../earn.module.css';

/**
 * Early redemption: the server's preview of what redeeming now does
 * (principal, penalty, interest given back, what reaches spot) is on screen
 * before the user can confirm it.
 */
export function RedeemSheet({ order, onClose }: { order: EarnOrder | null; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refresh = useRefreshEarn();
  const { pending, run } = useSubmit();
  const preview = useRedemptionPreview(order?.id ?? null);
  if (!order) return null;
  const p = preview.data;
  const coin = (p?.coin || order.coin).toUpperCase();
  const why = preview.error instanceof ApiError ? preview.error.msg : null;

  const confirm = async () => {
    if (!p) return;
    const ok = await run(async () => {
      await redeemOrder(order.kind, order.id);
      toast(t('earn_redeemed'), 'success');
    });
    await refresh();
    if (ok) onClose();
  };

  const figure = (label: string, value: string, testId: string, tone = '') => (
    <Fact label={label} testId={testId} value={value}>
      <span className={tone}>
        <Ltr>{money.amount(value, coin)}</Ltr> {coin}
      </span>
    </Fact>
  );

  return (
    <BottomSheet open title={t('earn_redeemTitle')} onClose={onClose} testId="earn-redeem-sheet">
      <div className={styles['ea-sheet']}>
        <p className="small">
          <strong>{order.planTitle}</strong> · <Ltr>{money.amount(order.amount, coin)}</Ltr> {coin}
        </p>
        <p className="muted small" data-testid="earn-redeem-rule">
          {earlyRuleText(t, order.earlyRule, order.defaultOdds)}
        </p>
        {preview.isLoading ? (
          <div className={styles['ea-center']} data-testid="earn-redeem-loading">
            <Spinner size={22} />
          </div>
        ) : p ? (
          <Facts testId="earn-redeem-preview">
            {figure(t('earn_principal'), p.principal, 'earn-redeem-principal')}
            {figure(t('earn_penalty'), p.penalty, 'earn-redeem-penalty', 'down')}
            {figure(t('earn_interestForfeited'), p.interestForfeited, 'earn-redeem-forfeited', 'down')}
            {figure(t('earn_receive'), p.receive, 'earn-redeem-receive')}
          </Facts>
        ) : (
          <div className={styles['ea-warn']} role="status" data-testid="earn-redeem-error">
            <span>{why || t('loadFailed')}</span>
            <Button variant="secondary" small onClick={() => void preview.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        <p className="muted small">{t('earn_redeemNote')}</p>
        <div className={styles['ea-actions']}>
          <Button variant="secondary" onClick={onClose} data-testid="earn-redeem-cancel">
            {t('cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={!p || pending} loading={pending} data-testid="earn-redeem-confirm">
            {t('earn_redeemConfirm')}
          </Button>
        </div>
      </div>
    </BottomSheet>
  );
}
