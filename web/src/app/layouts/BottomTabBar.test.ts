import { describe, expect, it } from 'vitest';
import { TABS, showsTabBar } from './BottomTabBar';

describe('the phone tab bar', () => {
  it('has the spec five tabs, finance among them', () => {
    expect(TABS.map((t) => t.to)).toEqual(['/', '/store', '/flash', '/finance', '/wallet']);
  });

  it('stays on every tab screen, /finance included, and on the spec list', () => {
    for (const tab of TABS) expect(showsTabBar(tab.to)).toBe(true);
    for (const path of ['/trade', '/contract', '/invaite', '/flashOption']) expect(showsTabBar(path)).toBe(true);
  });

  it('leaves the other screens to their own navigation', () => {
    for (const path of ['/finance/subscribe/3', '/recharge', '/floworder', '/welfare', '/help']) expect(showsTabBar(path)).toBe(false);
  });
});
