import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LoginType } from '../components/login-types';

export interface LoginInput {
  type: LoginType;
  username?: string;
  email?: string;
  phone?: string;
  password: string;
  /** Sets the httpOnly onyx_remember cookie used by automatic login. */
  remember?: boolean;
}

/** POST /api/user/login */
export async function login(input: LoginInput): Promise<string> {
  const env = await api.postJson<{ satoken: string }>('/api/user/login', input);
  return env.data.satoken;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
