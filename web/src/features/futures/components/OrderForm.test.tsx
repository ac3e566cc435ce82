import Decimal from 'decimal.js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { InternalAxiosRequestConfig } from 'axios';
import { fail, mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { Preview } from '../api';
import type { FuturesContract } from './contract';
import { OrderForm } from './OrderForm';

vi.mock('@/features/wallet/balances', () => ({ refreshAfterMoneyMovement: async () => {} }));

const BTC: FuturesContract = { id: 1, coin: 'btc', symbol: 'btcusdt', leverage: '5,10,20', shareNumber: '0.0001', amount: '60000' };
const PREVIEW = 'GET /api/contract/order/preview';
const SUBMIT = 'POST /api/contract/order/submit';

/** The server's preview for the size asked: 60,000 a BTC, 0.1 % fee, 10x. */
function preview(config: InternalAxiosRequestConfig) {
  const q = config.params as { delegateTotal: string; leverage: number; delegateType: number; delegatePrice: string };
  const n = new Decimal(q.delegateTotal);
  const price = q.delegateType === 0 ? q.delegatePrice : '60000';
  const p: Preview = {
    symbol: 'btcusdt',
    markPrice: '60000',
    markTime: 1,
    fillPrice: price,
    contracts: q.delegateTotal,
    qty: n.div(10_000).toFixed(),
    notional: n.mul(6).toFixed(),
    margin: n.mul(6).div(q.leverage).toFixed(),
    fee: n.mul('0.006').toFixed(),
    liquidationPrice: '54216.86',
    maxContracts: '1650',
    available: '1000',
    spread: '0',
    openFee: '0.001',
    closeFee: '0.001',
    shareNumber: '0.0001',
    minShare: '1',
    maxShare: '1000000',
    maxLeverage: 150,
  };
  return ok(p);
}

function renderForm(routes: Parameters<typeof mockHttp>[0] = {}) {
  const calls = mockHttp({ [PREVIEW]: preview, 'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [], contractList: [BTC] }), ...routes });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OrderForm contract={BTC} isSign lastPrice="60000" onTransfer={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const sent = (key: string) => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === key);
  return { sent };
}

const contracts = () => screen.getByTestId('fu-contracts') as HTMLInputElement;

beforeEach(() => resetAll());

describe('futures order form', () => {
  it('offers the contract leverage chips and shows the server preview for the size typed', async () => {
    renderForm();
    expect(screen.getByTestId('fu-lev-10')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('fu-lev-5')).toBeInTheDocument();
    expect(screen.queryByTestId('fu-lev-50')).toBeNull();
    fireEvent.change(contracts(), { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('fu-preview')).toHaveAttribute('data-contracts', '1000'));
    expect(screen.getByTestId('fu-margin')).toHaveAttribute('data-value', '600');
    expect(screen.getByTestId('fu-fee')).toHaveAttribute('data-value', '6');
    expect(screen.getByTestId('fu-liq')).toHaveAttribute('data-value', '54216.86');
  });

  it('a share of the balance picks whole contracts of the most affordable', async () => {
    renderForm();
    await waitFor(() => expect(screen.getByTestId('fu-max')).toHaveTextContent('1650'));
    fireEvent.click(screen.getByTestId('fu-pct-25'));
    expect(contracts().value).toBe('412');
    fireEvent.click(screen.getByTestId('fu-pct-0'));
    expect(contracts().value).toBe('');
  });

  it('a size that is not whole contracts, or a limit without a price, sends nothing', async () => {
    const { sent } = renderForm({ [SUBMIT]: fail(-4001, 'shortfall') });
    fireEvent.change(contracts(), { target: { value: '1.5' } });
    expect(contracts().value).toBe('');
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('fu-kind-limit'));
    fireEvent.change(contracts(), { target: { value: '10' } });
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    fireEvent.change(screen.getByTestId('fu-limit'), { target: { value: '0' } });
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(sent(SUBMIT)).toHaveLength(0);
  });

  it('a short limit order is sent as the spec body with a retry key', async () => {
    const { sent } = renderForm({
      [SUBMIT]: ok({ order: { id: 9, status: 0 }, position: null }),
    });
    fireEvent.click(screen.getByTestId('fu-side-short'));
    fireEvent.click(screen.getByTestId('fu-kind-limit'));
    fireEvent.click(screen.getByTestId('fu-lev-20'));
    fireEvent.change(screen.getByTestId('fu-limit'), { target: { value: '65000' } });
    fireEvent.change(contracts(), { target: { value: '100' } });
    expect(screen.getByTestId('fu-submit')).toHaveTextContent('Open short');
    // 20x: the figures first, then the order.
    await waitFor(() => expect(screen.getByTestId('fu-preview')).toHaveAttribute('data-contracts', '100'));
    fireEvent.click(screen.getByTestId('fu-submit'));
    fireEvent.click(await screen.findByTestId('fu-confirm-open'));
    await waitFor(() => expect(sent(SUBMIT)).toHaveLength(1));
    const [call] = sent(SUBMIT);
    expect(JSON.parse(call.data as string)).toEqual({ symbol: 'btc', leverage: 20, type: 1, delegateType: 0, delegateTotal: '100', delegatePrice: '65000' });
    expect(call.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(contracts().value).toBe(''));
  });

  it('a size the server refuses shows its message and keeps the balance and maximum', async () => {
    renderForm({
      [PREVIEW]: (config) => ((config.params as { delegateTotal: string }).delegateTotal === '5000' ? fail(-7003, 'Contracts must be between 1 and 2000') : preview(config)),
    });
    await waitFor(() => expect(screen.getByTestId('fu-max')).toHaveTextContent('1650'));
    fireEvent.change(contracts(), { target: { value: '5000' } });
    await waitFor(() => expect(screen.getByTestId('fu-refused')).toHaveTextContent('Contracts must be between 1 and 2000'));
    expect(screen.getByTestId('fu-max')).toHaveTextContent('1650');
    expect(screen.getByTestId('fu-margin')).toHaveTextContent('--');
    fireEvent.change(contracts(), { target: { value: '10' } });
    await waitFor(() => expect(screen.queryByTestId('fu-refused')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('fu-preview')).toHaveAttribute('data-contracts', '10'));
  });

  it('no recent price (a null mark or -6003) stops a market order and says why', async () => {
    const { sent } = renderForm({ [PREVIEW]: fail(-6003, 'No recent price'), [SUBMIT]: ok({ order: { id: 1 }, position: null }) });
    fireEvent.change(contracts(), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('fu-stale')).toBeInTheDocument());
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('fu-submit'));
    expect(sent(SUBMIT)).toHaveLength(0);
  });

  it('a preview without a mark stops a market order but not a limit order', async () => {
    renderForm({ [PREVIEW]: (config) => ({ data: { code: 200, msg: '', data: { ...(preview(config).data.data as Preview), markPrice: null, markTime: null } } }) });
    fireEvent.click(screen.getByTestId('fu-lev-5'));
    fireEvent.change(contracts(), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('fu-stale')).toBeInTheDocument());
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    fireEvent.click(screen.getByTestId('fu-kind-limit'));
    fireEvent.change(screen.getByTestId('fu-limit'), { target: { value: '59000' } });
    expect(screen.queryByTestId('fu-stale')).toBeNull();
    expect(screen.getByTestId('fu-submit')).toBeEnabled();
  });

  it('above 5x the open shows its figures first, and cancelling sends nothing', async () => {
    const { sent } = renderForm({ [SUBMIT]: ok({ order: { id: 3, status: 1 }, position: { id: 4 } }) });
    fireEvent.change(contracts(), { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('fu-preview')).toHaveAttribute('data-contracts', '1000'));
    fireEvent.click(screen.getByTestId('fu-submit'));
    await screen.findByTestId('fu-confirm-sheet');
    expect(screen.getByTestId('fu-confirm-size')).toHaveAttribute('data-value', '1000');
    expect(screen.getByTestId('fu-confirm-size')).toHaveTextContent('0.1 BTC');
    expect(screen.getByTestId('fu-confirm-leverage')).toHaveTextContent('10x');
    expect(screen.getByTestId('fu-confirm-margin')).toHaveAttribute('data-value', '600');
    expect(screen.getByTestId('fu-confirm-fee')).toHaveAttribute('data-value', '6');
    // 6,000 of notional at the 0.1 % closing fee.
    expect(screen.getByTestId('fu-confirm-close-fee')).toHaveAttribute('data-value', '6');
    expect(screen.getByTestId('fu-confirm-liq')).toHaveAttribute('data-value', '54216.86');
    fireEvent.click(screen.getByTestId('fu-confirm-cancel'));
    expect(screen.queryByTestId('fu-confirm-sheet')).toBeNull();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(sent(SUBMIT)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('fu-submit'));
    fireEvent.click(await screen.findByTestId('fu-confirm-open'));
    await waitFor(() => expect(sent(SUBMIT)).toHaveLength(1));
  });

  it('5x and below opens without asking; the slider moves over the contract choices', async () => {
    const { sent } = renderForm({ [SUBMIT]: ok({ order: { id: 3, status: 1 }, position: { id: 4 } }) });
    const slider = screen.getByTestId('fu-lev-slider') as HTMLInputElement;
    expect(slider.value).toBe('1');
    fireEvent.change(slider, { target: { value: '2' } });
    expect(screen.getByTestId('fu-lev-value')).toHaveTextContent('20x');
    fireEvent.change(slider, { target: { value: '0' } });
    expect(screen.getByTestId('fu-lev-5')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.change(contracts(), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('fu-submit'));
    await waitFor(() => expect(sent(SUBMIT)).toHaveLength(1));
    expect(screen.queryByTestId('fu-confirm-sheet')).toBeNull();
    expect(JSON.parse(sent(SUBMIT)[0].data as string)).toMatchObject({ leverage: 5 });
  });

  it('a take-profit and stop-loss go with a market open, and one on the wrong side of the price is refused here', async () => {
    const { sent } = renderForm({ [SUBMIT]: ok({ order: { id: 3, status: 1 }, position: { id: 4 }, stops: [] }) });
    fireEvent.click(screen.getByTestId('fu-lev-5'));
    fireEvent.change(contracts(), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByTestId('fu-preview')).toHaveAttribute('data-contracts', '10'));
    fireEvent.click(screen.getByTestId('fu-entry-tpsl'));
    // A long's take-profit below the price would fire at once.
    fireEvent.change(screen.getByTestId('fu-entry-tp'), { target: { value: '59000' } });
    expect(screen.getByText('Must be above 60,000.00')).toBeInTheDocument();
    expect(screen.getByTestId('fu-submit')).toBeDisabled();
    fireEvent.change(screen.getByTestId('fu-entry-tp'), { target: { value: '66000' } });
    fireEvent.change(screen.getByTestId('fu-entry-sl'), { target: { value: '57000' } });
    fireEvent.click(screen.getByTestId('fu-submit'));
    await waitFor(() => expect(sent(SUBMIT)).toHaveLength(1));
    expect(JSON.parse(sent(SUBMIT)[0].data as string)).toMatchObject({ delegateType: 1, takeProfit: '66000', stopLoss: '57000' });
    // A limit order carries none: the fields go away with the market kind.
    fireEvent.click(screen.getByTestId('fu-kind-limit'));
    expect(screen.queryByTestId('fu-entry-tp')).toBeNull();
  });
});
