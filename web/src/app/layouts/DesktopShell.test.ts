import { describe, expect, it } from 'vitest';
import { linkMatches } from './DesktopShell';

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
