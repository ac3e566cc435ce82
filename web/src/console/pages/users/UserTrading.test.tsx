import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { user7 } from './test-fixtures';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());


const page = <T,>(rows: T[], total = rows.length) => ({ rows, total });

const futuresOrder = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  orderNo: `F${String(id).padStart(10, '0')}`,
  symbol: 'btcusdt',
  side: 'long',
  kind: 'limit',
  action: 'open',
  leverage: 20,
  contracts: '3',
  qty: '0.03',
  limitPrice: '58000.5',
  dealPrice: null,
  margin: '87.0075',
  fee: '0.87',
  status,
  reason: null,
  positionId: null,
  createTimeMs: 1740909600000,
  updateTimeMs: 1740909600000,
  dealTimeMs: null,
  ...extra,
});

const earnOrder = (id: number, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  orderNo: `E${id}`,
  kind: 'finance',
  productId: 3,
  productTitle: 'USDT Fixed 30',
  coin: 'USDT',
  amount: '1000',
  days: 30,
  apr: '5',
  reserved: '4.10958904',
  accrued: '1.36986301',
  paid: '1.36986301',
  status,
  penalty: '0',
  forfeited: '0',
  autoRenew: false,
  renewedFrom: null,
  startTimeMs: 1740873600000,
  endTimeMs: 1743465600000,
  createTimeMs: 1740909600000,
  settleTimeMs: null,
  ...extra,
});

function mocks() {
  return mockAdminApi({
    'GET /api/admin/me': me('owner', ['readUsers', 'reviewFunds']),
    'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
    'GET /api/admin/users/7/spot-orders': page([]),
    'GET /api/admin/users/7/futures-orders': (_: unknown, params: unknown) => {
      const p = params as { state: string; pageNum: number };
      if (p.state === 'closed') return page([futuresOrder(12, 'cancelled', { reason: 'house_limit' }), futuresOrder(11, 'filled', { kind: 'market', limitPrice: null, dealPrice: '60010.5' })]);
      return page([futuresOrder(p.pageNum === 1 ? 15 : 5, 'waiting')], 25);
    },
    'GET /api/admin/users/7/earn-orders': (_: unknown, params: unknown) =>
      (params as { state: string }).state === 'closed'
        ? page([earnOrder(8, 'redeemed', { kind: 'staking', apr: null, productTitle: 'ETH staking', coin: 'ETH', amount: '2.5', penalty: '0.125', forfeited: '0', paid: '0', settleTimeMs: 1741000000000 })])
        : page([earnOrder(9, 'earning')]),
  });
}

const call = (calls: ReturnType<typeof mocks>, url: string) => calls.filter((c) => c.url === url).at(-1)?.params;

