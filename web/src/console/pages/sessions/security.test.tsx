import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('my security', () => {
  it('lists sessions, ends one and every other one, each with a reason; an owner cannot turn two-step off', async () => {
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
    const dialog = await screen.findByRole('dialog', { name: 'End session #2' });
    // No reason, no call.
    expect(within(dialog).getByTestId('reason-submit')).toBeDisabled();
    await user.type(within(dialog).getByTestId('reason'), '   ');
    expect(within(dialog).getByTestId('reason-submit')).toBeDisabled();
    await user.type(within(dialog).getByTestId('reason'), 'left signed in on the lab PC');
    await user.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(screen.queryByText('#2')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', url: '/api/admin/sessions/2', body: { reason: 'left signed in on the lab PC' }, params: undefined }]);

    await user.click(screen.getByTestId('revoke-others'));
    const others = await screen.findByRole('dialog', { name: 'Sign out everywhere else' });
    expect(within(others).getByRole('button', { name: 'End 1 session(s)' })).toBeDisabled();
    await user.type(within(others).getByTestId('reason'), 'laptop stolen');
    await user.click(within(others).getByRole('button', { name: 'End 1 session(s)' }));
    await waitFor(() => expect(screen.queryByText('#3')).toBeNull());
    expect(screen.getByText('#1')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/sessions/revoke-others')?.body).toEqual({ reason: 'laptop stolen' });
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
        rows: [
          { id: 52, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'operator.session_revoke', target: 'admin_session:2', reason: 'another reason', detail: {}, createTime: '2025-03-01T10:31:00Z' },
          { id: 51, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'operator.session_revoke', target: 'admin_session:2', reason: 'old browser', detail: {}, createTime: '2025-03-01T10:30:00Z' },
        ],
        total: 2,
      },
    });
    renderConsole('/security');
    await user.click(await screen.findByRole('button', { name: 'End session' }));
    await user.type(await screen.findByTestId('reason'), 'old browser');
    await user.click(screen.getByTestId('reason-submit'));
    const notice = await screen.findByTestId('security-notice');
    // The entry with the reason typed, not merely the newest of the action and target.
    expect(await within(notice).findByText(/Audit entry #51 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toEqual({ action: 'operator.session_revoke', target: 'admin_session:2', operator: 'op', pageNum: 1, pageSize: 5 });
  });

  it('asks for a code and a reason before new recovery codes, sends both, and shows the entry with that reason', async () => {
    const user = userEvent.setup();
    signedInAs('op', 'owner');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit'], { id: 4, totpEnabled: true, totpRequired: false, recoveryCodesLeft: 2 }),
      'GET /api/admin/sessions': [],
      'GET /api/admin/sessions/history': { rows: [], total: 0 },
      'POST /api/admin/totp/recovery-codes': { recoveryCodes: ['aaaa-bbbb-cccc-dddd'] },
      'GET /api/admin/audit': {
        rows: [{ id: 77, actorKind: 'admin', actorId: 4, actorName: 'op', action: 'operator.recovery_codes_regenerate', target: 'admin:4', reason: 'two left', detail: {}, createTime: '2025-03-01T10:30:00Z' }],
        total: 1,
      },
    });
    renderConsole('/security');
    await user.click(await screen.findByTestId('regenerate-codes'));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    const go = within(dialog).getByRole('button', { name: 'Make new codes' });
    await user.type(within(dialog).getByTestId('totp-code'), '123456');
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByTestId('reason'), 'two left');
    expect(go).toBeEnabled();
    await user.click(go);
    expect(await screen.findByTestId('recovery-codes')).toHaveTextContent('aaaa-bbbb-cccc-dddd');
    expect(calls.find((c) => c.url === '/api/admin/totp/recovery-codes')?.body).toEqual({ code: '123456', reason: 'two left' });
    await user.click(screen.getByTestId('recovery-saved'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const notice = await screen.findByTestId('security-notice');
    expect(await within(notice).findByText(/Audit entry #77 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toMatchObject({ action: 'operator.recovery_codes_regenerate', target: 'admin:4' });
  });
});
