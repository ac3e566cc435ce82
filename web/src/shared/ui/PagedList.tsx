import type { ReactNode } from 'react';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '@/shared/api/types';
import { Button, EmptyState, Spinner } from '@/shared/ui';

export const PAGE_SIZE = 10;

/** A server-paged list ({rows, total}, pageNum from 1) with "load more", its loading, failure and empty ('noData') states. */
export function PagedList<T>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  testId,
  enabled = true,
  emptyText,
}: {
  queryKey: QueryKey;
  fetchPage: (pageNum: number, pageSize: number) => Promise<Page<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  testId: string;
  enabled?: boolean;
  /** What an empty list says instead of 'noData'. */
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey,
    enabled,
    queryFn: async ({ pageParam }) => (await fetchPage(pageParam, PAGE_SIZE)) ?? { rows: [], total: 0 },
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.rows.length, 0);
      return loaded < last.total && last.rows.length > 0 ? pages.length + 1 : undefined;
    },
  });
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  if (query.isLoading) {
    return (
      <div className="paged-loading" data-testid={`${testId}-loading`}>
        <Spinner size={22} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        text={t('loadFailed')}
        action={
          <Button variant="secondary" small onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  if (rows.length === 0) return <EmptyState text={emptyText} />;
  return (
    <div data-testid={testId}>
      <ul className="list">
        {rows.map((row) => (
          <li key={itemKey(row)}>{renderItem(row)}</li>
        ))}
      </ul>
      <div className="paged-foot">
        <span className="muted small" data-testid={`${testId}-count`}>
          {t('records_count', { loaded: rows.length, total })}
        </span>
        {query.hasNextPage ? (
          <Button variant="secondary" small loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()} data-testid={`${testId}-more`}>
            {t('loadMore')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
