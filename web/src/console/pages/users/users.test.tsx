import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { textToHtml } from './UserPage';
import { user7 } from './test-fixtures';


beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

describe('users', () => {
  it('searches on the server with keyword and pages', async () => {
    const user = userEvent.setup();
    signedInAs('sam', 'support');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages']),
      'GET /api/admin/users': { rows: [user7], total: 45 },
    });
    renderConsole('/users');
    expect(await screen.findByText('alice')).toBeInTheDocument();
    await user.type(screen.getByTestId('user-search'), 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ keyword: 'a@example.com', pageNum: 1, pageSize: 20 }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ keyword: 'a@example.com', pageNum: 2 }));
  });

  it('freezes with a required reason and shows the audit entry it made', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let status = 'active';
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readUsers', 'freezeUsers', 'readAudit', 'sendMessages']),
      'GET /api/admin/users/7': () => ({ user: { ...user7, status }, withdrawAddresses: [], kycSubmissions: [] }),
      'POST /api/admin/users/7/freeze': (body: unknown) => {
        expect(body).toEqual({ reason: 'ticket 12' });
        status = 'frozen';
        return null;
      },
      'GET /api/admin/audit': {
        rows: [{ id: 41, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'user.freeze', target: 'user:7', reason: 'ticket 12', detail: {}, createTime: '2025-03-02T10:00:00Z' }],
        total: 1,
      },
    });
    renderConsole('/users/7');
    await user.click(await screen.findByTestId('freeze'));
    const submit = screen.getByTestId('reason-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('reason'), '  ticket 12 ');
    await user.click(submit);
    expect(await within(await screen.findByTestId('freeze-made')).findByText(/Audit entry #41 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toEqual({ action: 'user.freeze', target: 'user:7', operator: 'op', pageNum: 1, pageSize: 5 });
    expect(await screen.findByTestId('unfreeze')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/admin/users/7/freeze')).toBe(true);
  });

  it('lets an owner lift a user\'s sign-in restrictions with a reason and shows the audit entry it made', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let signIn = { restricted: true, slowedUntil: '2025-03-03T10:00:00Z', failures: 57, pausedAddresses: 3 };
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readUsers', 'freezeUsers', 'readAudit', 'sendMessages']),
      'GET /api/admin/users/7': () => ({ user: user7, withdrawAddresses: [], kycSubmissions: [], signIn }),
      'POST /api/admin/users/7/unlockSignIn': (body: unknown) => {
        expect(body).toEqual({ reason: 'owner verified by phone' });
        signIn = { restricted: false, slowedUntil: null as unknown as string, failures: 0, pausedAddresses: 0 };
        return null;
      },
      'GET /api/admin/audit': {
        rows: [{ id: 52, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'user.sign_in_unlock', target: 'user:7', reason: 'owner verified by phone', detail: {}, createTime: '2025-03-02T10:00:00Z' }],
        total: 1,
      },
    });
    renderConsole('/users/7');
    const standing = await screen.findByTestId('sign-in-standing');
    expect(standing).toHaveTextContent('Slowed until');
    expect(standing).toHaveTextContent('57 failed sign-ins in the last day, 3 addresses paused');
    await user.click(screen.getByTestId('unlock-sign-in'));
    const submit = screen.getByTestId('reason-submit');
    expect(submit).toBeDisabled();
    await user.type(screen.getByTestId('reason'), 'owner verified by phone');
    await user.click(submit);
    const made = await screen.findByTestId('freeze-made');
    expect(made).toHaveTextContent('Sign-in restrictions lifted.');
    expect(await within(made).findByText(/Audit entry #52 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toMatchObject({ action: 'user.sign_in_unlock', target: 'user:7' });
    await waitFor(() => expect(screen.getByTestId('sign-in-standing')).toHaveTextContent('Not restricted'));
    expect(screen.queryByTestId('unlock-sign-in')).not.toBeInTheDocument();
  });

  it('offers no sign-in unlock to an operator who is not an owner', async () => {
    signedInAs('cora', 'compliance');
    mockAdminApi({
      'GET /api/admin/me': me('compliance', ['readUsers', 'freezeUsers', 'reviewKyc']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [], signIn: { restricted: true, slowedUntil: '2025-03-03T10:00:00Z', failures: 50, pausedAddresses: 0 } },
    });
    renderConsole('/users/7');
    expect(await screen.findByTestId('sign-in-standing')).toHaveTextContent('Slowed until');
    expect(await screen.findByTestId('freeze')).toBeInTheDocument();
    expect(screen.queryByTestId('unlock-sign-in')).not.toBeInTheDocument();
  });

  it('writes a message as escaped paragraphs', () => {
    expect(textToHtml('Hello <b>you</b>\nline two\n\nSecond')).toBe('<p>Hello &lt;b&gt;you&lt;/b&gt;<br>line two</p><p>Second</p>');
  });

  it('shows balances with their holds, trading, postings, sessions, messages and the audit entries about the user', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const page = <T,>(rows: T[], total = rows.length) => ({ rows, total });
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readUsers', 'readAudit', 'reviewFunds']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
      'GET /api/admin/deposits': page([]),
      'GET /api/admin/withdrawals': page([]),
      'GET /api/admin/users/7/balances': {
        accounts: [
          { wallet: 'spot', asset: 'USDT', available: '1234.5', frozen: '140', held: '140' },
          { wallet: 'contract', asset: 'USDT', available: '0', frozen: '10', held: '0' },
        ],
        holds: [{ kind: 'withdrawal', wallet: 'spot', asset: 'USDT', count: 1, amount: '100' }],
      },
      'GET /api/admin/users/7/postings': (_: unknown, params: unknown) => {
        const p = params as { pageNum: number };
        const row = {
          id: p.pageNum === 1 ? 31 : 11,
          txId: 5,
          kind: p.pageNum === 1 ? 'deposit' : 'transfer',
          asset: 'USDT',
          amount: '250.5',
          direction: p.pageNum === 1 ? 'in' : 'out',
          from: p.pageNum === 1 ? 'external' : 'spot',
          to: p.pageNum === 1 ? 'spot' : 'user:8:spot',
          fromUserId: p.pageNum === 1 ? null : 7,
          toUserId: p.pageNum === 1 ? 7 : 8,
          fromBucket: 'available',
          toBucket: 'available',
          reference: 'deposit:3',
          createTime: '2025-03-02T10:00:00Z',
        };
        return page([row], 21);
      },
      'GET /api/admin/users/7/spot-orders': (_: unknown, params: unknown) =>
        (params as { state: string }).state === 'open'
          ? page([
              {
                id: 90, symbol: 'btcusdt', side: 'buy', kind: 'limit', price: '100', qty: '0.4', quoteAmount: null, filledQty: '0', filledQuote: '0',
                fee: '0', feeCoin: 'BTC', frozen: '40', frozenAsset: 'USDT', status: 'open', cancelReason: null, createTime: '2025-03-02T10:00:00Z', updateTime: '2025-03-02T10:00:00Z',
              },
            ])
          : page([]),
      'GET /api/admin/users/7/futures-positions': page([
        {
          id: 4, symbol: 'btcusdt', side: 'long', leverage: 10, qty: '0.2', entryPrice: '60000', margin: '1200', fees: '6', realised: '0', funding: '0',
          status: 'open', closePrice: null, portfolio: 0, openTimeMs: 1740909600000, updateTimeMs: 1740909600000, closeTimeMs: null,
        },
      ]),
      'GET /api/admin/users/7/sessions': page([
        { id: 3, kind: 'remember', ip: '10.0.0.9', userAgent: 'Firefox', createTime: '2025-03-02T10:00:00Z', expireTime: '2025-04-02T10:00:00Z', active: true },
      ]),
      'GET /api/admin/users/7/messages': page([{ id: 5, title: 'Deposit credited', summary: 'Your USDT arrived', readTime: null, createTime: '2025-03-02T10:00:00Z' }]),
      'GET /api/admin/users/7/audit': page([
        { id: 41, actorKind: 'admin', actorId: 1, actorName: 'admin', action: 'deposit.confirm', target: 'deposit:3', reason: 'seen on chain', detail: {}, createTime: '2025-03-02T10:00:00Z' },
      ]),
    });
    renderConsole('/users/7');

    const balances = await screen.findByTestId('user-balances');
    const spot = within(balances).getAllByTestId('balance-row')[0];
    expect(spot).toHaveTextContent('Spot');
    expect(spot).toHaveTextContent('1,234.5');
    // Frozen funds nothing holds are flagged.
    expect(within(balances).getAllByTestId('balance-row')[1]).toHaveTextContent('differs from frozen');
    expect(within(balances).getByTestId('hold-row')).toHaveTextContent('Pending withdrawals');

    const trading = screen.getByTestId('user-trading');
    expect(await within(trading).findByText('btcusdt')).toBeInTheDocument();
    expect(within(trading).getByTestId('trading-row')).toHaveTextContent('40 USDT');
    await user.click(within(trading).getByRole('tab', { name: 'Done' }));
    expect(await within(trading).findByText('Nothing here.')).toBeInTheDocument();
    await user.click(within(trading).getByRole('tab', { name: 'Futures' }));
    await user.click(within(trading).getByRole('tab', { name: 'Open' }));
    expect(await within(trading).findByText('60,000')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/admin/users/7/futures-positions').at(-1)?.params).toMatchObject({ state: 'open', pageNum: 1 });

    const postings = screen.getByTestId('user-postings');
    expect(await within(postings).findByText('In')).toBeInTheDocument();
    expect(within(postings).getByTestId('posting-row')).toHaveTextContent('external');
    await user.click(within(postings).getByRole('button', { name: 'Next' }));
    expect(await within(postings).findByText('Out')).toBeInTheDocument();
    expect(within(postings).getByRole('link', { name: 'user:8:spot' })).toHaveAttribute('href', '/users/8');
    expect(calls.filter((c) => c.url === '/api/admin/users/7/postings').at(-1)?.params).toMatchObject({ pageNum: 2, pageSize: 20 });

    expect(await screen.findByText('Remembered device')).toBeInTheDocument();
    expect(screen.getByTestId('user-sessions')).toHaveTextContent('Firefox');
    expect(within(screen.getByTestId('user-messages')).getByText('Deposit credited')).toBeInTheDocument();
    expect(screen.getByTestId('user-messages')).toHaveTextContent('Unread');
    const audit = screen.getByTestId('user-audit-row');
    expect(audit).toHaveTextContent('seen on chain');
    expect(within(audit).getByRole('link', { name: 'deposit:3' })).toHaveAttribute('href', '/audit?target=deposit%3A3');
  });

  it('shows a support operator sessions and messages but no money and no audit entries', async () => {
    signedInAs('sam', 'support');
    const calls = mockAdminApi({
      'GET /api/admin/me': me('support', ['readUsers', 'sendMessages']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
      'GET /api/admin/users/7/sessions': { rows: [], total: 0 },
      'GET /api/admin/users/7/messages': { rows: [], total: 0 },
    });
    renderConsole('/users/7');
    expect(await screen.findByText('No session stored.')).toBeInTheDocument();
    expect(await screen.findByText('No message yet.')).toBeInTheDocument();
    expect(screen.getByTestId('funds-hidden')).toBeInTheDocument();
    expect(screen.queryByTestId('user-balances')).toBeNull();
    expect(screen.queryByTestId('user-audit')).toBeNull();
    const asked = calls.map((c) => c.url);
    expect(asked.some((u) => /balances|postings|spot-orders|audit/.test(u))).toBe(false);
  });
});
