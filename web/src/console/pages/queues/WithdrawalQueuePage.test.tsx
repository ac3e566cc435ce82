import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminApiError } from '../../api';
import { consoleI18n } from '../../i18n';
import { useOperator } from '../../session';
import WithdrawalQueuePage, { txHashProblem } from './WithdrawalQueuePage';
import type { AdminWithdrawal } from './common/types';
import { answerGets, api, renderPage } from './test-utils';
import { kycLimit, placeInRange, platformDayStart, rulesFor } from './withdrawal-rules';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

/** The shipped defaults (crates/kernel/src/settings/defaults.json), the keys the page reads. */
const SETTINGS = {
  WITHDRAWAL_SETTING: { ratio: '10', dayWithdrawalNum: 10, freeNum: 0, withdrawalMax: '100000', withdrawalMix: '20', sameAddress: false, checkPass: true, checkCode: false, limitTime: 1, limitTimeStart: '11:00:00', limitTimeEnd: '23:00:00' },
  WITHDRAWAL_CHANNEL_SETTING: [
    { status: 1, rechargeName: 'USDT-TRC20', rechargeType: 'USDT-TRC20', type: 'USDT', fee: '1', ratio: '0.5', dayWithdrawalNum: 3, freeNum: 0, withdrawalMax: '1000000', withdrawalMix: '30' },
  ],
  AUTH_LIMIT: { primaryLimit: '1.001', isOpenPrimary: false, seniorLimit: '2.002', isOpenSenior: true },
  timeZone: { offSet: '+08:00' },
};

function request(id: number, extra: Partial<AdminWithdrawal> = {}): AdminWithdrawal {
  return {
    id,
    userId: 42,
    coin: 'USDT',
    channel: 'USDT-TRC20',
    network: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    amount: '120',
    fee: '1.6',
    netAmount: '118.4',
    status: 'pending',
    createTime: new Date().toISOString(),
    ...extra,
  };
}

let queue: AdminWithdrawal[];

beforeEach(async () => {
  vi.clearAllMocks();
  await consoleI18n.changeLanguage('en');
  queue = [request(5), request(6, { userId: 43 })];
  answerGets([
    [
      '/api/admin/withdrawals',
      (p) => {
        const rows = queue.filter((w) => w.status === (p?.status ?? 'pending') && (p?.userId === undefined || w.userId === p.userId));
        return { rows, total: rows.length };
      },
    ],
    ['/api/admin/deposits', (p) => (p?.status === 'confirmed' ? { rows: [{ id: 3, userId: 42, coin: 'USDT', network: 'USDT-TRC20', address: 'a', amount: '500', txHash: 'h', status: 'confirmed', createTime: '2025-01-10T00:00:00Z', conflictsWith: [] }], total: 1 } : { rows: [], total: 0 })],
    ['/api/admin/settings', () => SETTINGS],
    [/^\/api\/admin\/users\/\d+$/, () => ({ user: { id: 42, kyc: { primary: 'approved', advanced: 'none' } }, withdrawAddresses: [], kycSubmissions: [] })],
  ]);
});

afterEach(() => useOperator.setState({ token: null, username: null, role: null }));

describe('the rules', () => {
  it('take the channel over the global setting, field by field', () => {
    const r = rulesFor(SETTINGS, 'USDT-TRC20');
    expect(r).toMatchObject({ channelKnown: true, channelOpen: true, min: '30', max: '1000000', fee: '1', ratio: '0.5', dayCount: 3, offset: '+08:00' });
    const g = rulesFor(SETTINGS, 'BTC');
    expect(g).toMatchObject({ channelKnown: false, min: '20', max: '100000', ratio: '10', dayCount: 10 });
  });

  it('place an amount against the limits exactly', () => {
    expect(placeInRange('29.999999', '30', '100')).toBe(-1);
    expect(placeInRange('30', '30', '100')).toBe(0);
    expect(placeInRange('100.000001', '30', '100')).toBe(1);
  });

  it('hold a user to the lowest open KYC limit they lack', () => {
    const r = rulesFor(SETTINGS, 'USDT-TRC20');
    expect(kycLimit(r, 'none')).toBe('2.002');
    expect(kycLimit(r, 'primary')).toBe('2.002');
    expect(kycLimit(r, 'advanced')).toBeNull();
    expect(kycLimit({ ...r, primaryLimit: '1.001' }, 'none')).toBe('1.001');
  });

  it('start the platform day at local midnight', () => {
    const now = Date.UTC(2025, 0, 15, 17, 0); // 01:00 on the 16th at +08:00
    expect(new Date(platformDayStart(now, '+08:00')).toISOString()).toBe('2025-01-15T16:00:00.000Z');
    expect(new Date(platformDayStart(now, '-05:00')).toISOString()).toBe('2025-01-15T05:00:00.000Z');
  });

  it('check a transaction hash as the server does', () => {
    expect(txHashProblem('  ')).toBe('missing');
    expect(txHashProblem('0xabc def')).toBe('shape');
    expect(txHashProblem('x'.repeat(129))).toBe('shape');
    expect(txHashProblem(' 0xabc ')).toBeNull();
  });
});

