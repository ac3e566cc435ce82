import { describe, expect, it } from 'vitest';
import { activeEntry, linkMatches, sidebarEntries } from './DesktopShell';

describe('desktop sidebar active state', () => {
  const at = (url: string) => {
    const [pathname, search = ''] = url.split('?');
    return { pathname, search: search ? `?${search}` : '' };
  };

  it('lights only the verification tier named in the query', () => {
    expect(linkMatches('/userauth?tab=primary', at('/userauth?tab=primary'), true)).toBe(true);
    expect(linkMatches('/userauth?tab=advanced', at('/userauth?tab=primary'), true)).toBe(false);
    expect(linkMatches('/userauth?tab=advanced', at('/userauth'), true)).toBe(false);
  });

  it('leaves plain links to the router', () => {
    expect(linkMatches('/wallet', at('/wallet'), true)).toBe(true);
    expect(linkMatches('/wallet', at('/help'), false)).toBe(false);
    expect(linkMatches('/trade?componentName=2', at('/help'), false)).toBe(false);
  });
});

describe('desktop sidebar entries', () => {
  const e = (key: string, to: string) => ({ key, to, label: key, icon: 'home' as const });
  const builtIn = [e('markets', '/store'), e('trade', '/trade'), e('deposit', '/recharge')];
  const at = (url: string) => {
    const [pathname, search = ''] = url.split('?');
    return { pathname, search: search ? `?${search}` : '' };
  };

  it('adds markets, trade and deposit after home, not twice', () => {
    const menu = [e('home', '/'), e('futures', '/trade?componentName=2'), e('assets', '/wallet')];
    expect(sidebarEntries(menu, builtIn).map((x) => x.key)).toEqual(['home', 'markets', 'trade', 'deposit', 'futures', 'assets']);
    expect(sidebarEntries([e('assets', '/wallet')], builtIn).map((x) => x.key)).toEqual(['markets', 'trade', 'deposit', 'assets']);
    // The operator's menu already links to the deposit screen.
    expect(sidebarEntries([e('home', '/'), e('recharge', '/recharge')], builtIn).map((x) => x.key)).toEqual(['home', 'markets', 'trade', 'recharge']);
  });

  it('follows the operator: an entry switched off in the setting is not added back as a built-in', () => {
    const menu = [e('home', '/'), e('assets', '/wallet')];
    expect(sidebarEntries(menu, builtIn, [{ key: 'trade', to: '/trade' }]).map((x) => x.key)).toEqual(['home', 'markets', 'deposit', 'assets']);
    expect(sidebarEntries(menu, builtIn, [{ key: 'recharge', to: '/recharge' }]).map((x) => x.key)).toEqual(['home', 'markets', 'trade', 'assets']);
  });

  it('lights one entry: trade on /trade, futures on /trade?componentName=2, assets below /wallet', () => {
    const entries = sidebarEntries([e('home', '/'), e('futures', '/trade?componentName=2'), e('assets', '/wallet')], builtIn);
    expect(activeEntry(entries, at('/trade'))).toBe('trade');
    expect(activeEntry(entries, at('/trade?tab=BBTrading&symbol=btcusdt'))).toBe('trade');
    expect(activeEntry(entries, at('/trade?componentName=2'))).toBe('futures');
    expect(activeEntry(entries, at('/store?tab=spot'))).toBe('markets');
    expect(activeEntry(entries, at('/'))).toBe('home');
    expect(activeEntry(entries, at('/wallet/anything'))).toBe('assets');
    expect(activeEntry(entries, at('/help'))).toBeUndefined();
  });
});
