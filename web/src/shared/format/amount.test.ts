import { allAmount, decimalsOf, sanitizeAmountInput, validateAmount } from './amount';

describe('validateAmount (decimal.js, never floats)', () => {
  const rules = { scale: 6, min: '20', max: '1000000', available: '150.1' };

  it('accepts a plain decimal inside every limit, exactly', () => {
    const r = validateAmount('20.000001', rules);
    expect(r.ok && r.value.toFixed()).toBe('20.000001');
    expect(validateAmount('150.1', rules).ok).toBe(true);
    expect(validateAmount('20', rules).ok).toBe(true);
    // 0.1 + 0.2 style float drift cannot happen: 150.1 is compared exactly
    expect(validateAmount('150.100000', rules).ok).toBe(true);
  });

  it('refuses empty, malformed and non-positive input', () => {
    expect(validateAmount('', rules)).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(validateAmount('1e3', rules)).toEqual({ ok: false, error: { kind: 'format' } });
    expect(validateAmount('-5', rules)).toEqual({ ok: false, error: { kind: 'format' } });
    expect(validateAmount('1.2.3', rules)).toEqual({ ok: false, error: { kind: 'format' } });
    expect(validateAmount('0', {})).toEqual({ ok: false, error: { kind: 'positive' } });
  });

  it('checks precision before the limits, counting trailing zeros as typed', () => {
    expect(validateAmount('25.1234567', rules)).toEqual({ ok: false, error: { kind: 'precision', scale: 6 } });
    expect(validateAmount('25.1000000', rules)).toEqual({ ok: false, error: { kind: 'precision', scale: 6 } });
    expect(validateAmount('5', { scale: 0 }).ok).toBe(true);
    expect(validateAmount('5.5', { scale: 0 })).toEqual({ ok: false, error: { kind: 'precision', scale: 0 } });
  });

  it('checks minimum and maximum inclusively, then the balance', () => {
    expect(validateAmount('19.999999', rules)).toEqual({ ok: false, error: { kind: 'min', min: '20' } });
    expect(validateAmount('1000000.000001', { ...rules, available: '2000000' })).toEqual({ ok: false, error: { kind: 'max', max: '1000000' } });
    expect(validateAmount('1000000', { ...rules, available: '2000000' }).ok).toBe(true);
    expect(validateAmount('150.100001', rules)).toEqual({ ok: false, error: { kind: 'balance', available: '150.1' } });
  });

  it('handles amounts beyond float precision', () => {
    const big = { scale: 18, available: '12345678901234567.123456789012345678' };
    expect(validateAmount('12345678901234567.123456789012345678', big).ok).toBe(true);
    expect(validateAmount('12345678901234567.123456789012345679', big).ok).toBe(false);
  });

  it('refuses 20 whole digits and more, as the server does', () => {
    expect(validateAmount('99999999999999999999').ok).toBe(true);
    expect(validateAmount('100000000000000000000')).toEqual({ ok: false, error: { kind: 'tooLarge' } });
    expect(validateAmount('79228162514264337593543950335', { scale: 8 })).toEqual({ ok: false, error: { kind: 'tooLarge' } });
  });
});

describe('amount input helpers', () => {
  it('keeps digits and one point while typing', () => {
    expect(sanitizeAmountInput('12,5')).toBe('12.5');
    expect(sanitizeAmountInput('1.2.3a')).toBe('1.23');
    expect(decimalsOf('1.500')).toBe(3);
  });

  it('"all" truncates the balance to the precision, never rounding up', () => {
    expect(allAmount('10.123456789', 6)).toBe('10.123456');
    expect(allAmount('0.9999999', 2)).toBe('0.99');
    expect(allAmount('0', 2)).toBe('');
    expect(allAmount('7.5', null)).toBe('7.5');
  });
});
