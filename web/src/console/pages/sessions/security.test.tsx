import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('my security', () => {
  it('lists sessions, ends one and every other one; an owner cannot turn two-step off', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let sessions = [
      { id: 1, createdAt: '2025-03-01T10:00:00Z', expiresAt: '2025-03-01T22:00:00Z', current: true },
      { id: 2, createdAt: '2025-03-01T09:00:00Z', expiresAt: '2025-03-01T21:00:00Z', current: false },
      { id: 3, createdAt: '2025-03-01T08:00:00Z', expiresAt: '2025-03-01T20:00:00Z', current: false },
    ];
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', [], { totpEnabled: true, totpRequired: true }),
      'GET /api/admin/sessions': () => sessions,
      'DELETE /api/admin/sessions/2': () => {
        sessions = sessions.filter((s) => s.id !== 2);
        return null;
      },
      'POST /api/admin/sessions/revoke-others': () => {
        sessions = sessions.filter((s) => s.current);
        return null;
      },
    });
    renderConsole('/security');
    expect(await screen.findByText('#2')).toBeInTheDocument();
    expect(screen.getByTestId('regenerate-codes')).toBeInTheDocument();
    expect(screen.queryByTestId('disable-totp')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'End session' })[0]);
    await waitFor(() => expect(screen.queryByText('#2')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/admin/sessions/2')).toBe(true);

    await user.click(screen.getByTestId('revoke-others'));
    await user.click(screen.getByRole('button', { name: 'End 1 session(s)' }));
    await waitFor(() => expect(screen.queryByText('#3')).toBeNull());
    expect(screen.getByText('#1')).toBeInTheDocument();
  });

  it('shows the audit entry ending a session made, found by action, target and operator', async () => {
    const user = userEvent.setup();
    signedInAs('op', 'owner');
    let sessions = [
      { id: 1, createdAt: '2025-03-01T10:00:00Z', expiresAt: '2025-03-01T22:00:00Z', current: true },
      { id: 2, createdAt: '2025-03-01T09:00:00Z', expiresAt: '2025-03-01T21:00:00Z', current: false },
    ];
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit'], { totpEnabled: true, totpRequired: true }),
      'GET /api/admin/sessions': () => sessions,
      'DELETE /api/admin/sessions/2': () => {
        sessions = sessions.filter((s) => s.id !== 2);
        return null;
      },
      'GET /api/admin/audit': {
        rows: [{ id: 51, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'operator.session_revoke', target: 'admin_session:2', reason: 'session signed out by the operator', detail: {}, createTime: '2025-03-01T10:30:00Z' }],
        total: 1,
      },
    });
    renderConsole('/security');
    await user.click(await screen.findByRole('button', { name: 'End session' }));
    const notice = await screen.findByTestId('security-notice');
    expect(await within(notice).findByText(/Audit entry #51 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toEqual({ action: 'operator.session_revoke', target: 'admin_session:2', operator: 'op', pageNum: 1, pageSize: 5 });
  });
});
