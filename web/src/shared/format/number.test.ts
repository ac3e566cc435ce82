import { changePercent, compareDecimal, direction, formatAmount, formatCompact, formatNumber, formatPercent, formatPrice, formatTickPercent } from './number';
import { localizeNumberText } from './decimal-format';

describe('number formatting', () => {
  it('truncates amounts instead of rounding up', () => {
    expect(formatAmount('12.999')).toBe('12.99');
    expect(formatAmount('0.1', 8)).toBe('0.10000000');
  });
  it('keeps decimal precision that floats would lose', () => {
    expect(formatAmount('0.30000000000000000001', 20)).toBe('0.30000000000000000001');
  });
  it('formats prices by magnitude', () => {
    expect(formatPrice('67321.987')).toBe('67,321.98');
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

describe('price formatting at every threshold (spec 9)', () => {
  it.each([
    // below 0.00001: six significant digits
    ['0.0000099999999', '0.00000999999'],
    ['0.0000012345678', '0.00000123456'],
    // at 0.00001 .. below 0.0001: four significant digits
    ['0.00001', '0.00001'],
    ['0.000012345678', '0.00001234'],
    ['0.000099999999', '0.00009999'],
    // at 0.0001 .. below 0.001: four significant digits for prices (the "two or four" choice)
    ['0.0001', '0.0001'],
    ['0.00012345678', '0.0001234'],
    ['0.00099999999', '0.0009999'],
    // at 0.001 .. below 10: six decimals
    ['0.001', '0.001000'],
    ['0.0012345678', '0.001234'],
    ['9.99999999', '9.999999'],
    // at 10 .. below 100: four decimals
    ['10', '10.0000'],
    ['99.99999', '99.9999'],
    // at 100 and above: two decimals
    ['100', '100.00'],
    ['67321.989', '67,321.98'],
  ])('formatPrice(%s) = %s', (input, out) => {
    expect(formatPrice(input)).toBe(out);
  });

  it.each([
    ['0.0000099999999', '0.00000999999'],
    ['0.00001', '0.00001'],
    ['0.000012345678', '0.000012'],
    ['0.000099999999', '0.000099'],
    ['0.0001', '0.0001'],
    ['0.00012345678', '0.00012'],
    ['0.00099999999', '0.00099'],
    ['0.001', '0.001000'],
    ['9.99999999', '9.999999'],
    ['10', '10.0000'],
    ['99.99999', '99.9999'],
    ['100', '100.00'],
  ])('formatNumber(%s) = %s (generic: two significant digits below 0.001)', (input, out) => {
    expect(formatNumber(input)).toBe(out);
  });

  it('never rounds up', () => {
    expect(formatPrice('199.999')).toBe('199.99');
    expect(formatPrice('0.99999999')).toBe('0.999999');
    expect(formatPrice('0.00000999999999')).toBe('0.00000999999');
    expect(formatNumber('0.000999')).toBe('0.00099');
    expect(formatCompact('999999')).toBe('999.99K');
    expect(formatPercent('12.349')).toBe('+12.34%');
  });

  it('formats negative values by their magnitude, truncated toward zero', () => {
    expect(formatPrice('-0.5')).toBe('-0.500000');
    expect(formatPrice('-45.67899')).toBe('-45.6789');
    expect(formatPrice('-1234.567')).toBe('-1,234.56');
    expect(formatPrice('-0.000012345678')).toBe('-0.00001234');
  });

  it('shows zero plainly', () => {
    expect(formatPrice('0')).toBe('0.00');
    expect(formatNumber(0)).toBe('0.00');
  });
});

describe('compact units at their thresholds', () => {
  it.each([
    ['999.999', '999.99'],
    ['1000', '1.00K'],
    ['999999.99', '999.99K'],
    ['1000000', '1.00M'],
    ['999999999', '999.99M'],
    ['1000000000', '1.00B'],
    ['999999999999', '999.99B'],
    ['1000000000000', '1.00T'],
    ['-2500000', '-2.50M'],
  ])('formatCompact(%s) = %s', (input, out) => {
    expect(formatCompact(input)).toBe(out);
  });
});

describe('percent change', () => {
  it('has two decimals, a sign, and truncates negative changes toward zero', () => {
    expect(formatPercent('-3.456')).toBe('-3.45%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-0.001')).toBe('0.00%');
    expect(formatPercent('2')).toBe('+2.00%');
  });
  it('live ticks show an absolute change below 0.01 as 0.01', () => {
    expect(formatTickPercent('0.009')).toBe('+0.01%');
    expect(formatTickPercent('-0.009')).toBe('-0.01%');
    expect(formatTickPercent('0')).toBe('+0.01%');
    expect(formatTickPercent('0.01')).toBe('+0.01%');
    expect(formatTickPercent('-0.01')).toBe('-0.01%');
    expect(formatTickPercent('-0.019')).toBe('-0.01%');
    expect(formatTickPercent('1.239')).toBe('+1.23%');
  });
  it('computes the change from open to close exactly', () => {
    expect(changePercent('100', '101.5')?.toString()).toBe('1.5');
    expect(changePercent('0.1', '0.3')?.toString()).toBe('200');
    expect(changePercent('0', '1')).toBeNull();
    expect(direction('-0.1')).toBe(-1);
    expect(direction('0')).toBe(0);
    expect(direction('2')).toBe(1);
  });
});

describe('in the interface language', () => {
  it('keeps the spec digits and writes the language separators', () => {
    expect(localizeNumberText('67321.98', 'de')).toBe('67.321,98');
    expect(localizeNumberText('+2.13%', 'de')).toBe('+2,13%');
    expect(localizeNumberText('-0.00001234', 'fr')).toBe('-0,00001234');
    expect(localizeNumberText('1.50K', 'de')).toBe('1,50K');
    expect(localizeNumberText('+2.13%', 'ar')).toBe('+2.13%');
    expect(localizeNumberText('--', 'de')).toBe('--');
  });
});
