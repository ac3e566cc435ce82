import { isOn } from '@/shared/settings/types';
import { defaultTradeTab, tradeTabs } from './trade-tabs';

describe('trade tabs from PLAYING_SETTING', () => {
  it('follows the operator sort, then the list order', () => {
    const playing = [
      { name: 'Ustandard', key: 'Ustandard', isOpen: true, sort: 3 },
      { name: 'BBTrading', key: 'BBTrading', isOpen: true, sort: 1 },
      { name: 'Optional', key: 'optional', isOpen: true, sort: 9 },
      { name: 'SecondContract', key: 'secondContract', isOpen: 1, sort: 3 },
      { name: 'Option', key: 'option', isOpen: true, sort: 0 },
    ];
    expect(tradeTabs(playing, isOn)).toEqual(['BBTrading', 'Ustandard', 'secondContract', 'optional']);
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

  it('the server default (spot first, spot default) opens on spot', () => {
    const playing = [
      { name: 'BBTrading', key: 'BBTrading', isOpen: true, sort: 1, default: 'Y' },
      { name: 'Optional', key: 'optional', isOpen: true, sort: 2, default: 'N' },
      { name: 'Ustandard', key: 'Ustandard', isOpen: true, sort: 3, default: 'N' },
      { name: 'SecondContract', key: 'secondContract', isOpen: true, sort: 4, default: 'N' },
    ];
    expect(tradeTabs(playing, isOn)[0]).toBe('BBTrading');
    expect(defaultTradeTab(playing, isOn)).toBe('BBTrading');
  });
});

describe('the tab /trade opens on', () => {
  it('is the entry marked default, wherever it sorts', () => {
    const playing = [
      { key: 'BBTrading', isOpen: true, sort: 1, default: 'N' },
      { key: 'secondContract', isOpen: true, sort: 2, default: 'Y' },
    ];
    expect(defaultTradeTab(playing, isOn)).toBe('secondContract');
  });

  it('is the first open tab when the default is switched off or none is marked', () => {
    expect(
      defaultTradeTab(
        [
          { key: 'Ustandard', isOpen: true, sort: 2, default: 'N' },
          { key: 'BBTrading', isOpen: false, sort: 1, default: 'Y' },
        ],
        isOn,
      ),
    ).toBe('Ustandard');
    expect(defaultTradeTab([{ key: 'optional', isOpen: true, sort: 2 }, { key: 'BBTrading', isOpen: true, sort: 1 }], isOn)).toBe('BBTrading');
  });

  it('is none without an open tab', () => {
    expect(defaultTradeTab([], isOn)).toBeUndefined();
    expect(defaultTradeTab([{ key: 'BBTrading', isOpen: false, default: 'Y' }], isOn)).toBeUndefined();
  });
});
