// The queue's place in the address: status, page, sort and the open item, so
// a reload or a shared link opens the same review.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { readSort, writeSort, type SortState } from '../../../layout/sort';

/** `sortColumns`: the columns the queue's server list sorts by (others in the address are ignored). */
export function useQueueParams<S extends string>(statuses: readonly S[], fallback: S, sortColumns: readonly string[] = []) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') as S | null;
  const status: S = raw && statuses.includes(raw) ? raw : fallback;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const idText = params.get('id');
  const id = idText && /^\d+$/.test(idText) ? Number(idText) : null;
  const sort = readSort(params, sortColumns);

  const update = useCallback(
    (next: { status?: S; page?: number; id?: number | null; sort?: SortState }) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.status !== undefined) p.set('status', next.status);
          if (next.sort !== undefined) writeSort(p, next.sort);
          if (next.page !== undefined) p.set('page', String(next.page));
          if (next.id !== undefined) {
            if (next.id === null) p.delete('id');
            else p.set('id', String(next.id));
          }
          return p;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { status, page, id, sort, update };
}

/** A queue's place in the address, as useQueueParams reads it. */
export type QueueParams<S extends string> = ReturnType<typeof useQueueParams<S>>;

/** The item to open after `done` left the queue: the one after it, else the one before. */
export function nextAfter<T extends { id: number }>(rows: T[], done: number): number | null {
  const i = rows.findIndex((r) => r.id === done);
  if (i < 0) return rows[0]?.id ?? null;
  return rows[i + 1]?.id ?? rows[i - 1]?.id ?? null;
}
