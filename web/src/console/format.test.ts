import { formatBalanceAt, formatPriceAt } from '@/shared/exact/precision';
import { fmtBalance, fmtNumber, fmtPrice } from './format';

describe('the console writes figures with the app formatter', () => {
  it('keeps every decimal, groups the whole part, in both languages', () => {
    expect(fmtNumber('1234567.000123', 'en')).toBe('1,234,567.000123');
    expect(fmtNumber('1234567.000123', 'zh')).toBe('1,234,567.000123');
    expect(fmtNumber('-0.5', 'en')).toBe('-0.5');
    expect(fmtNumber(42, 'en')).toBe('42');
    expect(fmtNumber('99999999999999999999.12345678', 'en')).toBe('99,999,999,999,999,999,999.12345678');
    expect(fmtNumber('1.23456', 'en', 2)).toBe('1.23');
    expect(fmtNumber(null)).toBe('—');
    expect(fmtNumber('abc')).toBe('abc');
  });

  it('prices and balances follow the same pair rules as the app', () => {
    const btc = { price: 2, qty: 4 };
    expect(fmtPrice('95243.7612', btc, 'en')).toBe(formatPriceAt('95243.7612', btc, 'en-US'));
    expect(fmtPrice('95243.7612', btc, 'en')).toBe('95,243.76');
    expect(fmtBalance('0.000999', 4, 'zh')).toBe(formatBalanceAt('0.000999', 4, 'zh-CN'));
    expect(fmtBalance('0.000999', 4, 'en')).toBe('0.000999');
    expect(fmtPrice(undefined, btc)).toBe('—');
  });
});
