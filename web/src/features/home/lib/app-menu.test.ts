import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@/shared/settings/types';
import { DEFAULT_SETTINGS } from '@/shared/settings/settings-store';
import { appMenuEntries } from './app-menu';

const item = (key: string, link: string, sort: number, isOpen: MenuItem['isOpen'] = true): MenuItem => ({ key, link, sort, isOpen, name: key });

describe('the phone menu from the menu settings', () => {
  it('lists the app sidebar in its order, then the products only other menus offer', () => {
    const entries = appMenuEntries({
      APP_SIDEBAR_SETTING: [item('assets', '/assets', 2), item('home', '/', 1)],
      BOTTOM_MENU_SETTING: [item('follow', '/follow', 1), item('assets', '/assets', 2)],
      PC_SIDEBAR_SETTING: [item('welfare_center', '/welfare', 1), item('promotion_center', '/extend', 2)],
      MIDDLE_MENU_SETTING: [item('recharge', '/recharge', 1)],
    });
    expect(entries.map((e) => [e.key, e.to])).toEqual([
      ['home', '/'],
      ['assets', '/wallet'],
      ['follow', '/follow'],
      ['welfare_center', '/welfare'],
      ['promotion_center', '/invaite'],
      ['recharge', '/recharge'],
    ]);
  });

  it('leaves out what the operator switched off, whichever way the switch is written', () => {
    const entries = appMenuEntries({
      APP_SIDEBAR_SETTING: [item('home', '/', 1), item('proxy', '/proxy', 2, 0)],
      BOTTOM_MENU_SETTING: [item('follow', '/follow', 1, '0'), item('option', '/option', 2, 'true')],
      PC_SIDEBAR_SETTING: [item('welfare_center', '/welfare', 1, false)],
    });
    expect(entries.map((e) => e.key)).toEqual(['home', 'option']);
  });

  it('offers copy trading and the rewards centre with the built-in settings', () => {
    const keys = appMenuEntries(DEFAULT_SETTINGS).map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(['follow', 'welfare_center', 'futures', 'option', 'proxy', 'assets', 'primary', 'advanced', 'recharge', 'trade']));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is empty when no menu is set', () => {
    expect(appMenuEntries({})).toEqual([]);
  });
});
