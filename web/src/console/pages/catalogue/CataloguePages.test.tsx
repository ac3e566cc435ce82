import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { AdminApiError } from '../../api';
import { consoleI18n } from '../../i18n';
import { useOperator } from '../../session';

const api = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn(), post: vi.fn(), delete: vi.fn() }));
vi.mock('../../api', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api')>()), adminApi: api }));

import { CoinsPage, SpotPairsPage } from './CataloguePages';
import { DepositBonusPage, SecondContractsPage } from './ProductPages';
import { TradersPage } from './TradersPage';

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={consoleI18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const coins = [
  { id: 1, coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', open: '0', amount: '0', logo: '', sort: 1, status: 1, showFlag: 1, customizeFlag: 2, market: 'spot', coinType: 1 },
  { id: 2, coin: 'eth', symbol: 'ethusdt', showSymbol: 'ETH/USDT', open: '0', amount: '0', logo: '', sort: 2, status: 1, showFlag: 1, customizeFlag: 2, market: 'spot', coinType: 1 },
];
const spot = [
  {
    id: 7,
    coin: 'btc',
    symbol: 'btcusdt',
    orderMin: '0.00001',
    orderMax: '1000000',
    buyMax: '1000000',
    sellMin: '0.00001',
    minSell: '0.00001',
    feeRate: '0.001',
    basePrecision: 2,
    coinPrecision: 6,
    limitedBuy: 1,
    limitedSell: 1,
    marketBuy: 1,
    marketSell: 1,
    enable: 1,
    isDeal: 1,
    isShow: 1,
    sort: 1,
  },
];

/** What GET /api/admin/audit answers (the newest entries of the write's action and target). */
let auditRows: Record<string, unknown>[] = [];
const entry = (id: number, action: string, target: string, reason: string) => ({ id, actorKind: 'admin', actorId: 1, actorName: 'admin', action, target, reason, detail: {}, createTime: '2025-01-15T10:00:00Z' });

const field = (name: string) => screen.getByTestId(`field:${name}`) as HTMLInputElement;
const fieldBox = (name: string) => field(name).closest('[data-invalid], div') as HTMLElement;

beforeEach(() => {
  void consoleI18n.changeLanguage('en');
  useOperator.setState({ token: 't', username: 'admin', role: 'owner', language: 'en' });
  for (const f of Object.values(api)) f.mockReset();
  auditRows = [];
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/admin/me') return { id: 1, username: 'admin', role: 'owner', totpEnabled: true, totpRequired: false, permissions: ['editSettings', 'readAudit'] };
    if (url === '/api/admin/audit') return { rows: auditRows, total: auditRows.length };
    if (url === '/api/admin/catalogue/coins') return coins;
    if (url === '/api/admin/catalogue/spot-pairs') return spot;
    if (url === '/api/admin/second-contracts/periods') return [];
    if (url === '/api/admin/second-contracts/blocked-countries') return ['US'];
    if (url === '/api/admin/depositBonusRules') return [{ id: 4, coin: 'USDT', minAmount: '100', ratio: '5', maxBonus: '50', enabled: true, createTime: '2025-01-01T00:00:00Z' }];
    if (url === '/api/admin/follow/traders') {
      return { total: 1, rows: [{ id: 9, traderName: 'aurora', avatar: '', bio: 'swing trader', status: 0, reason: null, orderDelaySeconds: 0, createTime: 1736900000000, followUser: 0 }] };
    }
    throw new Error(`unexpected GET ${url}`);
  });
});

describe('catalogue pages', () => {
  it('edits a spot pair: refuses a bad decimal inline, then sends only the changes with a reason', async () => {
    api.put.mockResolvedValue(spot[0]);
    wrap(<SpotPairsPage />);
    fireEvent.click(await screen.findByTestId('edit:7'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(field('feeRate'), { target: { value: '-0.002' } });
    expect(within(fieldBox('feeRate')).getByRole('alert')).toHaveTextContent('Enter a plain decimal of 0 or more');
    fireEvent.change(field('feeRate'), { target: { value: '0.002' } });
    fireEvent.change(field('orderMax'), { target: { value: '0.000001' } });
    expect(within(fieldBox('orderMin')).getByRole('alert')).toHaveTextContent('Must not be above Order maximum');
    fireEvent.change(field('orderMax'), { target: { value: '500000' } });
    fireEvent.click(field('marketSell'));
    const diff = within(dialog).getByTestId('diff');
    expect([...diff.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-path'))).toEqual(['orderMax', 'feeRate', 'marketSell']);
    expect(within(dialog).getByTestId('submit')).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'fee change' } });
    fireEvent.click(within(dialog).getByTestId('submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.put).toHaveBeenCalledWith('/api/admin/catalogue/spot-pairs/7', { orderMax: '500000', feeRate: '0.002', marketSell: 0, reason: 'fee change' });
  });

  it('shows the audit entry an edit made, and the one a switch made', async () => {
    api.put.mockResolvedValue(spot[0]);
    auditRows = [entry(61, 'catalogue.spot_update', 'spot_pair:7', 'fee change')];
    wrap(<SpotPairsPage />);
    fireEvent.click(await screen.findByTestId('edit:7'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(field('feeRate'), { target: { value: '0.002' } });
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'fee change' } });
    fireEvent.click(within(dialog).getByTestId('submit'));
    const done = await screen.findByTestId('done');
    expect(done).toHaveTextContent('Saved btcusdt');
    expect(await within(done).findByText(/Audit entry #61 at/)).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'open in the audit log' })).toHaveAttribute('href', '/audit?action=catalogue.spot_update&target=spot_pair%3A7');
    expect(api.get).toHaveBeenCalledWith('/api/admin/audit', { action: 'catalogue.spot_update', target: 'spot_pair:7', operator: 'admin', pageNum: 1, pageSize: 5 });

    auditRows = [entry(62, 'catalogue.spot_update', 'spot_pair:7', 'delisting'), ...auditRows];
    fireEvent.click(screen.getByTestId('toggle:7'));
    const confirm = await screen.findByRole('dialog');
    fireEvent.change(within(confirm).getByTestId('reason'), { target: { value: 'delisting' } });
    fireEvent.click(within(confirm).getByTestId('reason-submit'));
    expect(await within(await screen.findByTestId('done')).findByText(/Audit entry #62 at/)).toBeInTheDocument();
  });

  it('shows the audit entry of a created coin, on the id the server gave it', async () => {
    api.post.mockResolvedValue({ ...coins[0], id: 12, coin: 'sol', symbol: 'solusdt', showSymbol: 'SOL/USDT' });
    auditRows = [entry(63, 'catalogue.coin_create', 'coin:12', 'list sol')];
    wrap(<CoinsPage />);
    fireEvent.click(await screen.findByTestId('create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(field('coin'), { target: { value: 'sol' } });
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'list sol' } });
    fireEvent.click(within(dialog).getByTestId('submit'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    expect(await within(await screen.findByTestId('done')).findByText(/Audit entry #63 at/)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/admin/audit', { action: 'catalogue.coin_create', target: 'coin:12', operator: 'admin', pageNum: 1, pageSize: 5 });
  });

  it('creates a spot pair for a catalogue coin, and maps a refusal to its field', async () => {
    api.post.mockRejectedValue(new AdminApiError(-3103, 'symbol ethusdt is already listed'));
    wrap(<SpotPairsPage />);
    fireEvent.click(await screen.findByTestId('create'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'list eth' } });
    fireEvent.click(within(dialog).getByTestId('submit'));
    expect(within(fieldBox('coin')).getByRole('alert')).toHaveTextContent('Required');
    expect(api.post).not.toHaveBeenCalled();
    await waitFor(() => expect(within(field('coin')).getAllByRole('option').length).toBeGreaterThan(2));
    fireEvent.change(field('coin'), { target: { value: 'eth' } });
    fireEvent.click(within(dialog).getByTestId('submit'));
    await waitFor(() => expect(api.post).toHaveBeenCalled());
    const body = api.post.mock.calls[0][1] as Record<string, unknown>;
    expect(body).toMatchObject({ coin: 'eth', feeRate: '0.001', enable: 1, basePrecision: 4, reason: 'list eth' });
    expect(await within(fieldBox('symbol')).findByRole('alert')).toHaveTextContent('Server: symbol ethusdt is already listed');
  });

  it('switches a pair off only with a reason', async () => {
    api.put.mockResolvedValue({ ...spot[0], enable: 0 });
    wrap(<SpotPairsPage />);
    fireEvent.click(await screen.findByTestId('toggle:7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reason-submit')).toBeDisabled();
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'delisting' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/catalogue/spot-pairs/7', { enable: 0, reason: 'delisting' }));
  });

  it('replaces a whole bonus rule when switching it off', async () => {
    api.put.mockResolvedValue({});
    wrap(<DepositBonusPage />);
    fireEvent.click(await screen.findByTestId('toggle:4'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'promotion over' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/admin/depositBonusRules/4', { coin: 'USDT', minAmount: '100', ratio: '5', maxBonus: '50', enabled: false, reason: 'promotion over' }),
    );
  });

  it('edits the blocked countries of second contracts', async () => {
    api.put.mockResolvedValue(['CN', 'US']);
    wrap(<SecondContractsPage />);
    const card = await screen.findByTestId('blocked-second-contracts');
    await within(card).findByText('US');
    fireEvent.change(within(card).getByTestId('country-input'), { target: { value: 'usa' } });
    expect(within(card).getByRole('alert')).toHaveTextContent('Not a two-letter country code: usa');
    fireEvent.change(within(card).getByTestId('country-input'), { target: { value: 'cn' } });
    fireEvent.keyDown(within(card).getByTestId('country-input'), { key: 'Enter' });
    fireEvent.click(within(card).getByTestId('blocked-save'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'licence' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(api.put).toHaveBeenCalledWith('/api/admin/second-contracts/blocked-countries', { countries: ['CN', 'US'], reason: 'licence' }));
  });

  it('lists traders awaiting approval and rejects one with a reason', async () => {
    api.post.mockResolvedValue({});
    wrap(<TradersPage />);
    await screen.findByTestId('trader:9');
    expect(api.get).toHaveBeenCalledWith('/api/admin/follow/traders', { status: 0, pageNum: 1, pageSize: 20 });
    fireEvent.click(screen.getByTestId('reject:9'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The applicant sees this reason');
    fireEvent.change(within(dialog).getByTestId('reason'), { target: { value: 'no track record' } });
    fireEvent.click(within(dialog).getByTestId('reason-submit'));
    await waitFor(() => expect(api.post).toHaveBeenCalledWith('/api/admin/follow/traders/9/review', { approve: false, reason: 'no track record' }));
    expect(await screen.findByText('✓ Rejected aurora')).toBeInTheDocument();
    // No entry yet: the note says so and offers to look again.
    expect(await within(screen.getByTestId('done')).findByText(/the entry was not found yet/)).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/admin/audit', { action: 'copy.trader_reject', target: 'copy_trader:9', operator: 'admin', pageNum: 1, pageSize: 5 });
  });
});
