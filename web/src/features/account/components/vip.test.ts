import { vipBand } from './vip';

describe('VIP band', () => {
  const setting = { isOpen: true, vip0Start: '0', vip0End: '100', vip2Start: '30001', vip2End: '50000', vip12Start: '1000001', vip12End: '' };
  it('is hidden while VIP levels are switched off', () => {
    expect(vipBand({ ...setting, isOpen: false }, 2)).toBeNull();
  });
  it('gives the band of the user level', () => {
    expect(vipBand(setting, 2)).toEqual({ level: 2, start: '30001', end: '50000' });
  });
  it('treats a missing level as level 0', () => {
    expect(vipBand(setting, null)).toEqual({ level: 0, start: '0', end: '100' });
  });
});
