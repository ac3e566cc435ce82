import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Page, Spinner, Tabs } from '@/shared/ui';
import { type Classify, Summary, useFinanceProducts, usePersonalIncome, earnStyles as styles } from '@/features/earn';
import { FinanceProductCard } from '../components/FinanceProductCard';

type Tab = 'all' | '0' | '1' | '2';

/** /finance: my finance totals, the products by class, and a way to my orders. */
export default function FinanceScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const [tab, setTab] = useState<Tab>('all');
  const classify: Classify = tab === 'all' ? '' : tab;
  const income = usePersonalIncome(isSign);
  const products = useFinanceProducts(classify);
  const rows = products.data?.rows ?? [];
  const i = income.data;

  return (
    <Page title={t('finance_title')} testId="screen-finance">
      <div className={styles.ea}>
        <Summary
          title={t('earn_myFinance')}
          loading={income.isFetching && !i}
          testId="finance-income"
          items={[
            { label: t('earn_totalInvested'), value: i?.sumAmount, testId: 'finance-income-sum' },
            { label: t('earn_inActive'), value: i?.position, testId: 'finance-income-position' },
            { label: t('earn_interestAccrued'), value: i?.sumEarn, testId: 'finance-income-earn' },
            { label: t('earn_todayInterest'), value: i?.todayEarn, testId: 'finance-income-today' },
          ]}
          footer={
            <div className={styles['ea-links']}>
              <Link to={`${paths.stakingOrders}?type=1`} className="link small" data-testid="finance-orders-link">
                {t('earn_myOrders')} <Icon name="chevron" size={14} />
              </Link>
              <Link to={paths.staking} className="link small" data-testid="finance-staking-link">
                {t('earn_stakingTitle')} <Icon name="chevron" size={14} />
              </Link>
            </div>
          }
        />
        <Tabs<Tab>
          items={[
            { key: 'all', label: t('earn_classify_all') },
            { key: '0', label: t('earn_classify_normal') },
            { key: '1', label: t('earn_classify_vip') },
            { key: '2', label: t('earn_classify_valueAdded') },
          ]}
          value={tab}
          onChange={setTab}
          testId="finance-classify"
        />
        {products.isLoading ? (
          <div className={styles['ea-center']} data-testid="finance-loading">
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
          <EmptyState text={t('earn_noProducts')} icon="finance" />
        ) : (
          <ul className={styles['ea-products']} data-testid="finance-products">
            {rows.map((p) => (
              <li key={p.id}>
                <FinanceProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
