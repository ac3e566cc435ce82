import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { LoginType } from '../components/login-types';

export interface RegisterInput {
  type: LoginType;
  username: string;
  email: string;
  phone: string;
  code: string;
  password: string;
  inviteCode: string;
}

/** POST /api/user/register */
export async function register(input: RegisterInput): Promise<string> {
  const env = await api.postJson<{ satoken: string }>('/api/user/register', input);
  return env.data.satoken;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
