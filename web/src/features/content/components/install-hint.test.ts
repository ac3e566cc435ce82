import { describe, expect, it } from 'vitest';
import { installPlatform } from './install-hint';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('the install hint for this browser', () => {
  it('names the platform from the user agent', () => {
    expect(installPlatform({ userAgent: IPHONE, standalone: false, maxTouchPoints: 5 })).toBe('ios');
    expect(installPlatform({ userAgent: ANDROID, standalone: false, maxTouchPoints: 5 })).toBe('android');
    expect(installPlatform({ userAgent: LINUX, standalone: false, maxTouchPoints: 0 })).toBe('desktop');
  });

  it('tells an iPad (a Mac with touch) from a Mac', () => {
    expect(installPlatform({ userAgent: IPAD, standalone: false, maxTouchPoints: 5 })).toBe('ios');
    expect(installPlatform({ userAgent: IPAD, standalone: false, maxTouchPoints: 0 })).toBe('desktop');
  });

  it('knows when the app was opened from the home screen', () => {
    expect(installPlatform({ userAgent: IPHONE, standalone: true, maxTouchPoints: 5 })).toBe('installed');
  });
});
