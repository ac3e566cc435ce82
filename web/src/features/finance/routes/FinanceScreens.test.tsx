import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { useSession } from '@/shared/session/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { FinanceProduct } from '@/features/earn';
import FinanceScreen from './FinanceScreen';
import FinanceSubscribeScreen from './FinanceSubscribeScreen';

const PRODUCT: FinanceProduct = {
  id: 3,
  title: 'USDT Flexible 7/30/90',
  intro: 'Interest accrues every day from 00:00 UTC after you subscribe.',
  prodectIntroduction: '',
  problem: 'Interest is paid from the platform funds.',
  icon: '',
  status: 1,
  coin: 'USDT',
  classify: 0,
  days: '7,30,90',
  terms: [
    { days: 7, apr: '4', dailyRate: '0.0109589' },
    { days: 30, apr: '6', dailyRate: '0.01643836' },
    { days: 90, apr: '8.5', dailyRate: '0.02328767' },
  ],
  minApr: '4',
  maxApr: '8.5',
  avgRate: '0.0109589',
  limitMin: '10',
  limitMax: '50000',
  timeLimit: 0,
  buyPurchase: 0,
  level: 0,
  totalInvestAmount: '1000000',
  purchasedAmount: '250000',
  remainAmount: '750000',
  process: '25.00',
  earlyRule: 'forfeit',
  defaultOdds: '0',
  settlementType: 1,
  autoRenew: true,
  isHot: true,
  sort: 1,
};
const VIP: FinanceProduct = { ...PRODUCT, id: 4, title: 'USDT VIP 60 days', classify: 1, level: 1, isHot: false, terms: [{ days: 60, apr: '10', dailyRate: '0.02739726' }], minApr: '10', maxApr: '10', totalInvestAmount: '0', remainAmount: '', process: '0' };

function renderAt(path: string, routes: Parameters<typeof mockHttp>[0]) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({
    'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
    'POST /api/asset/assetBalance': ok({ totalUsdt: '0', wallets: [] }),
    ...routes,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/finance" element={<FinanceScreen />} />
          <Route path="/finance/subscribe/:id" element={<FinanceSubscribeScreen />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

beforeEach(() => resetAll());

describe('/finance', () => {
  it('shows my totals, the products with their APR range, terms, cap and badges, and filters by class', async () => {
    const calls = renderAt('/finance', {
      'POST /api/financial/personalIncome': ok({ sumAmount: '1100', sumEarn: '0.5', position: '100', commission: '0.0109589', todayEarn: '0.0109589' }),
      'POST /api/financial/list': (config: InternalAxiosRequestConfig) => {
        const { classify } = JSON.parse(config.data as string) as { classify: string };
        const rows = [PRODUCT, VIP].filter((p) => classify === '' || String(p.classify) === classify);
        return ok({ rows, total: rows.length });
      },
    });
    await waitFor(() => expect(screen.getByTestId('finance-income-today')).toHaveTextContent('0.0109589 USDT'));
    expect(screen.getByTestId('finance-income-sum')).toHaveTextContent('1,100.00 USDT');
    const card = within(await screen.findByTestId('finance-product-3'));
    expect(card.getByTestId('finance-product-apr')).toHaveTextContent('4.00% – 8.50%');
    expect(card.getByTestId('finance-product-term-90')).toHaveTextContent('90 days');
    expect(card.getByTestId('finance-cap')).toHaveAttribute('data-value', '25.00');
    expect(card.getByTestId('finance-badge-hot')).toBeInTheDocument();
    expect(screen.getByTestId('finance-product-3')).toHaveAttribute('href', '/finance/subscribe/3');
    expect(within(screen.getByTestId('finance-product-4')).getByTestId('finance-badge-vip')).toHaveTextContent('VIP 1');
    expect(screen.getByTestId('finance-orders-link')).toHaveAttribute('href', '/livecoin/eaorders?type=1');
    fireEvent.click(screen.getByTestId('finance-classify-1'));
    expect(await screen.findByTestId('finance-product-4')).toBeInTheDocument();
    expect(screen.queryByTestId('finance-product-3')).toBeNull();
    const bodies = calls.filter((c) => c.url === '/api/financial/list').map((c) => JSON.parse(c.data as string));
    expect(bodies).toEqual([{ classify: '' }, { classify: '1' }]);
  });

  it('says when there is nothing on offer', async () => {
    renderAt('/finance', { 'POST /api/financial/personalIncome': ok({ sumAmount: '0', sumEarn: '0', position: '0', commission: '0', todayEarn: '0' }), 'POST /api/financial/list': ok({ rows: [], total: 0 }) });
    expect(await screen.findByText('No products on offer right now')).toBeInTheDocument();
  });
});

describe('/finance/subscribe/:id', () => {
  it('shows the product, its intro and questions, and the form', async () => {
    renderAt('/finance/subscribe/3', { 'POST /api/financial/3': ok(PRODUCT) });
    expect(await screen.findByTestId('fs-form')).toHaveAttribute('data-product-id', '3');
    expect(screen.getByTestId('fs-intro')).toHaveTextContent('Interest accrues every day');
    expect(screen.getByTestId('fs-problem')).toHaveTextContent('platform funds');
    expect(screen.getByTestId('fs-per-user')).toHaveTextContent('Unlimited');
    expect(screen.getAllByRole('heading', { level: 1 })[0]).toHaveTextContent('USDT Flexible 7/30/90');
  });

  it('an unknown product shows the server message', async () => {
    renderAt('/finance/subscribe/99', { 'POST /api/financial/99': fail(-7100, 'This product is not on offer') });
    expect(await screen.findByText('This product is not on offer')).toBeInTheDocument();
  });
});
