import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { consoleI18n } from '../../i18n';
import DepositQueuePage from './DepositQueuePage';
import type { AdminDeposit } from './common/types';
import { answerGets, api, renderPage } from './test-utils';

vi.mock('../../api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api')>()),
  adminApi: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const claim = (id: number, amount: string): AdminDeposit => ({
  id, userId: 40 + id, coin: 'USDT', network: 'USDT-TRC20', address: 'TQn9', amount, txHash: `h${id}`, screenshot: null,
  status: 'pending', contested: false, bonus: null, reason: null, createTime: '2025-01-10T00:00:00Z', reviewTime: null, conflictsWith: [],
});

beforeEach(async () => {
  vi.clearAllMocks();
  await consoleI18n.changeLanguage('en');
  answerGets([
    ['/api/admin/deposits', (p) => ({ rows: p?.order === 'desc' ? [claim(2, '1000'), claim(1, '30')] : [claim(1, '30'), claim(2, '1000')], total: 2 })],
    [/^\/api\/admin\/deposits\/\d+$/, (_p, url) => claim(Number(url.split('/').pop()), '30')],
    [/^\/api\/admin\/users\/\d+$/, () => ({ user: { id: 41, kyc: { primary: 'approved', advanced: 'none' } }, withdrawAddresses: [], kycSubmissions: [] })],
  ]);
});

describe('sorting a queue', () => {
  it('shows the queue order, asks for a clicked column from page 1 with the status, and toggles it', async () => {
    const user = userEvent.setup();
    renderPage(<DepositQueuePage />, { route: '/page?status=pending&page=2' });
    const table = (await screen.findByTestId('deposit-row-1')).closest('table') as HTMLTableElement;
    expect(within(table).getByRole('columnheader', { name: /#/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(api().get.mock.calls.find(([u]) => u === '/api/admin/deposits')?.[1]).not.toHaveProperty('orderBy');

    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    const lastList = () => api().get.mock.calls.filter(([u]) => u === '/api/admin/deposits').at(-1)?.[1];
    await waitFor(() => expect(lastList()).toMatchObject({ status: 'pending', orderBy: 'amount', order: 'desc', pageNum: 1 }));
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending'));

    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(lastList()).toMatchObject({ orderBy: 'amount', order: 'asc' }));
  });
});
