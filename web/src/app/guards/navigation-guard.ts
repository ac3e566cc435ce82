import { PUBLIC_PATHS } from '@/shared/config/paths';
import { tryAutoLogin } from '@/shared/session/auto-login';
import { loadUserInfo } from '@/shared/session/user-info';

/**
 * Where a navigation must go instead (spec 4), or null to proceed.
 * Signed in: a path holding /i& or /initialize goes home.
 * Signed out: only the public paths proceed; the rest go to /lr.
 */
export function redirectFor(pathname: string, isSign: boolean): string | null {
  if (isSign) {
    return pathname.includes('/i&') || pathname.includes('/initialize') ? '/' : null;
  }
  return PUBLIC_PATHS.includes(pathname) ? null : '/lr';
}

/** Side effects of each navigation: refresh user info when signed in, try automatic login when signed out. */
export function onNavigation(isSign: boolean, navigate: (to: string) => void): Promise<unknown> {
  return isSign ? loadUserInfo() : tryAutoLogin(navigate);
}
