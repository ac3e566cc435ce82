import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/format/use-money';
import { useSession } from '@/shared/session/session-store';
import { Ltr, Page, Spinner } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { getEarnings, type Earning, AGENT_KEY, useAgentInfo, rewardsStyles as styles } from '@/features/rewards';
import { EarningRow } from '../components/EarningRow';

/** /proxy/earnings: every rebate I received, newest first, under my totals. */
export default function ProxyEarningsScreen() {
  const { t } = useTranslation();
  const money = useMoney();
  const isSign = useSession((s) => s.isSign);
  const info = useAgentInfo(isSign);
  const data = info.data;
  const others = (data?.rebates ?? []).filter((r) => r.coin.toUpperCase() !== 'USDT');
  return (
    <Page title={t('agent_earningsTitle')} testId="screen-proxyEarnings">
      <div className={styles.rw}>
        <section className={`${styles['rw-card']} ${styles['rw-hero']}`} data-testid="agent-earnings-summary">
          <div className={styles['rw-head']}>
            <h2>{t('agent_rebatesTitle')}</h2>
            {info.isFetching && !data ? <Spinner size={16} /> : null}
          </div>
          <dl className={styles['rw-grid']}>
            <div className={styles['rw-big']}>
              <dt>{t('agent_rebatesAll')}</dt>
              <dd data-testid="agent-earnings-total" data-value={data?.sumAmount}>
                {data ? (
                  <>
                    <Ltr>{money.amount(data.sumAmount, 'USDT')}</Ltr> <small>USDT</small>
                  </>
                ) : (
                  '--'
                )}
              </dd>
            </div>
            <div className={styles['rw-big']}>
              <dt>{t('agent_rebatesToday')}</dt>
              <dd data-testid="agent-earnings-today" data-value={data?.todayAmount}>
                {data ? (
                  <>
                    <Ltr>{money.amount(data.todayAmount, 'USDT')}</Ltr> <small>USDT</small>
                  </>
                ) : (
                  '--'
                )}
              </dd>
            </div>
          </dl>
          {others.length > 0 ? (
            <div className="row-between" data-testid="agent-earnings-coins">
              <span className="muted small">{t('agent_otherCoins')}</span>
              <span className={styles['rw-actions']}>
                {others.map((r) => (
                  <span key={r.coin} className="chip" data-testid={`agent-earnings-coin-${r.coin.toUpperCase()}`} data-value={r.total}>
                    <Ltr>{money.amount(r.total, r.coin)}</Ltr> {r.coin.toUpperCase()}
                  </span>
                ))}
              </span>
            </div>
          ) : null}
        </section>
        <PagedList<Earning>
          queryKey={[...AGENT_KEY, 'earnings']}
          fetchPage={(n, size) => getEarnings(n, size)}
          itemKey={(e) => e.id}
          renderItem={(e) => <EarningRow earning={e} />}
          testId="agent-earnings"
          enabled={isSign}
        />
      </div>
    </Page>
  );
}
