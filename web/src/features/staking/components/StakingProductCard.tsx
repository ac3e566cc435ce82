import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { paths } from '@/shared/config/paths';
import { useMoney } from '@/shared/format/use-money';
import { Ltr } from '@/shared/ui';
import { type StakingProduct, ProductIcon, daysText, pct, pctRange, fractionToPercent, termDays, earnStyles as styles } from '@/features/earn';

export const stakePath = (id: number) => `${paths.stakingSubscribe}?id=${encodeURIComponent(String(id))}`;

/** The early-redemption cost in a few words: the penalty (the staking default), or none allowed, or the interest given back. */
export function penaltyShort(t: TFunction, p: Pick<StakingProduct, 'earlyRule' | 'defaultOdds'>): string {
  if (p.earlyRule === 'none') return t('earn_noEarly');
  if (p.earlyRule === 'forfeit') return t('earn_earlyForfeitShort');
  return t('earn_earlyPenaltyShort', { percent: fractionToPercent(p.defaultOdds) });
}

/** A staking product: today's rate, the published schedule's range, term, limits, the early-redemption penalty; Stake opens its form. */
export function StakingProductCard({ product: p }: { product: StakingProduct }) {
  const { t } = useTranslation();
  const money = useMoney();
  const coin = p.coin.toUpperCase();
  const full = p.timeLimit > 0 && p.buyPurchase >= p.timeLimit;
  return (
    <article className={styles['ea-product']} data-testid={`staking-product-${p.id}`} data-product-id={p.id}>
      <div className={styles['ea-product-head']}>
        <ProductIcon icon={p.icon} coin={coin} />
        <div className={styles['ea-product-title']}>
          <strong>{p.title}</strong>
          <span className="muted small">{coin}</span>
        </div>
      </div>
      <div className={styles['ea-rate']}>
        <span className={styles['ea-rate-value']} data-testid="staking-product-rate" data-value={p.dailyRate}>
          <Ltr>{pct(p.dailyRate)}%</Ltr>
        </span>
        <span className={styles['ea-rate-label']}>{t('earn_todayRate')}</span>
      </div>
      <dl className={styles['ea-grid']}>
        <div>
          <dt>{t('earn_publishedSchedule')}</dt>
          <dd data-testid="staking-product-range">
            <Ltr>{pctRange(p.minOdds, p.maxOdds)}</Ltr> {t('earn_perDay')}
          </dd>
        </div>
        <div>
          <dt>{t('earn_term')}</dt>
          <dd>{daysText(t, termDays(p.days))}</dd>
        </div>
        <div>
          <dt>{t('earn_limits')}</dt>
          <dd>
            <Ltr>
              {money.amount(p.limitMin, coin)} – {money.amount(p.limitMax, coin)}
            </Ltr>{' '}
            {coin}
          </dd>
        </div>
        <div>
          <dt>{t('earn_earlyRedemption')}</dt>
          <dd data-testid="staking-product-penalty" data-value={p.defaultOdds}>
            {penaltyShort(t, p)}
          </dd>
        </div>
      </dl>
      <div className={styles['ea-product-foot']}>
        <span className="muted small">
          {p.timeLimit > 0 ? t('earn_perUserUsed', { used: p.buyPurchase, n: p.timeLimit }) : t('earn_unlimited')}
        </span>
        {full ? (
          <span className="chip chip-warning">{t('earn_limitReachedShort')}</span>
        ) : (
          <Link to={stakePath(p.id)} className="btn btn-primary btn-small" data-testid={`staking-stake-${p.id}`}>
            {t('earn_stake')}
          </Link>
        )}
      </div>
    </article>
  );
}
