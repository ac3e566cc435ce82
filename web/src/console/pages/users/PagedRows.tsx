// One server-paged list of the user page: fetches a page of `url`, shows the
// table the section draws, and the pager when there is more than one page.
// A head drawn from a function gets the sort to show on its SortTh cells;
// a new sort asks the server for it from page 1.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { adminApi, type AdminPage } from '../../api';
import { sortParams, type SortControl, type SortState } from '../../layout/sort';
import { Empty, ErrorNote, Loading, Pager } from '../../layout/ui';

export function PagedRows<T>({
  queryKey,
  url,
  params,
  pageSize = 10,
  empty,
  head,
  defaultSort = null,
  row,
  testId,
}: {
  queryKey: unknown[];
  url: string;
  /** More query fields (keep them in `queryKey`; render with a new React key to start again at page 1). */
  params?: Record<string, string | number>;
  pageSize?: number;
  empty: ReactNode;
  head: ReactNode | ((sort: SortControl) => ReactNode);
  /** The list's own order on the server, shown on its header until another is asked (never sent). */
  defaultSort?: SortState | null;
  row: (r: T) => ReactNode;
  testId?: string;
}) {
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState | null>(null);
  const q = useQuery({
    queryKey: [...queryKey, page, pageSize, sort?.orderBy ?? null, sort?.order ?? null],
    queryFn: () => adminApi.get<AdminPage<T>>(url, { ...params, ...sortParams(sort), pageNum: page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const control: SortControl = {
    sort: sort ?? defaultSort,
    onSort: (next) => {
      setSort(next);
      setPage(1);
    },
  };
  const rows = q.data?.rows ?? [];
  return (
    <div data-testid={testId}>
      {q.isError ? <ErrorNote error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <div className="c-table-wrap">
          <table className="c-table">
            <thead>{typeof head === 'function' ? head(control) : head}</thead>
            <tbody>{rows.map(row)}</tbody>
          </table>
        </div>
      )}
      {q.data && q.data.total > pageSize ? <Pager page={page} pageSize={pageSize} total={q.data.total} onPage={setPage} busy={q.isFetching} /> : null}
    </div>
  );
}
