import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/shared/api/client';
import { useMoney } from '@/shared/format/use-money';
import { Button, EmptyState, Ltr, Page, Spinner } from '@/shared/ui';
import { type FinanceProduct, earlyRuleText, Fact, Facts, ProductIcon, useFinanceProduct, pctRange, earnStyles as styles } from '@/features/earn';
import { FinanceSubscribeForm } from '../components/FinanceSubscribeForm';
import { CapBar, isCapped, ProductBadges } from '../components/ProductParts';

function productId(raw: string | undefined): number | null {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

/** /finance/subscribe/:id: the product in full, its intro and questions, and the subscription form. */
export default function FinanceSubscribeScreen() {
  const { t } = useTranslation();
  const id = productId(useParams().id);
  const product = useFinanceProduct(id);
  const why = product.error instanceof ApiError ? product.error.msg : null;

  let body;
  if (id === null) body = <EmptyState text={t('earn_productUnavailable')} icon="finance" />;
  else if (product.isLoading)
    body = (
      <div className={styles['ea-center']} data-testid="fs-loading">
        <Spinner />
      </div>
    );
  else if (!product.data)
    body = (
      <EmptyState
        text={why || t('earn_productUnavailable')}
        icon="finance"
        action={
          why ? null : (
            <Button variant="secondary" small onClick={() => void product.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      />
    );
  else body = <Detail product={product.data} />;

  return (
    <Page title={product.data?.title || t('financeSubscribe_title')} testId="screen-financeSubscribe">
      {body}
    </Page>
  );
}

function Detail({ product: p }: { product: FinanceProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = p.coin.toUpperCase();
  return (
    <div className={styles['ea-detail']}>
      <section className={`${styles['ea-box']} ${styles['ea-detail-head']}`} data-testid="fs-product">
        <div className={styles['ea-product-head']}>
          <ProductIcon icon={p.icon} coin={coin} />
          <div className={styles['ea-product-title']}>
            <strong>{p.title}</strong>
            <span className="muted small">{coin}</span>
          </div>
          <ProductBadges product={p} />
        </div>
        <div className={styles['ea-rate']}>
          <span className={styles['ea-rate-value']}>
            <Ltr>{pctRange(p.minApr, p.maxApr)}</Ltr>
          </span>
          <span className={styles['ea-rate-label']}>{t('earn_apr')}</span>
        </div>
        <Facts>
          <Fact label={t('earn_limits')}>
            <Ltr>
              {money.amount(p.limitMin, coin)} – {money.amount(p.limitMax, coin)}
            </Ltr>{' '}
            {coin}
          </Fact>
          <Fact label={t('earn_perUser')} testId="fs-per-user" value={p.timeLimit}>
            {p.timeLimit > 0 ? t('earn_perUserUsed', { used: p.buyPurchase, n: p.timeLimit }) : t('earn_unlimited')}
          </Fact>
          {p.level > 0 ? <Fact label={t('earn_vipNeeded')}>{t('earn_vipLevel', { level: p.level })}</Fact> : null}
          {isCapped(p) ? (
            <Fact label={t('earn_cap')}>
              <Ltr>{money.amount(p.totalInvestAmount, coin)}</Ltr> {coin}
            </Fact>
          ) : null}
          <Fact label={t('earn_earlyRedemption')}>{earlyRuleText(t, p.earlyRule, p.defaultOdds)}</Fact>
        </Facts>
        {isCapped(p) ? <CapBar product={p} /> : null}
      </section>

      <section className={`${styles['ea-box']} ${styles['ea-detail-form']}`}>
        <FinanceSubscribeForm product={p} />
      </section>

      <div className={styles['ea-detail-texts']}>
        {p.intro ? (
          <section className={`${styles['ea-box']} ${styles['ea-section']}`} data-testid="fs-intro">
            <h3>{t('earn_intro')}</h3>
            <p className={styles['ea-text']}>{p.intro}</p>
          </section>
        ) : null}
        {p.problem ? (
          <section className={`${styles['ea-box']} ${styles['ea-section']}`} data-testid="fs-problem">
            <h3>{t('earn_problem')}</h3>
            <p className={styles['ea-text']}>{p.problem}</p>
          </section>
        ) : null}
      </div>
    </div>
  );
}
