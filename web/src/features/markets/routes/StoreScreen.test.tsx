import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { SocketClient, setMarketSocket, type WebSocketLike } from '@/shared/socket/socket-client';
import StoreScreen from './StoreScreen';

const quietSocket: WebSocketLike = { readyState: 0, onopen: null, onclose: null, onerror: null, onmessage: null, send: () => {}, close: () => {} };

function renderAt(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/store" element={<StoreScreen />} />
          <Route path="/trade" element={<div data-testid="trade-page" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const ticker = (coin: string, close: string, openPrice: string, volume2: string) => ({ coin, symbol: `${coin}usdt`, close, openPrice, volume2 });

beforeEach(() => {
  resetAll();
  setMarketSocket(new SocketClient({ url: () => 'ws://t/ws/x', create: () => quietSocket }));
  mockHttp({
    'GET /api/common/getCoinList': ok({
      coinList: [{ coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', customizeFlag: 2, amount: '0', open: '0' }],
      currencyList: [
        { coin: 'btc', symbol: 'btcusdt' },
        { coin: 'doge', symbol: 'dogeusdt' },
        { coin: 'eth', symbol: 'ethusdt' },
      ],
      contractList: [],
      optionList: [],
    }),
    'GET /api/market/ticker': ok([ticker('btc', '90000', '88000', '100'), ticker('doge', '0.3', '0.31', '300'), ticker('eth', '3000', '3100', '200')]),
  });
});
afterEach(() => setMarketSocket(null));

const names = () => within(screen.getByTestId('markets-list-spot')).getAllByTestId('markets-name').map((e) => e.textContent);

describe('markets tab', () => {
  it('shows a product with no instruments as an empty state, not a blank', async () => {
    renderAt('/store?tab=futures');
    expect(await screen.findByTestId('markets-empty-futures')).toHaveTextContent('No futures contracts are listed yet.');
  });

  it('lists spot pairs with prices from the tickers; headers sort, search filters', async () => {
    renderAt('/store?tab=spot');
    await screen.findByTestId('markets-list-spot');
    expect(names()).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT']);
    const btcPrice = within(screen.getByTestId('markets-row-btcusdt')).getByTestId('markets-price');
    expect(btcPrice).toHaveTextContent(/^90,?000\.00$/);
    expect(btcPrice).toHaveClass('up');
    expect(within(screen.getByTestId('markets-row-dogeusdt')).getByTestId('markets-price')).toHaveClass('down');

    fireEvent.click(screen.getByTestId('markets-sort-turnover'));
    expect(names()).toEqual(['DOGE/USDT', 'ETH/USDT', 'BTC/USDT']);
    fireEvent.click(screen.getByTestId('markets-sort-turnover'));
    expect(names()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    fireEvent.click(screen.getByTestId('markets-sort-turnover'));
    expect(names()).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT']);

    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'eth' } });
    expect(names()).toEqual(['ETH/USDT']);
    fireEvent.change(screen.getByTestId('markets-search'), { target: { value: 'nope' } });
    expect(screen.getByTestId('markets-no-match')).toHaveTextContent('nope');
  });

  it('a spot row opens the spot trade screen for its pair', async () => {
    renderAt('/store?tab=spot');
    const row = await screen.findByTestId('markets-row-ethusdt');
    expect(row).toHaveAttribute('href', '/trade?tab=BBTrading&symbol=ethusdt');
    fireEvent.click(row);
    expect(await screen.findByTestId('trade-page')).toBeInTheDocument();
  });
});
