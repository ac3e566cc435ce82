import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

export interface ForgetPasswordInput {
  type: 'email' | 'phone';
  email: string;
  phone: string;
  code: string;
  password: string;
}

/** POST /api/user/forgetPwd */
export async function forgetPassword(input: ForgetPasswordInput): Promise<void> {
  await api.postJson<null>('/api/user/forgetPwd', input);
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
