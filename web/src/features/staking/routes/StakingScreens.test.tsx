import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { EarnOrder, StakingProduct } from '@/features/earn';
import LiveCoinOrdersScreen from './LiveCoinOrdersScreen';
import LiveCoinScreen from './LiveCoinScreen';
import LiveCoinSubscribeScreen from './LiveCoinSubscribeScreen';

const today = Date.UTC(2025, 2, 10);
const PRODUCT: StakingProduct = {
  id: 5,
  title: 'USDT Staking 30 days',
  intro: 'Each day earns the published rate.',
  icon: '',
  status: 1,
  coin: 'USDT',
  days: '30',
  defaultOdds: '0.05',
  earlyRule: 'penalty',
  dailyRate: '0.02',
  minOdds: '0.02',
  maxOdds: '0.025',
  schedule: [
    { fromTime: today, rate: '0.02' },
    { fromTime: today + 3 * 86_400_000, rate: '0.025' },
  ],
  timeLimit: 5,
  buyPurchase: 1,
  limitMin: '20',
  limitMax: '20000',
  sort: 3,
  settlementType: 2,
  autoRenew: false,
};
const ORDER: EarnOrder = {
  id: 11,
  orderNo: 'E11',
  kind: 'staking',
  planId: 5,
  planTitle: 'USDT Staking 30 days',
  coin: 'USDT',
  amount: '20',
  days: 30,
  apr: null,
  dailyRate: '0.02',
  minOdds: '0.02',
  maxOdds: '0.025',
  defaultOdds: '0.05',
  earlyRule: 'penalty',
  status: 0,
  settlementType: 2,
  autoRenew: false,
  createTime: today,
  startTime: today + 86_400_000,
  endTime: today + 31 * 86_400_000,
  settleTime: null,
  accumulaEarn: '0',
  paidEarn: '0',
  estimatedEarn: '0.148',
  nextPayout: today + 31 * 86_400_000,
  penalty: '0',
  forfeited: '0',
};

function renderAt(path: string, routes: Parameters<typeof mockHttp>[0] = {}) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({
    'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
    'POST /api/asset/assetBalance': ok({ totalUsdt: '0', wallets: [] }),
    'POST /api/mingProduct/list': ok({ rows: [PRODUCT], total: 1 }),
    'POST /api/mingOrder/show': ok({ amount: '20', orderNum: 1, profitMoney: '0.004', todayProfit: '0.004' }),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/livecoin" element={<LiveCoinScreen />} />
          <Route path="/livecoin/subscribe" element={<LiveCoinSubscribeScreen />} />
          <Route path="/livecoin/eaorders" element={<LiveCoinOrdersScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => resetAll());

describe('/livecoin', () => {
  it('shows my staking totals and each product with today’s rate, the schedule range, and a Stake link by id', async () => {
    renderAt('/livecoin');
    await waitFor(() => expect(screen.getByTestId('staking-summary-orders')).toHaveTextContent('1'));
    expect(screen.getByTestId('staking-summary-amount')).toHaveTextContent('20.00 USDT');
    const card = within(await screen.findByTestId('staking-product-5'));
    expect(card.getByTestId('staking-product-rate')).toHaveTextContent('0.02%');
    expect(card.getByTestId('staking-product-range')).toHaveTextContent('0.02% – 0.025% per day');
    expect(card.getByTestId('staking-product-penalty')).toHaveTextContent('fee 5% of the principal');
    expect(card.getByTestId('staking-stake-5')).toHaveAttribute('href', '/livecoin/subscribe?id=5');
    expect(screen.getByTestId('staking-orders-link')).toHaveAttribute('href', '/livecoin/eaorders?type=2');
  });
});

describe('/livecoin/subscribe', () => {
  it('finds the product by id and shows its published schedule', async () => {
    renderAt('/livecoin/subscribe?id=5');
    expect(await screen.findByTestId('ss-form')).toHaveAttribute('data-product-id', '5');
    const rows = screen.getAllByTestId('ss-schedule-row');
    expect(rows.map((r) => r.getAttribute('data-rate'))).toEqual(['0.02', '0.025']);
    expect(rows[1]).toHaveTextContent('0.025% per day');
  });

  it('without a known id it says the product is not available', async () => {
    renderAt('/livecoin/subscribe?id=99');
    expect(await screen.findByText('This product is not available')).toBeInTheDocument();
  });
});

describe('/livecoin/eaorders', () => {
  it('lists finance orders for type=1 and staking orders for type=2, paged', async () => {
    const calls = renderAt('/livecoin/eaorders?type=2', {
      'POST /api/mingOrder/list': ok({ rows: [ORDER], total: 1 }),
      'POST /api/order/list': ok({ rows: [], total: 0 }),
    });
    expect(await screen.findByTestId('earn-order-11')).toHaveAttribute('data-kind', 'staking');
    expect(screen.getByTestId('earn-orders-tab-2')).toHaveAttribute('aria-selected', 'true');
    expect(calls.find((c) => c.url === '/api/mingOrder/list')?.params).toEqual({ pageNum: 1, pageSize: 10 });
    fireEvent.click(screen.getByTestId('earn-orders-tab-1'));
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/order/list')).toBe(true);
  });
});
