import { describe, expect, it } from 'vitest';
import { followExample, shareFraction, sharePercent } from './example';

describe('followExample', () => {
  it('a 50 % ratio copies 5 of the lead’s 10 contracts; a 20 % share takes 20 of 100 USDT', () => {
    const e = followExample({ followType: 0, followRate: '50', followAmount: '', shareRate: '0.2' });
    expect(e).toMatchObject({ leadContracts: '10', copyContracts: '5', copyExact: '5', margin: null, sharePercent: '20', profit: '100', share: '20', keep: '80' });
  });

  it('rounds the copy down to whole contracts and keeps the exact share', () => {
    const e = followExample({ followType: 0, followRate: '33.33', followAmount: '', shareRate: '0.2' });
    expect(e.copyExact).toBe('3.333');
    expect(e.copyContracts).toBe('3');
    expect(followExample({ followType: 0, followRate: '250', followAmount: '', shareRate: '0' }).copyContracts).toBe('25');
  });

  it('a ratio under 10 % makes less than one contract of 10', () => {
    const e = followExample({ followType: 0, followRate: '5', followAmount: '', shareRate: '0.2' });
    expect(e.copyContracts).toBe('0');
    expect(e.copyExact).toBe('0.5');
  });

  it('is exact where floats are not (0.1 + 0.2 style shares)', () => {
    // 100 × 0.07 is 7.000000000000001 in floats
    const e = followExample({ followType: 0, followRate: '100', followAmount: '', shareRate: '0.07' });
    expect(e.share).toBe('7');
    expect(e.keep).toBe('93');
    expect(followExample({ followType: 1, followRate: '', followAmount: '0.3', shareRate: '0.125' })).toMatchObject({ margin: '0.3', share: '12.5', keep: '87.5', sharePercent: '12.5' });
  });

  it('a fixed amount shows its margin; an empty or malformed input shows none', () => {
    expect(followExample({ followType: 1, followRate: '50', followAmount: '100', shareRate: '0.2' })).toMatchObject({ margin: '100', copyContracts: null });
    expect(followExample({ followType: 1, followRate: '', followAmount: 'abc', shareRate: '0.2' }).margin).toBeNull();
    expect(followExample({ followType: 0, followRate: '', followAmount: '', shareRate: '0.2' }).copyContracts).toBeNull();
    expect(followExample({ followType: 0, followRate: '0', followAmount: '', shareRate: '0.2' }).copyContracts).toBeNull();
  });

  it('a missing, negative or oversized share rate is read as 0 or capped at 100 %', () => {
    expect(shareFraction(undefined).toFixed()).toBe('0');
    expect(shareFraction('-0.1').toFixed()).toBe('0');
    expect(shareFraction('1.5').toFixed()).toBe('1');
    expect(sharePercent('0.2')).toBe('20');
    expect(followExample({ followType: 0, followRate: '50', followAmount: '', shareRate: '' })).toMatchObject({ share: '0', keep: '100' });
  });
});
