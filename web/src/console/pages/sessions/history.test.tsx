import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fmtDateTime } from '../../format';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

const session = (id: number, extra: Record<string, unknown>): Record<string, unknown> => ({
  id,
  createdAt: `2025-03-0${id}T08:00:00Z`,
  expiresAt: `2025-03-0${id}T20:00:00Z`,
  current: false,
  ip: '10.0.0.1',
  userAgent: 'Firefox',
  lastSeenAt: null,
  state: 'active',
  endedAt: null,
  endReason: null,
  ...extra,
});

describe('my sessions, live and past', () => {
  it('shows when each live session was last used and the past ones with why they ended, refreshed after signing out elsewhere', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let live = [session(5, { current: true, lastSeenAt: '2025-03-05T09:30:00Z' }), session(4, {})];
    let past = [
      session(3, { state: 'ended', endedAt: '2025-03-03T09:00:00Z', endReason: 'revoked', lastSeenAt: '2025-03-03T08:30:00Z' }),
      session(2, { state: 'expired' }),
      session(1, { state: 'ended', endedAt: '2025-03-01T09:00:00Z', endReason: 'signed_out' }),
    ];
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', [], { totpEnabled: true, totpRequired: true }),
      'GET /api/admin/sessions': () => live,
      'GET /api/admin/sessions/history': (_: unknown, params: unknown) => {
        const { pageNum, pageSize } = params as { pageNum: number; pageSize: number };
        return { rows: past.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: past.length };
      },
      'POST /api/admin/sessions/revoke-others': () => {
        past = [{ ...live[1], state: 'ended', endedAt: '2025-03-05T10:00:00Z', endReason: 'signed_out_everywhere' }, ...past];
        live = live.filter((s) => s.current);
        return { revoked: 1 };
      },
    });
    renderConsole('/security');

    const card = await screen.findByTestId('sessions-card');
    await within(card).findByText('#5');
    const seen = within(card).getAllByTestId('last-seen');
    expect(seen[0]).toHaveTextContent(`last used ${fmtDateTime('2025-03-05T09:30:00Z')}`);
    // Not used since sign-in: the sign-in time.
    expect(seen[1]).toHaveTextContent(`last used ${fmtDateTime('2025-03-04T08:00:00Z')}`);

    const history = screen.getByTestId('past-sessions');
    await waitFor(() => expect(within(history).getAllByTestId('past-session')).toHaveLength(3));
    const [revoked, expired, signedOut] = within(history).getAllByTestId('past-session');
    expect(revoked).toHaveTextContent('Ended from another session');
    expect(revoked).toHaveTextContent(fmtDateTime('2025-03-03T09:00:00Z'));
    expect(revoked).toHaveTextContent(fmtDateTime('2025-03-03T08:30:00Z'));
    expect(expired).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent(fmtDateTime('2025-03-02T20:00:00Z'));
    expect(signedOut).toHaveTextContent('Signed out');
    expect(calls.find((c) => c.url === '/api/admin/sessions/history')?.params).toMatchObject({ pageNum: 1 });

    await user.click(screen.getByTestId('revoke-others'));
    await user.type(await screen.findByTestId('reason'), 'shift over');
    await user.click(screen.getByRole('button', { name: 'End 1 session(s)' }));
    await waitFor(() => expect(within(history).getAllByTestId('past-session')).toHaveLength(4));
    expect(within(history).getAllByTestId('past-session')[0]).toHaveTextContent('Signed out everywhere else');
    expect(within(card).queryByText('#4')).toBeNull();
  });

  it('says when there is no past session, and shows a failed history call with a retry', async () => {
    signedInAs('sam', 'support');
    let fail = true;
    mockAdminApi({
      'GET /api/admin/me': me('support', []),
      'GET /api/admin/sessions': [session(1, { current: true })],
      'GET /api/admin/sessions/history': () => {
        if (fail) throw new Error('boom');
        return { rows: [], total: 0 };
      },
    });
    renderConsole('/security');
    const history = await screen.findByTestId('past-sessions');
    const retry = await within(history).findByRole('button', { name: 'Try again' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await within(history).findByText('No past session.')).toBeInTheDocument();
  });
});
