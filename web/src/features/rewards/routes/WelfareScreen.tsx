import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Page, Spinner } from '@/shared/ui';
import { PagedList } from '@/shared/ui/PagedList';
import { getClaims, type Claim } from '@/features/rewards/api';
import { useWelfareActions, useWelfareCenter, welfareClaimsKey } from '@/features/rewards/hooks';
import styles from '@/features/rewards/rewards.module.css';
import { ClaimRow } from '../components/ClaimRow';
import { DepositConditionCard } from '../components/DepositConditionCard';
import { SignInCard } from '../components/SignInCard';
import { TaskList } from '../components/TaskList';

/**
 * /welfare: the deposit rewards wait for, the daily sign-in calendar, the tasks measured from real events,
 * the rewards received and the rules. Until the deposit condition is met nothing can be claimed.
 */
export default function WelfareScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const center = useWelfareCenter(isSign);
  const actions = useWelfareActions();
  const data = center.data;
  return (
    <Page title={t('welfare_title')} testId="screen-welfare">
      {center.isLoading ? (
        <div className={styles['rw-center']} data-testid="welfare-loading">
          <Spinner />
        </div>
      ) : center.isError || !data ? (
        <EmptyState
          text={t('loadFailed')}
          action={
            <Button variant="secondary" small onClick={() => void center.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <div className={styles['rw-cols']} data-testid="welfare-center">
          <div className={styles['rw-col']}>
            <DepositConditionCard condition={data.condition} />
            <SignInCard signIn={data.signIn} busy={actions.busy === 'signIn'} locked={!data.condition.met} onSignIn={() => void actions.signIn()} />
            <TaskList tasks={data.tasks} busy={actions.busy} locked={!data.condition.met} onClaim={(id) => void actions.claim(id)} />
          </div>
          <div className={styles['rw-col']}>
            <section className={styles['rw-section']}>
              <div className={styles['rw-section-head']}>
                <h3>{t('welfare_historyTitle')}</h3>
                <Link to={paths.financialRecords} className={styles['rw-inline-link']} data-testid="welfare-cashflow-link">
                  {t('welfare_cashFlow')} <Icon name="chevron" size={14} />
                </Link>
              </div>
              <PagedList<Claim>
                queryKey={welfareClaimsKey}
                fetchPage={(n, size) => getClaims(n, size)}
                itemKey={(c) => c.id}
                renderItem={(c) => <ClaimRow claim={c} tasks={data.tasks} />}
                testId="welfare-claims"
                enabled={isSign}
              />
            </section>
            <section className={styles['rw-card']} data-testid="welfare-rules">
              <h3>{t('welfare_rulesTitle')}</h3>
              <p className={styles['rw-text']}>{data.rules}</p>
            </section>
          </div>
        </div>
      )}
    </Page>
  );
}