describe('user trading: futures orders and earn orders', () => {
  it('lists the waiting futures orders, then the done ones, paged on the server', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mocks();
    renderConsole('/users/7');
    const trading = await screen.findByTestId('user-trading');
    await user.click(within(trading).getByRole('tab', { name: 'Futures orders' }));

    const list = await within(trading).findByTestId('user-futures-orders');
    const row = await within(list).findByTestId('trading-row');
    expect(row).toHaveTextContent('F0000000015');
    expect(row).toHaveTextContent('20× · limit');
    expect(row).toHaveTextContent('58,000.5');
    expect(row).toHaveTextContent('87.0075');
    expect(row).toHaveTextContent('Waiting');
    expect(call(calls, '/api/admin/users/7/futures-orders')).toEqual({ state: 'open', pageNum: 1, pageSize: 10 });
    await user.click(within(list).getByRole('button', { name: 'Next' }));
    expect(await within(list).findByText('F0000000005')).toBeInTheDocument();
    expect(call(calls, '/api/admin/users/7/futures-orders')).toEqual({ state: 'open', pageNum: 2, pageSize: 10 });

    // Done starts again at page 1.
    await user.click(within(trading).getByRole('tab', { name: 'Done' }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/futures-orders')).toEqual({ state: 'closed', pageNum: 1, pageSize: 10 }));
    const done = await within(trading).findAllByTestId('trading-row');
    expect(done).toHaveLength(2);
    expect(done[0]).toHaveTextContent('Cancelled house_limit');
    expect(done[1]).toHaveTextContent('market');
    expect(done[1]).toHaveTextContent('60,010.5');
    expect(done[1]).toHaveTextContent('Filled');
  });

  it('lists the earn orders, finance and staking, earning or done', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mocks();
    renderConsole('/users/7');
    const trading = await screen.findByTestId('user-trading');
    await user.click(within(trading).getByRole('tab', { name: 'Earn' }));

    const list = await within(trading).findByTestId('user-earn-orders');
    const row = await within(list).findByTestId('trading-row');
    expect(row).toHaveTextContent('USDT Fixed 30 finance');
    expect(row).toHaveTextContent('1,000 USDT');
    expect(row).toHaveTextContent('30 d · 5 % APR');
    expect(row).toHaveTextContent('4.10958904');
    expect(row).toHaveTextContent('1.36986301 (1.36986301 paid)');
    expect(row).toHaveTextContent('Earning');
    expect(call(calls, '/api/admin/users/7/earn-orders')).toEqual({ state: 'open', pageNum: 1, pageSize: 10 });

    await user.click(within(trading).getByRole('tab', { name: 'Done' }));
    await waitFor(() => expect(within(trading).getByTestId('trading-row')).toHaveTextContent('ETH staking'));
    const done = within(trading).getByTestId('trading-row');
    expect(done).toHaveTextContent('2.5 ETH');
    expect(done).toHaveTextContent('Redeemed early penalty 0.125, forfeited 0');
    expect(done).not.toHaveTextContent('APR');
    expect(call(calls, '/api/admin/users/7/earn-orders')).toEqual({ state: 'closed', pageNum: 1, pageSize: 10 });
  });

  it('sorts the futures orders and the earn orders on the server, from page 1', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mocks();
    renderConsole('/users/7');
    const trading = await screen.findByTestId('user-trading');
    await user.click(within(trading).getByRole('tab', { name: 'Futures orders' }));
    const list = await within(trading).findByTestId('user-futures-orders');
    await within(list).findByTestId('trading-row');
    // The server's own order (newest first) shows on the order column; nothing is sent for it.
    expect(within(list).getByRole('columnheader', { name: /^Order/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/futures-orders')).toMatchObject({ pageNum: 2 }));

    await user.click(within(list).getByRole('button', { name: /Margin/ }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/futures-orders')).toEqual({ state: 'open', orderBy: 'margin', order: 'desc', pageNum: 1, pageSize: 10 }));
    expect(within(list).getByRole('columnheader', { name: /Margin/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(list).getByRole('columnheader', { name: /^Order/ })).toHaveAttribute('aria-sort', 'none');
    await user.click(within(list).getByRole('button', { name: /Margin/ }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/futures-orders')).toMatchObject({ orderBy: 'margin', order: 'asc', pageNum: 1 }));
    await user.click(within(list).getByRole('button', { name: /Placed/ }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/futures-orders')).toMatchObject({ orderBy: 'createTimeMs', order: 'desc' }));

    await user.click(within(trading).getByRole('tab', { name: 'Earn' }));
    const earn = await within(trading).findByTestId('user-earn-orders');
    await within(earn).findByTestId('trading-row');
    expect(call(calls, '/api/admin/users/7/earn-orders')).toEqual({ state: 'open', pageNum: 1, pageSize: 10 });
    await user.click(within(earn).getByRole('button', { name: /Principal/ }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/earn-orders')).toEqual({ state: 'open', orderBy: 'amount', order: 'desc', pageNum: 1, pageSize: 10 }));
    await user.click(within(earn).getByRole('button', { name: /Matures/ }));
    await waitFor(() => expect(call(calls, '/api/admin/users/7/earn-orders')).toMatchObject({ orderBy: 'endTimeMs', order: 'desc' }));

    // A done order shows its maturity, and when it ended.
    await user.click(within(trading).getByRole('tab', { name: 'Done' }));
    await waitFor(() => expect(within(trading).getByTestId('trading-row')).toHaveTextContent('ETH staking'));
    expect(within(trading).getByTestId('trading-row')).toHaveTextContent(/ended \d{4}-\d{2}-\d{2}/);
  });

  it('says so when there is nothing, and shows a refusal', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const { AdminApiError } = await import('../../api');
    mockAdminApi({
      'GET /api/admin/me': me('owner', ['readUsers', 'reviewFunds']),
      'GET /api/admin/users/7': { user: user7, withdrawAddresses: [], kycSubmissions: [] },
      'GET /api/admin/users/7/spot-orders': page([]),
      'GET /api/admin/users/7/earn-orders': page([]),
      'GET /api/admin/users/7/futures-orders': new AdminApiError(-9, 'Not allowed'),
    });
    renderConsole('/users/7');
    const trading = await screen.findByTestId('user-trading');
    await user.click(within(trading).getByRole('tab', { name: 'Earn' }));
    expect(await within(trading).findByText('Nothing here.')).toBeInTheDocument();
    await user.click(within(trading).getByRole('tab', { name: 'Futures orders' }));
    expect(await within(trading).findByRole('alert')).toHaveTextContent('Your role does not allow this.');
  });
});
