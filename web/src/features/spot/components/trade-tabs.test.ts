import { isOn } from '@/shared/settings/types';
import { tradeTabs } from './trade-tabs';

describe('trade tabs from PLAYING_SETTING (spec 2)', () => {
  it('puts Optional first and keeps the spec order whatever the sort', () => {
    const playing = [
      { name: 'Ustandard', key: 'Ustandard', isOpen: true, sort: 1 },
      { name: 'BBTrading', key: 'BBTrading', isOpen: true, sort: 2 },
      { name: 'Optional', key: 'optional', isOpen: true, sort: 9 },
      { name: 'SecondContract', key: 'secondContract', isOpen: 1, sort: 3 },
    ];
    expect(tradeTabs(playing, isOn)).toEqual(['optional', 'secondContract', 'BBTrading', 'Ustandard']);
  });
  it('shows only open entries', () => {
    const playing = [
      { name: 'Optional', isOpen: false },
      { name: 'SecondContract', isOpen: '0' },
      { name: 'BBTrading', isOpen: 'true' },
      { name: 'Ustandard', isOpen: true },
    ];
    expect(tradeTabs(playing, isOn)).toEqual(['BBTrading', 'Ustandard']);
    expect(tradeTabs(undefined, isOn)).toEqual([]);
  });
});
