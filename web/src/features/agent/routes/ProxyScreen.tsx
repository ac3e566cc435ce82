import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Ltr, Page, Spinner } from '@/shared/ui';
import { type AgentInfo, useAgentInfo, AgentRules, AgentStatus, RebateShares, rewardsStyles as styles } from '@/features/rewards';

/** /proxy: the agent dashboard: my rebates (USDT and each coin), my team by level, the published shares and the rules. */
export default function ProxyScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const info = useAgentInfo(isSign);
  const data = info.data;
  return (
    <Page title={t('proxy_title')} testId="screen-proxy">
      {info.isLoading ? (
        <div className={styles['rw-center']} data-testid="agent-loading">
          <Spinner />
        </div>
      ) : info.isError || !data ? (
        <EmptyState
          text={t('loadFailed')}
          action={
            <Button variant="secondary" small onClick={() => void info.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <div className={styles['rw-cols']} data-testid="agent-dashboard">
          <div className={styles['rw-col']}>
            <Rebates info={data} />
            <Team info={data} />
            <nav className={styles['rw-links']} aria-label={t('proxy_title')}>
              <Link to={paths.agentRecords} className={styles['rw-link']} data-testid="agent-link-records">
                <Icon name="proxy" size={22} />
                {t('agent_recordsTitle')}
              </Link>
              <Link to={paths.agentEarnings} className={styles['rw-link']} data-testid="agent-link-earnings">
                <Icon name="chart" size={22} />
                {t('agent_earningsTitle')}
              </Link>
              <Link to={paths.referral} className={styles['rw-link']} data-testid="agent-link-invite">
                <Icon name="gift" size={22} />
                {t('invite_title')}
              </Link>
            </nav>
          </div>
          <div className={styles['rw-col']}>
            <RebateShares info={data} testId="agent-shares" />
            <AgentRules testId="agent-rules" />
          </div>
        </div>
      )}
    </Page>
  );
}

/** My rebates: USDT all time and today as the headline, then every coin. */
function Rebates({ info }: { info: AgentInfo }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className={`${styles['rw-card']} ${styles['rw-hero']}`} data-testid="agent-rebates">
      <div className={styles['rw-head']}>
        <h2>{t('agent_rebatesTitle')}</h2>
        <AgentStatus isOpen={info.isOpen} testId="agent-status" />
      </div>
      <dl className={styles['rw-grid']}>
        <div className={styles['rw-big']}>
          <dt>{t('agent_rebatesAll')}</dt>
          <dd data-testid="agent-sum-amount" data-value={info.sumAmount}>
            <Ltr>{money.amount(info.sumAmount, 'USDT')}</Ltr> <small>USDT</small>
          </dd>
        </div>
        <div className={styles['rw-big']}>
          <dt>{t('agent_rebatesToday')}</dt>
          <dd data-testid="agent-today-amount" data-value={info.todayAmount}>
            <Ltr>{money.amount(info.todayAmount, 'USDT')}</Ltr> <small>USDT</small>
          </dd>
        </div>
      </dl>
      {info.rebates.length === 0 ? (
        <p className="muted small" data-testid="agent-coins-empty">
          {t('agent_noRebates')}
        </p>
      ) : (
        <table className={styles['rw-table']} data-testid="agent-coins">
          <thead>
            <tr>
              <th>{t('agent_coin')}</th>
              <th>{t('agent_today')}</th>
              <th>{t('agent_allTime')}</th>
            </tr>
          </thead>
          <tbody>
            {info.rebates.map((r) => (
              <tr key={r.coin} data-testid={`agent-coin-${r.coin.toUpperCase()}`}>
                <td>
                  <strong>{r.coin.toUpperCase()}</strong>
                </td>
                <td data-testid="agent-coin-today" data-value={r.today}>
                  <Ltr>{money.amount(r.today, r.coin)}</Ltr>
                </td>
                <td data-testid="agent-coin-total" data-value={r.total}>
                  <Ltr>{money.amount(r.total, r.coin)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** My team: direct and all members, each level, and who joined today and yesterday (UTC). */
function Team({ info }: { info: AgentInfo }) {
  const { t } = useTranslation();
  type Figure = { label: string; value: number; testId: string };
  const groups: { figures: Figure[]; three?: boolean }[] = [
    {
      figures: [
        { label: t('agent_direct'), value: info.childCount, testId: 'agent-child-count' },
        { label: t('agent_allMembers'), value: info.childAllCount, testId: 'agent-all-count' },
      ],
    },
    {
      three: true,
      figures: [
        { label: t('agent_levelN', { level: 1 }), value: info.oneCount, testId: 'agent-count-1' },
        { label: t('agent_levelN', { level: 2 }), value: info.twoCount, testId: 'agent-count-2' },
        { label: t('agent_levelN', { level: 3 }), value: info.threeCount, testId: 'agent-count-3' },
      ],
    },
    {
      figures: [
        { label: t('agent_joinedToday'), value: info.todayCount, testId: 'agent-today-count' },
        { label: t('agent_joinedYesterday'), value: info.yesterdayCount, testId: 'agent-yesterday-count' },
      ],
    },
  ];
  return (
    <section className={styles['rw-card']} data-testid="agent-team">
      <div className={styles['rw-head']}>
        <h3>{t('agent_teamTitle')}</h3>
        <Link to={paths.agentRecords} className={styles['rw-inline-link']}>
          {t('agent_viewAll')} <Icon name="chevron" size={14} />
        </Link>
      </div>
      {groups.map((g) => (
        <dl key={g.figures[0].testId} className={`${styles['rw-grid']} ${g.three ? styles['rw-grid3'] : ''}`}>
          {g.figures.map((f) => (
            <div key={f.testId}>
              <dt>{f.label}</dt>
              <dd data-testid={f.testId} data-value={String(f.value)}>
                <Ltr>{String(f.value)}</Ltr>
              </dd>
            </div>
          ))}
        </dl>
      ))}
      <p className="muted small">{t('agent_utcNote')}</p>
    </section>
  );
}
