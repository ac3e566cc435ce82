import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, Button, Ltr, toast } from '@/shared/ui';
import { ApiError } from '@/shared/api/client';
import { IdempotentAction } from '@/shared/api/idempotency';
import { useSubmit } from '@/shared/hooks/use-submit';
import { useMoney } from '@/shared/format/use-money';
import { useRefreshBalances } from '@/features/wallet/balances';
import { convertDust } from '@/features/wallet/api/dust';
import type { DustPlan } from '@/features/wallet/lib/dust';

/** The dust a convert would take, what it pays, and the confirmation. */
export function DustSheet({ plan, onClose }: { plan: DustPlan; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const refresh = useRefreshBalances();
  const { pending, run } = useSubmit();
  const action = useRef(new IdempotentAction());

  const confirm = async () => {
    await run(async () => {
      try {
        const done = await action.current.run({ dust: plan.convertible.map((d) => d.coin) }, (key) => convertDust(key));
        toast(done.exchanges.length ? t('dust_done', { amount: money.usdt(done.totalUsdt) }) : t('dust_nothing'), done.exchanges.length ? 'success' : 'info');
      } catch (e) {
        toast(e instanceof ApiError ? e.msg || t('System error') : t('Network anomaly'), 'error');
        throw e;
      }
      await refresh();
      onClose();
    });
  };

  return (
    <BottomSheet open title={t('dust_title')} onClose={onClose} testId="dust-sheet">
      <div className="stack" style={{ padding: '4px 18px 18px' }}>
        <p className="muted small">{t('dust_explain')}</p>
        <ul className="asset-rows" data-testid="dust-list">
          {plan.convertible.map((d) => (
            <li key={d.coin} className="asset-row" data-testid={`dust-${d.coin}`}>
              <span className="asset-coin">{d.coin}</span>
              <span className="asset-amounts">
                <Ltr data-value={d.amount}>{money.amount(d.amount, d.coin)}</Ltr>
                <span className="muted small">
                  ≈ <Ltr>{money.amount(d.usdtAmount, 'USDT')}</Ltr> USDT
                </span>
              </span>
            </li>
          ))}
        </ul>
        {plan.kept.length ? <p className="muted small">{t('dust_kept', { coins: plan.kept.map((d) => d.coin).join(', ') })}</p> : null}
        <div className="row-between">
          <span className="muted">{t('dust_receive')}</span>
          <span className="mono" data-testid="dust-total" data-value={plan.total}>
            ≈ <Ltr>{money.amount(plan.total, 'USDT')}</Ltr> USDT
          </span>
        </div>
        <Button block loading={pending} disabled={!plan.convertible.length} onClick={confirm} data-testid="dust-confirm">
          {t('dust_confirm')}
        </Button>
      </div>
    </BottomSheet>
  );
}
