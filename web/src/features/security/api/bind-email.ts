import { useMutation } from '@tanstack/react-query';
import { api } from '@/shared/api/client';

/** POST /api/user/bindEmail ?email&emailCode */
export async function bindEmail(input: { email: string; emailCode: string }): Promise<void> {
  await api.postQuery<null>('/api/user/bindEmail', input);
}

export function useBindEmail() {
  return useMutation({ mutationFn: bindEmail });
}
