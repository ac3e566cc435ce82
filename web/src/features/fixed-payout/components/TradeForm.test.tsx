import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { Disclosure, Period, SecondOrder } from '../api';
import type { SecondCoin } from '../hooks';
import { TradeForm, type TradeFormProps } from './TradeForm';

vi.mock('@/features/wallet/balances', () => ({ useRefreshBalances: () => async () => {} }));

const BTC: SecondCoin = { id: 1, coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', amount: '95000', open: '94000' };
const P30: Period = { id: 4, secondId: 1, period: 30, odds: '0.12', minAmount: '1', maxAmount: '1000', status: 1, flag: true, lossRate: '1', breakEvenWinRate: '0.8929', houseEdge: '0.44', exposureCap: '100000' };
const P60: Period = { ...P30, id: 5, period: 60, odds: '0.15', minAmount: '100', maxAmount: '10000', breakEvenWinRate: '0.8696', houseEdge: '0.425' };
const ORDER: SecondOrder = {
  id: 7,
  orderNo: 'S7',
  symbol: 'btcusdt',
  coinSymbol: 'btc',
  baseSymbol: 'usdt',
  type: 30,
  betContent: '1',
  direction: 'up',
  betAmount: '10',
  rewardAmount: '0',
  openPrice: '95000',
  closePrice: null,
  openTime: 1,
  closeTime: 31_000,
  openTickTime: 0,
  openSource: 'simulator',
  closeTickTime: null,
  closeSource: null,
  openResult: 0,
  status: 0,
  rate: '0.12',
  rateFlag: true,
  time: 31,
};
const CREATE = 'POST /api/secondContractOrder/createSecondContractOrder';
const DISCLOSE = 'POST /api/secondContractOrder/disclosure';

function renderForm(props: Partial<TradeFormProps> = {}, routes: Parameters<typeof mockHttp>[0] = {}) {
  const calls = mockHttp({ 'GET /api/common/getCoinList': ok({ coinList: [BTC], currencyList: [] }), ...routes });
  const onPlaced = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TradeForm
          coin={BTC}
          periods={[P30, P60]}
          periodsState="ready"
          onRetryPeriods={() => {}}
          isSign
          available="500"
          disclosure={{ version: 1, accepted: true, acceptedAt: 1 }}
          refetchDisclosure={async () => ({ data: { version: 1, accepted: false } as Disclosure })}
          onPlaced={onPlaced}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const sent = (key: string) => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key);
  return { calls, sent, onPlaced };
}
const stakeInput = () => screen.getByTestId('sc-stake-input') as HTMLInputElement;
const type = (value: string) => fireEvent.change(stakeInput(), { target: { value } });

beforeEach(() => resetAll());

