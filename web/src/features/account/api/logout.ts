import { api } from '@/shared/api/client';
import { signOut } from '@/shared/session/session-store';

/** POST /api/user/loginOut, then forget the session locally whatever the server said. */
export async function logout(): Promise<void> {
  try {
    await api.postQuery<null>('/api/user/loginOut', undefined, { silent: true });
  } catch {
    /* the local sign-out below is what matters */
  }
  signOut();
}
