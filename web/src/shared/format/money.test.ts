import { coinScales, moneyFormat, scaleLookup } from './money';

const pairs = [
  { coin: 'btc', coinPrecision: 4 },
  { coin: 'doge', coinPrecision: '0' },
  { coin: 'eth', coinPrecision: 'x' },
];

describe('display precision per coin', () => {
  it('takes the spot pair precision; USDT 2; a coin without a pair 8', () => {
    const scaleOf = scaleLookup(coinScales(pairs));
    expect(scaleOf('BTC')).toBe(4);
    expect(scaleOf('doge')).toBe(0);
    expect(scaleOf('USDT')).toBe(2);
    expect(scaleOf('ETH')).toBe(8);
    expect(scaleOf('SOL')).toBe(8);
  });

  it('knows only USDT before the catalogue arrives', () => {
    const scaleOf = scaleLookup(null);
    expect(scaleOf('usdt')).toBe(2);
    expect(scaleOf('BTC')).toBeNull();
  });
});

describe('balances and amounts', () => {
  const en = moneyFormat(scaleLookup(coinScales(pairs)), 'en');
  it('a balance is padded to the coin precision and never cut to look smaller', () => {
    expect(en.balance('9904.8749399', 'USDT')).toBe('9,904.8749399');
    expect(en.balance('9904.87', 'USDT')).toBe('9,904.87');
    expect(en.balance('0.00149999', 'BTC')).toBe('0.00149999');
    expect(en.balance('0.000999', 'BTC')).toBe('0.000999');
    expect(en.balance('0.5', 'BTC')).toBe('0.5000');
    expect(en.balance('12345.9', 'DOGE')).toBe('12,345.9');
    // Finer than the ledger books is cut, toward zero.
    expect(en.balance('0.123456789', 'BTC')).toBe('0.12345678');
  });
  it('an amount in a record is padded but never cut', () => {
    expect(en.amount('0.000001', 'BTC')).toBe('0.000001');
    expect(en.amount('-0.001', 'BTC', { sign: 'always' })).toBe('-0.0010');
    expect(en.amount('25', 'USDT', { sign: 'always' })).toBe('+25.00');
  });
  it('a USDT value has 2 decimals in the language', () => {
    expect(en.usdt('1234567.899')).toBe('1,234,567.89');
    expect(moneyFormat(scaleLookup(null), 'de').usdt('1234567.899')).toBe('1.234.567,89');
  });
  it('before the catalogue, a coin balance shows exactly as sent', () => {
    expect(moneyFormat(scaleLookup(null), 'en').balance('1234.123456789', 'BTC')).toBe('1,234.123456789');
  });
});
