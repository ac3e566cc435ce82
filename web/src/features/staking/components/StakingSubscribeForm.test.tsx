import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useSession } from '@/shared/session/session-store';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import type { StakingProduct } from '@/features/earn';
import { StakingSubscribeForm } from './StakingSubscribeForm';

vi.mock('@/features/wallet/balances', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/wallet/balances')>()),
  refreshAfterMoneyMovement: async () => {},
}));

const NOW = Date.parse('2025-03-10T08:00:00Z');
const PRODUCT: StakingProduct = {
  id: 5,
  title: 'USDT Staking 30 days',
  intro: '',
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
    { fromTime: Date.parse('2025-03-10T00:00:00Z'), rate: '0.02' },
    { fromTime: Date.parse('2025-03-13T00:00:00Z'), rate: '0.025' },
  ],
  timeLimit: 5,
  buyPurchase: 1,
  limitMin: '20',
  limitMax: '20000',
  sort: 3,
  settlementType: 2,
  autoRenew: false,
};
const SUBMIT = 'POST /api/mingOrder/submit';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

beforeEach(() => resetAll());

describe('staking subscribe form', () => {
  it('previews today’s daily interest and the term at the published schedule, then sends planId and amount', async () => {
    useSession.getState().signIn('tok');
    const calls = mockHttp({
      'POST /api/asset/assetBalance': ok({ totalUsdt: '300', wallets: [{ wallet: 'spot', totalUsdt: '300', assets: [{ coin: 'USDT', available: '300', frozen: '0', total: '300' }] }] }),
      'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }),
      [SUBMIT]: ok({ id: 11, kind: 'staking', status: 0 }),
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/livecoin/subscribe?id=5']}>
          <Routes>
            <Route path="/livecoin/subscribe" element={<StakingSubscribeForm product={PRODUCT} now={NOW} />} />
            <Route path="/livecoin/eaorders" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('ss-amount-available')).toHaveAttribute('data-value', '300'));
    fireEvent.change(screen.getByTestId('ss-amount'), { target: { value: '19' } });
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is 20 USDT');
    fireEvent.change(screen.getByTestId('ss-amount'), { target: { value: '20' } });
    expect(screen.getByTestId('ss-daily')).toHaveAttribute('data-value', '0.004');
    // Two days at 0.02 %, then 28 at 0.025 %.
    expect(screen.getByTestId('ss-estimate')).toHaveAttribute('data-value', '0.148');
    expect(screen.getByTestId('ss-start')).toHaveAttribute('data-value', String(Date.parse('2025-03-11T00:00:00Z')));
    expect(screen.getByTestId('ss-maturity')).toHaveAttribute('data-value', String(Date.parse('2025-04-10T00:00:00Z')));
    expect(screen.getByTestId('ss-penalty')).toHaveAttribute('data-value', '1');
    expect(screen.getByTestId('ss-disclosures-early')).toHaveTextContent('fee of 5% of the principal');
    fireEvent.click(screen.getByTestId('ss-submit'));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/livecoin/eaorders?type=2'));
    const sent = calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === SUBMIT);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0].data as string)).toEqual({ planId: 5, amount: '20' });
    expect(toastTexts()).toContain('Staked successfully');
  });
});
