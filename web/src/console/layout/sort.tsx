// Sorting the console's tables on the server: every operator list takes
// `orderBy` (a field of its rows, from the list's whitelist) and `order`
// (`asc`/`desc`); without them it keeps its own order. A header cell that
// sorts is a button in the <th>: a click asks for that column, a second
// click turns it around, and the cell says which way with aria-sort and
// an arrow.
import type { ReactNode } from 'react';
import { useCt } from './useCt';

export type SortOrder = 'asc' | 'desc';

export interface SortState {
  orderBy: string;
  order: SortOrder;
}

/** What a sortable header needs: the order shown (the list's own when nothing was asked) and how to ask for another. */
export interface SortControl {
  sort: SortState | null;
  onSort: (next: SortState) => void;
}

/** The query fields for `sort`; none keeps the list's own order. */
export function sortParams(sort: SortState | null): { orderBy?: string; order?: SortOrder } {
  return sort ? { orderBy: sort.orderBy, order: sort.order } : {};
}

/** What a click on `column` asks for: the other way round on the column shown sorted, else `first`. */
export function nextSort(shown: SortState | null, column: string, first: SortOrder = 'asc'): SortState {
  if (shown?.orderBy === column) return { orderBy: column, order: shown.order === 'asc' ? 'desc' : 'asc' };
  return { orderBy: column, order: first };
}

/** The sort an address keeps (`orderBy`, `order`), if it names one of `columns`. */
export function readSort(params: URLSearchParams, columns: readonly string[]): SortState | null {
  const orderBy = params.get('orderBy');
  if (!orderBy || !columns.includes(orderBy)) return null;
  return { orderBy, order: params.get('order') === 'desc' ? 'desc' : 'asc' };
}

/** Writes `sort` into `params` (removing it for null); returns `params`. */
export function writeSort(params: URLSearchParams, sort: SortState | null): URLSearchParams {
  if (sort) {
    params.set('orderBy', sort.orderBy);
    params.set('order', sort.order);
  } else {
    params.delete('orderBy');
    params.delete('order');
  }
  return params;
}

/**
 * A header cell that sorts by `column` (the rows' field name the server's
 * whitelist uses). `first` is the direction of the first click: `desc`
 * suits times and amounts, where the newest or largest come first.
 */
export function SortTh({
  column,
  sort,
  onSort,
  first = 'asc',
  className,
  children,
}: SortControl & { column: string; first?: SortOrder; className?: string; children: ReactNode }) {
  const { t } = useCt();
  const on = sort?.orderBy === column ? sort.order : null;
  const next = nextSort(sort, column, first);
  return (
    <th className={className} aria-sort={on === 'asc' ? 'ascending' : on === 'desc' ? 'descending' : 'none'}>
      <button
        type="button"
        className={on ? 'c-sort is-active' : 'c-sort'}
        onClick={() => onSort(next)}
        title={t(next.order === 'asc' ? 'shell.sort.asc' : 'shell.sort.desc')}
        data-sort={column}
      >
        <span>{children}</span>
        <span className="c-sort__arrow" aria-hidden>
          {on === 'asc' ? '▲' : on === 'desc' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}
