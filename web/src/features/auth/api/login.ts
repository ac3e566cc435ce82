import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { api, ApiError } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';
import { translate } from '@/shared/i18n/i18n';
import { toast } from '@/shared/ui';
import type { Challenge } from '@/shared/security/pow';

/**
 * The body of a sign-in (`LoginBody`). `remember` sets the httpOnly
 * onyx_remember cookie used by automatic login; while the account is slowed,
 * `code`/`codeType` carry the code sendUnlockCode sent and where it went
 * (-1019), or `challenge`/`nonce` a challenge from loginChallenge and the
 * nonce solving it (-1026).
 */
export type LoginInput = components['schemas']['LoginBody'];

/**
 * POST /api/user/login. Failures with a code in `quiet` show no toast (the
 * caller handles them); any other failure toasts as every call does.
 */
export async function login(input: LoginInput, quiet: number[] = []): Promise<string> {
  try {
    const env = await api.postJson<components['schemas']['SaToken']>('/api/user/login', input, { silent: quiet.length > 0 });
    return env.data.satoken;
  } catch (error) {
    if (quiet.length > 0) {
      if (error instanceof ApiError && !quiet.includes(error.code)) toast(error.msg || translate('System error'), 'error');
      else if (axios.isAxiosError(error)) toast(translate('Network anomaly'), 'error');
    }
    throw error;
  }
}

/** The account, as login names it (`LoginChallengeBody`). */
export type LoginAccount = components['schemas']['LoginChallengeBody'];

/** POST /api/user/loginChallenge: a challenge for one sign-in to the account. */
export async function loginChallenge(account: LoginAccount): Promise<Challenge> {
  const env = await api.postJson<components['schemas']['LoginChallengeReply']>('/api/user/loginChallenge', account);
  return { challenge: env.data.challenge, difficulty: env.data.difficulty };
}

export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => login(input) });
}
