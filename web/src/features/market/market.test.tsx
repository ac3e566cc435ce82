import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useSession } from '@/shared/session/session-store';
import { useSettings } from '@/shared/settings/settings-store';
import { livePriceOf, useLiveTicks } from './live';
import { useWatchlist } from './queries';
import { searchMarkets } from './search';
import type { CoinList } from './types';

const list: CoinList = {
  coinList: [
    { coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', amount: '67000.5', open: '66000' },
    { coin: 'eth', symbol: 'ethusdt', showSymbol: 'ETH/USDT', amount: '3000', open: '3100' },
  ],
  currencyList: [{ coin: 'btc', symbol: 'btcusdt' }, { coin: 'doge', symbol: 'dogeusdt' }],
  contractList: [{ coin: 'xrp', symbol: 'XRP/USDT', showSymbol: 'XRP-PERP', customizeFlag: 2 }],
  optionList: [],
};

describe('market search', () => {
  it('finds coins and pairs case-insensitively, each market once', () => {
    expect(searchMarkets(list, '').map((m) => m.coin)).toEqual(['btc', 'eth', 'doge', 'xrp']);
    expect(searchMarkets(list, 'BTC').map((m) => m.coin)).toEqual(['btc']);
    expect(searchMarkets(list, 'eth/usdt').map((m) => m.coin)).toEqual(['eth']);
    expect(searchMarkets(list, 'xrpusdt').map((m) => m.coin)).toEqual(['xrp']);
    expect(searchMarkets(list, 'perp').map((m) => m.coin)).toEqual(['xrp']);
    expect(searchMarkets(list, 'zzz')).toEqual([]);
  });
});

describe('live prices', () => {
  beforeEach(() => useLiveTicks.getState().reset());
  it('uses the REST price until a tick arrives, then the tick, with exact change', () => {
    const btc = list.coinList[0];
    const rest = livePriceOf(btc, undefined);
    expect(rest).toMatchObject({ price: '67000.5', live: false, tick: 0 });
    expect(rest.percent?.toFixed(4)).toBe('1.5159');
    useLiveTicks.getState().apply({ type: 'DETAIL', symbol: 'BTCUSDT', data: { open: '66000', close: '67100' } });
    useLiveTicks.getState().apply({ type: 'DETAIL', symbol: 'btcusdt', data: { open: '66000', close: '67050' } });
    const tick = useLiveTicks.getState().bySymbol.btcusdt;
    const live = livePriceOf(btc, tick);
    expect(live).toMatchObject({ price: '67050', live: true, tick: -1 });
  });
});

describe('watchlist', () => {
  beforeEach(() => {
    resetAll();
    useSession.setState({ token: 't1', isSign: true });
  });
  const wrapper = (qc: QueryClient) => ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;

  it('loads the list and records the watched coins', async () => {
    mockHttp({ 'GET /api/userCoin/getUserCoin': ok([{ coin: 'BTC', symbol: 'btcusdt' }]) });
    const { result } = renderHook(() => useWatchlist(), { wrapper: wrapper(new QueryClient({ defaultOptions: { queries: { retry: false } } })) });
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    expect(useSettings.getState().hasCollectCoin).toEqual(['btc']);
  });

  it('keeps its data when the response code is not 200 (spec 4)', async () => {
    let reply = ok([{ coin: 'btc' }]);
    mockHttp({ 'GET /api/userCoin/getUserCoin': () => reply });
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useWatchlist(), { wrapper: wrapper(qc) });
    await waitFor(() => expect(result.current.items).toHaveLength(1));
    reply = { data: { code: 201, msg: 'busy', data: [] } } as typeof reply;
    await act(async () => {
      await result.current.refetch();
    });
    expect(result.current.items.map((w) => w.coin)).toEqual(['btc']);
    expect(useSettings.getState().hasCollectCoin).toEqual(['btc']);
  });

  it('is empty and makes no call when signed out', () => {
    useSession.setState({ token: '', isSign: false });
    const calls = mockHttp({});
    const { result } = renderHook(() => useWatchlist(), { wrapper: wrapper(new QueryClient()) });
    expect(result.current.items).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
