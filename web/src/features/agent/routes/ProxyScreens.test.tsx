import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { useSession } from '@/shared/session/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { AgentInfo, Earning, Member } from '@/features/rewards';
import ProxyScreen from './ProxyScreen';
import ProxyRecordsScreen from './ProxyRecordsScreen';
import ProxyEarningsScreen from './ProxyEarningsScreen';

const INFO: AgentInfo = {
  childCount: 3,
  childAllCount: 5,
  todayCount: 1,
  yesterdayCount: 2,
  oneCount: 3,
  twoCount: 1,
  threeCount: 1,
  sumCount: 5,
  sumAmount: '12.3456',
  todayAmount: '0.5',
  rebates: [
    { coin: 'USDT', total: '12.3456', today: '0.5' },
    { coin: 'BTC', total: '0.00012', today: '0' },
  ],
  isOpen: true,
  oneRatio: '10',
  twoRatio: '5',
  threeRatio: '2.5',
};

const MEMBERS: Member[] = [
  { level: 1, account: 'de***ta', joinTime: Date.UTC(2026, 0, 3, 12), volumeBand: '1K-10K', rebates: '3.2' },
  { level: 2, account: 'al***om', joinTime: Date.UTC(2026, 0, 2, 12), volumeBand: '0', rebates: '0' },
];

const EARNINGS: Earning[] = [
  { id: 9, level: 1, product: 'second', coin: 'USDT', fee: '0.4', ratio: '10', amount: '0.04', source: 'de***ta', createTime: Date.UTC(2026, 0, 4, 9) },
  { id: 8, level: 2, product: 'spot', coin: 'BTC', fee: '0.00000012', ratio: '5', amount: '0.00000006', source: 'al***om', createTime: Date.UTC(2026, 0, 4, 8) },
];

