import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { feesOf, fundAmountError, fundCoinError, sum } from './model';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

const futures = {
  contracts: [
    {
      contractId: 1,
      symbol: 'btcusdt',
      longQty: '1.5',
      shortQty: '0.25',
      houseNetQty: '-1.25',
      markPrice: '60000',
      netNotional: '75000',
      maxNetOi: '1000000',
      openPositions: 4,
      waitingOrders: 2,
      houseRealised: '1234.5',
      houseUnrealised: '-300.25',
      fundingToHouse: '12.1',
    },
    {
      contractId: 2,
      symbol: 'ethusdt',
      longQty: '0',
      shortQty: '0',
      houseNetQty: '0',
      markPrice: null,
      netNotional: null,
      maxNetOi: '500000',
      openPositions: 0,
      waitingOrders: 0,
      houseRealised: '-34.5',
      houseUnrealised: null,
      fundingToHouse: '0',
    },
  ],
  houseBalance: '98765.4321',
  insuranceBalance: '5000',
};
const coin = (c: string, extra: Record<string, unknown> = {}) => ({
  coin: c,
  openOrders: 3,
  openStake: '150',
  settledOrders: 10,
  wins: 4,
  losses: 5,
  refunds: 1,
  staked: '1000',
  paidOut: '900.5',
  houseResult: '99.5',
  ...extra,
});
const second = { coins: [coin('btc')], houseBalance: '2000' };
const options = { coins: [coin('eth', { fees: '7.25' })], houseBalance: '3000' };
const earn = [
  { coin: 'USDT', balance: '10000', reserved: '123.45678901', free: '9876.54321099', interestPaid: '45.6', penalties: '1.2', earningPrincipal: '50000', earningOrders: 12 },
  { coin: 'BTC', balance: '0.5', reserved: '0.6', free: '-0.1', interestPaid: '0', penalties: '0', earningPrincipal: '3', earningOrders: 1 },
];
const postings = [
  {
    id: 41,
    txId: 20,
    kind: 'settlement',
    asset: 'USDT',
    amount: '7.5',
    direction: 'in',
    from: 'user:7:spot',
    to: 'house_option',
    fromUserId: 7,
    toUserId: null,
    fromBucket: 'frozen',
    toBucket: 'available',
    reference: 'option:9',
    createTime: '2025-01-15T10:00:00Z',
  },
  {
    id: 40,
    txId: 19,
    kind: 'adjustment',
    asset: 'USDT',
    amount: '5',
    direction: 'own',
    from: 'house_futures',
    to: 'insurance',
    fromUserId: null,
    toUserId: null,
    fromBucket: 'available',
    toBucket: 'available',
    reference: 'x',
    createTime: '2025-01-15T09:00:00Z',
  },
  {
    id: 39,
    txId: 18,
    kind: 'adjustment',
    asset: 'USDT',
    amount: '500',
    direction: 'in',
    from: 'external',
    to: 'house_finance',
    fromUserId: null,
    toUserId: null,
    fromBucket: 'available',
    toBucket: 'available',
    reference: 'earn:fund:1',
    createTime: '2025-01-15T08:00:00Z',
  },
];
const dashboard = {
  today: null,
  queues: null,
  audit: null,
  feeds: [],
  house: null,
  fees: {
    upToDate: true,
    products: [
      { product: 'futures', today: [{ asset: 'USDT', amount: '3.5' }], allTime: [{ asset: 'USDT', amount: '4321.75' }] },
      { product: 'earn', today: [], allTime: [{ asset: 'USDT', amount: '8' }] },
    ],
  },
};

const OWNER = ['readUsers', 'freezeUsers', 'reviewKyc', 'editSettings', 'editContent', 'sendMessages', 'readOutbox', 'readAudit', 'reviewFunds'];

function books(extra: Record<string, unknown> = {}) {
  return {
    'GET /api/admin/futures/house': futures,
    'GET /api/admin/second-contracts/house': second,
    'GET /api/admin/options/house': options,
    'GET /api/admin/earn/house': earn,
    'GET /api/admin/house/postings': (_b: unknown, params: { product?: string; pageNum: number; pageSize: number }) => ({
      rows: params.product === 'earn' ? postings.filter((p) => p.to === 'house_finance') : postings,
      total: params.product === 'earn' ? 1 : 45,
    }),
    'GET /api/admin/dashboard': dashboard,
    ...extra,
  };
}

