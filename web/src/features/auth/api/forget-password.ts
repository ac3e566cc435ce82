import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import type { components } from '@/shared/api/schema';

/** The body of a password reset (`ForgetBody`). */
export type ForgetPasswordInput = components['schemas']['ForgetBody'];

/** POST /api/user/forgetPwd */
export async function forgetPassword(input: ForgetPasswordInput): Promise<void> {
  await api.postJson<null>('/api/user/forgetPwd', input);
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
