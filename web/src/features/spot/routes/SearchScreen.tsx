import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinRows, useLiveDetails, useCoinList, searchMarkets } from '@/features/market';
import { EmptyState, Icon, Page, Spinner } from '@/shared/ui';

/** Search coins and pairs by coin or symbol (case-insensitive); the star adds to the watchlist. */
export default function SearchScreen() {
  const { t } = useTranslation();
  useLiveDetails();
  const [q, setQ] = useState('');
  const coins = useCoinList();
  const results = useMemo(() => searchMarkets(coins.data, q), [coins.data, q]);
  return (
    <Page title={t('search_title')} testId="screen-search">
      <div className="stack">
        <div className="field-box">
          <Icon name="search" size={18} className="muted" />
          <input
            className="field-input"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={t('search_placeholder')}
            aria-label={t('search_placeholder')}
            data-testid="search-input"
            autoFocus
          />
        </div>
        {coins.isLoading ? <Spinner /> : results.length ? <CoinRows items={results} star testId="search-results" /> : <EmptyState text={t('search_empty')} icon="search" />}
      </div>
    </Page>
  );
}
