import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import fr from '@/locales/fr.json';
import { changeLanguage } from '@/shared/i18n/language-flow';
import { useSession } from '@/shared/session/session-store';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll, toastTexts } from '@/test/reset';
import type { EarnOrder, FinanceProduct } from '@/features/earn';
import { FinanceSubscribeForm } from './FinanceSubscribeForm';

vi.mock('@/features/wallet/balances', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/wallet/balances')>()),
  refreshAfterMoneyMovement: async () => {},
}));

const PRODUCT: FinanceProduct = {
  id: 3,
  title: 'USDT Flexible 7/30/90',
  intro: 'Fixed term',
  prodectIntroduction: '',
  problem: 'Paid from the platform',
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
  purchasedAmount: '1000',
  remainAmount: '999000',
  process: '0.10',
  earlyRule: 'forfeit',
  defaultOdds: '0',
  settlementType: 1,
  autoRenew: true,
  isHot: true,
  sort: 1,
};

const BALANCE = 'POST /api/asset/assetBalance';
const SUBMIT = 'POST /api/financial/submit';
const spot = (available: string) =>
  ok({ totalUsdt: available, wallets: [{ wallet: 'spot', totalUsdt: available, assets: [{ coin: 'USDT', available, frozen: '0', total: available }] }] });

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderForm(routes: Parameters<typeof mockHttp>[0] = {}, product = PRODUCT) {
  useSession.getState().signIn('tok');
  const calls = mockHttp({ [BALANCE]: spot('500'), 'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [] }), ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/finance/subscribe/3']}>
        <Routes>
          <Route path="/finance/subscribe/:id" element={<FinanceSubscribeForm product={product} />} />
          <Route path="/livecoin/eaorders" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const sent = (key: string) => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key);
  return { sent };
}

const amount = () => screen.getByTestId('fs-amount') as HTMLInputElement;
const type = (value: string) => fireEvent.change(amount(), { target: { value } });
const loaded = () => waitFor(() => expect(screen.getByTestId('fs-amount-available')).toHaveAttribute('data-value', '500'));

beforeEach(() => resetAll());
afterEach(() => vi.useRealTimers());

describe('finance subscribe form', () => {
  it('refuses an amount below the minimum, with too many decimals or above the spot balance, and sends nothing', async () => {
    const { sent } = renderForm({ [SUBMIT]: ok({}) });
    await loaded();
    type('5');
    expect(screen.getByRole('alert')).toHaveTextContent('The minimum is 10 USDT');
    fireEvent.click(screen.getByTestId('fs-submit'));
    type('10.123456789');
    expect(screen.getByRole('alert')).toHaveTextContent('At most 8 decimal places');
    fireEvent.click(screen.getByTestId('fs-submit'));
    type('600');
    expect(screen.getByRole('alert')).toHaveTextContent('More than your available 500 USDT');
    fireEvent.click(screen.getByTestId('fs-submit'));
    type('');
    fireEvent.click(screen.getByTestId('fs-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter an amount');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(sent(SUBMIT)).toHaveLength(0);
  });

  it('says so in the user language', async () => {
    renderForm();
    await loaded();
    await act(async () => {
      await changeLanguage('fr');
    });
    type('5');
    const want = fr.amount_min.replace('{{min}}', '10').replace('{{coin}}', 'USDT');
    expect(screen.getByRole('alert')).toHaveTextContent(want);
    expect(screen.getByTestId('fs-submit')).toHaveTextContent(fr.earn_subscribe);
    await act(async () => {
      await changeLanguage('en');
    });
  });

  it('max is the smaller of the spot balance and the product maximum', async () => {
    renderForm({ [BALANCE]: spot('90000.123456789') });
    await waitFor(() => expect(screen.getByTestId('fs-amount-available')).toHaveAttribute('data-value', '90000.123456789'));
    fireEvent.click(screen.getByTestId('fs-amount-max'));
    expect(amount().value).toBe('50000');
  });

  it('previews the interest rounded down, the dates in UTC, and sends the query with a retry key', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-01-15T23:59:59Z'));
    const order: Partial<EarnOrder> = { id: 77, kind: 'finance', status: 0 };
    const { sent } = renderForm({ [SUBMIT]: ok(order) });
    await loaded();
    fireEvent.click(screen.getByTestId('fs-term-30'));
    expect(screen.getByTestId('fs-term-30')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByTestId('fs-amount-max'));
    expect(amount().value).toBe('500');
    type('100');
    expect(screen.queryByRole('alert')).toBeNull();
    // 100 × 6 / 100 / 365 = 0.0164383561…, down to 8 decimals; the term is that day × 30.
    expect(screen.getByTestId('fs-daily')).toHaveAttribute('data-value', '0.01643835');
    expect(screen.getByTestId('fs-total')).toHaveAttribute('data-value', '0.4931505');
    expect(screen.getByTestId('fs-start')).toHaveAttribute('data-value', String(Date.parse('2025-01-16T00:00:00Z')));
    expect(screen.getByTestId('fs-maturity')).toHaveAttribute('data-value', String(Date.parse('2025-02-15T00:00:00Z')));
    expect(screen.getByTestId('fs-start')).toHaveTextContent('01/16/2025, 00:00:00 UTC');
    expect(screen.getByTestId('fs-disclosures')).toHaveTextContent('not a bank deposit');
    expect(screen.getByTestId('fs-disclosures-early')).toHaveTextContent('interest already paid to you is deducted from the principal');
    fireEvent.click(screen.getByTestId('fs-auto-renew'));
    fireEvent.click(screen.getByTestId('fs-submit'));
    await waitFor(() => expect(sent(SUBMIT)).toHaveLength(1));
    const [call] = sent(SUBMIT);
    expect(call.params).toEqual({ planId: 3, money: '100', days: 30, autoRenew: 'true' });
    expect(call.data).toBeUndefined();
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/livecoin/eaorders?type=1'));
    expect(toastTexts()).toContain('Subscribed successfully');
  });

  it('shows the server refusal in place and stays', async () => {
    renderForm({ [SUBMIT]: fail(-7101, 'The platform cannot cover the interest of this subscription') });
    await loaded();
    type('100');
    fireEvent.click(screen.getByTestId('fs-submit'));
    await waitFor(() => expect(screen.getByTestId('fs-error')).toHaveTextContent('The platform cannot cover the interest of this subscription'));
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('does not offer renewal or take more orders than the product allows', async () => {
    const { sent } = renderForm({ [SUBMIT]: ok({}) }, { ...PRODUCT, autoRenew: false, timeLimit: 2, buyPurchase: 2 });
    await loaded();
    expect(screen.queryByTestId('fs-auto-renew')).toBeNull();
    expect(screen.getByTestId('fs-limit-reached')).toHaveTextContent("You have reached this product's limit of 2 orders.");
    expect(screen.getByTestId('fs-submit')).toBeDisabled();
    expect(sent(SUBMIT)).toHaveLength(0);
  });
});
