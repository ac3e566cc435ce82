import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { consoleI18n } from '../i18n';
import { nextSort, readSort, SortTh, writeSort, type SortState } from './sort';

function Head({ initial = null, onSort }: { initial?: SortState | null; onSort?: (s: SortState) => void }) {
  const [sort, setSort] = useState<SortState | null>(initial);
  const s = {
    sort,
    onSort: (next: SortState) => {
      setSort(next);
      onSort?.(next);
    },
  };
  return (
    <I18nextProvider i18n={consoleI18n}>
      <table>
        <thead>
          <tr>
            <SortTh column="amount" first="desc" {...s}>
              Amount
            </SortTh>
            <SortTh column="symbol" {...s}>
              Symbol
            </SortTh>
            <th>Reason</th>
          </tr>
        </thead>
      </table>
    </I18nextProvider>
  );
}

beforeEach(async () => {
  await consoleI18n.changeLanguage('en');
});

describe('sortable header cells', () => {
  it('a click asks for the column, a second click turns it around, and aria-sort and the arrow follow', async () => {
    const user = userEvent.setup();
    const asked: SortState[] = [];
    render(<Head onSort={(s) => asked.push(s)} />);
    const amount = screen.getByRole('columnheader', { name: /Amount/ });
    const symbol = screen.getByRole('columnheader', { name: /Symbol/ });
    expect(amount).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Reason' })).not.toHaveAttribute('aria-sort');

    await user.click(screen.getByRole('button', { name: /Symbol/ }));
    expect(asked.at(-1)).toEqual({ orderBy: 'symbol', order: 'asc' });
    expect(symbol).toHaveAttribute('aria-sort', 'ascending');
    expect(symbol).toHaveTextContent('▲');
    expect(amount).toHaveAttribute('aria-sort', 'none');

    await user.click(screen.getByRole('button', { name: /Symbol/ }));
    expect(asked.at(-1)).toEqual({ orderBy: 'symbol', order: 'desc' });
    expect(symbol).toHaveAttribute('aria-sort', 'descending');
    expect(symbol).toHaveTextContent('▼');

    // An amount's first click is the largest first.
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(asked.at(-1)).toEqual({ orderBy: 'amount', order: 'desc' });
    expect(symbol).toHaveAttribute('aria-sort', 'none');
  });

  it('is reached and pressed from the keyboard', async () => {
    const user = userEvent.setup();
    const asked: SortState[] = [];
    render(<Head onSort={(s) => asked.push(s)} />);
    await user.tab();
    expect(screen.getByRole('button', { name: /Amount/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(asked.at(-1)).toEqual({ orderBy: 'amount', order: 'desc' });
    await user.tab();
    await user.keyboard(' ');
    expect(asked.at(-1)).toEqual({ orderBy: 'symbol', order: 'asc' });
  });

  it("shows the list's own order and turns it around on the first click", async () => {
    const user = userEvent.setup();
    const asked: SortState[] = [];
    render(<Head initial={{ orderBy: 'amount', order: 'desc' }} onSort={(s) => asked.push(s)} />);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(asked).toEqual([{ orderBy: 'amount', order: 'asc' }]);
  });
});

describe('sort in the address', () => {
  it('reads only whitelisted columns and writes both fields or neither', () => {
    expect(readSort(new URLSearchParams('orderBy=amount&order=desc'), ['amount'])).toEqual({ orderBy: 'amount', order: 'desc' });
    expect(readSort(new URLSearchParams('orderBy=amount&order=sideways'), ['amount'])).toEqual({ orderBy: 'amount', order: 'asc' });
    expect(readSort(new URLSearchParams('orderBy=password&order=asc'), ['amount'])).toBeNull();
    expect(readSort(new URLSearchParams('order=desc'), ['amount'])).toBeNull();
    expect(writeSort(new URLSearchParams('q=x'), { orderBy: 'id', order: 'asc' }).toString()).toBe('q=x&orderBy=id&order=asc');
    expect(writeSort(new URLSearchParams('q=x&orderBy=id&order=asc'), null).toString()).toBe('q=x');
    expect(nextSort(null, 'id')).toEqual({ orderBy: 'id', order: 'asc' });
  });
});
