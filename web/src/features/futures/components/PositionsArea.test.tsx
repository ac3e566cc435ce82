import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import type { ContractPosition } from '../api';
import { PositionsArea } from './PositionsArea';

vi.mock('@/features/wallet/balances', () => ({ refreshAfterMoneyMovement: async () => {} }));

/** The trade: +0.3516 before fees of 1.9021, a 1.5505 loss. */
const CLOSED: ContractPosition = {
  id: 12,
  symbol: 'btcusdt',
  coin: 'btc',
  type: 0,
  leverage: 10,
  openNum: '0.01',
  openPrice: '95100.1234',
  markPrice: null,
  unrealisedPnl: null,
  roe: null,
  amount: '95.1',
  adjustAmount: '0',
  closePrice: null,
  marginRatio: null,
  earn: '0.3516',
  grossPnl: '0.3516',
  fees: '1.9021',
  funding: '0',
  netPnl: '-1.5505',
  dealPrice: '95135.28',
  status: 1,
  createTime: 1,
  updateTime: 2,
  dealTime: 2,
  copied: false,
};

function renderArea(rows: ContractPosition[]) {
  mockHttp({
    'GET /api/contract/position/list': (config: InternalAxiosRequestConfig) =>
      ok({ rows: (config.params as { status: number }).status === 1 ? rows : [], total: (config.params as { status: number }).status === 1 ? rows.length : 0 }),
    'POST /api/contract/loss/list': ok({ rows: [], total: 0 }),
    'GET /api/common/getCoinList': ok({ coinList: [], currencyList: [{ coin: 'btc', basePrecision: 2 }], contractList: [] }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PositionsArea isSign shareNumberOf={() => '0.0001'} available="100" />
    </QueryClientProvider>,
  );
}

beforeEach(() => resetAll());

describe('futures history', () => {
  it('shows a gross gain eaten by its fees as a red net loss, with gross, fees and funding', async () => {
    renderArea([CLOSED]);
    fireEvent.click(screen.getByTestId('fu-tab-history'));
    const net = await screen.findByTestId('fu-history-net');
    expect(net).toHaveAttribute('data-value', '-1.5505');
    expect(net).toHaveClass('down');
    expect(net).not.toHaveClass('up');
    expect(net).toHaveTextContent('Net PnL -1.5505 USDT');
    expect(screen.getByTestId('fu-history-earn')).toHaveTextContent('+0.3516');
    expect(screen.getByTestId('fu-history-earn').firstElementChild).toHaveClass('up');
    expect(screen.getByTestId('fu-history-fees')).toHaveTextContent('1.9021');
    expect(screen.getByTestId('fu-history-funding')).toHaveTextContent('0.00');
    // Prices at the pair's tick: 2 decimals for BTC.
    await waitFor(() => expect(screen.getByTestId('fu-history-12')).toHaveTextContent('95,100.12'));
  });

  it('a net gain is green', async () => {
    renderArea([{ ...CLOSED, grossPnl: '5', earn: '5', netPnl: '3.0979' }]);
    fireEvent.click(screen.getByTestId('fu-tab-history'));
    const net = await screen.findByTestId('fu-history-net');
    expect(net).toHaveClass('up');
    expect(net).toHaveTextContent('+3.0979');
  });
});