describe('house page', () => {
  it('shows each book: balances, realised, exposure, insurance and fees', async () => {
    signedInAs('admin', 'owner');
    mockAdminApi({ 'GET /api/admin/me': me('owner', OWNER), ...books() });
    renderConsole('/house');

    const f = await screen.findByTestId('house-futures');
    expect(await within(f).findByText('98,765.4321')).toBeInTheDocument();
    expect(within(f).getByText('5,000')).toBeInTheDocument();
    const [btc, eth] = within(f).getAllByTestId('futures-row');
    expect(btc).toHaveTextContent('BTCUSDT');
    expect(btc).toHaveTextContent('75,000 / 1,000,000');
    expect(within(btc).getByText('-300.25')).toHaveClass('c-neg');
    expect(eth).toHaveTextContent('ETHUSDT');
    // Realised summed exactly, as decimals: 1234.5 - 34.5.
    expect(within(f).getByText('1,200')).toBeInTheDocument();
    expect(await within(f).findByTestId('fees-futures')).toHaveTextContent('4,321.75 USDT (today 3.5)');

    const sc = screen.getByTestId('house-secondContracts');
    expect(within(sc).getByTestId('secondContracts-row')).toHaveTextContent('4 / 5 / 1');
    expect(within(sc).getByText('2,000')).toBeInTheDocument();
    const op = screen.getByTestId('house-options');
    expect(within(op).getByTestId('options-row')).toHaveTextContent('7.25');

    const e = screen.getByTestId('house-earn');
    const [usdt, btcEarn] = within(e).getAllByTestId('earn-row');
    expect(usdt).toHaveTextContent('10,000');
    expect(usdt).toHaveTextContent('123.45678901');
    expect(usdt).toHaveTextContent('50,000');
    expect(within(btcEarn).getByText('Short')).toBeInTheDocument();
    expect(screen.getByTestId('tile-futures')).toHaveTextContent('Insurance fund5,000 USDT');
  });

  it('lists the house accounts\' postings from the house\'s side, paged and filtered on the server', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({ 'GET /api/admin/me': me('owner', OWNER), ...books() });
    renderConsole('/house');
    const list = await screen.findByTestId('house-postings');
    const rows = await within(list).findAllByTestId('house-posting-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Option house');
    expect(within(rows[0]).getByRole('link', { name: 'User 7 · Spot' })).toHaveAttribute('href', '/users/7');
    expect(rows[1]).toHaveTextContent('Futures house → Insurance fund');
    expect(rows[1]).toHaveTextContent('Between books');
    expect(rows[2]).toHaveTextContent('Outside (external)');
    expect(within(list).getByText('1–20 of 45')).toBeInTheDocument();
    const first = calls.find((c) => c.url === '/api/admin/house/postings');
    expect(first?.params).toEqual({ pageNum: 1, pageSize: 20 });

    await user.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/admin/house/postings').at(-1)?.params).toEqual({ pageNum: 2, pageSize: 20 }));

    // A book filter starts again at page 1 and is sent to the server.
    await user.selectOptions(within(list).getByTestId('postings-book'), 'earn');
    await waitFor(() => expect(within(list).getAllByTestId('house-posting-row')).toHaveLength(1));
    expect(calls.filter((c) => c.url === '/api/admin/house/postings').at(-1)?.params).toEqual({ product: 'earn', pageNum: 1, pageSize: 20 });
  });

  it('sorts the house accounts\' postings on the server, from page 1, and turns the order around', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const calls = mockAdminApi({ 'GET /api/admin/me': me('owner', OWNER), ...books() });
    renderConsole('/house');
    const list = await screen.findByTestId('house-postings');
    await within(list).findAllByTestId('house-posting-row');
    const last = () => calls.filter((c) => c.url === '/api/admin/house/postings').at(-1)?.params;
    expect(within(list).getByRole('columnheader', { name: /^#/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(list).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(last()).toEqual({ pageNum: 2, pageSize: 20 }));

    await user.click(within(list).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(last()).toEqual({ orderBy: 'amount', order: 'desc', pageNum: 1, pageSize: 20 }));
    expect(within(list).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(list).getByRole('columnheader', { name: /^#/ })).toHaveAttribute('aria-sort', 'none');
    await user.click(within(list).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(last()).toEqual({ orderBy: 'amount', order: 'asc', pageNum: 1, pageSize: 20 }));
    await user.click(within(list).getByRole('button', { name: /Time/ }));
    await waitFor(() => expect(last()).toEqual({ orderBy: 'createTime', order: 'desc', pageNum: 1, pageSize: 20 }));
  });

  it('refuses a bad funding amount with the field\'s message, then funds and shows the result', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const after = [{ ...earn[0], balance: '10250', free: '10126.54321099' }, earn[1]];
    const calls = mockAdminApi({ 'GET /api/admin/me': me('owner', OWNER), ...books({ 'POST /api/admin/earn/house/fund': after }) });
    renderConsole('/house');

    await user.click(await screen.findByTestId('fund-open'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('fund-coin')).toHaveValue('USDT');
    await user.type(within(dialog).getByTestId('reason'), 'top up for March');

    await user.type(within(dialog).getByTestId('fund-amount'), '-5');
    expect(within(dialog).getByTestId('fund-amount-error')).toHaveTextContent('Enter a plain number such as 250 or 0.5');
    expect(within(dialog).getByTestId('fund-amount')).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByTestId('fund-submit'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.clear(within(dialog).getByTestId('fund-amount'));
    await user.type(within(dialog).getByTestId('fund-amount'), '0.000000001');
    expect(within(dialog).getByTestId('fund-amount-error')).toHaveTextContent('At most 8 decimals.');
    await user.click(within(dialog).getByTestId('fund-submit'));

    await user.clear(within(dialog).getByTestId('fund-amount'));
    await user.type(within(dialog).getByTestId('fund-amount'), '0');
    expect(within(dialog).getByTestId('fund-amount-error')).toHaveTextContent('The amount must be above 0.');
    await user.click(within(dialog).getByTestId('fund-submit'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(within(dialog).getByTestId('fund-amount'));
    await user.type(within(dialog).getByTestId('fund-amount'), '250');
    expect(within(dialog).queryByTestId('fund-amount-error')).toBeNull();
    await user.click(within(dialog).getByTestId('fund-submit'));

    const result = await screen.findByTestId('fund-result');
    expect(result).toHaveTextContent('Funded 250 USDT. The finance house now holds 10,250 USDT, 10,126.54321099 free to promise.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([{ method: 'POST', url: '/api/admin/earn/house/fund', body: { coin: 'USDT', amount: '250', reason: 'top up for March' }, params: undefined }]);
    // The book shows what the server answered.
    expect(within(screen.getByTestId('house-earn')).getAllByTestId('earn-row')[0]).toHaveTextContent('10,250');
  });

  it('shows a server refusal of a funding in the dialog', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    const { AdminApiError } = await import('../../api');
    mockAdminApi({ 'GET /api/admin/me': me('owner', OWNER), ...books({ 'POST /api/admin/earn/house/fund': new AdminApiError(-4005, 'Amount exceeds the allowed precision') }) });
    renderConsole('/house');
    await user.click(await screen.findByTestId('fund-open'));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByTestId('fund-amount'), '10');
    await user.type(within(dialog).getByTestId('reason'), 'top up');
    await user.click(within(dialog).getByTestId('fund-submit'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Amount exceeds the allowed precision');
    expect(screen.queryByTestId('fund-result')).toBeNull();
  });

  it('hides the fund button and the fees from an operator who may read the books but not review funds', async () => {
    signedInAs('auditor', 'auditor');
    const calls = mockAdminApi({ 'GET /api/admin/me': me('auditor', ['readUsers', 'readAudit']), ...books() });
    renderConsole('/house');
    const e = await screen.findByTestId('house-earn');
    expect(await within(e).findAllByTestId('earn-row')).toHaveLength(2);
    expect(within(e).queryByTestId('fund-open')).toBeNull();
    expect(screen.queryByTestId('fees-futures')).toBeNull();
    expect(calls.some((c) => c.url === '/api/admin/dashboard')).toBe(false);
    expect(within(screen.getByTestId('side-menu')).getByRole('link', { name: 'House' })).toHaveAttribute('href', '/house');
  });

  it('is not offered to a support operator', async () => {
    signedInAs('sam', 'support');
    const calls = mockAdminApi({ 'GET /api/admin/me': me('support', ['readUsers', 'sendMessages', 'readOutbox']), ...books() });
    renderConsole('/house');
    expect(await screen.findByTestId('not-allowed')).toBeInTheDocument();
    expect(within(screen.getByTestId('side-menu')).queryByText('House')).toBeNull();
    expect(calls.some((c) => c.url.includes('/house'))).toBe(false);
  });
});

describe('house model', () => {
  it('checks a funding as the server will, on the text', () => {
    expect(fundAmountError('')?.key).toBe('house.fund.error.amountRequired');
    for (const bad of ['-1', '1e3', '1,000', ' 1 2', 'abc', '.5', '5.']) expect(fundAmountError(bad)?.key).toBe('house.fund.error.amountFormat');
    expect(fundAmountError('1.123456789')).toEqual({ key: 'house.fund.error.amountDp', params: { dp: 8 } });
    expect(fundAmountError('1.123456780')).toBeNull();
    expect(fundAmountError('0.00')?.key).toBe('house.fund.error.amountPositive');
    expect(fundAmountError('99999999999999999999.5')).toBeNull();
    expect(fundCoinError('usdt')).toBeNull();
    expect(fundCoinError('US DT')?.key).toBe('house.fund.error.coinFormat');
    expect(fundCoinError(' ')?.key).toBe('house.fund.error.coinRequired');
  });

  it('sums decimal strings exactly and reads fees per asset', () => {
    expect(sum(['0.1', '0.2', null, undefined])).toBe('0.3');
    expect(sum(['99999999999999999999.00000001', '1'])).toBe('100000000000000000000.00000001');
    expect(feesOf(dashboard.fees.products, 'futures')).toEqual([{ asset: 'USDT', allTime: '4321.75', today: '3.5' }]);
    expect(feesOf(dashboard.fees.products, 'options')).toEqual([]);
  });
});
