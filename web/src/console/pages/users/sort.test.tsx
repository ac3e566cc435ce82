import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { consoleI18n } from '../../i18n';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { useCt } from '../../layout/useCt';
import { Postings } from './UserMoney';
import { user7 } from './test-fixtures';


beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('sorting the users list', () => {
  it('asks the server for the clicked column from page 1, toggles, and keeps it in the address', async () => {
    const user = userEvent.setup();
    signedInAs('sam', 'support');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers']),
      'GET /api/admin/users': { rows: [user7], total: 45 },
    });
    const { router } = renderConsole('/users?status=active&page=2');
    const table = await screen.findByTestId('users-table');
    // The server's own order: newest (highest id) first.
    expect(within(table).getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'descending');
    expect(calls.at(-1)?.params).not.toHaveProperty('orderBy');

    await user.click(within(table).getByRole('button', { name: /Credit score/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ status: 'active', orderBy: 'credits', order: 'desc', pageNum: 1 }));
    expect(router.state.location.search).toContain('orderBy=credits&order=desc');
    expect(router.state.location.search).not.toContain('page=');
    expect(within(screen.getByTestId('users-table')).getByRole('columnheader', { name: /Credit score/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(screen.getByTestId('users-table')).getByRole('button', { name: /Credit score/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'credits', order: 'asc' }));

    // Paging keeps the sort.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'credits', order: 'asc', pageNum: 2 }));
  });
});

function PostingsHere() {
  const { t, lang } = useCt();
  return <Postings userId={7} t={t} lang={lang} />;
}

describe('sorting a list of the user page', () => {
  it('asks for the clicked column from page 1 and turns it around on a second click', async () => {
    const user = userEvent.setup();
    const posting = (id: number, amount: string) => ({
      id, txId: id, kind: 'deposit', asset: 'USDT', amount, direction: 'in', from: 'external', to: 'spot', fromUserId: null, toUserId: 7,
      fromBucket: 'available', toBucket: 'available', reference: `deposit:${id}`, createTime: '2025-03-02T10:00:00Z',
    });
    const calls = mockAdminApi({
      'GET /api/admin/users/7/postings': (_: unknown, params: unknown) => {
        const p = params as { order?: string };
        return { rows: p.order === 'asc' ? [posting(1, '9'), posting(2, '100.5')] : [posting(2, '100.5'), posting(1, '9')], total: 42 };
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={consoleI18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <PostingsHere />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const list = await screen.findByTestId('user-postings');
    await within(list).findAllByTestId('posting-row');
    expect(within(list).getByRole('columnheader', { name: /^#/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ pageNum: 2 }));

    await user.click(within(list).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'amount', order: 'desc', pageNum: 1, pageSize: 20 }));
    expect(within(list).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(list).getByRole('columnheader', { name: /^#/ })).toHaveAttribute('aria-sort', 'none');

    await user.click(within(list).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'amount', order: 'asc', pageNum: 1 }));
    await waitFor(() => expect(within(list).getAllByTestId('posting-row')[0]).toHaveTextContent('9'));
  });
});