function renderAt(path: string, routes: Parameters<typeof mockHttp>[0] = {}) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({
    'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
    'POST /api/agentActivityInfo/getAgentInfo': ok(INFO),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/proxy" element={<ProxyScreen />} />
          <Route path="/proxy/records" element={<ProxyRecordsScreen />} />
          <Route path="/proxy/earnings" element={<ProxyEarningsScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const downlineCalls = (calls: InternalAxiosRequestConfig[]) => calls.filter((c) => c.url === '/api/agent/downline').map((c) => c.params as Record<string, unknown>);

beforeEach(() => resetAll());

describe('/proxy', () => {
  it('shows my rebates (USDT and each coin), my team by level, the shares, the status and the links', async () => {
    renderAt('/proxy');
    await screen.findByTestId('agent-dashboard');
    expect(screen.getByTestId('agent-sum-amount')).toHaveAttribute('data-value', '12.3456');
    expect(screen.getByTestId('agent-sum-amount')).toHaveTextContent('12.3456 USDT');
    expect(screen.getByTestId('agent-today-amount')).toHaveTextContent('0.50 USDT');
    expect(within(screen.getByTestId('agent-coin-BTC')).getByTestId('agent-coin-total')).toHaveAttribute('data-value', '0.00012');
    expect(screen.getByTestId('agent-child-count')).toHaveTextContent('3');
    expect(screen.getByTestId('agent-all-count')).toHaveTextContent('5');
    expect(screen.getByTestId('agent-count-2')).toHaveTextContent('1');
    expect(screen.getByTestId('agent-today-count')).toHaveTextContent('1');
    expect(screen.getByTestId('agent-yesterday-count')).toHaveTextContent('2');
    expect(screen.getByTestId('agent-shares-ratio-1')).toHaveTextContent('10%');
    expect(screen.getByTestId('agent-shares-ratio-3')).toHaveTextContent('2.5%');
    expect(screen.getByTestId('agent-status')).toHaveAttribute('data-open', 'true');
    expect(screen.queryByTestId('agent-shares-paused')).toBeNull();
    expect(screen.getByTestId('agent-link-records')).toHaveAttribute('href', '/proxy/records');
    expect(screen.getByTestId('agent-link-earnings')).toHaveAttribute('href', '/proxy/earnings');
    expect(screen.getByTestId('agent-link-invite')).toHaveAttribute('href', '/invaite');
    expect(screen.getByTestId('agent-rules')).toHaveTextContent('not rebated later');
  });

  it('says when rebates are paused', async () => {
    renderAt('/proxy', { 'POST /api/agentActivityInfo/getAgentInfo': ok({ ...INFO, isOpen: false, rebates: [] }) });
    expect(await screen.findByTestId('agent-shares-paused')).toHaveTextContent('Rebates are paused');
    expect(screen.getByTestId('agent-status')).toHaveTextContent('Rebates paused');
    expect(screen.getByTestId('agent-coins-empty')).toBeInTheDocument();
  });
});

describe('/proxy/records', () => {
  it('lists my downline: masked account, level, joined, volume band and my USDT rebates; filters by level', async () => {
    const calls = renderAt('/proxy/records', {
      'GET /api/agent/downline': (config: InternalAxiosRequestConfig) => {
        const level = (config.params as { level?: number }).level;
        const rows = MEMBERS.filter((m) => level === undefined || m.level === level);
        return ok({ rows, total: rows.length });
      },
    });
    const list = await screen.findByTestId('agent-downline');
    const rows = within(list).getAllByTestId('agent-member');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByTestId('agent-member-account')).toHaveTextContent('de***ta');
    expect(first.getByTestId('agent-member-level')).toHaveTextContent('Level 1');
    expect(first.getByTestId('agent-member-volume')).toHaveTextContent('1K – 10K');
    expect(first.getByTestId('agent-member-rebates')).toHaveTextContent('3.20 USDT');
    expect(first.getByTestId('agent-member-joined').textContent).toMatch(/2026/);
    expect(within(rows[1]).getByTestId('agent-member-volume')).toHaveTextContent('None yet');

    fireEvent.click(screen.getByTestId('agent-records-level-2'));
    await waitFor(() => expect(screen.getAllByTestId('agent-member')).toHaveLength(1));
    expect(screen.getByTestId('agent-member-account')).toHaveTextContent('al***om');
    expect(downlineCalls(calls)).toEqual([
      { pageNum: 1, pageSize: 10 },
      { level: 2, pageNum: 1, pageSize: 10 },
    ]);
  });

  it('an empty team says so', async () => {
    renderAt('/proxy/records', { 'GET /api/agent/downline': ok({ rows: [], total: 0 }) });
    expect(await screen.findByTestId('empty-state')).toBeInTheDocument();
  });
});

describe('/proxy/earnings', () => {
  it('lists each rebate with its product, level, fee, share and amount under my totals', async () => {
    renderAt('/proxy/earnings', { 'GET /api/agent/earnings': ok({ rows: EARNINGS, total: 2 }) });
    await waitFor(() => expect(screen.getByTestId('agent-earnings-total')).toHaveAttribute('data-value', '12.3456'));
    expect(screen.getByTestId('agent-earnings-coin-BTC')).toHaveAttribute('data-value', '0.00012');
    const rows = within(await screen.findByTestId('agent-earnings')).getAllByTestId('agent-earning');
    const first = within(rows[0]);
    expect(first.getByTestId('agent-earning-product')).toHaveTextContent('Second contracts');
    expect(first.getByTestId('agent-earning-level')).toHaveTextContent('Level 1');
    expect(first.getByTestId('agent-earning-fee')).toHaveTextContent('0.40 USDT');
    expect(first.getByTestId('agent-earning-ratio')).toHaveTextContent('10%');
    expect(first.getByTestId('agent-earning-amount')).toHaveTextContent('+0.04 USDT');
    expect(first.getByTestId('agent-earning-source')).toHaveTextContent('de***ta');
    const second = within(rows[1]);
    expect(second.getByTestId('agent-earning-product')).toHaveTextContent('Spot');
    // A rebate in a record is never cut: the tiny BTC share shows in full.
    expect(second.getByTestId('agent-earning-amount')).toHaveTextContent('+0.00000006 BTC');
  });
});
