// The list side of a review queue (KYC, deposits, withdrawals): the page's
// heading with its status tabs, the server-paged list with its sortable
// columns, loading, failure, an empty queue, paging, and picking a row to
// review (click or Enter). Each queue gives its columns and its row cells.
import type { ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, type AdminPage } from '../../../api';
import { SortTh, sortParams, type SortOrder, type SortState } from '../../../layout/sort';
import type { QueueParams } from './paging';
import { useTexts } from './texts';
import { QUEUE_PAGE_SIZE } from './types';
import { Empty, LoadError, Loading, Pager, Tabs } from './ui';

/** One page of a queue's server list, the page before kept while the next loads. */
export function useQueueList<R>(queryKey: readonly unknown[], url: string, status: string, page: number, sort: SortState | null) {
  return useQuery({
    queryKey: [...queryKey, status, page, sort?.orderBy ?? null, sort?.order ?? null],
    queryFn: () => adminApi.get<AdminPage<R>>(url, { status, pageNum: page, pageSize: QUEUE_PAGE_SIZE, ...sortParams(sort) }),
    placeholderData: keepPreviousData,
  });
}

/** The queue page's heading: title, subtitle and the status tabs. */
export function QueueHead<S extends string>({
  title,
  subtitle,
  statuses,
  tabLabel,
  queue,
}: {
  title: string;
  subtitle: string;
  statuses: readonly S[];
  tabLabel: (s: S) => string;
  queue: QueueParams<S>;
}) {
  const { t } = useTexts();
  return (
    <header className="cq-head">
      <div>
        <h1>{title}</h1>
        <p className="cq-muted">{subtitle}</p>
      </div>
      <Tabs label={t('common.status')} items={statuses.map((s) => ({ value: s, label: tabLabel(s) }))} value={queue.status} onChange={(s: S) => queue.update({ status: s, page: 1, id: null })} />
    </header>
  );
}

export interface QueueColumn {
  /** The column the server sorts by. */
  column: string;
  label: ReactNode;
  /** The order of the first click (amounts: largest first). */
  first?: SortOrder;
  className?: string;
}

interface ListState<R> {
  data?: AdminPage<R>;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function QueueList<R extends { id: number }, S extends string>({
  label,
  heading,
  list,
  empty,
  columns,
  ownSort,
  cells,
  rowTestId,
  openId,
  queue,
}: {
  /** The list's accessible name. */
  label: string;
  heading: string;
  list: ListState<R>;
  /** What an empty page says. */
  empty: string;
  columns: QueueColumn[];
  /** The server's own order, shown when the address names none. */
  ownSort: SortState;
  /** A row's cells, in the order of `columns`. */
  cells: (row: R) => ReactNode;
  rowTestId: (row: R) => string;
  /** The row under review. */
  openId: number | null | undefined;
  /** The queue's place in the address: page, sort, the open row. */
  queue: Pick<QueueParams<S>, 'page' | 'sort' | 'update'>;
}) {
  const { t } = useTexts();
  const { page, update } = queue;
  const onOpen = (id: number) => update({ id });
  const rows = list.data?.rows ?? [];
  return (
    <section className="cq-panel cq-list-panel" aria-label={label}>
      <div className="cq-panel-head">
        <h2>{heading}</h2>
        {list.data ? <span className="cq-muted">{t('common.total', { total: list.data.total })}</span> : null}
      </div>
      {list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <table className="cq-table cq-table-pick">
          <thead>
            <tr>
              {columns.map((c) => (
                <SortTh key={c.column} column={c.column} first={c.first} className={c.className} sort={queue.sort ?? ownSort} onSort={(s) => update({ sort: s, page: 1, id: null })}>
                  {c.label}
                </SortTh>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.id}
                className={r.id === openId ? 'cq-row-on' : undefined}
                aria-selected={r.id === openId}
                tabIndex={0}
                onClick={() => onOpen(r.id)}
                onKeyDown={(e) => e.key === 'Enter' && onOpen(r.id)}
                data-testid={rowTestId(r)}
              >
                {cells(r)}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && list.data.total > QUEUE_PAGE_SIZE ? <Pager page={page} size={QUEUE_PAGE_SIZE} total={list.data.total} onPage={(p) => update({ page: p, id: null })} /> : null}
    </section>
  );
}
