import { compareDecimal, formatAmount, formatCompact, formatPercent, formatPrice } from './number';

describe('number formatting', () => {
  it('truncates amounts instead of rounding up', () => {
    expect(formatAmount('12.999')).toBe('12.99');
    expect(formatAmount('0.1', 8)).toBe('0.10000000');
  });
  it('keeps decimal precision that floats would lose', () => {
    expect(formatAmount('0.30000000000000000001', 20)).toBe('0.30000000000000000001');
  });
  it('formats prices by magnitude', () => {
    expect(formatPrice('67321.987')).toBe('67321.98');
    expect(formatPrice('45.123456')).toBe('45.1234');
    expect(formatPrice('1.23456789')).toBe('1.234567');
    expect(formatPrice('0.000012345678')).toBe('0.00001234');
    expect(formatPrice('0.0000012345678')).toBe('0.00000123456');
  });
  it('shows a placeholder for missing values', () => {
    expect(formatPrice(undefined)).toBe('--');
    expect(formatAmount('abc')).toBe('--');
  });
  it('compacts large numbers with K, M, B, T', () => {
    expect(formatCompact('1500')).toBe('1.50K');
    expect(formatCompact('2500000')).toBe('2.50M');
    expect(formatCompact('7000000000')).toBe('7.00B');
    expect(formatCompact('1200000000000')).toBe('1.20T');
    expect(formatCompact('999')).toBe('999.00');
  });
  it('signs percent changes', () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.5')).toBe('-0.50%');
  });
  it('compares decimal strings exactly', () => {
    expect(compareDecimal('0.3', '0.1')).toBe(1);
    expect(compareDecimal('100', '100.0')).toBe(0);
  });
});
