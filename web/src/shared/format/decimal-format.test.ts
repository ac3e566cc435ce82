import Decimal from 'decimal.js';
import { formatDecimal, numberSymbols, parseFormatted } from './decimal-format';

/** Spaces some locales group with (fr: narrow no-break space, others no-break space), shown as ' '. */
const plainSpaces = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDecimal: grouping and separators per language', () => {
  const value = '1234567.891';
  it.each([
    ['en', '1,234,567.891'],
    ['de', '1.234.567,891'],
    ['fr', '1 234 567,891'],
    ['ar', '1,234,567.891'],
    ['zh', '1,234,567.891'],
    ['ja', '1,234,567.891'],
    ['ru', '1 234 567,891'],
    ['pt', '1.234.567,891'],
  ])('%s writes %s', (locale, expected) => {
    expect(plainSpaces(formatDecimal(value, { locale }))).toBe(expected);
  });

  it('uses Latin digits and no bidi marks in Arabic', () => {
    const text = formatDecimal('-9904.8749399', { locale: 'ar', maxScale: 2, minScale: 2 });
    expect(text).toBe('-9,904.87');
    expect(text).not.toMatch(/[\u0660-\u0669\u200e\u200f\u061c]/);
  });

  it('names the separators Intl uses', () => {
    expect(numberSymbols('de')).toMatchObject({ group: '.', decimal: ',' });
    expect(numberSymbols('en')).toMatchObject({ group: ',', decimal: '.', minus: '-', plus: '+' });
    expect(plainSpaces(numberSymbols('fr').group)).toBe(' ');
  });

  it('follows the language rule for short numbers (es groups from 5 digits)', () => {
    expect(formatDecimal('1234.5', { locale: 'es' })).toBe('1234,5');
    expect(formatDecimal('12345.5', { locale: 'es' })).toBe('12.345,5');
  });
});

describe('formatDecimal: precision', () => {
  it('truncates, never rounds up a balance', () => {
    expect(formatDecimal('9904.8749399', { maxScale: 2, minScale: 2, locale: 'en' })).toBe('9,904.87');
    expect(formatDecimal('0.99999999', { maxScale: 4, minScale: 4, locale: 'en' })).toBe('0.9999');
    expect(formatDecimal('1.999', { maxScale: 0, locale: 'en' })).toBe('1');
  });

  it('pads to the minimum and keeps finer digits when there is no maximum', () => {
    expect(formatDecimal('0.5', { minScale: 4, locale: 'en' })).toBe('0.5000');
    expect(formatDecimal('0.000001', { minScale: 4, locale: 'en' })).toBe('0.000001');
    expect(formatDecimal('12', { locale: 'en' })).toBe('12');
  });

  it('is exact for huge values, beyond any float', () => {
    expect(formatDecimal('123456789012345678901234567890.123456789', { maxScale: 8, locale: 'en' })).toBe('123,456,789,012,345,678,901,234,567,890.12345678');
    expect(formatDecimal('99999999999999999999.99999999', { maxScale: 2, minScale: 2, locale: 'de' })).toBe('99.999.999.999.999.999.999,99');
  });

  it('is exact for tiny values, never in exponent form', () => {
    expect(formatDecimal('0.00000001', { locale: 'en' })).toBe('0.00000001');
    expect(formatDecimal(new Decimal('1e-18'), { locale: 'fr' })).toBe('0,000000000000000001');
    expect(formatDecimal('0.00000001', { maxScale: 4, minScale: 4, locale: 'en' })).toBe('0.0000');
  });

  it('signs negative values, and positive ones when asked; a value cut to zero has no sign', () => {
    expect(formatDecimal('-1234.5', { locale: 'en' })).toBe('-1,234.5');
    expect(formatDecimal('-1234.5', { locale: 'de', minScale: 2 })).toBe('-1.234,50');
    expect(formatDecimal('-0.001', { maxScale: 2, minScale: 2, locale: 'en' })).toBe('0.00');
    expect(formatDecimal('2.5', { sign: 'always', locale: 'en' })).toBe('+2.5');
    expect(formatDecimal('0', { sign: 'always', locale: 'en' })).toBe('0');
  });

  it('shows -- for a missing or malformed value', () => {
    expect(formatDecimal(undefined)).toBe('--');
    expect(formatDecimal('')).toBe('--');
    expect(formatDecimal('abc')).toBe('--');
  });

  it('reads back what it wrote', () => {
    for (const locale of ['en', 'de', 'fr', 'ar', 'ja']) {
      expect(parseFormatted(formatDecimal('-1234567.25', { locale }), locale)).toBe('-1234567.25');
    }
  });
});
