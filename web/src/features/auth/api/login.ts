import { useMutation } from '@tanstack/react-query';
import axios from 'axios';
import { api, ApiError } from '@/shared/api/client';
import { translate } from '@/shared/i18n/i18n';
import { toast } from '@/shared/ui';
import type { Challenge } from '@/shared/security/pow';
import type { LoginType } from '../components/login-types';

export interface LoginInput {
  type: LoginType;
  username?: string;
  email?: string;
  phone?: string;
  password: string;
  /** Sets the httpOnly onyx_remember cookie used by automatic login. */
  remember?: boolean;
  /** While the account is slowed (-1019): the code sendUnlockCode sent. */
  code?: string;
  /** Where that code went. */
  codeType?: 'email' | 'phone';
  /** While the account is slowed (-1026): a challenge from loginChallenge and the nonce solving it. */
  challenge?: string;
  nonce?: string;
}

/**
 * POST /api/user/login. Failures with a code in `quiet` show no toast (the
 * caller handles them); any other failure toasts as every call does.
 */
export async function login(input: LoginInput, quiet: number[] = []): Promise<string> {
  try {
    const env = await api.postJson<{ satoken: string }>('/api/user/login', input, { silent: quiet.length > 0 });
    return env.data.satoken;
  } catch (error) {
    if (quiet.length > 0) {
      if (error instanceof ApiError && !quiet.includes(error.code)) toast(error.msg || translate('System error'), 'error');
      else if (axios.isAxiosError(error)) toast(translate('Network anomaly'), 'error');
    }
    throw error;
  }
}

/** The account, as login names it. */
export type LoginAccount = Pick<LoginInput, 'type' | 'username' | 'email' | 'phone'>;

/** POST /api/user/loginChallenge: a challenge for one sign-in to the account. */
export async function loginChallenge(account: LoginAccount): Promise<Challenge> {
  const env = await api.postJson<{ challenge: string; difficulty: number; expiresIn: number }>('/api/user/loginChallenge', account);
  return { challenge: env.data.challenge, difficulty: env.data.difficulty };
}

export function useLogin() {
  return useMutation({ mutationFn: (input: LoginInput) => login(input) });
}