describe('second-contract order form', () => {
  it('periods as chips with their payout, the first preselected', () => {
    renderForm();
    expect(screen.getByTestId('sc-period-30')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('sc-period-30')).toHaveTextContent('30s+12%');
    expect(screen.getByTestId('sc-period-60')).toHaveTextContent('60s+15%');
  });

  it('invalid stakes are refused in place, in the user language, and nothing is sent', async () => {
    const { sent } = renderForm();
    fireEvent.click(screen.getByTestId('sc-up'));
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('Enter an amount');
    type('0.5');
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('The minimum is 1 USDT');
    type('10.123456789');
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('At most 8 decimal places');
    type('1000.5');
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('The maximum is 1000 USDT');
    type('600');
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('More than your available 500 USDT');
    fireEvent.click(screen.getByTestId('sc-up'));
    fireEvent.click(screen.getByTestId('sc-down'));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(sent(CREATE)).toHaveLength(0);
    expect(screen.queryByTestId('sc-disclosure')).toBeNull();
  });

  it('quick stakes follow the period limits; the figures follow the stake', () => {
    renderForm({ available: '250.123456789' });
    expect(screen.queryByTestId('sc-stake-all')).toHaveTextContent('All');
    fireEvent.click(screen.getByTestId('sc-stake-all'));
    expect(stakeInput().value).toBe('250.12345678');
    fireEvent.click(screen.getByTestId('sc-stake-10'));
    expect(stakeInput().value).toBe('10');
    expect(screen.getByTestId('sc-win-profit')).toHaveAttribute('data-value', '1.2');
    expect(screen.getByTestId('sc-win-profit')).toHaveTextContent('+1.20 USDT');
    expect(screen.getByTestId('sc-win-total')).toHaveTextContent('11.20 USDT');
    expect(screen.getByTestId('sc-loss')).toHaveTextContent('-10.00 USDT');
    expect(screen.getByTestId('sc-break-even')).toHaveTextContent('89.29%');
    expect(screen.getByTestId('sc-house-edge')).toHaveTextContent('44%');
    // 60 s: 100 to 10,000, more than what is available for All.
    fireEvent.click(screen.getByTestId('sc-period-60'));
    expect(screen.queryByTestId('sc-stake-10')).toBeNull();
    expect(screen.getByTestId('sc-stake-100')).toBeInTheDocument();
    expect(screen.getByTestId('sc-stake-all')).toBeInTheDocument();
    expect(screen.getByTestId('sc-stake-error')).toHaveTextContent('The minimum is 100 USDT');
  });

  it('the first order shows the risk disclosure, records it, then places the order', async () => {
    const { sent, onPlaced } = renderForm(
      { disclosure: { version: 3, accepted: false } },
      { [DISCLOSE]: ok({ version: 3, accepted: true, acceptedAt: 2 }), [CREATE]: ok(ORDER) },
    );
    fireEvent.click(screen.getByTestId('sc-stake-10'));
    fireEvent.click(screen.getByTestId('sc-up'));
    const sheet = screen.getByTestId('sc-disclosure');
    expect(sheet).toHaveTextContent('You get your stake back plus 12% of it.');
    expect(sheet).toHaveTextContent('You lose your whole stake.');
    expect(sheet).toHaveTextContent('To break even you must win 89.29% of your orders.');
    expect(sheet).toHaveTextContent('the house keeps 44% of everything you stake');
    expect(sheet).toHaveTextContent('ESMA');
    expect(sheet).toHaveTextContent('FCA');
    expect(sheet).toHaveTextContent('ASIC');
    expect(screen.getByTestId('sc-disclosure-confirm')).toBeDisabled();
    expect(sent(CREATE)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('sc-disclosure-ack'));
    fireEvent.click(screen.getByTestId('sc-disclosure-confirm'));
    await waitFor(() => expect(onPlaced).toHaveBeenCalled());
    expect(JSON.parse(sent(DISCLOSE)[0].data as string)).toEqual({ version: 3 });
    const create = sent(CREATE)[0];
    expect(JSON.parse(create.data as string)).toEqual({ betContent: '1', betAmount: '10', periodId: 4, symbol: 'btcusdt', coinSymbol: 'btc', baseSymbol: 'usdt' });
    expect(String(create.headers?.['Idempotency-Key'])).toMatch(/^[0-9a-f-]{36}$/);
    expect(onPlaced.mock.calls[0][0]).toEqual(ORDER);
    expect(screen.queryByTestId('sc-disclosure')).toBeNull();
  });

  it('once acknowledged, Down sends at once, each tap with a fresh key', async () => {
    const { sent, onPlaced } = renderForm({}, { [CREATE]: ok({ ...ORDER, direction: 'down', betContent: '0' }) });
    type('25.5');
    fireEvent.click(screen.getByTestId('sc-down'));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('sc-down'));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(2));
    const [a, b] = sent(CREATE);
    expect(JSON.parse(a.data as string)).toMatchObject({ betContent: '0', betAmount: '25.5' });
    expect(a.headers?.['Idempotency-Key']).not.toEqual(b.headers?.['Idempotency-Key']);
    expect(screen.queryByTestId('sc-disclosure')).toBeNull();
  });

  it("a refusal shows the server's message (already in the user language) in place", async () => {
    renderForm({}, { [CREATE]: fail(-6003, 'Kein aktueller Kurs') });
    fireEvent.click(screen.getByTestId('sc-stake-10'));
    fireEvent.click(screen.getByTestId('sc-up'));
    expect(await screen.findByTestId('sc-server-error')).toHaveTextContent('Kein aktueller Kurs');
  });

  it('a refusal for want of the disclosure opens it', async () => {
    renderForm({}, { [CREATE]: fail(-6005, 'Read the disclosure') });
    fireEvent.click(screen.getByTestId('sc-stake-10'));
    fireEvent.click(screen.getByTestId('sc-up'));
    expect(await screen.findByTestId('sc-disclosure')).toBeInTheDocument();
  });

  it('signed out: prices and periods, and a sign-in link instead of the buttons', () => {
    renderForm({ isSign: false, available: undefined, disclosure: undefined });
    expect(screen.getByTestId('sc-period-30')).toBeInTheDocument();
    expect(screen.getByTestId('sc-sign-in')).toHaveAttribute('href', '/lr');
    expect(screen.queryByTestId('sc-up')).toBeNull();
    expect(screen.queryByTestId('sc-down')).toBeNull();
    expect(screen.getByTestId('sc-available')).toHaveTextContent('--');
  });
});
