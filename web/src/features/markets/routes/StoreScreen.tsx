import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DESKTOP_QUERY, useMediaQuery } from '@/app/layouts/use-media-query';
import type { TKey } from '@/shared/i18n/i18n';
import { useLiveDetails, useLiveTicks, useCoinList, useTickers } from '@/features/market';
import { Button, EmptyState, Icon, Page, Spinner, Tabs } from '@/shared/ui';
import { useSettings } from '@/shared/settings/settings-store';
import { isOn } from '@/shared/settings/types';
import { tradeTabs, type PlayingEntry } from '@/features/spot';
import { MarketTable } from '../components/MarketTable';
import { buildRows, filterRows, isMarketProduct, marketProducts, nextSort, parseSort, productItems, sortRows, type MarketProduct, type SortKey } from '../lib/market-list';
import styles from '../components/markets.module.css';

const TAB_LABEL: Record<MarketProduct, TKey> = {
  secondContract: 'trade_tab_secondContract',
  spot: 'trade_tab_BBTrading',
  futures: 'trade_tab_Ustandard',
};

const EMPTY_TEXT: Record<MarketProduct, TKey> = {
  secondContract: 'markets_empty_secondContract',
  spot: 'markets_empty_spot',
  futures: 'markets_empty_futures',
};

/**
 * The markets tab (/store, the bottom bar's "store"): second-contract coins, spot
 * pairs and futures contracts, each with last price, 24 h change and 24 h USDT
 * turnover, searchable and sortable; a row opens its trade screen. State lives in
 * the URL (?tab, ?q, ?sort, ?dir) so going back returns to the same list.
 */
export default function StoreScreen() {
  const { t } = useTranslation();
  useLiveDetails();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [params, setParams] = useSearchParams();
  const coins = useCoinList();
  const tickers = useTickers();
  const live = useLiveTicks((s) => s.bySymbol);

  const playing = useSettings((s) => s.settingConfig.PLAYING_SETTING) as PlayingEntry[] | undefined;
  const products = useMemo(() => marketProducts(tradeTabs(playing, isOn)), [playing]);
  const requested = params.get('tab');
  // Without ?tab, the first product that lists something, in the trade screen's order (spot first by default).
  const product: MarketProduct = isMarketProduct(requested) ? requested : (products.find((p) => productItems(coins.data, p).length > 0) ?? products[0]);
  const query = params.get('q') ?? '';
  const sort = parseSort(params.get('sort'), params.get('dir'));

  const logos = useMemo(() => Object.fromEntries((coins.data?.coinList ?? []).map((c) => [c.coin.toLowerCase(), c.logo])), [coins.data]);
  const all = useMemo(() => buildRows(product, productItems(coins.data, product), tickers.data, live, logos), [product, coins.data, tickers.data, live, logos]);
  const rows = useMemo(() => sortRows(filterRows(all, query), sort), [all, query, sort]);

  const update = (change: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(change)) {
          if (v === null || v === '') next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const onSort = (key: SortKey) => {
    const s = nextSort(sort, key);
    update({ sort: s?.key ?? null, dir: s?.dir ?? null });
  };

  let body;
  if (coins.isLoading) {
    body = <Spinner />;
  } else if (coins.isError && !coins.data) {
    body = (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => coins.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (!all.length) {
    body = (
      <div className={styles.empty} data-testid={`markets-empty-${product}`}>
        <EmptyState text={t(EMPTY_TEXT[product])} icon="chart" />
      </div>
    );
  } else if (!rows.length) {
    body = (
      <div className={styles.empty} data-testid="markets-no-match">
        <EmptyState text={t('markets_noMatch', { query: query.trim() })} icon="search" />
      </div>
    );
  } else {
    body = <MarketTable rows={rows} sort={sort} onSort={onSort} desktop={desktop} testId={`markets-list-${product}`} />;
  }

  return (
    <Page title={t('markets_title')} back={false} testId="screen-store">
      <div className={styles.screen} data-testid="markets" data-product={product}>
        <div className={styles['screen-top']}>
          <Tabs items={products.map((p) => ({ key: p, label: t(TAB_LABEL[p]) }))} value={product} onChange={(p) => update({ tab: p })} testId="markets-tab" />
          <label className={styles.search}>
            <Icon name="search" size={18} className="muted" />
            <input
              className={styles['search-input']}
              type="search"
              value={query}
              onChange={(e) => update({ q: e.target.value })}
              placeholder={t('markets_search')}
              aria-label={t('markets_search')}
              data-testid="markets-search"
              autoComplete="off"
              spellCheck={false}
            />
            {query ? (
              <button type="button" className={styles['search-clear']} onClick={() => update({ q: null })} aria-label={t('markets_clearSearch')} data-testid="markets-search-clear">
                <Icon name="close" size={16} />
              </button>
            ) : null}
          </label>
        </div>
        <div className={styles.panel}>{body}</div>
      </div>
    </Page>
  );
}
