import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { ContractPosition } from '../api';
import { CloseSheet } from './PositionSheets';

vi.mock('@/features/wallet/balances', () => ({ refreshAfterMoneyMovement: async () => {} }));

const CLOSE = 'POST /api/contract/position/stopOrder';

/** 0.01 BTC long of 0.0001 BTC contracts: 100 contracts. */
const POSITION: ContractPosition = {
  id: 7,
  symbol: 'btcusdt',
  coin: 'btc',
  type: 0,
  leverage: 10,
  openNum: '0.01',
  openPrice: '60000',
  markPrice: '60100',
  markTime: 1,
  markSource: 'tape',
  unrealisedPnl: '1',
  roe: '0.0166',
  amount: '60',
  adjustAmount: '60',
  closePrice: '54300',
  marginRatio: '0.05',
  earn: '0',
  grossPnl: '0',
  fees: '0.6',
  funding: '0',
  dealPrice: null,
  status: 0,
  createTime: 1,
  updateTime: 1,
  dealTime: null,
  copied: false,
};

function renderSheet() {
  const calls = mockHttp({ [CLOSE]: ok(POSITION) });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CloseSheet position={POSITION} shareNumber="0.0001" onClose={onClose} />
    </QueryClientProvider>,
  );
  const sent = () => calls.filter((c) => `${c.method?.toUpperCase()} ${c.url}` === CLOSE);
  return { sent, onClose };
}

const count = () => screen.getByTestId('fu-close-contracts') as HTMLInputElement;

beforeEach(() => resetAll());

describe('futures close sheet', () => {
  it('closes a share of the position in whole contracts', async () => {
    const { sent, onClose } = renderSheet();
    expect(count().value).toBe('100');
    fireEvent.click(screen.getByTestId('fu-close-25'));
    expect(count().value).toBe('25');
    expect(screen.getByTestId('fu-close-count')).toHaveTextContent('25 of 100');
    fireEvent.click(screen.getByTestId('fu-close-confirm'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].params).toEqual({ id: 7, num: '25' });
    expect(sent()[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes a typed number of contracts, all of them without num', async () => {
    const { sent } = renderSheet();
    fireEvent.change(count(), { target: { value: '30' } });
    expect(screen.getByTestId('fu-close-count')).toHaveTextContent('30 of 100');
    fireEvent.change(count(), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('fu-close-confirm'));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0].params).toEqual({ id: 7 });
  });

  it('refuses more contracts than the position holds, or none', () => {
    renderSheet();
    fireEvent.change(count(), { target: { value: '101' } });
    expect(screen.getByText('At most 100 contracts')).toBeInTheDocument();
    expect(screen.getByTestId('fu-close-confirm')).toBeDisabled();
    fireEvent.change(count(), { target: { value: '0' } });
    expect(screen.getByTestId('fu-close-confirm')).toBeDisabled();
    fireEvent.change(count(), { target: { value: '1.5' } });
    expect(count().value).toBe('0');
  });
});