describe('withdrawals', () => {
  it('shows the request, the rules that apply and the user history', async () => {
    renderPage(<WithdrawalQueuePage />);
    const rules = await screen.findByTestId('withdrawal-rules');
    expect(rules).toHaveTextContent('30 – 1,000,000 USDT');
    expect(rules).toHaveTextContent('within');
    expect(rules).toHaveTextContent('1 USDT + 0.5% of the amount');
    expect(rules).toHaveTextContent('11:00:00 – 23:00:00 (+08:00)');
    await waitFor(() => expect(rules).toHaveTextContent('1 of 3 today (platform day)'));
    await waitFor(() => expect(rules).toHaveTextContent('Primary verified · 24 h limit 2.002 BTC equivalent'));
    const deposits = await screen.findByTestId('recent-deposits');
    await waitFor(() => expect(deposits).toHaveTextContent('500 USDT'));
    expect(api().get).toHaveBeenCalledWith('/api/admin/withdrawals', { userId: 42, status: 'approved', pageNum: 1, pageSize: 8 });
  });

  it('will not reject without a reason, and says the funds go back', async () => {
    const user = userEvent.setup();
    renderPage(<WithdrawalQueuePage />);
    const review = await screen.findByTestId('withdrawal-review');
    expect(review).toHaveTextContent('Rejecting returns the frozen 120 USDT to the user\'s available balance.');
    await user.click(screen.getByTestId('withdrawal-reject'));
    expect(await screen.findByText(/Give a reason for rejecting/)).toBeInTheDocument();
    expect(api().post).not.toHaveBeenCalled();
  });

  it('needs the transaction hash to approve', async () => {
    const user = userEvent.setup();
    renderPage(<WithdrawalQueuePage />);
    await screen.findByTestId('withdrawal-review');
    await user.type(screen.getByTestId('reason'), 'Paid from hot wallet');
    await user.click(screen.getByTestId('withdrawal-approve'));
    expect(screen.getByText(/Paste the payout's transaction hash/)).toBeInTheDocument();
    expect(api().post).not.toHaveBeenCalled();
  });

  it('approves with the hash and the reason, and shows the answer', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async () => ({ ...request(5), status: 'approved', txHash: '0xfeed' }));
    renderPage(<WithdrawalQueuePage />);
    await screen.findByTestId('withdrawal-review');
    await user.type(screen.getByTestId('tx-hash'), ' 0xfeed ');
    await user.type(screen.getByTestId('reason'), 'Paid from hot wallet');
    await user.click(screen.getByTestId('withdrawal-approve'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/withdrawals/5/approve', { txHash: '0xfeed', reason: 'Paid from hot wallet' });
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent('Withdrawal #5 approved: 118.4 USDT paid out (transaction 0xfeed)');
  });

  it('rejects with the reason only and says the money is back', async () => {
    const user = userEvent.setup();
    api().post.mockImplementation(async () => ({ ...request(5), status: 'rejected', reason: 'Address flagged' }));
    renderPage(<WithdrawalQueuePage />);
    await screen.findByTestId('withdrawal-review');
    await user.type(screen.getByTestId('reason'), 'Address flagged');
    await user.click(screen.getByTestId('withdrawal-reject'));
    expect(api().post).toHaveBeenCalledWith('/api/admin/withdrawals/5/reject', { reason: 'Address flagged' });
    expect(await screen.findByTestId('answer-ok')).toHaveTextContent("120 USDT is back in the user's available balance");
  });

  it('shows the audit entry the rejection made, and finds it on retry when it was not there yet', async () => {
    const user = userEvent.setup();
    useOperator.setState({ token: 't', username: 'op', role: 'owner' });
    let entries: unknown[] = [];
    const get = api().get.getMockImplementation()!;
    api().get.mockImplementation(async (url: string, p?: unknown) => {
      if (url === '/api/admin/me') return { id: 1, username: 'op', role: 'owner', totpEnabled: true, totpRequired: false, permissions: ['reviewFunds', 'readAudit', 'editSettings'] };
      if (url === '/api/admin/audit') return { rows: entries, total: entries.length };
      return get(url, p);
    });
    api().post.mockImplementation(async () => ({ ...request(5), status: 'rejected', reason: 'Address flagged' }));
    renderPage(<WithdrawalQueuePage />);
    await screen.findByTestId('withdrawal-review');
    await user.type(screen.getByTestId('reason'), 'Address flagged');
    await user.click(screen.getByTestId('withdrawal-reject'));
    const answer = await screen.findByTestId('answer-ok');
    expect(await within(answer).findByText(/the entry was not found yet/)).toBeInTheDocument();
    expect(api().get).toHaveBeenCalledWith('/api/admin/audit', { action: 'withdrawal.reject', target: 'withdrawal:5', operator: 'op', pageNum: 1, pageSize: 5 });
    entries = [{ id: 90, actorKind: 'admin', actorId: 1, actorName: 'op', action: 'withdrawal.reject', target: 'withdrawal:5', reason: 'Address flagged', detail: {}, createTime: '2025-01-15T10:05:00Z' }];
    await user.click(within(answer).getByTestId('audit-made-retry'));
    expect(await within(answer).findByText(/Audit entry #90 at/)).toBeInTheDocument();
    expect(within(answer).getByRole('link', { name: 'open in the audit log' })).toHaveAttribute('href', '/audit?action=withdrawal.reject&target=withdrawal%3A5');
  });

  it('says when the settings are not the operator’s to read', async () => {
    const get = api().get.getMockImplementation()!;
    api().get.mockImplementation(async (url: string, p?: unknown) => {
      if (url === '/api/admin/settings') throw new AdminApiError(-9, 'Forbidden');
      return get(url, p);
    });
    renderPage(<WithdrawalQueuePage />);
    const review = await screen.findByTestId('withdrawal-review');
    expect(await within(review).findByText(/settings are not available to you/)).toBeInTheDocument();
  });
});
