import { describe, expect, it } from 'vitest';
import { liquidationPrice, tickDecimals, tickPrice } from './price';

const pairs = [
  { coin: 'btc', basePrecision: 2 },
  { coin: 'ETH', basePrecision: '2' },
  { coin: 'doge', basePrecision: 5 },
  { coin: 'bad', basePrecision: 'x' },
];

describe('contract prices at the tick', () => {
  it('reads the tick from the coin spot pair, case-blind, null without one', () => {
    expect(tickDecimals(pairs, 'BTC')).toBe(2);
    expect(tickDecimals(pairs, 'eth')).toBe(2);
    expect(tickDecimals(pairs, 'doge')).toBe(5);
    expect(tickDecimals(pairs, 'bad')).toBeNull();
    expect(tickDecimals(pairs, 'sol')).toBeNull();
    expect(tickDecimals(undefined, 'btc')).toBeNull();
  });

  it('shows a price with exactly the tick decimals, cut', () => {
    expect(tickPrice('95243.7688', 2)).toBe('95,243.76');
    expect(tickPrice('0.123456', 5)).toBe('0.12345');
    expect(tickPrice('100', 2)).toBe('100.00');
  });

  it('rounds a liquidation price toward the entry', () => {
    // A long liquidates as the mark falls: shown a little higher, never lower.
    expect(liquidationPrice('86123.456789', false, 2)).toBe('86,123.46');
    // A short liquidates as it rises: shown a little lower.
    expect(liquidationPrice('104321.999', true, 2)).toBe('104,321.99');
    expect(liquidationPrice(null, false, 2)).toBe('--');
    expect(liquidationPrice('86123.45', false, null)).toBe('86,123.45');
  });
});
