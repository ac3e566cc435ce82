import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fmtDateTime } from '../../format';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { user7 } from './test-fixtures';


const base = { ip: '10.0.0.9', userAgent: 'Firefox', expireTime: '2025-03-09T10:00:00Z' };
const live = { ...base, id: 9, kind: 'session', createTime: '2025-03-02T10:00:00Z', lastSeenTime: '2025-03-02T11:30:00Z', state: 'active', active: true, endTime: null, endReason: null };
const neverUsed = { ...base, id: 8, kind: 'remember', createTime: '2025-03-02T09:00:00Z', lastSeenTime: null, state: 'active', active: true, endTime: null, endReason: null };
const ended = { ...base, id: 4, kind: 'session', createTime: '2025-03-01T10:00:00Z', lastSeenTime: '2025-03-01T12:00:00Z', state: 'ended', active: false, endTime: '2025-03-01T12:05:00Z', endReason: 'password_changed' };
const expired = { ...base, id: 2, kind: 'session', createTime: '2025-02-01T10:00:00Z', lastSeenTime: null, state: 'expired', active: false, endTime: null, endReason: null, expireTime: '2025-02-08T10:00:00Z' };

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('a user’s sessions', () => {
  it('shows every session with when it was last used, its state and why it ended, or the active ones only', async () => {
    const user = userEvent.setup();
    signedInAs('sam', 'support');
    const activeLeft = [live, neverUsed];
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
      'GET /api/admin/users/7/messages': { rows: [], total: 0 },
      'GET /api/admin/users/7/sessions': (_: unknown, params: unknown) => {
        const rows = (params as { state: string }).state === 'active' ? activeLeft : [live, neverUsed, ended, expired];
        return { rows, total: rows.length };
      },
    });
    renderConsole('/users/7');

    const sessions = await screen.findByTestId('user-sessions');
    await waitFor(() => expect(within(sessions).getAllByTestId('session-row')).toHaveLength(4));
    expect(calls.find((c) => c.url === '/api/admin/users/7/sessions')?.params).toMatchObject({ state: 'all', pageNum: 1 });
    const [liveRow, neverRow, endedRow, expiredRow] = within(sessions).getAllByTestId('session-row');
    expect(liveRow).toHaveTextContent(fmtDateTime(live.lastSeenTime));
    expect(liveRow).toHaveTextContent('Active');
    expect(liveRow).toHaveTextContent(`until ${fmtDateTime(live.expireTime)}`);
    // Never used since sign-in: the sign-in time stands for the last use.
    const [, , signedIn, lastSeen] = within(neverRow).getAllByRole('cell');
    expect(signedIn).toHaveTextContent(fmtDateTime(neverUsed.createTime));
    expect(lastSeen).toHaveTextContent(fmtDateTime(neverUsed.createTime));
    expect(endedRow).toHaveTextContent('Ended');
    expect(endedRow).toHaveTextContent('Password changed');
    expect(endedRow).toHaveTextContent(fmtDateTime(ended.endTime));
    expect(expiredRow).toHaveTextContent('Expired');
    expect(expiredRow).toHaveTextContent(`ran out ${fmtDateTime(expired.expireTime)}`);

    await user.click(within(sessions).getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(within(sessions).getAllByTestId('session-row')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/admin/users/7/sessions').at(-1)?.params).toMatchObject({ state: 'active', pageNum: 1 });
    expect(within(sessions).queryByText('Password changed')).toBeNull();
  });

  it('shows an end reason it does not know as the server wrote it, says when none is active, and shows a refused call', async () => {
    const user = userEvent.setup();
    signedInAs('sam', 'support');
    let fail = false;
    mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
      'GET /api/admin/users/7/messages': { rows: [], total: 0 },
      'GET /api/admin/users/7/sessions': (_: unknown, params: unknown) => {
        if (fail) throw new Error('boom');
        return (params as { state: string }).state === 'active' ? { rows: [], total: 0 } : { rows: [{ ...ended, endReason: 'something_new' }], total: 1 };
      },
    });
    const { client } = renderConsole('/users/7');
    const sessions = await screen.findByTestId('user-sessions');
    expect(await within(sessions).findByText('something_new')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('tab', { name: 'Active' }));
    expect(await within(sessions).findByText('No active session.')).toBeInTheDocument();

    fail = true;
    await client.invalidateQueries({ queryKey: ['console', 'user-sessions'] });
    expect(await within(sessions).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
