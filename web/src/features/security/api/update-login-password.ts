import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/user/updateUserLoginPwd ?oldPwd&newPwd&userId (revokes every session). */
export async function updateLoginPassword(input: { oldPwd: string; newPwd: string; userId: string | number }): Promise<void> {
  await api.postQuery<null>('/api/user/updateUserLoginPwd', { ...input, userId: String(input.userId) });
}

export function useUpdateLoginPassword() {
  return useMutation({ mutationFn: updateLoginPassword });
}
