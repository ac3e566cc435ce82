import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMoney } from '@/shared/format/use-money';
import { Button, EmptyState, Ltr, Page, Spinner } from '@/shared/ui';
import { type StakingProduct, Fact, Facts, ProductIcon, useNow, useStakingProducts, daysText, pct, pctRange, termDays, earnStyles as styles } from '@/features/earn';
import { ScheduleTable } from '../components/ScheduleTable';
import { penaltyShort } from '../components/StakingProductCard';
import { StakingSubscribeForm } from '../components/StakingSubscribeForm';

/** /livecoin/subscribe?id=: the staking product (found in the product list by id), its published schedule and the stake form. */
export default function LiveCoinSubscribeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  const products = useStakingProducts();
  const product = id === null ? undefined : products.data?.rows.find((p) => p.id === id);

  let body;
  if (id !== null && products.isLoading)
    body = (
      <div className={styles['ea-center']} data-testid="ss-loading">
        <Spinner />
      </div>
    );
  else if (id !== null && products.isError)
    body = (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => void products.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (!product) body = <EmptyState text={t('earn_productUnavailable')} icon="chart" />;
  else body = <Detail product={product} />;

  return (
    <Page title={product?.title || t('earn_stakeTitle')} testId="screen-liveCoinSubscribe">
      {body}
    </Page>
  );
}

function Detail({ product: p }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const now = useNow();
  const coin = p.coin.toUpperCase();
  return (
    <div className={styles['ea-detail']}>
      <section className={`${styles['ea-box']} ${styles['ea-detail-head']}`} data-testid="ss-product">
        <div className={styles['ea-product-head']}>
          <ProductIcon icon={p.icon} coin={coin} />
          <div className={styles['ea-product-title']}>
            <strong>{p.title}</strong>
            <span className="muted small">{coin}</span>
          </div>
        </div>
        <div className={styles['ea-rate']}>
          <span className={styles['ea-rate-value']}>
            <Ltr>{pct(p.dailyRate)}%</Ltr>
          </span>
          <span className={styles['ea-rate-label']}>{t('earn_todayRate')}</span>
        </div>
        <Facts>
          <Fact label={t('earn_publishedSchedule')}>
            <Ltr>{pctRange(p.minOdds, p.maxOdds)}</Ltr> {t('earn_perDay')}
          </Fact>
          <Fact label={t('earn_term')}>{daysText(t, termDays(p.days))}</Fact>
          <Fact label={t('earn_limits')}>
            <Ltr>
              {money.amount(p.limitMin, coin)} – {money.amount(p.limitMax, coin)}
            </Ltr>{' '}
            {coin}
          </Fact>
          <Fact label={t('earn_perUser')}>{p.timeLimit > 0 ? t('earn_perUserUsed', { used: p.buyPurchase, n: p.timeLimit }) : t('earn_unlimited')}</Fact>
          <Fact label={t('earn_earlyRedemption')}>{penaltyShort(t, p)}</Fact>
        </Facts>
        <div className={styles['ea-section']}>
          <h3>{t('earn_scheduleTitle')}</h3>
          <ScheduleTable schedule={p.schedule} now={now} />
        </div>
      </section>

      <section className={`${styles['ea-box']} ${styles['ea-detail-form']}`}>
        <StakingSubscribeForm product={p} now={now} />
      </section>

      <div className={styles['ea-detail-texts']}>
        {p.intro ? (
          <section className={`${styles['ea-box']} ${styles['ea-section']}`} data-testid="ss-intro">
            <h3>{t('earn_intro')}</h3>
            <p className={styles['ea-text']}>{p.intro}</p>
          </section>
        ) : null}
      </div>
    </div>
  );
}
