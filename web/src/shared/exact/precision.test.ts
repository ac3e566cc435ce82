import Decimal from 'decimal.js';
import { formatAmountAt, formatBalanceAt, formatPriceAt, formatRate, LEDGER_SCALE, pairScales, type PairScales } from './precision';
import { parseFormatted } from './decimal-format';

/**
 * The spot pairs the server seeds (crates/store m0003 with spot's m0034 ticks):
 * price decimals (`basePrecision`) and lot decimals (`coinPrecision`).
 */
const CATALOGUE: Record<string, { basePrecision: number; coinPrecision: number }> = {
  BTC: { basePrecision: 2, coinPrecision: 4 },
  ETH: { basePrecision: 2, coinPrecision: 4 },
  BNB: { basePrecision: 2, coinPrecision: 4 },
  SOL: { basePrecision: 2, coinPrecision: 4 },
  LTC: { basePrecision: 2, coinPrecision: 4 },
  XRP: { basePrecision: 4, coinPrecision: 4 },
  TRX: { basePrecision: 4, coinPrecision: 4 },
  DOGE: { basePrecision: 4, coinPrecision: 0 },
};
const scales = (coin: string): PairScales | null => pairScales(CATALOGUE[coin.toUpperCase()]);
const decimalsOf = (text: string) => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

describe('a pair row carries its scales', () => {
  it('reads basePrecision and coinPrecision as whole numbers 0..18', () => {
    expect(pairScales({ basePrecision: 2, coinPrecision: '4' })).toEqual({ price: 2, qty: 4 });
    expect(pairScales({ basePrecision: 'x', coinPrecision: 4 })).toBeNull();
    expect(pairScales({ basePrecision: 19, coinPrecision: 4 })).toBeNull();
    expect(pairScales(undefined)).toBeNull();
  });
});

describe.each(Object.keys(CATALOGUE))('%s/USDT at its own rules', (coin) => {
  const pair = scales(coin)!;
  const tick = new Decimal(1).div(new Decimal(10).pow(pair.price));
  const lot = new Decimal(1).div(new Decimal(10).pow(pair.qty));

  it('a price shows exactly the tick decimals, cut, whatever the value carries', () => {
    for (const raw of ['95014.123456', '0.25', '7', '1234567.9']) {
      const text = formatPriceAt(raw, pair, 'en');
      expect(decimalsOf(parseFormatted(text, 'en')!)).toBe(pair.price);
      const shown = new Decimal(parseFormatted(text, 'en')!);
      // Cut, never rounded up, and within one tick of the value.
      expect(shown.lte(raw)).toBe(true);
      expect(new Decimal(raw).minus(shown).lt(tick)).toBe(true);
    }
  });

  it('a quantity on the lot shows the lot decimals; a finer one keeps its digits', () => {
    const onLot = lot.times(37);
    expect(parseFormatted(formatAmountAt(onLot, pair.qty, 'en'), 'en')).toBe(onLot.toFixed(pair.qty));
    const fine = lot.div(1000).plus(onLot);
    expect(new Decimal(parseFormatted(formatAmountAt(fine, pair.qty, 'en'), 'en')!).eq(fine)).toBe(true);
  });

  it('a balance below the lot is shown whole, never as less', () => {
    const dust = lot.times('0.999');
    const shown = new Decimal(parseFormatted(formatBalanceAt(dust, pair.qty, 'en'), 'en')!);
    expect(shown.eq(dust.toDecimalPlaces(LEDGER_SCALE, Decimal.ROUND_DOWN))).toBe(true);
    expect(shown.gt(0)).toBe(true);
    const text = formatBalanceAt('2', pair.qty, 'en');
    expect(decimalsOf(parseFormatted(text, 'en')!)).toBe(pair.qty);
  });
});

describe('the issue 34 figures', () => {
  it('0.000999 BTC is 0.000999, not 0.0009', () => {
    expect(formatBalanceAt('0.000999', scales('BTC')!.qty, 'en')).toBe('0.000999');
  });
  it('BTC prices at the pair tick (0.01), not 4 decimals', () => {
    expect(formatPriceAt('95243.7612', scales('BTC')!, 'en')).toBe('95,243.76');
    expect(formatPriceAt('95334', scales('BTC')!, 'en')).toBe('95,334.00');
  });
  it('the exchange rate is the coin price at its tick, not 1 USDT ≈ 0.00001052464 BTC', () => {
    expect(formatRate('0.00001052464', 'USDT', 'BTC', scales, 'en')).toEqual({ base: 'BTC', quote: 'USDT', price: '95,015.13' });
    expect(formatRate('95014.1234', 'BTC', 'USDT', scales, 'en')).toEqual({ base: 'BTC', quote: 'USDT', price: '95,014.12' });
    expect(formatRate('0.00000411', 'DOGE', 'BTC', scales, 'en')).toEqual({ base: 'DOGE', quote: 'BTC', price: '0.00000411' });
    expect(formatRate('0', 'USDT', 'BTC', scales, 'en')).toBeNull();
    expect(formatRate('x', 'USDT', 'BTC', scales, 'en')).toBeNull();
  });
  it('writes the separators of the language', () => {
    expect(formatPriceAt('95243.7612', scales('BTC')!, 'de')).toBe('95.243,76');
  });
});
