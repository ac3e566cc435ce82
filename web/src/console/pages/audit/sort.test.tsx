import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';

const entry = { id: 41, actorKind: 'admin', actorId: 1, actorName: 'admin', action: 'user.freeze', target: 'user:7', reason: 'ticket 12', detail: {}, createTime: '2025-03-02T10:00:00Z' };

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('sorting the audit log', () => {
  it('sorts on the server with the filters, keeps both in the address, and exports in that order', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': { rows: [entry], total: 1 },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { router } = renderConsole('/audit?target=user:7');
    const table = await screen.findByTestId('audit-table');
    expect(within(table).getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: /Action/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ target: 'user:7', orderBy: 'action', order: 'asc', pageNum: 1 }));
    expect(router.state.location.search).toContain('target=user%3A7');
    expect(router.state.location.search).toContain('orderBy=action&order=asc');

    await user.click(within(screen.getByTestId('audit-table')).getByRole('button', { name: /Action/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'action', order: 'desc' }));

    // A new filter keeps the sort.
    await user.type(screen.getByTestId('filter-action'), 'user.freeze');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ action: 'user.freeze', target: 'user:7', orderBy: 'action', order: 'desc' }));

    await user.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ orderBy: 'action', order: 'desc', pageSize: 100 }));
  });

  it('ignores a sort in the address that the log does not sort by', async () => {
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/audit': { rows: [entry], total: 1 },
    });
    renderConsole('/audit?orderBy=detail&order=asc');
    await screen.findByTestId('audit-table');
    expect(calls.filter((c) => c.url === '/api/admin/audit').at(-1)?.params).not.toHaveProperty('orderBy');
  });
});
