import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/shared/ui';

/**
 * Home market list. Market data (getCoinList + the live socket) arrives in a
 * later issue; until then this section shows its empty state, never invented prices.
 */
export function MarketsSection() {
  const { t } = useTranslation();
  return (
    <section className="card" data-testid="home-markets">
      <div className="row-between">
        <h3 className="section-title" style={{ margin: 0 }}>{t('home_markets')}</h3>
      </div>
      <EmptyState text={t('home_marketsPending')} icon="chart" />
    </section>
  );
}
