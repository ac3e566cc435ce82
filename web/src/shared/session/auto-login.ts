import { paths } from '@/shared/config/paths';
import { ApiError, api } from '../api/client';
import { translate } from '../i18n/i18n';
import { toast } from '../ui/toast-store';
import { useSession } from './session-store';
import { loadUserInfo } from './user-info';

let inFlight = false;

/**
 * Automatic login (spec 4), tried on each navigation while signed out.
 * Code 200 with data.satoken signs in and goes home; otherwise the server msg
 * is shown when there is one; exceptions are ignored.
 */
export async function tryAutoLogin(navigate: (to: string) => void): Promise<boolean> {
  if (inFlight || useSession.getState().isSign) return false;
  inFlight = true;
  try {
    const env = await api.postJson<{ satoken?: string } | null>('/api/user/autoLogin', undefined, { silent: true });
    const token = env.code === 200 ? env.data?.satoken : undefined;
    if (token) {
      toast(translate('login_success'), 'success');
      await completeSignIn(token);
      navigate(paths.home);
      return true;
    }
    if (env.msg) toast(env.msg);
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.msg) toast(error.msg);
    return false;
  } finally {
    inFlight = false;
  }
}

/** Mark signed in, store the token and load user info. */
export async function completeSignIn(token: string): Promise<void> {
  useSession.getState().signIn(token);
  await loadUserInfo();
}
