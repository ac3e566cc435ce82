import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Page, Spinner } from '@/shared/ui';
import { Summary, useStakingProducts, useStakingSummary, earnStyles as styles } from '@/features/earn';
import { StakingProductCard } from '../components/StakingProductCard';

/** /livecoin: my staking totals and the staking products with their published rates. */
export default function LiveCoinScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const summary = useStakingSummary(isSign);
  const products = useStakingProducts();
  const rows = products.data?.rows ?? [];
  const s = summary.data;

  return (
    <Page title={t('earn_stakingTitle')} testId="screen-liveCoin">
      <div className={styles.ea}>
        <Summary
          title={t('earn_myStaking')}
          loading={summary.isFetching && !s}
          testId="staking-summary"
          items={[
            { label: t('earn_staked'), value: s?.amount, testId: 'staking-summary-amount' },
            { label: t('earn_activeOrders'), value: s?.orderNum, testId: 'staking-summary-orders', count: true },
            { label: t('earn_interestAccrued'), value: s?.profitMoney, testId: 'staking-summary-earn' },
            { label: t('earn_todayInterest'), value: s?.todayProfit, testId: 'staking-summary-today' },
          ]}
          footer={
            <div className={styles['ea-links']}>
              <Link to={`${paths.stakingOrders}?type=2`} className="link small" data-testid="staking-orders-link">
                {t('earn_myOrders')} <Icon name="chevron" size={14} />
              </Link>
              <Link to={paths.finance} className="link small" data-testid="staking-finance-link">
                {t('finance_title')} <Icon name="chevron" size={14} />
              </Link>
            </div>
          }
        />
        {products.isLoading ? (
          <div className={styles['ea-center']} data-testid="staking-loading">
            <Spinner />
          </div>
        ) : products.isError ? (
          <EmptyState
            text={t('loadFailed')}
            action={
              <Button variant="secondary" small onClick={() => void products.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : rows.length === 0 ? (
          <EmptyState text={t('earn_noProducts')} icon="chart" />
        ) : (
          <ul className={styles['ea-products']} data-testid="staking-products">
            {rows.map((p) => (
              <li key={p.id}>
                <StakingProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
