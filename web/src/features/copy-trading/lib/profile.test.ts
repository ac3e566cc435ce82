import { describe, expect, it } from 'vitest';
import { BIO_MAX, meetsMinimum, NAME_MAX, shortfall, validateProfile } from './profile';

describe('validateProfile', () => {
  it('trims and accepts a name and a bio', () => {
    expect(validateProfile({ traderName: '  Alpha  ', bio: ' Trend following ' })).toEqual({ ok: true, traderName: 'Alpha', bio: 'Trend following', orderDelaySeconds: null });
  });

  it('needs a name within the length, and a bio within its own', () => {
    expect(validateProfile({ traderName: '   ', bio: '' })).toEqual({ ok: false, errors: { traderName: { kind: 'nameRequired' } } });
    expect(validateProfile({ traderName: 'x'.repeat(NAME_MAX), bio: 'y'.repeat(BIO_MAX) }).ok).toBe(true);
    expect(validateProfile({ traderName: 'x'.repeat(NAME_MAX + 1), bio: 'y'.repeat(BIO_MAX + 1) })).toEqual({
      ok: false,
      errors: { traderName: { kind: 'nameLong', max: NAME_MAX }, bio: { kind: 'bioLong', max: BIO_MAX } },
    });
  });

  it('the delay is whole seconds from 0 to 3600', () => {
    expect(validateProfile({ traderName: 'A', bio: '', orderDelaySeconds: '0' })).toMatchObject({ ok: true, orderDelaySeconds: 0 });
    expect(validateProfile({ traderName: 'A', bio: '', orderDelaySeconds: '3600' })).toMatchObject({ ok: true, orderDelaySeconds: 3600 });
    for (const bad of ['', '3601', '1.5', '-1', 'ten']) expect(validateProfile({ traderName: 'A', bio: '', orderDelaySeconds: bad }).ok, bad).toBe(false);
  });
});

describe('the balance requirement', () => {
  it('compares exact decimals', () => {
    expect(meetsMinimum('1000', '1000')).toBe(true);
    expect(meetsMinimum('999.99999999', '1000')).toBe(false);
    expect(meetsMinimum(undefined, '1000')).toBeNull();
    expect(meetsMinimum('5', null)).toBeNull();
  });

  it('says what is missing, never below 0', () => {
    expect(shortfall('250.5', '1000')).toBe('749.5');
    expect(shortfall('2000', '1000')).toBe('0');
    expect(shortfall(undefined, '1000')).toBe('1000');
  });
});
