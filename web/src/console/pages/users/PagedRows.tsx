// One server-paged list of the user page: fetches a page of `url`, shows the
// table the section draws, and the pager when there is more than one page.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { adminApi, type AdminPage } from '../../api';
import { Empty, ErrorNote, Loading, Pager } from '../../layout/ui';

export function PagedRows<T>({
  queryKey,
  url,
  params,
  pageSize = 10,
  empty,
  head,
  row,
  testId,
}: {
  queryKey: unknown[];
  url: string;
  /** More query fields (keep them in `queryKey`; render with a new React key to start again at page 1). */
  params?: Record<string, string | number>;
  pageSize?: number;
  empty: ReactNode;
  head: ReactNode;
  row: (r: T) => ReactNode;
  testId?: string;
}) {
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: [...queryKey, page, pageSize],
    queryFn: () => adminApi.get<AdminPage<T>>(url, { ...params, pageNum: page, pageSize }),
    placeholderData: keepPreviousData,
  });
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
            <thead>{head}</thead>
            <tbody>{rows.map(row)}</tbody>
          </table>
        </div>
      )}
      {q.data && q.data.total > pageSize ? <Pager page={page} pageSize={pageSize} total={q.data.total} onPage={setPage} busy={q.isFetching} /> : null}
    </div>
  );
}
