import en from '@/locales/en.json';
import { productKey, progressUnit, taskLink, volumeBandText } from './labels';

describe('rewards labels', () => {
  it('names every product the server sends, in the locale files', () => {
    for (const p of ['spot', 'futures', 'option', 'second']) {
      const key = productKey(p);
      expect(key, p).not.toBeNull();
      expect(en[key as keyof typeof en], p).toBeTruthy();
    }
    expect(en[productKey('second') as keyof typeof en]).toBe('Second contracts');
    expect(productKey('margin')).toBeNull();
  });

  it('writes volume bands for people', () => {
    expect(volumeBandText('0')).toBeNull();
    expect(volumeBandText('<1K')).toBe('< 1K');
    expect(volumeBandText('1K-10K')).toBe('1K – 10K');
    expect(volumeBandText('10K-100K')).toBe('10K – 100K');
    expect(volumeBandText('>=100K')).toBe('≥ 100K');
    expect(volumeBandText('odd')).toBe('odd');
  });

  it('sends an unfinished task to the screen where it is done', () => {
    expect(taskLink('bind_email')).toBe('/emailAuthentication');
    expect(taskLink('bind_phone')).toBe('/phoneAuth');
    expect(taskLink('kyc_primary')).toBe('/userauth?tab=primary');
    expect(taskLink('first_deposit')).toBe('/recharge');
    expect(taskLink('first_trade')).toBe('/trade');
    expect(taskLink('spot_volume')).toBe('/trade');
    expect(taskLink('unknown')).toBeNull();
    expect(progressUnit('spot_volume')).toBe('USDT');
    expect(progressUnit('bind_email')).toBeNull();
  });
});
