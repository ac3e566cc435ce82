import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { mockHttp, ok, fail } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { SpotPair } from './api';
import { OrderForm, type OrderFormProps } from './OrderForm';

const BTC: SpotPair = {
  id: 1,
  coin: 'btc',
  symbol: 'btcusdt',
  orderMin: '0.0001',
  orderMax: '1000',
  buyMax: '100',
  sellMin: '0.0001',
  minSell: '0.0001',
  feeRate: '0.001',
  basePrecision: 2,
  coinPrecision: 4,
  limitedBuy: 1,
  limitedSell: 1,
  marketBuy: 1,
  marketSell: 1,
  enable: 1,
  isDeal: 1,
  isShow: 1,
};
const asks: [string, string][] = [
  ['30000', '0.5'],
  ['30010', '2'],
];
const bids: [string, string][] = [['29990', '1']];

function renderForm(props: Partial<OrderFormProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderForm pair={BTC} asks={asks} bids={bids} refPrice="30000" isSign quoteAvailable="10000" baseAvailable="0.25" {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

beforeEach(() => resetAll());

describe('order form rendering from the pair', () => {
  it('limit buy: price prefilled at the pair scale, amount and total linked and truncated', () => {
    renderForm({ refPrice: '30000.129' });
    expect(input('spot-price').value).toBe('30000.12');
    fireEvent.change(input('spot-amount'), { target: { value: '0.12345' } });
    expect(screen.getByTestId('spot-amount-error')).toHaveTextContent('At most 4 decimal places');
    fireEvent.change(input('spot-amount'), { target: { value: '0.1234' } });
    expect(screen.queryByTestId('spot-amount-error')).toBeNull();
    expect(input('spot-total').value).toBe('3702.01');
    fireEvent.change(input('spot-total'), { target: { value: '100' } });
    expect(input('spot-amount').value).toBe('0.0033');
    // USDT with 2 decimals, grouped (the wallet's display rule).
    expect(screen.getByTestId('spot-available')).toHaveTextContent('10,000.00 USDT');
    expect(screen.getByTestId('spot-available')).toHaveAttribute('data-value', '10000');
    expect(screen.getByTestId('spot-fee')).toHaveTextContent('0.0000033 BTC');
    expect(screen.getByTestId('spot-submit')).toHaveTextContent('Buy BTC');
  });

  it('percent buttons take a share of the available balance of the side', () => {
    renderForm();
    fireEvent.click(screen.getByTestId('spot-pct-50'));
    expect(input('spot-total').value).toBe('5000');
    expect(input('spot-amount').value).toBe('0.1666');
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    expect(screen.getByTestId('spot-available')).toHaveTextContent('0.25 BTC');
    fireEvent.click(screen.getByTestId('spot-pct-100'));
    expect(input('spot-amount').value).toBe('0.25');
    expect(screen.getByTestId('spot-submit')).toHaveTextContent('Sell BTC');
  });

  it('market buy offers amount or total; market sell only amount', () => {
    renderForm();
    fireEvent.click(screen.getByTestId('spot-type-market'));
    expect(screen.queryByTestId('spot-price')).toBeNull();
    expect(screen.getByTestId('spot-market-hint')).toBeInTheDocument();
    expect(screen.getByTestId('spot-amount')).toBeInTheDocument();
    expect(screen.queryByTestId('spot-total')).toBeNull();
    fireEvent.click(screen.getByTestId('spot-by-total'));
    expect(screen.queryByTestId('spot-amount')).toBeNull();
    fireEvent.change(input('spot-total'), { target: { value: '15000' } });
    expect(screen.getByTestId('spot-total-error')).toHaveTextContent('More than your available 10000 USDT');
    fireEvent.change(input('spot-total'), { target: { value: '6000' } });
    expect(screen.getByTestId('spot-receive')).toHaveTextContent('≈ 0.1998 BTC');
    fireEvent.change(input('spot-total'), { target: { value: '9999' } });
    // 0.5 at 30000 cost 15000 > 9999: 9999 / 30000 = 0.3333 (truncated), less the 0.1% fee (rounded up).
    expect(screen.getByTestId('spot-est-price')).toHaveTextContent('≈ 30,000.00');
    expect(screen.getByTestId('spot-fee')).toHaveTextContent('0.0003333 BTC');
    // The estimate is the engine's fill in whole lots: 9999 / 30000 = 0.3333 BTC.
    expect(screen.getByTestId('spot-est-amount')).toHaveAttribute('data-value', '0.3333');
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    expect(screen.queryByTestId('spot-by-total')).toBeNull();
    expect(screen.queryByTestId('spot-total')).toBeNull();
    expect(screen.getByTestId('spot-amount')).toBeInTheDocument();
  });

  it('shows only the order types the pair opens, and a closed pair blocks submit', () => {
    const { unmount } = renderForm({ pair: { ...BTC, marketBuy: 0, limitedSell: '0' } });
    expect(screen.getByTestId('spot-type-limit')).toBeInTheDocument();
    expect(screen.queryByTestId('spot-type-market')).toBeNull();
    fireEvent.click(screen.getByTestId('spot-side-sell'));
    expect(screen.queryByTestId('spot-type-limit')).toBeNull();
    expect(screen.getByTestId('spot-type-market')).toBeInTheDocument();
    expect(screen.getByTestId('spot-form')).toHaveAttribute('data-type', 'market');
    unmount();
    renderForm({ pair: { ...BTC, isDeal: 0 } });
    expect(screen.getByTestId('spot-form-closed')).toHaveTextContent('Trading is paused on this pair');
    expect(screen.getByTestId('spot-submit')).toBeDisabled();
  });

  it('signed out: no balance, a sign-in link instead of submit', () => {
    renderForm({ isSign: false, quoteAvailable: undefined });
    expect(screen.getByTestId('spot-sign-in')).toHaveTextContent('Sign in to trade');
    expect(screen.queryByTestId('spot-submit')).toBeNull();
    expect(screen.getByTestId('spot-pct-25')).toBeDisabled();
  });

  it('submits with an Idempotency-Key and shows the server message inline on refusal', async () => {
    let reply = fail(-4001, 'Insufficient balance: 10000 USDT available');
    const calls = mockHttp({ 'POST /api/currency/order/submit': () => reply, 'POST /api/asset/assetBalance': ok({ totalUsdt: '0', wallets: [] }) });
    renderForm();
    fireEvent.change(input('spot-amount'), { target: { value: '0.1' } });
    fireEvent.click(screen.getByTestId('spot-submit'));
    await waitFor(() => expect(screen.getByTestId('spot-server-error')).toHaveTextContent('Insufficient balance: 10000 USDT available'));
    const first = calls.find((c) => c.url === '/api/currency/order/submit')!;
    expect(JSON.parse(first.data)).toEqual({ symbol: 'btcusdt', side: 'buy', type: 'limit', timeInForce: 'gtc', price: '30000', amount: '0.1' });
    const key1 = String(first.headers['Idempotency-Key']);
    expect(key1).toMatch(/^[0-9a-f-]{36}$/);
    reply = ok({ id: 9, status: 'open' }) as never;
    fireEvent.click(screen.getByTestId('spot-submit'));
    await waitFor(() => expect(input('spot-amount').value).toBe(''));
    const submits = calls.filter((c) => c.url === '/api/currency/order/submit');
    expect(submits).toHaveLength(2);
    // A refused request is answered: the next submit is a new action with a new key.
    expect(String(submits[1].headers['Idempotency-Key'])).not.toBe(key1);
  });

  it('empty submit shows what is missing without sending', () => {
    const calls = mockHttp({});
    renderForm({ refPrice: null });
    fireEvent.click(screen.getByTestId('spot-submit'));
    expect(screen.getByTestId('spot-price-error')).toHaveTextContent('Enter an amount');
    expect(screen.getByTestId('spot-amount-error')).toHaveTextContent('Enter an amount');
    expect(calls).toHaveLength(0);
  });
});
