import type { SymbolRow, Ticker } from '@/features/market';
import { boardRows } from './boards';

const row = (coin: string, priceChangePercent: string, volume: string): SymbolRow => ({ coin, symbol: `${coin}usdt`, priceChangePercent, volume });
const ticker = (coin: string, volume2: string) => ({ coin, volume2 }) as Ticker;

describe('home boards', () => {
  const rows = [row('btc', '1.5', '1000'), row('doge', '-3', '900000000'), row('eth', '0.25', '20000'), row('sol', '2', '5')];

  it('rank turnover by 24 h USDT turnover, not base-coin volume, and carry it to the row', () => {
    // DOGE trades the most coins, BTC the most dollars.
    const tickers = { btc: ticker('btc', '95000000.5'), doge: ticker('doge', '290000000'), eth: ticker('eth', '68000000') };
    const out = boardRows('turnover', rows, tickers);
    expect(out.map((r) => r.coin)).toEqual(['doge', 'btc', 'eth', 'sol']);
    expect(out[1].turnover).toBe('95000000.5');
    expect(out[3].turnover).toBeUndefined();
    const byDollars = boardRows('turnover', rows, { btc: ticker('btc', '300000000'), doge: ticker('doge', '290000000') });
    expect(byDollars.map((r) => r.coin)).toEqual(['btc', 'doge', 'eth', 'sol']);
  });

  it('order gainers and losers by exact percent change, ten at most', () => {
    expect(boardRows('gainers', rows, undefined).map((r) => r.coin)).toEqual(['sol', 'btc', 'eth', 'doge']);
    expect(boardRows('losers', rows, undefined).map((r) => r.coin)).toEqual(['doge', 'eth', 'btc', 'sol']);
    const many = Array.from({ length: 14 }, (_, i) => row(`c${i}`, String(i), '1'));
    expect(boardRows('gainers', many, undefined)).toHaveLength(10);
  });
});
