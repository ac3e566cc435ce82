import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { copyTradingTraderPath } from '@/shared/config/paths';
import { useCoinList } from '@/features/market';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Page, Spinner } from '@/shared/ui';
import type { MineTrader, TraderInfo } from '@/features/copy-trading/api';
import { useMineTradersLookup, useTraderInfo, useTraderSetting } from '@/features/copy-trading/hooks';
import { idParam } from '@/features/copy-trading/lib/display';
import { emptyFollowForm, formFromFollow } from '@/features/copy-trading/lib/validate';
import { FollowForm } from '../components/FollowForm';
import { Followers, Pct, TraderAvatar } from '../components/Parts';
import styles from '../copy.module.css';

/** /floworder/confirm/:id: the follow settings of one trader; an active follow is edited, pre-filled from my follows. */
export default function FlowOrderConfirmScreen() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const isSign = useSession((s) => s.isSign);
  const trader = useTraderInfo(id);
  const mine = useMineTradersLookup(isSign);
  const coinList = useCoinList();
  const setting = useTraderSetting();
  const why = trader.error instanceof ApiError ? trader.error.msg : null;

  const coins = useMemo(
    () => [...new Set((coinList.data?.contractList ?? []).map((c) => String(c.coin ?? '').trim().toLowerCase()).filter(Boolean))],
    [coinList.data],
  );
  const active: MineTrader | null = mine.data?.rows.find((r) => r.traderId === id && r.status === 'active') ?? null;

  let body;
  if (id === null) body = <EmptyState text={t('floworderConfirm_empty')} icon="follow" />;
  else if (trader.isLoading || (isSign && mine.isLoading) || coinList.isLoading)
    body = (
      <div className={styles['ct-center']} data-testid="follow-loading">
        <Spinner />
      </div>
    );
  else if (!trader.data)
    body = (
      <EmptyState
        text={why || t('floworderConfirm_empty')}
        icon="follow"
        action={
          why ? null : (
            <Button variant="secondary" small onClick={() => void trader.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  else {
    const c = trader.data;
    const editing = Boolean(active) || c.following;
    const initial = active ? formFromFollow(active) : emptyFollowForm(coins);
    const shareRate = c.shareRate || String(setting.shareRate ?? '');
    body = (
      <div className={styles.ct}>
        <TraderHead trader={c} />
        {editing ? (
          <p className={styles['ct-ok']} data-testid="follow-editing">
            {t('floworder_editingNote')}
          </p>
        ) : null}
        <FollowForm key={`${c.id}-${active?.createTime ?? 'new'}`} trader={c} initial={initial} editing={editing} coins={coins} shareRate={shareRate} />
      </div>
    );
  }

  const editingTitle = Boolean(active) || trader.data?.following;
  return (
    <Page title={editingTitle ? t('floworder_editTitle') : t('floworderConfirm_title')} testId="screen-flowOrderConfirm">
      {body}
    </Page>
  );
}

function TraderHead({ trader: c }: { trader: TraderInfo }) {
  const { t } = useTranslation();
  return (
    <Link to={copyTradingTraderPath(c.id)} className={`${styles['ct-box']} ${styles['ct-trader-head']}`} data-testid="follow-trader">
      <div className={styles['ct-head']}>
        <TraderAvatar name={c.traderName} src={c.avatar} />
        <div className={styles['ct-name']}>
          <strong data-testid="trader-name">{c.traderName}</strong>
          <Followers trader={c} />
        </div>
      </div>
      <div>
        <span className={styles['ct-label']}>{t('floworder_roi30')}</span>
        <Pct value={c.profitRate30} className={styles['ct-roi-follow']} />
      </div>
    </Link>
  );
}
