import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Ltr, Page, Spinner, Tabs } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { daysText } from '@/features/earn';
import { getTraderOrders, type LeadPosition, type TraderInfo } from '@/features/copy-trading/api';
import { copyKeys, useMyTrader, useTraderInfo, useTraderProfit } from '@/features/copy-trading/hooks';
import { idParam, pctText, shareText, toneOf } from '@/features/copy-trading/lib/display';
import { Fig, FollowAction, Followers, Pct, TraderAvatar } from '../components/Parts';
import { RoiChart } from '../components/RoiChart';
import { LeadPositionRow } from '../components/Rows';
import styles from '../copy.module.css';

type Tab = 'open' | 'history';

/** /floworder/trader/:id: a lead trader's profile, every figure, the daily ROI of 30 days, their positions and history, and Follow. */
export default function FlowOrderTraderScreen() {
  const { t } = useTranslation();
  const id = idParam(useParams().id);
  const trader = useTraderInfo(id);
  const why = trader.error instanceof ApiError ? trader.error.msg : null;

  let body;
  if (id === null) body = <EmptyState text={t('floworder_traderUnavailable')} icon="follow" />;
  else if (trader.isLoading)
    body = (
      <div className={styles['ct-center']} data-testid="trader-loading">
        <Spinner />
      </div>
    );
  else if (!trader.data)
    body = (
      <EmptyState
        text={why || t('floworder_traderUnavailable')}
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
  else body = <Detail trader={trader.data} />;

  return (
    <Page title={trader.data?.traderName || t('floworder_traderTitle')} testId="screen-flowOrderTrader">
      {body}
    </Page>
  );
}

function Detail({ trader: c }: { trader: TraderInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  const isSign = useSession((s) => s.isSign);
  const mine = useMyTrader(isSign);
  const profit = useTraderProfit(c.id);
  const [tab, setTab] = useState<Tab>('open');
  const own = mine.data?.status === 1 && mine.data.id === c.id;
  const days = profit.data ?? [];

  return (
    <div className={styles['ct-detail']}>
      <div className={styles['ct-side']}>
        <section className={styles['ct-box']} data-testid="trader-profile">
          <div className={styles['ct-head']}>
            <TraderAvatar name={c.traderName} src={c.avatar} large />
            <div className={styles['ct-name']}>
              <strong data-testid="trader-name">{c.traderName}</strong>
              <Followers trader={c} />
              <span className="muted small" data-testid="trader-days" data-value={c.followOrder}>
                {/* followOrder counts whole days since approval: 0 is a trader approved today, not "for 0 days". */}
                {c.followOrder < 1 ? t('floworder_leadingSinceToday') : t('floworder_leadingFor', { days: daysText(t, c.followOrder) })}
              </span>
            </div>
          </div>
          {c.bio ? (
            <p className={styles['ct-text']} data-testid="trader-bio">
              {c.bio}
            </p>
          ) : null}
          {c.orderDelaySeconds > 0 ? (
            <p className="muted small" data-testid="trader-delay" data-value={c.orderDelaySeconds}>
              {t('floworder_delayNote', { n: c.orderDelaySeconds })}
            </p>
          ) : null}
          {own ? (
            <Link to={paths.copyTradingApply} className="btn btn-secondary btn-block" data-testid="trader-own-settings">
              <span>{t('floworder_leadSettings')}</span>
            </Link>
          ) : (
            <FollowAction trader={c} small={false} block />
          )}
        </section>

        <section className={styles['ct-box']} data-testid="trader-stats">
          <div className={styles['ct-roi-figs']}>
            <div>
              <span className={styles['ct-label']}>{t('floworder_roi30')}</span>
              <Pct value={c.profitRate30} testId="trader-roi" className={styles['ct-roi-value']} />
            </div>
            <div>
              <span className={styles['ct-label']}>{t('floworder_followersReturn')}</span>
              <Pct value={c.followersReturn} testId="trader-followers-return" className={styles['ct-roi-follow']} />
            </div>
          </div>
          <dl className={styles['ct-grid']}>
            <Fig label={t('floworder_pnl30')} testId="trader-pnl" value={c.profitAmount30}>
              <span className={toneOf(c.profitAmount30)}>
                <Ltr>{money.amount(c.profitAmount30, 'USDT', { sign: 'always' })}</Ltr>
              </span>
            </Fig>
            <Fig label={t('floworder_winRate14')} testId="trader-win-rate" value={c.profitRate14}>
              <Ltr>{pctText(c.profitRate14)}</Ltr>
            </Fig>
            <Fig label={t('floworder_winLoss14')} testId="trader-win-loss" value={`${c.winCount14}/${c.lossCount14}`}>
              {t('floworder_winLossValue', { win: c.winCount14, loss: c.lossCount14 })}
            </Fig>
            <Fig label={t('floworder_maxDrawdown')} testId="trader-drawdown" value={c.maxDrawdown30}>
              <Ltr>{pctText(c.maxDrawdown30)}</Ltr>
            </Fig>
            <Fig label={t('floworder_aum')} testId="trader-aum" value={c.followAmount}>
              <Ltr>{money.amount(c.followAmount, 'USDT')}</Ltr>
            </Fig>
            <Fig label={t('floworder_shareRate')} testId="trader-share-rate" value={c.shareRate}>
              <Ltr>{shareText(c.shareRate)}</Ltr>
            </Fig>
            <Fig label={t('floworder_minMargin')} testId="trader-min" value={c.minFollowAmount}>
              <Ltr>{money.amount(c.minFollowAmount, 'USDT')}</Ltr>
            </Fig>
            <Fig label={t('floworder_shareEarned')} testId="trader-reward" value={c.rewardAmount}>
              <Ltr>{money.amount(c.rewardAmount, 'USDT')}</Ltr>
            </Fig>
            <Fig label={t('floworder_since')} value={c.createTime}>
              {formatDate(c.createTime)}
            </Fig>
          </dl>
        </section>
      </div>

      <div className={styles['ct-main']}>
        <section className={styles['ct-box']}>
          <div className={styles['ct-row']}>
            <h2>{t('floworder_dailyRoi')}</h2>
            {/* The 30-day ROI on margin, as the card shows it: the daily
                percents are each on their own day's margin and do not add up. */}
            <Pct value={c.profitRate30} testId="trader-roi-total" />
          </div>
          {profit.isLoading ? (
            <div className={styles['ct-center']}>
              <Spinner />
            </div>
          ) : days.length ? (
            <RoiChart days={days} />
          ) : (
            <p className="muted small">{t('noData')}</p>
          )}
        </section>

        <Tabs<Tab>
          items={[
            { key: 'open', label: t('floworder_leadOpen') },
            { key: 'history', label: t('floworder_leadHistory') },
          ]}
          value={tab}
          onChange={setTab}
          testId="trader-orders-tab"
        />
        <PagedList<LeadPosition>
          key={tab}
          queryKey={copyKeys.traderOrders(c.id, tab === 'history' ? 1 : 0)}
          fetchPage={(pageNum, pageSize) => getTraderOrders(c.id, tab === 'history' ? 1 : 0, pageNum, pageSize)}
          renderItem={(p) => <LeadPositionRow p={p} history={tab === 'history'} />}
          itemKey={(p) => p.id}
          testId={`trader-orders-${tab}`}
        />
      </div>
    </div>
  );
}
