import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** signType 1 = login password, 2 = trade (fund) password. */
export type SignType = 1 | 2;

/** POST /api/user/updatePwd ?oldPwd&newPwd&signType&code (the fund password needs a `security` code) */
export async function updatePassword(input: { oldPwd: string; newPwd: string; signType: SignType; code?: string }): Promise<void> {
  await api.postQuery<null>('/api/user/updatePwd', input);
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
