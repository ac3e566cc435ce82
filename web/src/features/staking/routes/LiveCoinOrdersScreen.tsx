import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/session/session-store';
import { Page, Tabs } from '@/shared/ui';
import { EarnOrders, earnStyles as styles } from '@/features/earn';

type Tab = '1' | '2';

/** /livecoin/eaorders?type=1|2: my finance orders (1) and staking orders (2). */
export default function LiveCoinOrdersScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('type') === '2' ? '2' : '1';
  return (
    <Page title={t('earn_ordersTitle')} testId="screen-liveCoinOrders">
      <div className={styles.ea}>
        <Tabs<Tab>
          items={[
            { key: '1', label: t('earn_financeOrders') },
            { key: '2', label: t('earn_stakingOrders') },
          ]}
          value={tab}
          onChange={(k) => setParams({ type: k }, { replace: true })}
          testId="earn-orders-tab"
        />
        <EarnOrders key={tab} type={tab === '2' ? 2 : 1} enabled={isSign} />
      </div>
    </Page>
  );
}
