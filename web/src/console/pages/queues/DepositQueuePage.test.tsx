import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consoleI18n } from '../../i18n';
import { useOperator } from '../../session';
import DepositQueuePage, { sameAmount } from './DepositQueuePage';
import type { AdminDeposit } from './common/types';
import { answerGets, api, renderPage, stubDocuments } from './test-utils';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const HASH = '0x5f3c9a7be0c4d2e1f00a1b2c3d4e5f60718293a4b5c6d7e8f9001122334455aa';

function claim(id: number, extra: Partial<AdminDeposit> = {}): AdminDeposit {
  return {
    id,
    userId: 10 + id,
    coin: 'USDT',
    network: 'USDT-TRC20',
    address: 'TXyzSharedAddress000000000000000001',
    amount: '250',
    txHash: `0xhash${id}`,
    screenshot: `/api/common/file/shot-${id}`,
    status: 'pending',
    contested: false,
    createTime: '2025-01-15T10:00:00Z',
    conflictsWith: [],
    ...extra,
  };
}

let rows: AdminDeposit[];

beforeEach(async () => {
  vi.clearAllMocks();
  stubDocuments();
  await consoleI18n.changeLanguage('en');
  rows = [claim(1), claim(2)];
  answerGets([
    ['/api/admin/deposits', () => ({ rows, total: rows.length })],
    [/^\/api\/admin\/deposits\/\d+$/, () => null],
    [/^\/api\/admin\/file\//, () => ({ url: '/api/common/file/x?sig=1', expireTime: '2025-01-15T10:05:00Z' })],
  ]);
  // One claim's page answers the claim itself.
  const get = api().get.getMockImplementation()!;
  api().get.mockImplementation(async (url: string, params?: unknown) => {
    const m = /^\/api\/admin\/deposits\/(\d+)$/.exec(url);
    if (m) return rows.find((r) => r.id === Number(m[1])) ?? null;
    return get(url, params);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  useOperator.setState({ token: null, username: null, role: null });
});

describe('the amount check', () => {
  it('compares decimals exactly, never as floats', () => {
    expect(sameAmount('250', '250.00')).toBe(true);
    expect(sameAmount('250.000000000000000001', '250')).toBe(false);
    expect(sameAmount('0.3', '0.30')).toBe(true);
    expect(sameAmount('1,000.5', '1000.5')).toBe(true);
    expect(sameAmount('abc', '1')).toBeNull();
    expect(sameAmount('-1', '1')).toBeNull();
  });
});

describe('deposit claims', () => {
  it('refuses a received amount that differs from the claim before calling the server', async () => {
    const user = userEvent.setup();
    renderPage(<DepositQueuePage />);
    await screen.findByTestId('deposit-review');
    await user.type(screen.getByTestId('received-amount'), '249.99');
    await user.type(screen.getByTestId('reason'), 'Seen on chain');
    await user.click(screen.getByTestId('deposit-confirm'));
    expect(await screen.findByTestId('amount-error')).toHaveTextContent('249.99 does not match the claim of 250 USDT');
    expect(api().post).not.toHaveBeenCalled();
  });

  it('asks for the amount and the reason, then confirms and shows what was credited', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async () => ({ ...claim(1), status: 'confirmed', bonus: '5' }));
    renderPage(<DepositQueuePage />);
    await screen.findByTestId('deposit-review');
    await user.click(screen.getByTestId('deposit-confirm'));
    expect(screen.getByTestId('amount-error')).toHaveTextContent('Type the amount that arrived');
    expect(screen.getByText(/Give a reason for confirming/)).toBeInTheDocument();
    expect(api().post).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('received-amount'), '250.00');
    await user.type(screen.getByTestId('reason'), 'Matches TRON explorer');
    await user.click(screen.getByTestId('deposit-confirm'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/deposits/1/confirm', { reason: 'Matches TRON explorer' });
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent('Claim #1 confirmed: 250 USDT credited to user 11, plus a bonus of 5 USDT.');
  });

  it('rejects with a reason only (no amount needed)', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async () => ({ ...claim(1), status: 'rejected', reason: 'No such transfer' }));
    renderPage(<DepositQueuePage />);
    await screen.findByTestId('deposit-review');
    await user.click(screen.getByTestId('deposit-reject'));
    expect(api().post).not.toHaveBeenCalled();
    await user.type(screen.getByTestId('reason'), 'No such transfer');
    await user.click(screen.getByTestId('deposit-reject'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/deposits/1/reject', { reason: 'No such transfer' });
    await waitFor(() => expect(screen.getByTestId('answer-ok')).toHaveTextContent('Claim #1 rejected'));
  });

  it('shows the audit entry the confirmation made, linked to the log', async () => {
    const user = userEvent.setup();
    useOperator.setState({ token: 't', username: 'op', role: 'owner' });
    const get = api().get.getMockImplementation()!;
    api().get.mockImplementation(async (url: string, params?: unknown) => {
      if (url === '/api/admin/me') return { id: 1, username: 'op', role: 'owner', totpEnabled: true, totpRequired: false, permissions: ['reviewFunds', 'readAudit'] };
      if (url === '/api/admin/audit') {
        return { rows: [{ id: 77, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'deposit.confirm', target: 'deposit:1', reason: 'Matches TRON explorer', detail: {}, createTime: '2025-01-15T10:05:00Z' }], total: 1 };
      }
      return get(url, params);
    });
    api().post.mockImplementation(async () => ({ ...claim(1), status: 'confirmed' }));
    renderPage(<DepositQueuePage />);
    await screen.findByTestId('deposit-review');
    await user.type(screen.getByTestId('received-amount'), '250');
    await user.type(screen.getByTestId('reason'), 'Matches TRON explorer');
    await user.click(screen.getByTestId('deposit-confirm'));
    const answer = await screen.findByTestId('answer-ok');
    expect(await within(answer).findByText(/Audit entry #77 at/)).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'open in the audit log' })).toHaveAttribute('href', '/audit?action=deposit.confirm&target=deposit%3A1');
    expect(api().get).toHaveBeenCalledWith('/api/admin/audit', { action: 'deposit.confirm', target: 'deposit:1', operator: 'op', pageNum: 1, pageSize: 5 });
  });

  it('shows two claims of one transfer side by side with a warning', async () => {
    const rival = { id: 7, userId: 99, network: 'USDT-TRC20', address: 'TXyzSharedAddress000000000000000001', amount: '300', screenshot: null, status: 'pending', createTime: '2025-01-15T11:00:00Z' };
    rows = [claim(1, { txHash: HASH, contested: true, conflictsWith: [rival] })];
    renderPage(<DepositQueuePage />);
    const review = await screen.findByTestId('deposit-review');
    expect(within(review).getByTestId('double-claim')).toHaveTextContent('2 claims name this transfer');
    const compare = within(review).getByTestId('compare');
    expect(within(compare).getByTestId('compare-claim-1')).toHaveTextContent('This claim');
    expect(within(compare).getByTestId('compare-claim-7')).toHaveTextContent('Claim #7');
    expect(within(compare).getByText('User 11')).toBeInTheDocument();
    expect(within(compare).getByText('User 99')).toBeInTheDocument();
    expect(within(compare).getByText(HASH)).toBeInTheDocument();
    // The rival's different amount is marked.
    expect(within(compare).getByText('300').closest('.cq-compare-cell')).toHaveClass('cq-compare-odd');
    expect(screen.getByTestId('deposit-row-1')).toHaveTextContent('Double claim ×2');
  });

  it('says when the transfer is already credited to another claim', async () => {
    const rival = { id: 7, userId: 99, network: 'USDT-TRC20', address: 'A', amount: '250', screenshot: null, status: 'confirmed', createTime: '2025-01-15T11:00:00Z' };
    rows = [claim(1, { contested: true, conflictsWith: [rival] })];
    renderPage(<DepositQueuePage />);
    expect(await screen.findByTestId('double-claim')).toHaveTextContent('Claim #7 (user 99) has already been credited');
    expect(screen.getByTestId('deposit-confirm')).toBeDisabled();
    expect(screen.getByTestId('deposit-reject')).toBeEnabled();
  });
});
