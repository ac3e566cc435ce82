import type { Ticker } from '@/features/market';
import type { AssetBalance } from '@/features/wallet';
import { portfolioSummary } from './portfolio';

const ticker = (coin: string, openPrice: string, close = openPrice): Ticker =>
  ({ coin, close, openPrice, change: '0', priceChangePercent: '0', volume: '0', high24: close, low24: close, high: close, low: close }) as Ticker;

const row = (coin: string, total: string, usdtPrice: string | null, usdtValue: string | null) => ({ coin, available: total, frozen: '0', total, usdtPrice, usdtValue });

describe("today's change of the holdings", () => {
  it('sums value now less value at the 24 h open, exactly, over every wallet', () => {
    const balance: AssetBalance = {
      totalUsdt: '1330.1',
      wallets: [
        { wallet: 'spot', totalUsdt: '1110.1', assets: [row('USDT', '100', '1', '100'), row('BTC', '0.01', '101000.1', '1010.001'), row('ETH', '0', '3000', '0')] },
        { wallet: 'contract', totalUsdt: '220', assets: [row('ETH', '0.1', '2200', '220')] },
      ],
    };
    const tickers = { btc: ticker('btc', '100000'), eth: ticker('eth', '2000') };
    const s = portfolioSummary(balance, tickers);
    // BTC: 1010.001 - 0.01 x 100000 = 10.001; ETH: 220 - 0.1 x 2000 = 20; USDT does not move.
    expect(s.change.toFixed()).toBe('30.001');
    expect(s.total.toFixed()).toBe('1330.1');
    // Against the value 24 h ago: 30.001 / (1330.1 - 30.001) x 100.
    expect(s.percent?.toFixed(6, 1)).toBe('2.307593');
    expect(s.unpriced).toEqual([]);
  });

  it('is exact where floats are not (0.1 + 0.2)', () => {
    const balance: AssetBalance = { totalUsdt: '0.3', wallets: [{ wallet: 'spot', totalUsdt: '0.3', assets: [row('TRX', '1', '0.1', '0.1'), row('DOGE', '1', '0.2', '0.2')] }] };
    const s = portfolioSummary(balance, { trx: ticker('trx', '0.05'), doge: ticker('doge', '0.05') });
    expect(s.change.toFixed()).toBe('0.2');
    expect(s.percent?.toFixed()).toBe('200');
  });

  it('leaves out and names coins without a price or a 24 h open; a loss is negative', () => {
    const balance: AssetBalance = {
      totalUsdt: '90',
      wallets: [{ wallet: 'spot', totalUsdt: '90', assets: [row('SOL', '1', '90', '90'), row('XRP', '5', null, null), row('LTC', '2', '50', '100')] }],
    };
    const s = portfolioSummary(balance, { sol: ticker('sol', '100') });
    expect(s.change.toFixed()).toBe('-10');
    expect(s.percent?.toFixed()).toBe('-10');
    expect(s.unpriced).toEqual(['LTC', 'XRP']);
  });

  it('has no percent when nothing was held 24 h ago', () => {
    const s = portfolioSummary({ totalUsdt: '0', wallets: [] }, {});
    expect(s.change.isZero()).toBe(true);
    expect(s.percent).toBeNull();
  });
});
