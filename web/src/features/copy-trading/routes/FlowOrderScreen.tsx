import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { copyTradingTraderPath, paths } from '@/shared/config/paths';
import { useSession } from '@/shared/session/session-store';
import { Button, EmptyState, Icon, Page, Spinner, Tabs } from '@/shared/ui';
import { SORTS, type SortBy } from '@/features/copy-trading/api';
import { useDebounced, useMyTrader, useTraders } from '@/features/copy-trading/hooks';
import { TraderCardView } from '../components/TraderCardView';
import styles from '../copy.module.css';

type SortKey = '0' | '1' | '2' | '3';

const SORT_LABELS = {
  '0': 'floworder_sort_overall',
  '1': 'floworder_sort_roi',
  '2': 'floworder_sort_winRate',
  '3': 'floworder_sort_aum',
} as const;

function sortOf(raw: string | null): SortBy {
  const n = Number(raw);
  return (SORTS as readonly number[]).includes(n) ? (n as SortBy) : 0;
}

/** /floworder (and /follow): lead traders by a sort, searched by name as you type, with links to my copy trading and to leading. */
export default function FlowOrderScreen() {
  const { t } = useTranslation();
  const isSign = useSession((s) => s.isSign);
  const [params, setParams] = useSearchParams();
  const sortBy = sortOf(params.get('sort'));
  const [search, setSearch] = useState('');
  const traderName = useDebounced(search.trim(), 300);
  const traders = useTraders({ sortBy, traderName });
  const mine = useMyTrader(isSign);
  const lead = mine.data && mine.data.status === 1 ? mine.data : null;
  const rows = traders.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = traders.data?.pages[0]?.total ?? 0;

  let list;
  if (traders.isLoading) {
    list = (
      <div className={styles['ct-center']} data-testid="floworder-loading">
        <Spinner />
      </div>
    );
  } else if (traders.isError && rows.length === 0) {
    list = (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => void traders.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  } else if (rows.length === 0) {
    list = <EmptyState text={traderName ? t('floworder_noMatch') : t('floworder_empty')} icon="follow" />;
  } else {
    list = (
      <>
        <ul className={styles['ct-cards']} data-testid="trader-list" aria-busy={traders.isFetching || undefined}>
          {rows.map((c) => (
            <li key={c.id}>
              <TraderCardView trader={c} />
            </li>
          ))}
        </ul>
        <div className={styles['ct-more']}>
          <span className="muted small" data-testid="trader-list-count">
            {t('records_count', { loaded: rows.length, total })}
          </span>
          {traders.hasNextPage ? (
            <Button variant="secondary" small loading={traders.isFetchingNextPage} onClick={() => void traders.fetchNextPage()} data-testid="trader-list-more">
              {t('loadMore')}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <Page title={t('floworder_title')} testId="screen-flowOrder">
      <div className={styles.ct}>
        <section className={styles['ct-hero']} data-testid="floworder-hero">
          <div>
            <h2>{t('floworder_heroTitle')}</h2>
            <p className="muted small">{t('floworder_heroText')}</p>
          </div>
          <div className={styles['ct-hero-links']}>
            <Link to={paths.copyTradingMine} className="btn btn-secondary btn-small" data-testid="floworder-mine-link">
              <span>{t('floworderMine_title')}</span>
            </Link>
            {lead ? (
              <Link to={copyTradingTraderPath(lead.id)} className="btn btn-primary btn-small" data-testid="floworder-home-link">
                <span>{t('floworder_myHomepage')}</span>
              </Link>
            ) : (
              <Link to={paths.copyTradingApply} className="btn btn-primary btn-small" data-testid="floworder-apply-link">
                <span>{t('floworderApply_title')}</span>
              </Link>
            )}
          </div>
        </section>

        <div className={styles['ct-toolbar']}>
          <Tabs<SortKey>
            items={(['0', '1', '2', '3'] as const).map((k) => ({ key: k, label: t(SORT_LABELS[k]) }))}
            value={String(sortBy) as SortKey}
            onChange={(k) => {
              const next = new URLSearchParams(params);
              if (k === '0') next.delete('sort');
              else next.set('sort', k);
              setParams(next, { replace: true });
            }}
            testId="floworder-sort"
          />
          <label className={styles['ct-search']}>
            <Icon name="search" size={18} />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('floworder_searchPlaceholder')}
              aria-label={t('floworder_searchPlaceholder')}
              maxLength={40}
              data-testid="floworder-search"
            />
          </label>
        </div>

        {list}
      </div>
    </Page>
  );
}
