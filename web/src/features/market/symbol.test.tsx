import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mockHttp, ok } from '@/test/mock-http';
import { resetAll } from '@/test/reset';
import { useCoinVolume } from './queries';
import { coinLabel, displayCoin, displaySymbol, needsVolumeLookup, streamSymbol } from './symbol';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
);

describe('symbol display (spec 3)', () => {
  it('shows showSymbol when customizeFlag is 2, else symbol', () => {
    expect(displaySymbol({ coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', customizeFlag: 2 })).toBe('BTC/USDT');
    expect(displaySymbol({ coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', customizeFlag: '2' })).toBe('BTC/USDT');
    expect(displaySymbol({ coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT', customizeFlag: 1 })).toBe('btcusdt');
    expect(displaySymbol({ coin: 'btc', symbol: 'btcusdt', showSymbol: 'BTC/USDT' })).toBe('btcusdt');
  });
  it('lower-cases the coin unless the market is mt5', () => {
    expect(displayCoin({ coin: 'BTC', market: 'binance' })).toBe('btc');
    expect(displayCoin({ coin: 'BTC' })).toBe('btc');
    expect(displayCoin({ coin: 'XAUusd', market: 'mt5' })).toBe('XAUusd');
    expect(coinLabel({ coin: 'btc' })).toBe('BTC');
    expect(coinLabel({ coin: 'XAUusd', market: 'mt5' })).toBe('XAUusd');
  });
  it('needs a volume lookup only for coinType 3', () => {
    expect(needsVolumeLookup({ coinType: 3 })).toBe(true);
    expect(needsVolumeLookup({ coinType: '3' })).toBe(true);
    expect(needsVolumeLookup({ coinType: 1 })).toBe(false);
    expect(needsVolumeLookup({})).toBe(false);
  });
  it('derives the stream symbol', () => {
    expect(streamSymbol({ coin: 'btc', symbol: 'BTC/USDT' })).toBe('btcusdt');
    expect(streamSymbol({ coin: 'eth' })).toBe('ethusdt');
    expect(streamSymbol('BTCUSDT')).toBe('btcusdt');
  });
});

describe('24 h volume lookup (coinType 3)', () => {
  beforeEach(() => resetAll());
  it('calls getMt5Amount for a coinType 3 coin and returns the decimal string', async () => {
    const calls = mockHttp({ 'POST /api/common/getMt5Amount': ok('123456.789') });
    const { result } = renderHook(() => useCoinVolume({ coin: 'XAUusd', coinType: 3 }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe('123456.789'));
    expect(calls[0].params).toEqual({ coin: 'XAUusd' });
  });
  it('makes no call for other coins', async () => {
    const calls = mockHttp({});
    const { result } = renderHook(() => useCoinVolume({ coin: 'btc', coinType: 1 }), { wrapper });
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current.fetchStatus).toBe('idle');
    expect(calls).toHaveLength(0);
  });
});
