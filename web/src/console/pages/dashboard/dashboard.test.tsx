import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { me, mockAdminApi, renderConsole, resetConsole, signedInAs } from '../../layout/test-utils';
import { feeRows, houseSections, todayMoney } from './model';

beforeEach(() => resetConsole());
afterEach(() => vi.restoreAllMocks());

const base = {
  today: { dayStartMs: 1_700_000_000_000, registrations: 3, depositsConfirmed: { count: 2, sums: [{ asset: 'USDT', amount: '12345.5' }] }, withdrawalsApproved: { count: 0, sums: [] } },
  queues: { deposits: 4, withdrawals: 0, verifications: 1 },
  fees: null,
  house: null,
  audit: null,
  feeds: [
    { coin: 'btc', lastPrice: '95334.12', lastTickMs: Date.now() - 2000, ageMs: 2000, fresh: true },
    { coin: 'eth', lastPrice: '3000', lastTickMs: Date.now() - 600_000, ageMs: 600_000, fresh: false },
    { coin: 'sol', lastPrice: null, lastTickMs: null, ageMs: null, fresh: false },
  ],
};

describe('dashboard', () => {
  it('shows today, links the queues, hides fees and house when null', async () => {
    signedInAs('sam', 'support');
    mockAdminApi({ 'GET /api/admin/me': me('support', ['readUsers']), 'GET /api/admin/dashboard': base });
    renderConsole('/');
    expect(await screen.findByTestId('tile-deposits')).toHaveTextContent('12,345.5');
    expect(screen.getByTestId('queue-deposits')).toHaveAttribute('href', '/queues/deposits');
    expect(screen.getByTestId('queue-verifications')).toHaveAttribute('href', '/queues/kyc');
    expect(screen.queryByTestId('fees')).toBeNull();
    expect(screen.queryByTestId('house')).toBeNull();
    expect(screen.queryByTestId('run-audit')).toBeNull();
    expect(within(screen.getByTestId('feeds')).getByText('2 stale')).toBeInTheDocument();
  });

  it("shows each feed's last price under Last price, and its time apart", async () => {
    signedInAs('sam', 'support');
    mockAdminApi({ 'GET /api/admin/me': me('support', ['readUsers']), 'GET /api/admin/dashboard': base });
    renderConsole('/');
    const feeds = await screen.findByTestId('feeds');
    const heads = within(feeds).getAllByRole('columnheader').map((h) => h.textContent);
    expect(heads.slice(0, 3)).toEqual(['Coin', 'Last price (USDT)', 'Last tick']);
    expect(screen.getByTestId('feed-price-btc')).toHaveTextContent('95,334.12');
    expect(screen.getByTestId('feed-price-eth')).toHaveTextContent('3,000');
    expect(screen.getByTestId('feed-price-sol')).toHaveTextContent('—');
    expect(screen.getByTestId('feed-price-btc').textContent).not.toMatch(/:/);
  });

  it('runs an audit after asking a reason, showing progress and the audit entry the run made', async () => {
    const user = userEvent.setup();
    signedInAs('admin', 'owner');
    let release: (v: unknown) => void = () => {};
    const calls = mockAdminApi({
      'GET /api/admin/me': me('owner', ['readAudit']),
      'GET /api/admin/dashboard': { ...base, fees: { upToDate: true, products: [{ product: 'spot', today: [{ asset: 'USDT', amount: '1.5' }], allTime: [{ asset: 'USDT', amount: '100.25' }] }] } },
      'GET /api/admin/audit/runs': { rows: [], total: 0 },
      'POST /api/admin/audit/run': () => new Promise((r) => (release = r)),
      'GET /api/admin/audit': {
        rows: [{ id: 88, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'audit.run', target: 'audit_run:5', reason: 'monthly check', detail: {}, createTime: '2025-03-01T10:30:00Z' }],
        total: 1,
      },
    });
    renderConsole('/');
    expect(await screen.findByTestId('fees')).toHaveTextContent('100.25');
    await user.click(screen.getByTestId('run-audit'));
    await user.type(screen.getByTestId('reason'), 'monthly check');
    await user.click(screen.getByTestId('reason-submit'));
    expect(await screen.findByTestId('audit-progress')).toBeInTheDocument();
    release({ id: 5, at: Date.now(), ok: true, ledgerOk: true, holdsOk: true, settlementsOk: true, headline: 'ledger clean, holds match, settlements match', summary: 'x', operator: 'admin', reason: 'monthly check', elapsedMs: 1200 });
    expect(await screen.findByText('ledger clean, holds match, settlements match')).toBeInTheDocument();
    expect(screen.queryByTestId('audit-progress')).toBeNull();
    expect(calls.find((c) => c.url === '/api/admin/audit/run')?.body).toEqual({ reason: 'monthly check' });
    expect(await within(screen.getByTestId('audit-run')).findByText(/Audit entry #88 at/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/admin/audit')?.params).toEqual({ action: 'audit.run', target: 'audit_run:5', operator: 'op', pageNum: 1, pageSize: 5 });
  });

  it('reads fees per product and asset, house books and the brief\'s older names', () => {
    expect(
      feeRows({ upToDate: true, products: [{ product: 'spot', today: [{ asset: 'BTC', amount: '0.1' }], allTime: [{ asset: 'USDT', amount: '3' }, { asset: 'BTC', amount: '0.5' }] }] }),
    ).toEqual([
      { product: 'spot', asset: 'BTC', today: '0.1', allTime: '0.5' },
      { product: 'spot', asset: 'USDT', today: null, allTime: '3' },
    ]);
    const h = houseSections({
      futures: { contracts: [{ contractId: 1, symbol: 'BTCUSDT', houseRealised: '-5', longQty: '1' }], houseBalance: '10', insuranceBalance: '2' },
      earn: [{ coin: 'usdt', balance: '100' }],
      insuranceFund: [{ asset: 'USDT', amount: '1000' }],
      // A partial book (the reader is tolerant of what a server leaves out).
    } as never);
    expect(h.sections.map((s) => s.product)).toEqual(['futures', 'earn']);
    expect(h.sections[0].table.columns).toEqual(['symbol', 'longQty', 'houseRealised']);
    expect(h.sections[0].balances).toEqual([
      ['houseBalance', '10'],
      ['insuranceBalance', '2'],
    ]);
    expect(h.insurance).toEqual([{ asset: 'USDT', amount: '1000' }]);
    expect(todayMoney({ deposits: { count: 1, byCoin: [{ coin: 'BTC', amount: '1' }] } } as never, 'deposits')).toEqual({ count: 1, sums: [{ asset: 'BTC', amount: '1' }] });
  });
});
