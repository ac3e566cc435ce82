import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/date';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import { type Earning, productKey, percentText, rewardsStyles as styles } from '@/features/rewards';

/** One rebate I received: the product, the level, the member's fee, the share and the rebate, from whom and when. */
export function EarningRow({ earning: e }: { earning: Earning }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = e.coin.toUpperCase();
  const product = productKey(e.product);
  return (
    <div className={styles['rw-row']} data-testid="agent-earning" data-id={e.id} data-product={e.product}>
      <div className={styles['rw-row-top']}>
        <span className={styles['rw-row-title']} data-testid="agent-earning-product">
          {product ? t(product) : e.product}
        </span>
        <span className="chip chip-accent" data-testid="agent-earning-level">
          {t('agent_levelN', { level: e.level })}
        </span>
        <span className={styles['rw-row-amount']} data-testid="agent-earning-amount" data-value={e.amount}>
          <Ltr>+{money.amount(e.amount, coin)}</Ltr> {coin}
        </span>
      </div>
      <dl className={styles['rw-row-facts']}>
        <div>
          <dt>{t('agent_memberFee')}</dt>
          <dd data-testid="agent-earning-fee" data-value={e.fee}>
            <Ltr>{money.amount(e.fee, coin)}</Ltr> {coin}
          </dd>
        </div>
        <div>
          <dt>{t('agent_shareOfFee')}</dt>
          <dd data-testid="agent-earning-ratio" data-value={e.ratio}>
            <Ltr>{percentText(e.ratio)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('agent_from')}</dt>
          <dd className="mono" dir="ltr" data-testid="agent-earning-source">
            {e.source}
          </dd>
        </div>
        <div>
          <dt>{t('agent_time')}</dt>
          <dd data-testid="agent-earning-time" data-value={e.createTime}>
            <bdi>{formatDateTime(e.createTime)}</bdi>
          </dd>
        </div>
      </dl>
    </div>
  );
}
